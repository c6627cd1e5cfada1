// The status-sized result the floor and both peers answer with: the shape and size of the daemon's
// `status` (an owner's, seed dialect, on the default config), so every server puts the same bytes on
// the wire. Keep it in step with src/handlers/status.ts: issues 18–22 grew the daemon's answer from
// ~300 to ~1,300 bytes (zerocode's members, peer identity, the sandbox, the start-up settings), and a
// floor that kept the old shape made the daemon look twice as slow as it is.
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
    peer_identity: "peercred",
    tools: { bash_sandbox: "bwrap" },
    active_sessions: 0,
    config_dir: path,
    config_file: path,
    config_kind: "toml",
    local_ipc_endpoint: path,
    in_effect: IN_EFFECT,
  });
}

// The default start-up settings, as the daemon reports them under `in_effect`.
const IN_EFFECT = {
  "rpc.max_frame_bytes": 8388608,
  "rpc.initialize_timeout_ms": 30000,
  "rpc.frame_timeout_ms": 30000,
  "rpc.write_stall_timeout_ms": 30000,
  "rpc.max_local_connections": 512,
  "rpc.output_high_water_bytes": 1048576,
  "rpc.ephemeral_grace_ms": 1000,
  "rpc.listen_backlog": 4096,
  "rpc.fatal_linger_ms": 1000,
  "gateway.enabled": false,
  "gateway.host": "127.0.0.1",
  "gateway.port": 42617,
  "gateway.max_connections": 64,
  "gateway.allowed_origins": [],
  "gateway.max_pending_connections": 16,
  "gateway.login_code_ttl_ms": 60000,
  "gateway.pending_timeout_ms": 5000,
  "gateway.revoked_close_ms": 500,
  "gateway.auth_throttle": {
    delay_after_failures: 10,
    delay_window_ms: 10000,
    first_delay_ms: 100,
    max_delay_ms: 5000,
    refuse_after_failures: 100,
    refuse_window_ms: 60000,
  },
};
