import { duration } from "../format.js";
import type { State, Store } from "../store.js";
import { useTick } from "../use-store.js";

/** Limits worth seeing next to the counters, read from the config when the principal may. */
const LIMITS: [string, string][] = [
  ["gateway.max_connections", "gateway max"],
  ["rpc.max_local_connections", "local max"],
  ["sessions.max_live", "live sessions max"],
];

function lookup(config: Record<string, unknown> | undefined, prop: string): unknown {
  let cur: unknown = config;
  for (const key of prop.split(".")) cur = (cur as Record<string, unknown> | undefined)?.[key];
  return cur;
}

export function StatusBar({ store, state }: { store: Store; state: State }) {
  const now = useTick(1000);
  const s = state.status;
  const init = state.conn?.init;
  const uptime = s ? s.uptime_ms + (now - state.statusAt) : undefined;
  return (
    <header class="status-bar">
      <div class="brand">
        <span class="logo">◆</span> zeroclaw <span class="muted">dashboard</span>
      </div>
      <dl class="stats" data-testid="status">
        <div>
          <dt>version</dt>
          <dd data-testid="version">{s?.server_version ?? init?.serverVersion}</dd>
        </div>
        <div>
          <dt>uptime</dt>
          <dd data-testid="uptime">{uptime === undefined ? "…" : duration(uptime)}</dd>
        </div>
        <div>
          <dt>connections</dt>
          <dd data-testid="connections">
            {s
              ? `${s.connections.local} local · ${s.connections.gateway} gateway / ${s.connections.limit}`
              : "…"}
          </dd>
        </div>
        <div>
          <dt>sessions</dt>
          <dd>{s ? `${s.sessions.live} live · ${s.sessions.persisted} stored` : "…"}</dd>
        </div>
        {LIMITS.map(([prop, label]) => {
          const v = lookup(state.config, prop);
          return v === undefined ? null : (
            <div key={prop} title={prop}>
              <dt>{label}</dt>
              <dd>{String(v)}</dd>
            </div>
          );
        })}
      </dl>
      <div class="who">
        <span class={init?.principal.admin ? "badge admin" : "badge"}>
          {init?.principal.id}
          {init?.principal.admin ? " · admin" : ""}
        </span>
        <button type="button" class="ghost" onClick={() => store.signOut()}>
          Sign out
        </button>
      </div>
    </header>
  );
}
