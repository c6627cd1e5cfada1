import { useState } from "preact/hooks";
import { ago } from "../format.js";
import type { State, Store } from "../store.js";
import { useTick } from "../use-store.js";

export function SessionsTable({ store, state }: { store: Store; state: State }) {
  const now = useTick(5000);
  const [agent, setAgent] = useState("default");
  const agents = Object.keys((state.config?.agents as Record<string, unknown> | undefined) ?? {});
  const sessions = [...state.sessions].sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  return (
    <section class="card sessions">
      <div class="card-head">
        <h2>Sessions</h2>
        <form
          class="inline"
          onSubmit={(e) => {
            e.preventDefault();
            void store.newSession(agent);
          }}
        >
          {agents.length > 0 ? (
            <select
              aria-label="agent"
              value={agent}
              onChange={(e) => setAgent((e.target as HTMLSelectElement).value)}
            >
              {agents.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
          ) : (
            <input
              aria-label="agent"
              value={agent}
              onInput={(e) => setAgent((e.target as HTMLInputElement).value)}
            />
          )}
          <button type="submit">New session</button>
        </form>
      </div>
      {sessions.length === 0 ? (
        <p class="muted empty">No sessions yet.</p>
      ) : (
        <table data-testid="sessions">
          <thead>
            <tr>
              <th>Session</th>
              <th>State</th>
              <th class="narrow-hide">Agent</th>
              <th class="num narrow-hide">Msgs</th>
              <th>Last activity</th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((s) => {
              const running = state.live[s.session_id]?.running;
              return (
                <tr
                  key={s.session_id}
                  data-session={s.session_id}
                  class={s.session_id === state.selected ? "selected" : ""}
                  onClick={() => void store.select(s.session_id)}
                >
                  <td
                    class="ellipsis session-cell"
                    title={s.title ? `${s.session_id}: ${s.title}` : s.session_id}
                  >
                    <span class="mono">{s.session_id}</span>
                    {s.title && <span class="session-title muted">{s.title}</span>}
                  </td>
                  <td>
                    <span class={`state state-${running ? "running" : s.state}`}>
                      {running ? "running" : s.state}
                    </span>
                  </td>
                  <td class="narrow-hide">{s.agent}</td>
                  <td class="num narrow-hide">{s.message_count}</td>
                  <td class="muted" title={s.updated_at}>
                    {ago(s.updated_at, now)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
