// Generated from openrpc.json by codegen/ — do not edit. Run `npm run generate`.

/**
 * A resource:verb grant, lower case.
 *
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "Grant".
 */
export type Grant =
  | "system:read"
  | "config:read"
  | "config:update"
  | "sessions:create"
  | "sessions:read"
  | "sessions:update"
  | "sessions:delete"
  | "sessions:execute"
  | "files:create"
  | "pairing:manage";
/**
 * The only protocol version is 1.
 *
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "ProtocolVersion".
 */
export type ProtocolVersion = number;
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionUpdateType".
 */
export type SessionUpdateType =
  | "agent_message_chunk"
  | "agent_thought_chunk"
  | "tool_call"
  | "tool_result"
  | "approval_request"
  | "history_trimmed"
  | "turn_complete";
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "TurnOutcome".
 */
export type TurnOutcome = "completed" | "cancelled" | "failed";
/**
 * A session/update notification's params, tagged by type.
 *
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionUpdate".
 */
export type SessionUpdate =
  | AgentMessageChunk
  | AgentThoughtChunk
  | ToolCallUpdate
  | ToolResultUpdate
  | ApprovalRequestUpdate
  | HistoryTrimmedUpdate
  | TurnCompleteUpdate;
/**
 * A dotted config path, e.g. rpc.max_local_connections, providers.local.base_url, users.example.uid.
 *
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "ConfigProp".
 */
export type ConfigProp = string;
/**
 * acp: the agent sessions of this socket (ACP storage). chat: chat-mode sessions, stored apart (interaction_surface chat), so an id may exist in both.
 *
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionMode".
 */
export type SessionMode = "acp" | "chat";
/**
 * active: a turn runs; idle: live, no turn; closed: persisted, resumable (prompting rehydrates it); killed: a tombstone, history kept, never rehydrated.
 *
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionState".
 */
export type SessionState = "active" | "idle" | "closed" | "killed";
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "TranscriptRole".
 */
export type TranscriptRole = "user" | "assistant" | "tool" | "system";
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "TranscriptKind".
 */
export type TranscriptKind = "message" | "thought" | "tool_call" | "tool_result" | "marker";
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "StopReason".
 */
export type StopReason = "end_turn" | "max_tokens" | "max_tool_rounds" | "cancelled" | "error";
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "ApprovalDecision".
 */
export type ApprovalDecision = "allow_once" | "allow_always" | "reject";
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "Sha256Hex".
 */
export type Sha256Hex = string;
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "ParseErrorErrorData".
 */
export type ParseErrorErrorData = ParseErrorData;
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "InvalidRequestErrorData".
 */
export type InvalidRequestErrorData =
  InvalidRequestData | FrameTooLargeData | FrameTimeoutData | AlreadyInitializedData;
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "MethodNotFoundErrorData".
 */
export type MethodNotFoundErrorData = MethodNotFoundData;
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "InvalidParamsErrorData".
 */
export type InvalidParamsErrorData =
  | InvalidParamsData
  | InvalidEntryData
  | InvalidConfigData
  | FileTooLargeData
  | FilenameTooLongData
  | ChunkTooLargeData
  | ExceedsDeclaredSizeData;
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "InternalErrorErrorData".
 */
export type InternalErrorErrorData = InternalErrorData;
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionNotFoundErrorData".
 */
export type SessionNotFoundErrorData = SessionNotFoundData | NoRunningTurnData | SessionKilledData;
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionLimitReachedErrorData".
 */
export type SessionLimitReachedErrorData = SessionLimitData;
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionBusyErrorData".
 */
export type SessionBusyErrorData = SessionBusyData;
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionNotOwnedErrorData".
 */
export type SessionNotOwnedErrorData = SessionNotOwnedData;
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "ConnectionLimitErrorData".
 */
export type ConnectionLimitErrorData = ConnectionLimitData;
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "NotInitializedErrorData".
 */
export type NotInitializedErrorData = NotInitializedData | AuthRequiredData | InvalidTokenData | UnknownPeerData;
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "VersionMismatchErrorData".
 */
export type VersionMismatchErrorData = VersionMismatchData;
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "ForbiddenErrorData".
 */
export type ForbiddenErrorData = NotGrantedData | ConfigPathForbiddenData | LocalOnlyData | AgentNotAllowedData;
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "UploadNotFoundErrorData".
 */
export type UploadNotFoundErrorData = UploadNotFoundData;
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "UploadLimitErrorData".
 */
export type UploadLimitErrorData = ConnectionUploadsData | BudgetData;
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "UploadOffsetMismatchErrorData".
 */
export type UploadOffsetMismatchErrorData = OffsetMismatchData;
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "UploadIncompleteErrorData".
 */
export type UploadIncompleteErrorData = UploadIncompleteData;
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "UploadHashMismatchErrorData".
 */
export type UploadHashMismatchErrorData = HashMismatchData;

/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "ClientInfo".
 */
export interface ClientInfo {
  name: string;
  version?: string;
}
/**
 * What the client can serve. Unknown capabilities are ignored.
 *
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "ClientCapabilities".
 */
export interface ClientCapabilities {
  elicitation?: {
    form?: {};
  };
}
/**
 * The authenticated identity behind a connection. The owner principal's id is "owner"; a configured user's id is its name.
 *
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "Principal".
 */
export interface Principal {
  id: string;
  admin: boolean;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "InitializeResult".
 */
export interface InitializeResult {
  protocolVersion: 1;
  serverVersion: string;
  /**
   * The method names this daemon serves.
   */
  capabilities: string[];
  principal: Principal;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "StatusResult".
 */
export interface StatusResult {
  server_version: string;
  protocol_version: number;
  pid: number;
  uptime_ms: number;
  endpoint: string;
  data_dir: string;
  connections: {
    local: number;
    gateway: number;
    limit: number;
  };
  sessions: {
    live: number;
    persisted: number;
  };
  session_ids: string[];
  gateway_url: string | null;
}
/**
 * An OpenRPC document (this one).
 *
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "OpenrpcDocument".
 */
export interface OpenrpcDocument {
  openrpc: string;
  info: {};
  methods: unknown[];
}
/**
 * One schema violation: path is a JSON Pointer into params.
 *
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "ParamError".
 */
export interface ParamError {
  path: string;
  message: string;
}
export interface AgentMessageChunk {
  sessionId: string;
  type: "agent_message_chunk";
  text: string;
}
export interface AgentThoughtChunk {
  sessionId: string;
  type: "agent_thought_chunk";
  text: string;
}
export interface ToolCallUpdate {
  sessionId: string;
  type: "tool_call";
  toolCallId: string;
  name: string;
  rawInput: unknown;
}
export interface ToolResultUpdate {
  sessionId: string;
  type: "tool_result";
  toolCallId: string;
  name: string;
  rawOutput: unknown;
}
export interface ApprovalRequestUpdate {
  sessionId: string;
  type: "approval_request";
  requestId: string;
  toolName: string;
  rawInput: unknown;
  timeoutMs: number;
}
export interface HistoryTrimmedUpdate {
  sessionId: string;
  type: "history_trimmed";
  droppedMessages: number;
  keptTurns: number;
  checkpoint: number;
}
export interface TurnCompleteUpdate {
  sessionId: string;
  type: "turn_complete";
  turnId: string;
  outcome: TurnOutcome;
  content: string;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "ElicitationResult".
 */
export interface ElicitationResult {
  action: "accept" | "decline" | "cancel";
  content?: {};
}
/**
 * config.toml in the config dir. A missing file means every default. Map keys (provider, agent, user and profile names) are letters, digits, '_' and '-', so a dotted prop path is never ambiguous. Built in, whatever the file says: a provider `echo` of kind echo and an agent `default` using it, unless the file defines entries of those names.
 *
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "Config".
 */
export interface Config {
  rpc?: RpcConfig;
  gateway?: GatewayConfig;
  sessions?: SessionsConfig;
  providers?: {
    [k: string]: ProviderConfig;
  };
  agents?: {
    [k: string]: AgentConfig;
  };
  users?: {
    [k: string]: UserConfig;
  };
  permission_profiles?: {
    [k: string]: PermissionProfile;
  };
  security?: SecurityConfig;
  storage?: StorageConfig;
  files?: FilesConfig;
}
/**
 * Transport limits (docs/protocol.md, Limits). Read when the listener starts.
 *
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "RpcConfig".
 */
export interface RpcConfig {
  /**
   * Largest accepted frame: the bytes before its \n (a tolerated trailing \r counts).
   */
  max_frame_bytes?: number;
  /**
   * initialize (authentication included) must complete within this long of connecting.
   */
  initialize_timeout_ms?: number;
  /**
   * A frame must arrive whole within this long of its first byte.
   */
  frame_timeout_ms?: number;
  /**
   * A client with queued output that reads nothing for this long is disconnected.
   */
  write_stall_timeout_ms?: number;
  /**
   * Open local connections; the next one is refused with -32004.
   */
  max_local_connections?: number;
  /**
   * Queued output above which the daemon stops reading a connection until it drains.
   */
  output_high_water_bytes?: number;
  /**
   * With --ephemeral, how long after the last client leaves the daemon waits before exiting.
   */
  ephemeral_grace_ms?: number;
}
/**
 * The WebSocket gateway (docs/protocol.md, The gateway). Read at start-up; the frame, initialize, frame-time and write-stall limits are rpc's.
 *
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "GatewayConfig".
 */
export interface GatewayConfig {
  /**
   * Serve the gateway (also --gateway).
   */
  enabled?: boolean;
  /**
   * Address to listen on.
   */
  host?: string;
  /**
   * TCP port; 0 picks a free one (reported by status.gateway_url).
   */
  port?: number;
  /**
   * Open gateway connections; the next one gets -32004.
   */
  max_connections?: number;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionsConfig".
 */
export interface SessionsConfig {
  /**
   * Live sessions; one more gets -32001.
   */
  max_live?: number;
  /**
   * A bash command running longer is killed.
   */
  tool_timeout_ms?: number;
  /**
   * Tool output kept per stream (stdout, stderr); the rest is cut and marked truncated.
   */
  tool_output_max_bytes?: number;
  /**
   * An approval_request not answered within this long is denied.
   */
  approval_timeout_ms?: number;
  /**
   * How long ask_user waits for the client's elicitation answer.
   */
  ask_user_timeout_ms?: number;
  /**
   * Content kept per persisted transcript row or tool output; longer content is cut with a note.
   */
  transcript_max_bytes?: number;
  /**
   * Provider calls per turn (each round may run tools); the turn then stops with stop_reason max_tool_rounds.
   */
  max_tool_rounds?: number;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "ProviderConfig".
 */
export interface ProviderConfig {
  kind: "echo" | "openai";
  /**
   * OpenAI-compatible endpoint, an http(s) URL, e.g. http://127.0.0.1:11434/v1 (checked when the provider is built).
   */
  base_url?: string;
  /**
   * Secret: masked as **** on read; the mask or an empty string is refused on write.
   */
  api_key?: string;
  model?: string;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "AgentConfig".
 */
export interface AgentConfig {
  /**
   * A provider alias.
   */
  provider: string;
  /**
   * Overrides the provider's model.
   */
  model?: string;
  system_prompt?: string;
  /**
   * Tools that run without approval.
   */
  allowed_tools?: string[];
  /**
   * Retained-context budget that triggers trimming (a token is 4 UTF-8 bytes).
   */
  max_context_tokens?: number;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "UserConfig".
 */
export interface UserConfig {
  /**
   * Local peer uid that maps to this user. Without one the user is reachable only through pairing tokens.
   */
  uid?: number;
  /**
   * Each must name an existing profile; several merge by union.
   *
   * @minItems 1
   */
  permission_profiles: [string, ...string[]];
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "PermissionProfile".
 */
export interface PermissionProfile {
  /**
   * Every grant, every config path, every agent and tool, every session.
   */
  admin?: boolean;
  /**
   * resource → verbs, e.g. {sessions = ["create", "read"]}; "*" as a resource or a verb means all.
   */
  grants?: {
    [k: string]: ("read" | "update" | "create" | "delete" | "execute" | "manage" | "*")[];
  };
  /**
   * Config props this profile may write: an exact prop, `prefix.*`, or `*`.
   */
  config_write_paths?: string[];
  /**
   * Agent aliases this profile may use ("*" for all).
   */
  allowed_agents?: string[];
  /**
   * Tools this profile may run ("*" for all).
   */
  allowed_tools?: string[];
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SecurityConfig".
 */
export interface SecurityConfig {
  /**
   * With [users] configured, a peer with the daemon's own uid is the admin owner.
   */
  trust_daemon_uid?: boolean;
}
/**
 * The SQLite database in the data dir.
 *
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "StorageConfig".
 */
export interface StorageConfig {
  /**
   * How long a write waits for another connection's lock before failing.
   */
  busy_timeout_ms?: number;
}
/**
 * file/attach and chunked uploads (docs/protocol.md, Files).
 *
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "FilesConfig".
 */
export interface FilesConfig {
  /**
   * Largest decoded chunk; reported by file/upload/begin.
   */
  chunk_bytes?: number;
  /**
   * Largest file, uploaded or attached; reported by file/upload/begin as max_bytes.
   */
  max_file_bytes?: number;
  /**
   * Staged uploads one connection may hold.
   */
  max_uploads_per_connection?: number;
  /**
   * Staged bytes across all connections, payload and retained metadata both counted.
   */
  upload_budget_bytes?: number;
  /**
   * An upload with no chunk for this long is discarded (and reclaimed first when a new upload does not fit).
   */
  upload_idle_timeout_ms?: number;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "ConfigEntry".
 */
export interface ConfigEntry {
  prop: ConfigProp;
  /**
   * Any JSON value; checked and, for scalar fields, coerced ("64" → 64, "true" → true, a string → a one-element list).
   */
  value: {
    [k: string]: unknown;
  };
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "ConfigGetResult".
 */
export interface ConfigGetResult {
  prop: string | null;
  value: unknown;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "ConfigSetResult".
 */
export interface ConfigSetResult {
  prop: string;
  set: true;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "ConfigSetManyResult".
 */
export interface ConfigSetManyResult {
  props: string[];
  set: true;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "PairingToken".
 */
export interface PairingToken {
  token_id: string;
  user: string;
  label: string | null;
  created_at: string;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "PairingCreateResult".
 */
export interface PairingCreateResult {
  token_id: string;
  /**
   * Shown once; the daemon stores only its hash.
   */
  token: string;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "PairingRevokeResult".
 */
export interface PairingRevokeResult {
  token_id: string;
  revoked: true;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "PairingListResult".
 */
export interface PairingListResult {
  tokens: PairingToken[];
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionInfo".
 */
export interface SessionInfo {
  session_id: string;
  agent: string;
  mode: SessionMode;
  state: SessionState;
  created_at: string;
  updated_at: string;
  message_count: number;
}
/**
 * One row of the display transcript. Rows are never deleted or renumbered by trimming.
 *
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "TranscriptMessage".
 */
export interface TranscriptMessage {
  seq: number;
  role: TranscriptRole;
  kind: TranscriptKind;
  content: string;
  turn_id: string | null;
  created_at: string;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionNewResult".
 */
export interface SessionNewResult {
  session_id: string;
  agent: string;
  mode: SessionMode;
  workspace_dir: string;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionPromptResult".
 */
export interface SessionPromptResult {
  session_id: string;
  turn_id: string;
  outcome: TurnOutcome;
  stop_reason: StopReason;
  /**
   * The assistant's final text; for a failed turn, what went wrong.
   */
  content: string;
}
/**
 * A file stored in the session agent's workspace under its content hash.
 *
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "FileEntry".
 */
export interface FileEntry {
  /**
   * sha256:<hex>; pass it in session/prompt attachments.
   */
  ref_id: string;
  filename: string;
  /**
   * How the file is shown to the agent in a prompt that attaches it.
   */
  marker: string;
  /**
   * Absolute path of the stored file (named by its hash, never by the filename).
   */
  workspace_path: string;
  size_bytes: number;
  /**
   * true when this session already had these bytes.
   */
  deduplicated: boolean;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "UploadBeginResult".
 */
export interface UploadBeginResult {
  upload_id: string;
  chunk_bytes: number;
  max_bytes: number;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "UploadChunkResult".
 */
export interface UploadChunkResult {
  upload_id: string;
  received_bytes: number;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "AttachedFile".
 */
export interface AttachedFile {
  filename: string;
  data_b64: string;
  mime_type?: string;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "InitializeParams".
 */
export interface InitializeParams {
  protocolVersion?: ProtocolVersion;
  protocol_version?: ProtocolVersion;
  clientInfo?: ClientInfo;
  clientCapabilities?: ClientCapabilities;
  auth_token?: string;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "StatusParams".
 */
export interface StatusParams {}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "RpcDiscoverParams".
 */
export interface RpcDiscoverParams {}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "ConfigGetParams".
 */
export interface ConfigGetParams {
  prop?: ConfigProp;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "ConfigSetParams".
 */
export interface ConfigSetParams {
  prop: ConfigProp;
  value: unknown;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "ConfigSetManyParams".
 */
export interface ConfigSetManyParams {
  /**
   * @minItems 1
   * @maxItems 256
   */
  sets: [ConfigEntry, ...ConfigEntry[]];
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "PairingCreateParams".
 */
export interface PairingCreateParams {
  user: string;
  label?: string;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "PairingRevokeParams".
 */
export interface PairingRevokeParams {
  token_id: string;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "PairingListParams".
 */
export interface PairingListParams {}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionNewParams".
 */
export interface SessionNewParams {
  agent?: string;
  mode?: SessionMode;
  /**
   * Absolute path of an existing directory to work in.
   */
  cwd?: string;
  session_id?: string;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionPromptParams".
 */
export interface SessionPromptParams {
  session_id: string;
  prompt: string;
  /**
   * ref_ids (sha256:<hex>) of files stored in this session.
   */
  attachments?: string[];
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionCancelParams".
 */
export interface SessionCancelParams {
  session_id: string;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionCancelResult".
 */
export interface SessionCancelResult {
  session_id: string;
  cancelled: true;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionApproveParams".
 */
export interface SessionApproveParams {
  session_id: string;
  request_id: string;
  decision: ApprovalDecision;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionApproveResult".
 */
export interface SessionApproveResult {
  acknowledged: true;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionListParams".
 */
export interface SessionListParams {}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionListResult".
 */
export interface SessionListResult {
  sessions: SessionInfo[];
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionMessagesParams".
 */
export interface SessionMessagesParams {
  session_id: string;
  after_seq?: number;
  limit?: number;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionMessagesResult".
 */
export interface SessionMessagesResult {
  session_id: string;
  messages: TranscriptMessage[];
  total: number;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionCloseParams".
 */
export interface SessionCloseParams {
  session_id: string;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionCloseResult".
 */
export interface SessionCloseResult {
  session_id: string;
  closed: true;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionKillParams".
 */
export interface SessionKillParams {
  session_id: string;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionKillResult".
 */
export interface SessionKillResult {
  session_id: string;
  killed: true;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionDeleteParams".
 */
export interface SessionDeleteParams {
  session_id: string;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionDeleteResult".
 */
export interface SessionDeleteResult {
  session_id: string;
  deleted: true;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionSubscribeParams".
 */
export interface SessionSubscribeParams {
  session_id: string;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionSubscribeResult".
 */
export interface SessionSubscribeResult {
  session_id: string;
  subscribed: true;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionUnsubscribeParams".
 */
export interface SessionUnsubscribeParams {
  session_id: string;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "SessionUnsubscribeResult".
 */
export interface SessionUnsubscribeResult {
  session_id: string;
  subscribed: false;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "FileAttachParams".
 */
export interface FileAttachParams {
  session_id: string;
  /**
   * @minItems 1
   */
  files: [AttachedFile, ...AttachedFile[]];
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "FileAttachResult".
 */
export interface FileAttachResult {
  files: FileEntry[];
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "FileUploadBeginParams".
 */
export interface FileUploadBeginParams {
  session_id: string;
  size_bytes: number;
  filename?: string;
  sha256?: Sha256Hex;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "FileUploadChunkParams".
 */
export interface FileUploadChunkParams {
  upload_id: string;
  offset: number;
  data_b64: string;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "FileUploadCommitParams".
 */
export interface FileUploadCommitParams {
  upload_id: string;
}
/**
 * This interface was referenced by `ZeroclawProtocolDocument`'s JSON-Schema
 * via the `definition` "ElicitationCreateParams".
 */
export interface ElicitationCreateParams {
  sessionId: string;
  message: string;
  requestedSchema?: {};
}
/**
 * Invalid JSON
 */
export interface ParseErrorData {
  reason: "parse_error";
}
/**
 * Invalid request envelope
 */
export interface InvalidRequestData {
  reason: "invalid_request";
}
/**
 * Frame too large
 */
export interface FrameTooLargeData {
  reason: "frame_too_large";
  limit_bytes: number;
}
/**
 * Frame not completed in time
 */
export interface FrameTimeoutData {
  reason: "frame_timeout";
  limit_ms: number;
}
/**
 * Already initialized
 */
export interface AlreadyInitializedData {
  reason: "already_initialized";
}
/**
 * Method not found
 */
export interface MethodNotFoundData {
  reason: "method_not_found";
  method: string;
}
/**
 * Invalid params
 */
export interface InvalidParamsData {
  reason: "invalid_params";
  errors: ParamError[];
}
/**
 * Invalid config entry
 */
export interface InvalidEntryData {
  reason: "invalid_entry";
  index: number;
  prop: string;
  errors: ParamError[];
}
/**
 * The resulting config is invalid
 */
export interface InvalidConfigData {
  reason: "invalid_config";
  errors: ParamError[];
}
/**
 * File too large
 */
export interface FileTooLargeData {
  reason: "file_too_large";
  limit_bytes: number;
  size_bytes?: number;
}
/**
 * Filename too long
 */
export interface FilenameTooLongData {
  reason: "filename_too_long";
  limit_bytes: number;
}
/**
 * Chunk too large
 */
export interface ChunkTooLargeData {
  reason: "chunk_too_large";
  limit_bytes: number;
}
/**
 * Chunk goes past the declared size
 */
export interface ExceedsDeclaredSizeData {
  reason: "exceeds_declared_size";
  size_bytes: number;
}
/**
 * Internal error
 */
export interface InternalErrorData {
  reason: "internal_error";
}
/**
 * Session not found
 */
export interface SessionNotFoundData {
  reason: "session_not_found";
  session_id: string;
}
/**
 * No turn is running
 */
export interface NoRunningTurnData {
  reason: "no_running_turn";
  session_id: string;
}
/**
 * The session was killed: its history is kept but it cannot be prompted
 */
export interface SessionKilledData {
  reason: "session_killed";
  session_id: string;
}
/**
 * Session limit reached
 */
export interface SessionLimitData {
  reason: "session_limit";
  limit: number;
}
/**
 * A turn is already running on this session
 */
export interface SessionBusyData {
  reason: "session_busy";
  session_id: string;
}
/**
 * Session owned by another principal
 */
export interface SessionNotOwnedData {
  reason: "session_not_owned";
  session_id: string;
}
/**
 * Connection limit reached
 */
export interface ConnectionLimitData {
  reason: "connection_limit";
  limit: number;
}
/**
 * Call initialize first
 */
export interface NotInitializedData {
  reason: "not_initialized";
}
/**
 * A pairing token is required
 */
export interface AuthRequiredData {
  reason: "auth_required";
}
/**
 * Unknown or revoked pairing token
 */
export interface InvalidTokenData {
  reason: "invalid_token";
}
/**
 * The peer's uid maps to no configured user
 */
export interface UnknownPeerData {
  reason: "unknown_peer";
}
/**
 * Unsupported protocol version
 */
export interface VersionMismatchData {
  reason: "version_mismatch";
  requested: unknown;
  supported: number[];
}
/**
 * The principal lacks the method's grant
 */
export interface NotGrantedData {
  reason: "not_granted";
  grant: Grant;
  method: string;
}
/**
 * Config path not writable by this principal
 */
export interface ConfigPathForbiddenData {
  reason: "config_path_forbidden";
  index: number;
  prop: string;
}
/**
 * Method served on the local socket only
 */
export interface LocalOnlyData {
  reason: "local_only";
  method: string;
}
/**
 * The principal may not use this agent
 */
export interface AgentNotAllowedData {
  reason: "agent_not_allowed";
  agent: string;
}
/**
 * Unknown, expired, discarded or another connection's upload
 */
export interface UploadNotFoundData {
  reason: "upload_not_found";
  upload_id?: string;
}
/**
 * Too many staged uploads on this connection
 */
export interface ConnectionUploadsData {
  reason: "connection_uploads";
  limit: number;
}
/**
 * The staging budget is exhausted
 */
export interface BudgetData {
  reason: "budget";
  limit_bytes: number;
}
/**
 * Offset does not equal the bytes received so far
 */
export interface OffsetMismatchData {
  reason: "offset_mismatch";
  expected_offset: number;
}
/**
 * Not all declared bytes arrived
 */
export interface UploadIncompleteData {
  reason: "upload_incomplete";
  received_bytes: number;
  size_bytes: number;
}
/**
 * The bytes do not match the declared sha256
 */
export interface HashMismatchData {
  reason: "hash_mismatch";
  expected_sha256: string;
  actual_sha256: string;
}

// Method params/results that are plain references to a component.
export type RpcDiscoverResult = OpenrpcDocument;
export type FileUploadBeginResult = UploadBeginResult;
export type FileUploadChunkResult = UploadChunkResult;
export type FileUploadCommitResult = FileEntry;
export type SessionUpdateParams = SessionUpdate;
export type ElicitationCreateResult = ElicitationResult;
