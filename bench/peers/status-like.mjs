// The status-sized result the floor and both peers answer with: the shape and size of the daemon's
// `status`, so every server puts the same bytes on the wire.
export function statusLike(path) {
  const started = performance.now();
  return () => ({
    server_version: "0.1.0",
    protocol_version: 1,
    pid: process.pid,
    uptime_ms: Math.round(performance.now() - started),
    endpoint: path,
    data_dir: path,
    connections: { local: 1, gateway: 0, limit: 512 },
    sessions: { live: 0, persisted: 0 },
    session_ids: [],
    gateway_url: null,
  });
}
