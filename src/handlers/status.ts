import { PROTOCOL_VERSION } from "../../generated/methods.js";
import type { StatusParams, StatusResult } from "../../generated/types.js";
import type { HandlerContext } from "./context.js";

export function status(_params: StatusParams, { conn, daemon }: HandlerContext): StatusResult {
  const counts = daemon.connectionCounts();
  // A non-admin sees only its own sessions (SPEC §12); connection counts stay daemon-wide.
  const principal = conn.principal!;
  const sessionIds = daemon.sessions.visibleLiveIds(principal);
  return {
    server_version: daemon.serverVersion,
    protocol_version: PROTOCOL_VERSION,
    pid: process.pid,
    uptime_ms: Math.max(0, Math.round(performance.now() - daemon.startedAt)),
    endpoint: daemon.endpoint,
    data_dir: daemon.dataDir,
    connections: { local: counts.local, gateway: counts.gateway, limit: daemon.maxLocalConnections },
    sessions: { live: sessionIds.length, persisted: daemon.sessions.visiblePersistedCount(principal) },
    session_ids: sessionIds,
    gateway_url: daemon.gatewayUrl(),
    peer_identity: daemon.peerIdentity,
    tools: { bash_sandbox: daemon.bashSandbox() },
  };
}
