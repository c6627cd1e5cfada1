// Generated from openrpc.json by codegen/ — do not edit. Run `npm run generate`.
import type * as T from "./types.js";

/** AgentBashConfig with every defaulted member present. */
export type EffectiveAgentBashConfig = Omit<T.AgentBashConfig, "network" | "env"> &
  Required<Pick<T.AgentBashConfig, "network" | "env">>;

/** AgentConfig with every defaulted member present. */
export type EffectiveAgentConfig = Omit<T.AgentConfig, "allowed_tools" | "tools"> &
  Required<Pick<T.AgentConfig, "allowed_tools">> &
  {
  "tools": EffectiveAgentToolsConfig;
};

/** AgentToolsConfig with every defaulted member present. */
export type EffectiveAgentToolsConfig = Omit<T.AgentToolsConfig, "bash"> &
  {
  "bash": EffectiveAgentBashConfig;
};

/** BashToolConfig with every defaulted member present. */
export type EffectiveBashToolConfig = Omit<T.BashToolConfig, "sandbox"> &
  Required<Pick<T.BashToolConfig, "sandbox">>;

/** CompatConfig with every defaulted member present. */
export type EffectiveCompatConfig = Omit<T.CompatConfig, "zeroclaw_version"> &
  Required<Pick<T.CompatConfig, "zeroclaw_version">>;

/** Config with every defaulted member present. */
export type EffectiveConfig = Omit<T.Config, "providers" | "users" | "rpc" | "gateway" | "sessions" | "agents" | "permission_profiles" | "security" | "storage" | "files" | "tools" | "compat"> &
  Required<Pick<T.Config, "providers" | "users">> &
  {
  "rpc": EffectiveRpcConfig;
  "gateway": EffectiveGatewayConfig;
  "sessions": EffectiveSessionsConfig;
  "agents": { [k: string]: EffectiveAgentConfig };
  "permission_profiles": { [k: string]: EffectivePermissionProfile };
  "security": EffectiveSecurityConfig;
  "storage": EffectiveStorageConfig;
  "files": EffectiveFilesConfig;
  "tools": EffectiveToolsConfig;
  "compat": EffectiveCompatConfig;
};

/** FilesConfig with every defaulted member present. */
export type EffectiveFilesConfig = Omit<T.FilesConfig, "chunk_bytes" | "max_file_bytes" | "max_uploads_per_connection" | "upload_budget_bytes" | "upload_idle_timeout_ms"> &
  Required<Pick<T.FilesConfig, "chunk_bytes" | "max_file_bytes" | "max_uploads_per_connection" | "upload_budget_bytes" | "upload_idle_timeout_ms">>;

/** GatewayAuthThrottle with every defaulted member present. */
export type EffectiveGatewayAuthThrottle = Omit<T.GatewayAuthThrottle, "delay_after_failures" | "delay_window_ms" | "first_delay_ms" | "max_delay_ms" | "refuse_after_failures" | "refuse_window_ms"> &
  Required<Pick<T.GatewayAuthThrottle, "delay_after_failures" | "delay_window_ms" | "first_delay_ms" | "max_delay_ms" | "refuse_after_failures" | "refuse_window_ms">>;

/** GatewayConfig with every defaulted member present. */
export type EffectiveGatewayConfig = Omit<T.GatewayConfig, "enabled" | "host" | "port" | "max_connections" | "allowed_origins" | "max_pending_connections" | "login_code_ttl_ms" | "header_timeout_ms" | "pending_timeout_ms" | "revoked_close_ms" | "auth_throttle"> &
  Required<Pick<T.GatewayConfig, "enabled" | "host" | "port" | "max_connections" | "allowed_origins" | "max_pending_connections" | "login_code_ttl_ms" | "header_timeout_ms" | "pending_timeout_ms" | "revoked_close_ms">> &
  {
  "auth_throttle": EffectiveGatewayAuthThrottle;
};

/** PermissionProfile with every defaulted member present. */
export type EffectivePermissionProfile = Omit<T.PermissionProfile, "admin" | "grants" | "config_write_paths" | "allowed_agents" | "allowed_tools" | "workspace_roots"> &
  Required<Pick<T.PermissionProfile, "admin" | "grants" | "config_write_paths" | "allowed_agents" | "allowed_tools" | "workspace_roots">>;

/** RpcConfig with every defaulted member present. */
export type EffectiveRpcConfig = Omit<T.RpcConfig, "max_frame_bytes" | "initialize_timeout_ms" | "frame_timeout_ms" | "write_stall_timeout_ms" | "max_local_connections" | "output_high_water_bytes" | "ephemeral_grace_ms" | "listen_backlog" | "fatal_linger_ms"> &
  Required<Pick<T.RpcConfig, "max_frame_bytes" | "initialize_timeout_ms" | "frame_timeout_ms" | "write_stall_timeout_ms" | "max_local_connections" | "output_high_water_bytes" | "ephemeral_grace_ms" | "listen_backlog" | "fatal_linger_ms">>;

/** SecurityConfig with every defaulted member present. */
export type EffectiveSecurityConfig = Omit<T.SecurityConfig, "trust_daemon_uid"> &
  Required<Pick<T.SecurityConfig, "trust_daemon_uid">>;

/** SessionsConfig with every defaulted member present. */
export type EffectiveSessionsConfig = Omit<T.SessionsConfig, "max_live" | "tool_timeout_ms" | "tool_output_max_bytes" | "approval_timeout_ms" | "ask_user_timeout_ms" | "transcript_max_bytes" | "max_tool_rounds" | "max_watcher_buffer_bytes" | "prompt_queue_depth" | "prompt_queue_wait_ms"> &
  Required<Pick<T.SessionsConfig, "max_live" | "tool_timeout_ms" | "tool_output_max_bytes" | "approval_timeout_ms" | "ask_user_timeout_ms" | "transcript_max_bytes" | "max_tool_rounds" | "max_watcher_buffer_bytes" | "prompt_queue_depth" | "prompt_queue_wait_ms">>;

/** StorageConfig with every defaulted member present. */
export type EffectiveStorageConfig = Omit<T.StorageConfig, "busy_timeout_ms" | "checkpoint_idle_ms" | "checkpoint_max_delay_ms" | "wal_autocheckpoint_pages"> &
  Required<Pick<T.StorageConfig, "busy_timeout_ms" | "checkpoint_idle_ms" | "checkpoint_max_delay_ms" | "wal_autocheckpoint_pages">>;

/** ToolsConfig with every defaulted member present. */
export type EffectiveToolsConfig = Omit<T.ToolsConfig, "bash"> &
  {
  "bash": EffectiveBashToolConfig;
};
