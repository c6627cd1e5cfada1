// Generated from openrpc.json by codegen/ — do not edit. Run `npm run generate`.

/** A resource:verb grant, lower case. */
export type Grant = "system:read" | "config:read" | "config:update" | "sessions:create" | "sessions:read" | "sessions:update" | "sessions:delete" | "sessions:execute" | "files:create" | "pairing:manage";

/** The only protocol version is 1. */
export type ProtocolVersion = number;

export interface ClientInfo {
  name: string;
  version?: string;
}

/** What the client can serve. Unknown capabilities are ignored. */
export interface ClientCapabilities {
  elicitation?: ClientCapabilitiesElicitation;
}

export interface ClientCapabilitiesElicitation {
  form?: { [k: string]: unknown };
}

/** The authenticated identity behind a connection. The owner principal's id is "owner"; a configured user's id is its name. */
export interface Principal {
  id: string;
  admin: boolean;
}

export interface InitializeResult {
  protocolVersion: 1;
  serverVersion: string;
  /** The method names this daemon serves. */
  capabilities: string[];
  principal: Principal;
  /** Same as protocolVersion (zerocode reads this spelling). */
  protocol_version?: 1;
  /** Same as serverVersion (zerocode reads this spelling). */
  server_version?: string;
  /** The daemon's process id. */
  server_pid?: number;
  /** Slash commands the daemon offers clients (zerocode shows them); this daemon offers none yet. */
  commands?: DaemonCommand[];
}

/**
 * DaemonCommand
 *
 * A command the daemon offers (zerocode's `commands` entries).
 */
export interface DaemonCommand {
  id: string;
  name: string;
  aliases?: string[];
}

export interface StatusResult {
  server_version: string;
  protocol_version: number;
  pid: number;
  uptime_ms: number;
  endpoint: string;
  data_dir: string;
  connections: StatusResultConnections;
  sessions: StatusResultSessions;
  session_ids: string[];
  gateway_url: string | null;
}

export interface StatusResultConnections {
  local: number;
  gateway: number;
  limit: number;
}

export interface StatusResultSessions {
  live: number;
  persisted: number;
}

/** An OpenRPC document (this one). */
export interface RpcDiscoverResult {
  openrpc: string;
  info: { [k: string]: unknown };
  methods: RpcDiscoverResultMethodsItem[];
}

export interface RpcDiscoverResultMethodsItem {
  name: string;
}

/** One schema violation: path is a JSON Pointer into params. */
export interface ParamError {
  path: string;
  message: string;
}

export type SessionUpdateType = "agent_message_chunk" | "agent_thought_chunk" | "tool_call" | "tool_result" | "approval_request" | "history_trimmed" | "turn_complete";

export type TurnOutcome = "completed" | "cancelled" | "failed";

/** A session/update notification's params, tagged by type. */
export type SessionUpdateParams = SessionUpdateAgentMessageChunk | SessionUpdateAgentThoughtChunk | SessionUpdateToolCall | SessionUpdateToolResult | SessionUpdateApprovalRequest | SessionUpdateHistoryTrimmed | SessionUpdateTurnComplete;

export interface SessionUpdateAgentMessageChunk {
  sessionId: string;
  type: "agent_message_chunk";
  text: string;
}

export interface SessionUpdateAgentThoughtChunk {
  sessionId: string;
  type: "agent_thought_chunk";
  text: string;
}

export interface SessionUpdateToolCall {
  sessionId: string;
  type: "tool_call";
  toolCallId: string;
  name: string;
  rawInput: unknown;
}

export interface SessionUpdateToolResult {
  sessionId: string;
  type: "tool_result";
  toolCallId: string;
  name: string;
  rawOutput: unknown;
}

export interface SessionUpdateApprovalRequest {
  sessionId: string;
  type: "approval_request";
  requestId: string;
  toolName: string;
  rawInput: unknown;
  timeoutMs: number;
}

export interface SessionUpdateHistoryTrimmed {
  sessionId: string;
  type: "history_trimmed";
  droppedMessages: number;
  keptTurns: number;
  checkpoint: number;
}

export interface SessionUpdateTurnComplete {
  /** null when a refused notification prompt carried no valid session_id. */
  sessionId: string | null;
  type: "turn_complete";
  /** null when a notification prompt was refused before its turn started. */
  turnId: string | null;
  outcome: TurnOutcome;
  content: string;
  /** Only on a refused notification prompt: the error a request would have got. */
  error?: SessionUpdateTurnCompleteError;
}

/** Only on a refused notification prompt: the error a request would have got. */
export interface SessionUpdateTurnCompleteError {
  code: number;
  data: unknown;
}

export interface ElicitationCreateResult {
  action: ElicitationCreateResultAction;
  content?: { [k: string]: unknown };
}

export type ElicitationCreateResultAction = "accept" | "decline" | "cancel";

/** config.toml in the config dir. A missing file means every default. Map keys (provider, agent, user and profile names) are letters, digits, '_' and '-', so a dotted prop path is never ambiguous. Built in, whatever the file says: a provider `echo` of kind echo and an agent `default` using it, unless the file defines entries of those names. */
export interface Config {
  rpc?: RpcConfig;
  gateway?: GatewayConfig;
  sessions?: SessionsConfig;
  providers?: { [k: string]: ProviderConfig };
  agents?: { [k: string]: AgentConfig };
  users?: { [k: string]: UserConfig };
  permission_profiles?: { [k: string]: PermissionProfile };
  security?: SecurityConfig;
  storage?: StorageConfig;
  files?: FilesConfig;
}

/** Transport limits (docs/protocol.md, Limits). Read when the listener starts. */
export interface RpcConfig {
  /** Largest accepted frame: the bytes before its \n (a tolerated trailing \r counts). */
  max_frame_bytes?: number;
  /** initialize (authentication included) must complete within this long of connecting. */
  initialize_timeout_ms?: number;
  /** A frame must arrive whole within this long of its first byte. */
  frame_timeout_ms?: number;
  /** A client with queued output that reads nothing for this long is disconnected. */
  write_stall_timeout_ms?: number;
  /** Open local connections; the next one is refused with -32004. */
  max_local_connections?: number;
  /** Queued output above which the daemon stops reading a connection until it drains. */
  output_high_water_bytes?: number;
  /** With --ephemeral, how long after the last client leaves the daemon waits before exiting. */
  ephemeral_grace_ms?: number;
  /** Listen backlog of the local socket and the gateway (capped by the system's maximum), so a burst of connects is served or refused with -32004 instead of failing in connect(). */
  listen_backlog?: number;
  /** After a fatal frame error (frame_too_large, frame_timeout) the daemon writes the error line, half-closes, and reads and discards what the client still sends for at most this long before closing, so a client still writing sees the error and a clean end of stream rather than a reset. */
  fatal_linger_ms?: number;
}

/** The WebSocket gateway (docs/protocol.md, The gateway). Read at start-up; the frame, initialize, frame-time and write-stall limits are rpc's. */
export interface GatewayConfig {
  /** Serve the gateway (also --gateway). */
  enabled?: boolean;
  /** Address to listen on. */
  host?: string;
  /** TCP port; 0 picks a free one (reported by status.gateway_url). */
  port?: number;
  /** Open gateway connections; the next one gets -32004. */
  max_connections?: number;
  /** Browser origins (scheme://host[:port], compared exactly, scheme and host lower-cased) whose WebSocket upgrades are accepted besides the gateway's own http://<host>:<port>. An upgrade with any other Origin header (including "null") gets HTTP 403. Clients that send no Origin are unaffected. */
  allowed_origins?: string[];
  /** Gateway connections that have not completed initialize yet; beyond it an upgrade gets HTTP 503 (retry later). They count toward max_connections too, so unauthenticated sockets never take the slots of paired peers. */
  max_pending_connections?: number;
}

export interface SessionsConfig {
  /** Live sessions; one more gets -32001. */
  max_live?: number;
  /** A bash command running longer is killed. */
  tool_timeout_ms?: number;
  /** Tool output kept per stream (stdout, stderr); the rest is cut and marked truncated. */
  tool_output_max_bytes?: number;
  /** An approval_request not answered within this long is denied. */
  approval_timeout_ms?: number;
  /** How long ask_user waits for the client's elicitation answer. */
  ask_user_timeout_ms?: number;
  /** Content kept per persisted transcript row or tool output; longer content is cut with a note. */
  transcript_max_bytes?: number;
  /** Provider calls per turn (each round may run tools); the turn then stops with stop_reason max_tool_rounds. */
  max_tool_rounds?: number;
}

export interface ProviderConfig {
  kind: ProviderConfigKind;
  /** OpenAI-compatible endpoint, an http(s) URL, e.g. http://127.0.0.1:11434/v1 (checked when the provider is built). */
  base_url?: string;
  /** Secret: masked as **** on read; the mask or an empty string is refused on write. */
  api_key?: string;
  model?: string;
}

export type ProviderConfigKind = "echo" | "openai";

export interface AgentConfig {
  /** A provider alias. */
  provider: string;
  /** Overrides the provider's model. */
  model?: string;
  system_prompt?: string;
  /** Tools that run without approval. */
  allowed_tools?: string[];
  /** Retained-context budget that triggers trimming (a token is 4 UTF-8 bytes). */
  max_context_tokens?: number;
}

export interface UserConfig {
  /** Local peer uid that maps to this user. Without one the user is reachable only through pairing tokens. */
  uid?: number;
  /** Each must name an existing profile; several merge by union. */
  permission_profiles: [string, ...string[]];
}

export interface PermissionProfile {
  /** Every grant, every config path, every agent and tool, every session. */
  admin?: boolean;
  /** resource → verbs, e.g. {sessions = ["create", "read"]}; "*" as a resource or a verb means all. */
  grants?: { [k: string]: PermissionProfileGrantsValueItem[] };
  /** Config props this profile may write: an exact prop, `prefix.*`, or `*`. */
  config_write_paths?: string[];
  /** Agent aliases this profile may use ("*" for all). */
  allowed_agents?: string[];
  /** Tools this profile may run ("*" for all). */
  allowed_tools?: string[];
  /** Absolute directories under which a non-admin principal with this profile may point session/new.cwd (each root itself included; symlinks resolved). Default: none, so a non-admin gets a daemon-made workspace. */
  workspace_roots?: string[];
}

export type PermissionProfileGrantsValueItem = "read" | "update" | "create" | "delete" | "execute" | "manage" | "*";

export interface SecurityConfig {
  /** With [users] configured, a peer with the daemon's own uid is the admin owner. */
  trust_daemon_uid?: boolean;
}

/** The SQLite database in the data dir. */
export interface StorageConfig {
  /** How long a write waits for another connection's lock before failing. */
  busy_timeout_ms?: number;
  /** WAL checkpoints run off the request path, in a background thread, once writes have paused this long. */
  checkpoint_idle_ms?: number;
  /** However busy the daemon is, a background WAL checkpoint (which also makes every earlier commit safe from power loss) runs at most this long after the first write it has not checkpointed. */
  checkpoint_max_delay_ms?: number;
  /** The safety net under writes that never pause: SQLite's own checkpoint inside the commit that takes the WAL past this many pages (SQLite's default is 1000; background checkpoints make it rare). */
  wal_autocheckpoint_pages?: number;
}

/** file/attach and chunked uploads (docs/protocol.md, Files). */
export interface FilesConfig {
  /** Largest decoded chunk; reported by file/upload/begin. */
  chunk_bytes?: number;
  /** Largest file, uploaded or attached; reported by file/upload/begin as max_bytes. */
  max_file_bytes?: number;
  /** Staged uploads one connection may hold. */
  max_uploads_per_connection?: number;
  /** Staged bytes across all connections, payload and retained metadata both counted. */
  upload_budget_bytes?: number;
  /** An upload with no chunk for this long is discarded (and reclaimed first when a new upload does not fit). */
  upload_idle_timeout_ms?: number;
}

export interface ConfigEntry {
  prop: ConfigProp;
  /** Any JSON value; checked and, for scalar fields, coerced ("64" → 64, "true" → true, a string → a one-element list). */
  value: unknown;
}

/** A dotted config path, e.g. rpc.max_local_connections, providers.local.base_url, users.example.uid. */
export type ConfigProp = string;

export interface ConfigGetResult {
  prop: string | null;
  value: unknown;
}

export interface ConfigSetResult {
  prop: string;
  set: true;
}

export interface ConfigSetManyResult {
  props: string[];
  set: true;
}

export interface PairingToken {
  token_id: string;
  user: string;
  label: string | null;
  created_at: string;
}

export interface PairingCreateResult {
  token_id: string;
  /** Shown once; the daemon stores only its hash. */
  token: string;
}

export interface PairingRevokeResult {
  token_id: string;
  revoked: true;
}

export interface PairingListResult {
  tokens: PairingToken[];
}

/** acp: the agent sessions of this socket (ACP storage). chat: chat-mode sessions, stored apart (interaction_surface chat), so an id may exist in both. */
export type SessionMode = "acp" | "chat";

/** active: a turn runs; idle: live, no turn; closed: persisted, resumable (prompting rehydrates it); killed: a tombstone, history kept, never rehydrated. */
export type SessionState = "active" | "idle" | "closed" | "killed";

export interface SessionInfo {
  session_id: string;
  agent: string;
  mode: SessionMode;
  state: SessionState;
  created_at: string;
  updated_at: string;
  message_count: number;
}

export type TranscriptRole = "user" | "assistant" | "tool" | "system";

export type TranscriptKind = "message" | "thought" | "tool_call" | "tool_result" | "marker";

/** One row of the display transcript. Rows are never deleted or renumbered by trimming. */
export interface TranscriptMessage {
  seq: number;
  role: TranscriptRole;
  kind: TranscriptKind;
  content: string;
  turn_id: string | null;
  created_at: string;
}

export type StopReason = "end_turn" | "max_tokens" | "max_tool_rounds" | "cancelled" | "error";

export interface SessionNewResult {
  session_id: string;
  agent: string;
  mode: SessionMode;
  workspace_dir: string;
  /** Same as agent (zerocode reads this name). */
  agent_alias: string;
  /** Transcript rows so far (0 for a new session). */
  message_count: number;
}

export interface SessionPromptResult {
  session_id: string;
  turn_id: string;
  outcome: TurnOutcome;
  stop_reason: StopReason;
  /** The assistant's final text; for a failed turn, what went wrong. */
  content: string;
}

/** allow_once, allow_always, reject; reject_once (zerocode's spelling) means reject. */
export type ApprovalDecision = "allow_once" | "allow_always" | "reject" | "reject_once";

export type Sha256Hex = string;

/** A file stored in the session agent's workspace under its content hash. */
export interface FileEntry {
  /** sha256:<hex>; pass it in session/prompt attachments. */
  ref_id: string;
  filename: string;
  /** How the file is shown to the agent in a prompt that attaches it. */
  marker: string;
  /** Absolute path of the stored file (named by its hash, never by the filename). */
  workspace_path: string;
  size_bytes: number;
  /** true when this session already had these bytes. */
  deduplicated: boolean;
}

export interface FileUploadBeginResult {
  upload_id: string;
  chunk_bytes: number;
  max_bytes: number;
}

export interface FileUploadChunkResult {
  upload_id: string;
  received_bytes: number;
}

export interface AttachedFile {
  filename: string;
  data_b64: string;
  mime_type?: string;
}

export interface InitializeParams {
  protocolVersion?: ProtocolVersion;
  protocol_version?: ProtocolVersion;
  clientInfo?: ClientInfo;
  clientCapabilities?: ClientCapabilities;
  auth_token?: string;
  tui_id?: unknown;
  tui_sig?: unknown;
  env?: { [k: string]: unknown };
  [k: string]: unknown;
}

export interface StatusParams {
}

export interface RpcDiscoverParams {
}

export interface ConfigGetParams {
  /** A dotted path; absent: the whole config. */
  prop?: ConfigProp;
}

export interface ConfigSetParams {
  prop: ConfigProp;
  value: unknown;
}

export interface ConfigSetManyParams {
  sets: [ConfigEntry, ...ConfigEntry[]];
}

export interface PairingCreateParams {
  user: string;
  label?: string;
}

export interface PairingRevokeParams {
  token_id: string;
}

export interface PairingListParams {
}

export interface SessionNewParams {
  /** Agent alias; default "default" (or agent_alias when only that is given). */
  agent?: string;
  mode?: SessionMode;
  /** Absolute path of an existing directory to work in (symlinks resolved). Admins may name any directory outside the data dir; other principals only one inside their profiles' workspace_roots, and never another session's workspace: -32012 cwd_forbidden otherwise. */
  cwd?: string;
  /** 1–128 of A-Z a-z 0-9 _ . -, not starting with a dot (so never . or ..). Default: a random s_<hex>. */
  session_id?: string;
  /** zerocode's name for agent (agent wins when both are given). */
  agent_alias?: string;
  /** zerocode's name for mode (mode wins when both are given). */
  chat_mode?: SessionMode;
  /** zerocode's terminal id. Accepted and ignored (zerocode sends it). */
  tui_id?: unknown;
  /** zerocode's memory switch. Accepted and ignored (zerocode sends it). */
  exclude_memory?: unknown;
  /** zerocode's sibling switch. Accepted and ignored (zerocode sends it). */
  keep_siblings?: unknown;
}

export interface SessionPromptParams {
  session_id: string;
  prompt: string;
  /** ref_ids (sha256:<hex>) of files stored in this session. */
  attachments?: string[];
}

export interface SessionCancelParams {
  session_id: string;
}

export interface SessionCancelResult {
  session_id: string;
  cancelled: true;
}

export interface SessionApproveParams {
  session_id: string;
  request_id: string;
  decision: ApprovalDecision;
}

export interface SessionApproveResult {
  acknowledged: true;
}

export interface SessionListParams {
}

export interface SessionListResult {
  sessions: SessionInfo[];
}

export interface SessionMessagesParams {
  session_id: string;
  after_seq?: number;
  limit?: number;
}

export interface SessionMessagesResult {
  session_id: string;
  messages: TranscriptMessage[];
  total: number;
}

export interface SessionCloseParams {
  session_id: string;
}

export interface SessionCloseResult {
  session_id: string;
  closed: true;
}

export interface SessionKillParams {
  session_id: string;
}

export interface SessionKillResult {
  session_id: string;
  killed: true;
}

export interface SessionDeleteParams {
  session_id: string;
}

export interface SessionDeleteResult {
  session_id: string;
  deleted: true;
}

export interface FileAttachParams {
  session_id: string;
  files: [AttachedFile, ...AttachedFile[]];
}

export interface FileAttachResult {
  files: FileEntry[];
}

export interface FileUploadBeginParams {
  session_id: string;
  size_bytes: number;
  filename?: string;
  sha256?: Sha256Hex;
}

export interface FileUploadChunkParams {
  upload_id: string;
  offset: number;
  data_b64: string;
}

export interface FileUploadCommitParams {
  upload_id: string;
}

/** file/upload/commit's result: a FileEntry. */
export type FileUploadCommitResult = FileEntry;

export interface ElicitationCreateParams {
  sessionId: string;
  message: string;
  requestedSchema?: { [k: string]: unknown };
}

/** Invalid JSON */
export interface ParseErrorData {
  reason: "parse_error";
}

/** Invalid request envelope */
export interface InvalidRequestData {
  reason: "invalid_request";
}

/** Frame too large */
export interface FrameTooLargeData {
  reason: "frame_too_large";
  limit_bytes: number;
}

/** Frame not completed in time */
export interface FrameTimeoutData {
  reason: "frame_timeout";
  limit_ms: number;
}

/** Already initialized */
export interface AlreadyInitializedData {
  reason: "already_initialized";
}

/** Method not found */
export interface MethodNotFoundData {
  reason: "method_not_found";
  method: string;
}

/** Invalid params */
export interface InvalidParamsData {
  reason: "invalid_params";
  errors: ParamError[];
}

/** Invalid config entry */
export interface InvalidEntryData {
  reason: "invalid_entry";
  index: number;
  prop: string;
  errors: ParamError[];
}

/** The resulting config is invalid */
export interface InvalidConfigData {
  reason: "invalid_config";
  errors: ParamError[];
}

/** File too large */
export interface FileTooLargeData {
  reason: "file_too_large";
  limit_bytes: number;
  size_bytes?: number;
}

/** Filename too long */
export interface FilenameTooLongData {
  reason: "filename_too_long";
  limit_bytes: number;
}

/** Chunk too large */
export interface ChunkTooLargeData {
  reason: "chunk_too_large";
  limit_bytes: number;
}

/** Chunk goes past the declared size */
export interface ExceedsDeclaredSizeData {
  reason: "exceeds_declared_size";
  size_bytes: number;
}

/** Internal error */
export interface InternalErrorData {
  reason: "internal_error";
}

/** Session not found */
export interface SessionNotFoundData {
  reason: "session_not_found";
  session_id: string;
}

/** No turn is running */
export interface NoRunningTurnData {
  reason: "no_running_turn";
  session_id: string;
}

/** The session was killed: its history is kept but it cannot be prompted */
export interface SessionKilledData {
  reason: "session_killed";
  session_id: string;
}

/** Session limit reached */
export interface SessionLimitData {
  reason: "session_limit";
  limit: number;
}

/** A turn is already running on this session */
export interface SessionBusyData {
  reason: "session_busy";
  session_id: string;
}

/** Session owned by another principal */
export interface SessionNotOwnedData {
  reason: "session_not_owned";
  session_id: string;
}

/** Connection limit reached */
export interface ConnectionLimitData {
  reason: "connection_limit";
  limit: number;
}

/** Call initialize first */
export interface NotInitializedData {
  reason: "not_initialized";
}

/** A pairing token is required */
export interface AuthRequiredData {
  reason: "auth_required";
}

/** Unknown or revoked pairing token */
export interface InvalidTokenData {
  reason: "invalid_token";
}

/** The peer's uid maps to no configured user */
export interface UnknownPeerData {
  reason: "unknown_peer";
}

/** Unsupported protocol version */
export interface VersionMismatchData {
  reason: "version_mismatch";
  requested: unknown;
  supported: number[];
}

/** The principal lacks the method's grant */
export interface NotGrantedData {
  reason: "not_granted";
  grant: Grant;
  method: string;
}

/** Config path not writable by this principal */
export interface ConfigPathForbiddenData {
  reason: "config_path_forbidden";
  index: number;
  prop: string;
}

/** Method served on the local socket only */
export interface LocalOnlyData {
  reason: "local_only";
  method: string;
}

/** The principal may not use this agent */
export interface AgentNotAllowedData {
  reason: "agent_not_allowed";
  agent: string;
}

/** session/new.cwd names a directory this principal may not use */
export interface CwdForbiddenData {
  reason: "cwd_forbidden";
  cwd: string;
}

/** Unknown, expired, discarded or another connection's upload */
export interface UploadNotFoundData {
  reason: "upload_not_found";
  upload_id?: string;
}

/** Too many staged uploads on this connection */
export interface ConnectionUploadsData {
  reason: "connection_uploads";
  limit: number;
}

/** The staging budget is exhausted */
export interface BudgetData {
  reason: "budget";
  limit_bytes: number;
}

/** Offset does not equal the bytes received so far */
export interface OffsetMismatchData {
  reason: "offset_mismatch";
  expected_offset: number;
}

/** Not all declared bytes arrived */
export interface UploadIncompleteData {
  reason: "upload_incomplete";
  received_bytes: number;
  size_bytes: number;
}

/** The bytes do not match the declared sha256 */
export interface HashMismatchData {
  reason: "hash_mismatch";
  expected_sha256: string;
  actual_sha256: string;
}

export interface SessionSubscribeParams {
  session_id: string;
}

export interface SessionSubscribeResult {
  session_id: string;
  subscribed: true;
}

export interface SessionUnsubscribeParams {
  session_id: string;
}

export interface SessionUnsubscribeResult {
  session_id: string;
  subscribed: false;
}

export type InvalidRequestErrorData = InvalidRequestData | FrameTooLargeData | FrameTimeoutData | AlreadyInitializedData;

export type InvalidParamsErrorData = InvalidParamsData | InvalidEntryData | InvalidConfigData | FileTooLargeData | FilenameTooLongData | ChunkTooLargeData | ExceedsDeclaredSizeData;

export type SessionNotFoundErrorData = SessionNotFoundData | NoRunningTurnData | SessionKilledData;

export type NotInitializedErrorData = NotInitializedData | AuthRequiredData | InvalidTokenData | UnknownPeerData;

export type ForbiddenErrorData = NotGrantedData | ConfigPathForbiddenData | LocalOnlyData | AgentNotAllowedData | CwdForbiddenData;

export type UploadLimitErrorData = ConnectionUploadsData | BudgetData;

// Conventional names for method params/results and error data.
export type ParseErrorErrorData = ParseErrorData;
export type MethodNotFoundErrorData = MethodNotFoundData;
export type InternalErrorErrorData = InternalErrorData;
export type SessionLimitReachedErrorData = SessionLimitData;
export type SessionBusyErrorData = SessionBusyData;
export type SessionNotOwnedErrorData = SessionNotOwnedData;
export type ConnectionLimitErrorData = ConnectionLimitData;
export type VersionMismatchErrorData = VersionMismatchData;
export type UploadNotFoundErrorData = UploadNotFoundData;
export type UploadOffsetMismatchErrorData = OffsetMismatchData;
export type UploadIncompleteErrorData = UploadIncompleteData;
export type UploadHashMismatchErrorData = HashMismatchData;
