// The page: the pairing prompt until a token is accepted, then status, sessions, the selected session
// the config and the Methods explorer.
import { Attention } from "./components/attention.js";
import { ConfigPanel } from "./components/config-panel.js";
import { MethodsPanel } from "./components/methods-panel.js";
import { Pairing } from "./components/pairing.js";
import { SessionView } from "./components/session-view.js";
import { SessionsTable } from "./components/sessions-table.js";
import { StatusBar } from "./components/status-bar.js";
import type { Store } from "./store.js";
import { useStore } from "./use-store.js";

export function App({ store }: { store: Store }) {
  const state = useStore(store);
  if (state.phase !== "ready" || !state.conn) return <Pairing store={store} state={state} />;
  return (
    <div class="shell">
      <StatusBar store={store} state={state} />
      {state.error && (
        <p class="error-line" role="alert">
          {state.error}
        </p>
      )}
      <Attention store={store} state={state} />
      <main class="columns">
        <SessionsTable store={store} state={state} />
        <SessionView store={store} state={state} />
      </main>
      <ConfigPanel store={store} state={state} />
      <MethodsPanel store={store} state={state} />
    </div>
  );
}
