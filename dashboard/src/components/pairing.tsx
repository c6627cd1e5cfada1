import { useState } from "preact/hooks";
import type { State, Store } from "../store.js";

export function Pairing({ store, state }: { store: Store; state: State }) {
  const [token, setToken] = useState("");
  const busy = state.phase === "connecting";
  return (
    <div class="pairing">
      <form
        class="card pairing-card"
        onSubmit={(e) => {
          e.preventDefault();
          if (token.trim()) void store.pair(token.trim());
        }}
      >
        <h1>
          <span class="logo">◆</span> zeroclaw
        </h1>
        <p class="muted">
          On the daemon's machine, <code>zeroclaw dashboard</code> prints a sign-in link for you as the owner
          (each link works once, for a minute).
        </p>
        <p class="muted">
          Or paste a pairing token (<code>zeroclaw pair --user NAME</code>); it is kept in this tab only.
        </p>
        <label for="token">Pairing token</label>
        <input
          id="token"
          name="token"
          type="password"
          autocomplete="off"
          placeholder="zc_…"
          value={token}
          onInput={(e) => setToken((e.target as HTMLInputElement).value)}
          disabled={busy}
        />
        <button type="submit" class="primary" disabled={busy || !token.trim()}>
          {busy ? "Connecting…" : "Connect"}
        </button>
        {state.error && (
          <p class="error-line" role="alert">
            {state.error}
          </p>
        )}
      </form>
    </div>
  );
}
