import { Grant, PROTOCOL_VERSION } from "../../generated/methods.js";
import type { StatusParams, StatusResult } from "../../generated/types.js";
import { hasGrant } from "../auth/principal.js";
import type { HandlerContext } from "./context.js";
import { reportedVersion } from "./initialize.js";

export function status(_params: StatusParams, { conn, daemon }: HandlerContext): StatusResult {
  const counts = daemon.connectionCounts();
  // A non-admin sees only its own sessions (SPEC §12); connection counts stay daemon-wide.
  const principal = conn.principal!;
  const sessionIds = daemon.sessions.visibleLiveIds(principal);
  const persisted = daemon.sessions.visiblePersistedCount(principal);
  return {
    server_version: reportedVersion(conn.dialect, daemon),
    protocol_version: PROTOCOL_VERSION,
    pid: process.pid,
    uptime_ms: Math.max(0, Math.round(performance.now() - daemon.startedAt)),
    endpoint: daemon.endpoint,
    data_dir: daemon.dataDir,
    connections: { local: counts.local, gateway: counts.gateway, limit: daemon.maxLocalConnections },
    sessions: { live: sessionIds.length, persisted },
    session_ids: sessionIds,
    gateway_url: daemon.gatewayUrl(),
    peer_identity: daemon.peerIdentity,
    tools: { bash_sandbox: daemon.bashSandbox() },
    // zerocode's members (SPEC §13). Every live session is stored too, so persisted counts them all.
    active_sessions: Math.max(sessionIds.length, persisted),
    config_dir: daemon.configDir,
    config_file: daemon.configFile,
    config_kind: "toml",
    local_ipc_endpoint: daemon.endpoint,
    // What config/get cannot say: the start-up-only settings this daemon runs with (SPEC §18 decision).
    ...(hasGrant(principal, Grant.configRead) ? { in_effect: { ...daemon.inEffect() } } : {}),
  };
}
