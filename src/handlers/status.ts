import { SUPPORTED_PROTOCOL_VERSIONS } from "../../generated/methods.js";
import type { StatusParams, StatusResult } from "../../generated/types.js";
import type { HandlerContext } from "./context.js";

export function status(_params: StatusParams, { daemon }: HandlerContext): StatusResult {
  const counts = daemon.connectionCounts();
  return {
    server_version: daemon.serverVersion,
    protocol_version: SUPPORTED_PROTOCOL_VERSIONS[0] ?? 1,
    pid: process.pid,
    uptime_ms: Math.max(0, Math.round(performance.now() - daemon.startedAt)),
    endpoint: daemon.endpoint,
    data_dir: daemon.dataDir,
    connections: { local: counts.local, gateway: counts.gateway, limit: daemon.maxLocalConnections },
    sessions: { live: daemon.sessions.liveIds.length, persisted: daemon.sessions.persistedCount },
    session_ids: daemon.sessions.liveIds,
    gateway_url: daemon.gatewayUrl(),
  };
}
