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
  /** What is really running (this daemon: zeroclaw-rpc and its own version), in both dialects. */
  implementation?: Implementation;
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

/** The implementation behind the socket. */
export interface Implementation {
  name: string;
  version: string;
}

export interface StatusResult {
  server_version: string;
  protocol_version: number;
  pid: number;
  /** Milliseconds since the daemon started (the conformance suite compares two calls with the wall clock). */
  uptime_ms: number;
  endpoint: string;
  data_dir: string;
  connections: StatusResultConnections;
  /** Counts the caller may see (a non-admin: its own sessions, SPEC §12). session/new adds one to both; session/close and session/kill take one from live; session/delete takes one from persisted (and from live if it was live). */
  sessions: StatusResultSessions;
  /** The ids of the live sessions counted in sessions.live. */
  session_ids: string[];
  gateway_url: string | null;
  /** How local peers are identified: peercred (the kernel's peer credentials, SO_PEERCRED) or assumed_owner (none available, e.g. the native addon did not build: every local peer is taken to be the daemon's own uid, which the 0600 socket in its 0700 directory admits, besides root). Logged once at start. Sent by this daemon always; optional in the schema so clients generated from it still read an older daemon's status. */
  peer_identity?: StatusResultPeerIdentity;
  /** Present when the daemon runs agent tools. */
  tools?: StatusResultTools;
  /** Sessions the caller may see, live or persisted (zerocode's Dashboard shows it). */
  active_sessions: number;
  /** The config dir in force (SPEC §1). */
  config_dir: string;
  /** <config_dir>/config.toml, whether or not it exists. */
  config_file: string;
  /** How the config is kept: toml (config.toml). */
  config_kind: string;
  /** The local socket (or pipe): the same as endpoint. */
  local_ipc_endpoint: string;
  /** The settings read only at start-up ([rpc] and [gateway], as dotted props) as this daemon runs them: command-line overrides (--gateway[=HOST:PORT]) applied, gateway.port the real port. config/get shows the configured values, which apply at the next start; where the two differ, this is what is in force now. Present only for a principal holding config:read. */
  in_effect?: { [k: string]: unknown };
}

export interface StatusResultConnections {
  local: number;
  gateway: number;
  limit: number;
}

/** Counts the caller may see (a non-admin: its own sessions, SPEC §12). session/new adds one to both; session/close and session/kill take one from live; session/delete takes one from persisted (and from live if it was live). */
export interface StatusResultSessions {
  /** Sessions in memory: created or rehydrated by a prompt, and not closed, killed, deleted or reclaimed since. */
  live: number;
  /** Sessions in storage, closed and killed ones included, deleted ones not. */
  persisted: number;
}

/** How local peers are identified: peercred (the kernel's peer credentials, SO_PEERCRED) or assumed_owner (none available, e.g. the native addon did not build: every local peer is taken to be the daemon's own uid, which the 0600 socket in its 0700 directory admits, besides root). Logged once at start. Sent by this daemon always; optional in the schema so clients generated from it still read an older daemon's status. */
export type StatusResultPeerIdentity = "peercred" | "assumed_owner";

/** Present when the daemon runs agent tools. */
export interface StatusResultTools {
  /** Where bash runs now: bwrap (sandboxed), off (unsandboxed: tools.bash.sandbox is off, or auto found no working bwrap), unavailable (tools.bash.sandbox is bwrap but it does not work here: bash refuses to run). */
  bash_sandbox: StatusResultToolsBashSandbox;
}

/** Where bash runs now: bwrap (sandboxed), off (unsandboxed: tools.bash.sandbox is off, or auto found no working bwrap), unavailable (tools.bash.sandbox is bwrap but it does not work here: bash refuses to run). */
export type StatusResultToolsBashSandbox = "bwrap" | "off" | "unavailable";

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

export type SessionUpdateType = "agent_message_chunk" | "agent_thought_chunk" | "tool_call" | "tool_result" | "approval_request" | "history_trimmed" | "turn_complete" | "subscription_ended";

export type TurnOutcome = "completed" | "cancelled" | "failed";

/** A session/update notification's params, tagged by type. */
export type SessionUpdateParams = SessionUpdateAgentMessageChunk | SessionUpdateAgentThoughtChunk | SessionUpdateToolCall | SessionUpdateToolResult | SessionUpdateApprovalRequest | SessionUpdateHistoryTrimmed | SessionUpdateTurnComplete | SessionUpdateSubscriptionEnded;

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

/** The last update a watcher gets of a session it subscribed to (session/subscribe): its subscription ended without it asking. token_revoked: its pairing token was revoked (the connection then closes); not_granted: its principal lost sessions:read (or no longer exists); session_not_owned: the session is no longer one it may read; lagging: its unread output passed sessions.max_watcher_buffer_bytes (it may subscribe again and page the transcript). Never sent to the connection running the turn for that turn's own updates, and never after session/unsubscribe. */
export interface SessionUpdateSubscriptionEnded {
  sessionId: string;
  type: "subscription_ended";
  reason: SubscriptionEndReason;
}

export type SubscriptionEndReason = "token_revoked" | "not_granted" | "session_not_owned" | "lagging";

/** accept with content {choice: "choice-<i>"} (one choice), {choices: ["choice-<i>", …]} (several) or {answer: <text>} (free text); decline; cancel. */
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
  tools?: ToolsConfig;
  compat?: CompatConfig;
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
  /** Address to listen on. A loopback address (127.0.0.0/8, ::1, localhost) or a wildcard (0.0.0.0, ::) also admits the loopback origins http://127.0.0.1:<port>, http://localhost:<port> and http://[::1]:<port>, so the dashboard opens on either loopback name. */
  host?: string;
  /** TCP port; 0 picks a free one (reported by status.gateway_url). */
  port?: number;
  /** Open gateway connections; the next one gets -32004. */
  max_connections?: number;
  /** Browser origins (scheme://host[:port], compared exactly, scheme and host lower-cased) whose WebSocket upgrades are accepted besides the gateway's own http://<host>:<port> (and, for a loopback or wildcard host, the loopback origins http://127.0.0.1:<port>, http://localhost:<port>, http://[::1]:<port>). An upgrade with any other Origin header (including "null") gets HTTP 403, and GET / from a page address that is not admitted answers a short page naming the address to open instead. Clients that send no Origin are unaffected. */
  allowed_origins?: string[];
  /** Gateway connections that have not completed initialize yet (pending), including TCP connections whose HTTP request or upgrade has not arrived yet (SPEC §19). When this many are pending, a new connection closes the oldest pending one (a WebSocket with close 1013, a bare HTTP connection by closing it) and is accepted, so a client that initializes promptly always gets in while the gateway is under max_connections (SPEC §17). Pending WebSocket connections count toward max_connections too. */
  max_pending_connections?: number;
  /** How long a dashboard/login code stays valid (single use). */
  login_code_ttl_ms?: number;
  /** The gateway's HTTP side has deadlines (SPEC §19): a TCP connection must deliver a request's headers within this long of connecting (or of its previous response, kept alive), and an upgrade to WebSocket must complete within it too; otherwise it is closed. Such connections count toward max_pending_connections (the oldest is closed to make room), so idle or half-sent requests can neither stay open nor pile up. */
  header_timeout_ms?: number;
  /** A gateway connection still pending (initialize not completed) this long after its upgrade is closed, with no message. Shorter than rpc.initialize_timeout_ms, which still applies to local connections. */
  pending_timeout_ms?: number;
  /** A gateway connection whose pairing token is revoked gets subscription_ended (token_revoked) for each subscription at once, its turns are cancelled, every call answers -32010, and it is closed this long after the revocation (SPEC §17: within 1 s). */
  revoked_close_ms?: number;
  auth_throttle?: GatewayAuthThrottle;
}

/** Failed gateway authentication, counted per remote address (an IPv6 address by its /64). A failure is an initialize whose auth_token is unknown or revoked (a missing token ends the connection too, but is not a guess and is not counted). Every failure ends its connection after the error line. Failures beyond delay_after_failures within delay_window_ms are answered after a delay that starts at first_delay_ms and doubles with each further failure, up to max_delay_ms; beyond refuse_after_failures within refuse_window_ms the answer is -32010 throttled with retry_after_ms. A valid token is checked first and never delayed or refused. */
export interface GatewayAuthThrottle {
  /** Failures per address within delay_window_ms answered at once. */
  delay_after_failures?: number;
  delay_window_ms?: number;
  /** The delay of the first failure past delay_after_failures; each later one doubles it. */
  first_delay_ms?: number;
  max_delay_ms?: number;
  /** Failures per address within refuse_window_ms before the answer becomes throttled. */
  refuse_after_failures?: number;
  refuse_window_ms?: number;
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
  /** Unread output a watcher (session/subscribe) may have queued in the daemon. Once it has more, its next update is not queued: the subscription ends with session/update subscription_ended (reason lagging) and nothing more of the session is queued for it (one update may take it past the limit, e.g. a turn_complete carrying the whole reply). The watcher may subscribe again and page the transcript with session/messages. The turn never waits for a watcher; the turn's own connection keeps the rpc limits. Keep it well above rpc.output_high_water_bytes: a turn runs that far ahead of its own reader, and a watcher reading at the same pace is that far behind. */
  max_watcher_buffer_bytes?: number;
  /** In the zeroclaw dialect (SPEC §13) a prompt for a session whose turn is running waits for it, as in zeroclaw's daemon (its session queue): at most this many wait per session; one more gets -32002 session_busy. The seed dialect refuses at once. */
  prompt_queue_depth?: number;
  /** How long a zeroclaw-dialect prompt waits for the turns before it (zeroclaw's default: 30 s); then -32002 session_busy. */
  prompt_queue_wait_ms?: number;
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
  tools?: AgentToolsConfig;
}

/** This agent's tool settings. */
export interface AgentToolsConfig {
  bash?: AgentBashConfig;
}

export interface AgentBashConfig {
  /** Let this agent's sandboxed bash reach the network (the sandbox shares the daemon's network namespace, and with it the host's abstract Unix sockets). Without it the sandbox has only its own loopback. */
  network?: boolean;
  /** Names of the daemon's environment variables this agent's bash also gets (SPEC §19). bash's environment is an allow-list: PATH, LANG, LC_*, TERM, TZ, USER, SHELL, and HOME and PWD set to the workspace; nothing else of the daemon's environment (provider keys, DATABASE_URL, tokens) reaches it unless named here. Applies sandboxed or not; the values travel in the child's environment, never on a command line. */
  env?: string[];
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

/** How the agent runtime's tools run. */
export interface ToolsConfig {
  bash?: BashToolConfig;
}

export interface BashToolConfig {
  /** Where bash commands run. bwrap: in a bubblewrap sandbox (the file system read-only, the session workspace and a private /tmp writable, the daemon's config dir, data dir and the rest of $HOME hidden, no network unless the agent's tools.bash.network; SPEC §19: every capability dropped in a user namespace of its own even when the daemon runs as root, /run, /var/run and every folder holding a host Unix socket empty, the environment an allow-list plus the agent's tools.bash.env); if bwrap is missing or cannot make a sandbox, bash refuses to run (never unsandboxed) and the daemon warns at start. off: unsandboxed, as the daemon's user. auto: bwrap when it works on this machine, else off with a warning at start, except in a daemon run as root, where bash then refuses to run as with bwrap (unsandboxed it would be root on the host; off says so on purpose). status.tools.bash_sandbox says which is in force. */
  sandbox?: BashToolConfigSandbox;
}

/** Where bash commands run. bwrap: in a bubblewrap sandbox (the file system read-only, the session workspace and a private /tmp writable, the daemon's config dir, data dir and the rest of $HOME hidden, no network unless the agent's tools.bash.network; SPEC §19: every capability dropped in a user namespace of its own even when the daemon runs as root, /run, /var/run and every folder holding a host Unix socket empty, the environment an allow-list plus the agent's tools.bash.env); if bwrap is missing or cannot make a sandbox, bash refuses to run (never unsandboxed) and the daemon warns at start. off: unsandboxed, as the daemon's user. auto: bwrap when it works on this machine, else off with a warning at start, except in a daemon run as root, where bash then refuses to run as with bwrap (unsandboxed it would be root on the host; off says so on purpose). status.tools.bash_sandbox says which is in force. */
export type BashToolConfigSandbox = "auto" | "bwrap" | "off";

/** Compatibility with zeroclaw's own clients (SPEC §13). */
export interface CompatConfig {
  /** The server_version reported to zeroclaw-dialect connections (initialize and status). zerocode connects only to a daemon whose server_version is exactly its own version: the default is zerocode 0.8.4's (zeroclaw commit 15d28660); users of another zerocode release set theirs. Read at each initialize. */
  zeroclaw_version?: string;
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
  /** Last activity: when the session's newest transcript row was written (its creation when it has none; the daemon's own marker rows do not count). Closing, killing or a daemon restart do not change it. */
  updated_at: string;
  message_count: number;
  /** The session's first prompt (its first line, at most 200 characters), for telling sessions apart; null before the first prompt. */
  title?: string | null;
}

export type TranscriptRole = "user" | "assistant" | "tool" | "system";

export type TranscriptKind = "message" | "thought" | "tool_call" | "tool_result" | "marker";

/** One row of the display transcript. Rows are never deleted or renumbered by trimming. Rows of kind marker (role system) are the daemon's own notes, never sent to a model: a turn interrupted by a daemon stop, a turn cancelled. A failed turn ends with a system message row saying why. */
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

/** allow_once, allow_always, reject; reject_once (zerocode's spelling) means reject; reject_with_edit (with replacement) rejects a tool whose input cannot be edited, and the tool result says so. */
export type ApprovalDecision = "allow_once" | "allow_always" | "reject" | "reject_once" | "reject_with_edit";

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
  login_code?: string;
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
  /** With reject_with_edit: the input the user wants instead. Ignored otherwise. */
  replacement?: string;
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
  mode: "form";
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

/** Too many failed authentications from this address (gateway.auth_throttle); retry_after_ms: when one more attempt would be answered normally again */
export interface ThrottledData {
  reason: "throttled";
  retry_after_ms: number;
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
  /** The turn running on the session when the subscription began, so a watcher that joins midway shows it from its start: null when none runs. Every update sent for it before the subscription is in `updates`; every later one comes as a session/update after this result, none twice and none missing (the snapshot and the subscription are taken at one instant). */
  running_turn: RunningTurn | null;
}

/** A running turn so far: its prompt (as stored in the transcript, attachment lines included) and the session/update params already sent for it, in order. Consecutive agent_message_chunk (or agent_thought_chunk) updates arrive merged into one, their texts concatenated; an approval_request still waiting for its answer is the last update. */
export interface RunningTurn {
  turn_id: string;
  prompt: string;
  updates: SessionUpdateParams[];
}

export interface SessionUnsubscribeParams {
  session_id: string;
}

export interface SessionUnsubscribeResult {
  session_id: string;
  subscribed: false;
}

/** The wire dialect of a connection, fixed by its initialize (SPEC §13). zeroclaw: params with protocol_version and without protocolVersion, as zerocode (zeroclaw's terminal client) sends them; the daemon then sends what zeroclaw's own daemon sends (x-dialects). seed: every other client, the design note's shapes (§3–§11). */
export type Dialect = "seed" | "zeroclaw";

export interface HealthParams {
}

export interface HealthResult {
  /** The daemon's process id. */
  pid: number;
  /** When this snapshot was taken. */
  updated_at: string;
  uptime_seconds: number;
  /** By component name: at least rpc, storage, and gateway while it runs (zeroclaw's own daemon reports its own components). */
  components: { [k: string]: HealthComponent };
  process: HealthProcess;
}

export interface HealthComponent {
  status: HealthStatus;
  /** When the status last changed or was checked. */
  updated_at: string;
  /** When it was last seen working. */
  last_ok: string | null;
  /** Why it last failed (null once it works again). */
  last_error: string | null;
  restart_count: number;
}

/** ok: working; error: failing (last_error says why); starting: not up yet. */
export type HealthStatus = "ok" | "error" | "starting";

/** This daemon process. */
export interface HealthProcess {
  rss_bytes: number;
  /** CPU used since the previous health call, summed over cores (0..100 × num_cpus); null on the first. */
  cpu_percent: number | null;
  num_cpus: number;
  system_ram_total_bytes: number;
}

/** initialize's result in the zeroclaw dialect, as zerocode reads it (parse_initialize_response): it refuses a daemon whose server_version differs from its own version, and compares server_pid with the pid of a daemon it spawned. */
export interface ZeroclawInitializeResult {
  protocol_version: 1;
  /** Config compat.zeroclaw_version (default 0.8.4). */
  server_version: string;
  /** The daemon's own process id. */
  server_pid: number;
  /** Slash commands the daemon offers (this daemon: none). */
  commands: DaemonCommand[];
  /** The method names this daemon serves. */
  capabilities?: string[];
  principal?: Principal;
  implementation?: Implementation;
}

/** status's result as zerocode reads it (StatusResult); this daemon sends every StatusResult member too. */
export interface ZeroclawStatusResult {
  /** Config compat.zeroclaw_version. */
  server_version: string;
  protocol_version: number;
  active_sessions: number;
  config_dir?: string;
  config_file?: string;
  config_kind?: string;
  local_ipc_endpoint?: string;
}

/** session/new's result as zerocode reads it (SessionNewResult); this daemon sends every SessionNewResult member too. */
export interface ZeroclawSessionNewResult {
  session_id: string;
  workspace_dir: string;
}

/** A session/update notification's params in the zeroclaw dialect, tagged by type: the members zeroclaw's own daemon sends and zerocode's parse_session_update reads. Extra members may be added; camelCase duplicates of these are never sent. */
export type ZeroclawSessionUpdateParams = ZeroclawSessionUpdateAgentMessageChunk | ZeroclawSessionUpdateAgentThoughtChunk | ZeroclawSessionUpdateToolCall | ZeroclawSessionUpdateToolResult | ZeroclawSessionUpdateApprovalRequest | ZeroclawSessionUpdateHistoryTrimmed | ZeroclawSessionUpdateTurnComplete | ZeroclawSessionUpdateSubscriptionEnded;

export interface ZeroclawSessionUpdateAgentMessageChunk {
  session_id: string;
  type: "agent_message_chunk";
  text: string;
}

export interface ZeroclawSessionUpdateAgentThoughtChunk {
  session_id: string;
  type: "agent_thought_chunk";
  text: string;
}

export interface ZeroclawSessionUpdateToolCall {
  session_id: string;
  type: "tool_call";
  tool_call_id: string;
  name: string;
  /** The tool's arguments; arguments that are not a JSON object come as {arguments: <their text>}. */
  raw_input: { [k: string]: unknown };
}

export interface ZeroclawSessionUpdateToolResult {
  session_id: string;
  type: "tool_result";
  tool_call_id: string;
  name: string;
  /** The output as the model is told it (JSON text for structured output). */
  raw_output: string;
}

export interface ZeroclawSessionUpdateApprovalRequest {
  session_id: string;
  type: "approval_request";
  request_id: string;
  tool_name: string;
  /** The tool's arguments on one line (key: value, …; long values cut). */
  arguments_summary: string;
  /** sessions.approval_timeout_ms in whole seconds, rounded up. */
  timeout_secs: number;
}

export interface ZeroclawSessionUpdateHistoryTrimmed {
  session_id: string;
  type: "history_trimmed";
  dropped_messages: number;
  kept_turns: number;
  /** Why: token_budget (the agent's max_context_tokens). */
  reason: string;
}

/** The turn's end. A notification prompt refused before its turn started gets one too: outcome failed, content the error message, session_id the id it sent ("" when none). */
export interface ZeroclawSessionUpdateTurnComplete {
  session_id: string;
  type: "turn_complete";
  outcome: TurnOutcome;
  /** The reply, or the error message. */
  content: string;
}

/** subscription_ended in the zeroclaw dialect (SPEC §17): the same update, session_id instead of sessionId. */
export interface ZeroclawSessionUpdateSubscriptionEnded {
  session_id: string;
  type: "subscription_ended";
  reason: SubscriptionEndReason;
}

export interface AgentsStatusParams {
}

export interface AgentsStatusResult {
  agents: AgentStatus[];
}

/** One agent as zerocode's AgentStatusEntry reads it. */
export interface AgentStatus {
  alias: string;
  enabled: boolean;
  live_sessions: number;
  persisted_sessions: number;
  channels: string[];
}

/** Only the owner or an admin may call this method */
export interface AdminRequiredData {
  reason: "admin_required";
  method: string;
}

/** Unknown, expired or already used dashboard login code (run `zeroclaw dashboard` again) */
export interface InvalidLoginCodeData {
  reason: "invalid_login_code";
}

export interface DashboardLoginParams {
}

export interface DashboardLoginResult {
  /** The one-time login code (initialize.login_code over the gateway). */
  code: string;
  /** The dashboard's address with the code in its fragment (#login=CODE, never sent to a server or logged), on a loopback name the gateway admits; null when the gateway is not running (start the daemon with --gateway or set gateway.enabled). */
  url: string | null;
  /** When the code stops working (ISO 8601). */
  expires_at: string;
}

/** RunningTurn in the zeroclaw dialect: the updates already sent, as that dialect's session/update params. */
export interface ZeroclawRunningTurn {
  turn_id: string;
  prompt: string;
  updates: ZeroclawSessionUpdateParams[];
}

/** SessionSubscribeResult in the zeroclaw dialect: running_turn's updates in that dialect. */
export interface ZeroclawSessionSubscribeResult {
  session_id: string;
  subscribed: true;
  running_turn: ZeroclawRunningTurn | null;
}

/** session/approve's result in zeroclaw's daemon (its SessionApproveResult): the decision is acknowledged for any request_id, a request that is not pending included (dispatch.rs resolves it and ignores one it does not know). */
export interface ZeroclawSessionApproveResult {
  session_id: string;
  request_id: string;
  acknowledged: true;
}

/** session/messages' result as zeroclaw's daemon gives it (session_id, messages of role and content, total, start); this daemon sends its seed result, whose messages carry role and content too. */
export interface ZeroclawSessionMessagesResult {
  session_id?: string;
  messages: ZeroclawSessionMessagesResultMessagesItem[];
  total?: number;
  start?: number;
}

export interface ZeroclawSessionMessagesResultMessagesItem {
  role: string;
  content: string;
}

/** session/list's result as zeroclaw's daemon gives it (entries of session_id, session_key, created_at, last_activity, message_count, agent_alias); this daemon sends its seed result, whose entries carry session_id and message_count too. */
export interface ZeroclawSessionListResult {
  sessions: ZeroclawSessionListResultSessionsItem[];
}

export interface ZeroclawSessionListResultSessionsItem {
  session_id: string;
  message_count: number;
}

/** session/prompt's result as zeroclaw's daemon gives it: {} once the turn is over (dispatch.rs keeps the response only so request-form callers do not wait forever; the turn is in the session/update stream). This daemon answers with its fuller seed result. */
export type ZeroclawPromptResult = { [k: string]: unknown };

export type InvalidRequestErrorData = InvalidRequestData | FrameTooLargeData | FrameTimeoutData | AlreadyInitializedData;

export type InvalidParamsErrorData = InvalidParamsData | InvalidEntryData | InvalidConfigData | FileTooLargeData | FilenameTooLongData | ChunkTooLargeData | ExceedsDeclaredSizeData;

export type SessionNotFoundErrorData = SessionNotFoundData | NoRunningTurnData | SessionKilledData;

export type NotInitializedErrorData = NotInitializedData | AuthRequiredData | InvalidTokenData | UnknownPeerData | InvalidLoginCodeData | ThrottledData;

export type ForbiddenErrorData = NotGrantedData | ConfigPathForbiddenData | LocalOnlyData | AgentNotAllowedData | CwdForbiddenData | AdminRequiredData;

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
