// Generated from openrpc.json by codegen/ — do not edit. Run `npm run generate`.
//! Every schema of `openrpc.json` as a Rust type. Wire names are kept with `#[serde(rename)]`,
//! optional members are `Option`s left out when `None`, tagged unions are enums tagged by their
//! `const` member, and each method's params and result have the name `<Method>Params` / `Result`.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A resource:verb grant, lower case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Grant {
    #[serde(rename = "system:read")]
    SystemRead,
    #[serde(rename = "config:read")]
    ConfigRead,
    #[serde(rename = "config:update")]
    ConfigUpdate,
    #[serde(rename = "sessions:create")]
    SessionsCreate,
    #[serde(rename = "sessions:read")]
    SessionsRead,
    #[serde(rename = "sessions:update")]
    SessionsUpdate,
    #[serde(rename = "sessions:delete")]
    SessionsDelete,
    #[serde(rename = "sessions:execute")]
    SessionsExecute,
    #[serde(rename = "files:create")]
    FilesCreate,
    #[serde(rename = "pairing:manage")]
    PairingManage,
}

/// The only protocol version is 1.
pub type ProtocolVersion = i64;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ClientInfo {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
}

/// What the client can serve. Unknown capabilities are ignored.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ClientCapabilities {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elicitation: Option<ClientCapabilitiesElicitation>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ClientCapabilitiesElicitation {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub form: Option<serde_json::Map<String, serde_json::Value>>,
}

/// The authenticated identity behind a connection. The owner principal's id is "owner"; a configured user's id is its name.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Principal {
    pub id: String,
    pub admin: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct InitializeResult {
    #[serde(rename = "protocolVersion")]
    pub protocol_version: i64,
    #[serde(rename = "serverVersion")]
    pub server_version: String,
    /// The method names this daemon serves.
    pub capabilities: Vec<String>,
    pub principal: Principal,
    /// Same as protocolVersion (zerocode reads this spelling).
    ///
    /// The wire member `protocol_version` (`protocolVersion` has the plain Rust name).
    #[serde(rename = "protocol_version", skip_serializing_if = "Option::is_none")]
    pub protocol_version_2: Option<i64>,
    /// Same as serverVersion (zerocode reads this spelling).
    ///
    /// The wire member `server_version` (`serverVersion` has the plain Rust name).
    #[serde(rename = "server_version", skip_serializing_if = "Option::is_none")]
    pub server_version_2: Option<String>,
    /// The daemon's process id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub server_pid: Option<u64>,
    /// Slash commands the daemon offers clients (zerocode shows them); this daemon offers none yet.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub commands: Option<Vec<DaemonCommand>>,
    /// What is really running (this daemon: zeroclaw-rpc and its own version), in both dialects.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub implementation: Option<Implementation>,
}

/// A command the daemon offers (zerocode's `commands` entries).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct DaemonCommand {
    pub id: String,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aliases: Option<Vec<String>>,
}

/// The implementation behind the socket.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Implementation {
    pub name: String,
    pub version: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct StatusResult {
    pub server_version: String,
    pub protocol_version: i64,
    pub pid: i64,
    /// Milliseconds since the daemon started (the conformance suite compares two calls with the wall clock).
    pub uptime_ms: u64,
    pub endpoint: String,
    pub data_dir: String,
    pub connections: StatusResultConnections,
    /// Counts the caller may see (a non-admin: its own sessions, SPEC §12). session/new adds one to both; session/close and session/kill take one from live; session/delete takes one from persisted (and from live if it was live).
    pub sessions: StatusResultSessions,
    /// The ids of the live sessions counted in sessions.live.
    pub session_ids: Vec<String>,
    pub gateway_url: Option<String>,
    /// How local peers are identified: peercred (the kernel's peer credentials, SO_PEERCRED) or assumed_owner (none available, e.g. the native addon did not build: every local peer is taken to be the daemon's own uid, which the 0600 socket in its 0700 directory admits, besides root). Logged once at start. Sent by this daemon always; optional in the schema so clients generated from it still read an older daemon's status.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peer_identity: Option<StatusResultPeerIdentity>,
    /// Present when the daemon runs agent tools.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tools: Option<StatusResultTools>,
    /// Sessions the caller may see, live or persisted (zerocode's Dashboard shows it).
    pub active_sessions: u64,
    /// The config dir in force (SPEC §1).
    pub config_dir: String,
    /// \<config_dir>/config.toml, whether or not it exists.
    pub config_file: String,
    /// How the config is kept: toml (config.toml).
    pub config_kind: String,
    /// The local socket (or pipe): the same as endpoint.
    pub local_ipc_endpoint: String,
    /// The settings read only at start-up (\[rpc\] and \[gateway\], as dotted props) as this daemon runs them: command-line overrides (--gateway\[=HOST:PORT\]) applied, gateway.port the real port. config/get shows the configured values, which apply at the next start; where the two differ, this is what is in force now. Present only for a principal holding config:read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_effect: Option<serde_json::Map<String, serde_json::Value>>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct StatusResultConnections {
    pub local: u64,
    pub gateway: u64,
    pub limit: u64,
}

/// Counts the caller may see (a non-admin: its own sessions, SPEC §12). session/new adds one to both; session/close and session/kill take one from live; session/delete takes one from persisted (and from live if it was live).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct StatusResultSessions {
    /// Sessions in memory: created or rehydrated by a prompt, and not closed, killed, deleted or reclaimed since.
    pub live: u64,
    /// Sessions in storage, closed and killed ones included, deleted ones not.
    pub persisted: u64,
}

/// How local peers are identified: peercred (the kernel's peer credentials, SO_PEERCRED) or assumed_owner (none available, e.g. the native addon did not build: every local peer is taken to be the daemon's own uid, which the 0600 socket in its 0700 directory admits, besides root). Logged once at start. Sent by this daemon always; optional in the schema so clients generated from it still read an older daemon's status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StatusResultPeerIdentity {
    Peercred,
    AssumedOwner,
}

/// Present when the daemon runs agent tools.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StatusResultTools {
    /// Where bash runs now: bwrap (sandboxed), off (unsandboxed: tools.bash.sandbox is off, or auto found no working bwrap), unavailable (tools.bash.sandbox is bwrap but it does not work here: bash refuses to run).
    pub bash_sandbox: StatusResultToolsBashSandbox,
}

/// Where bash runs now: bwrap (sandboxed), off (unsandboxed: tools.bash.sandbox is off, or auto found no working bwrap), unavailable (tools.bash.sandbox is bwrap but it does not work here: bash refuses to run).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StatusResultToolsBashSandbox {
    Bwrap,
    Off,
    Unavailable,
}

/// An OpenRPC document (this one).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RpcDiscoverResult {
    pub openrpc: String,
    pub info: serde_json::Map<String, serde_json::Value>,
    pub methods: Vec<RpcDiscoverResultMethodsItem>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RpcDiscoverResultMethodsItem {
    pub name: String,
}

/// One schema violation: path is a JSON Pointer into params.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ParamError {
    pub path: String,
    pub message: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SessionUpdateType {
    AgentMessageChunk,
    AgentThoughtChunk,
    ToolCall,
    ToolResult,
    ApprovalRequest,
    HistoryTrimmed,
    TurnComplete,
    SubscriptionEnded,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnOutcome {
    Completed,
    Cancelled,
    Failed,
}

/// A session/update notification's params, tagged by type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum SessionUpdateParams {
    AgentMessageChunk(SessionUpdateAgentMessageChunk),
    AgentThoughtChunk(SessionUpdateAgentThoughtChunk),
    ToolCall(SessionUpdateToolCall),
    ToolResult(SessionUpdateToolResult),
    ApprovalRequest(SessionUpdateApprovalRequest),
    HistoryTrimmed(SessionUpdateHistoryTrimmed),
    TurnComplete(SessionUpdateTurnComplete),
    /// The last update a watcher gets of a session it subscribed to (session/subscribe): its subscription ended without it asking. token_revoked: its pairing token was revoked (the connection then closes); not_granted: its principal lost sessions:read (or no longer exists); session_not_owned: the session is no longer one it may read; lagging: its unread output passed sessions.max_watcher_buffer_bytes (it may subscribe again and page the transcript). Never sent to the connection running the turn for that turn's own updates, and never after session/unsubscribe.
    SubscriptionEnded(SessionUpdateSubscriptionEnded),
}

impl SessionUpdateParams {
    /// The `type` of this variant, as on the wire.
    pub fn tag(&self) -> &'static str {
        match self {
            Self::AgentMessageChunk(_) => "agent_message_chunk",
            Self::AgentThoughtChunk(_) => "agent_thought_chunk",
            Self::ToolCall(_) => "tool_call",
            Self::ToolResult(_) => "tool_result",
            Self::ApprovalRequest(_) => "approval_request",
            Self::HistoryTrimmed(_) => "history_trimmed",
            Self::TurnComplete(_) => "turn_complete",
            Self::SubscriptionEnded(_) => "subscription_ended",
        }
    }
}

/// The `type: "agent_message_chunk"` variant of [`SessionUpdateParams`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionUpdateAgentMessageChunk {
    #[serde(rename = "sessionId")]
    pub session_id: String,
    pub text: String,
}

/// The `type: "agent_thought_chunk"` variant of [`SessionUpdateParams`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionUpdateAgentThoughtChunk {
    #[serde(rename = "sessionId")]
    pub session_id: String,
    pub text: String,
}

/// The `type: "tool_call"` variant of [`SessionUpdateParams`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionUpdateToolCall {
    #[serde(rename = "sessionId")]
    pub session_id: String,
    #[serde(rename = "toolCallId")]
    pub tool_call_id: String,
    pub name: String,
    #[serde(rename = "rawInput")]
    pub raw_input: serde_json::Value,
}

/// The `type: "tool_result"` variant of [`SessionUpdateParams`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionUpdateToolResult {
    #[serde(rename = "sessionId")]
    pub session_id: String,
    #[serde(rename = "toolCallId")]
    pub tool_call_id: String,
    pub name: String,
    #[serde(rename = "rawOutput")]
    pub raw_output: serde_json::Value,
}

/// The `type: "approval_request"` variant of [`SessionUpdateParams`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionUpdateApprovalRequest {
    #[serde(rename = "sessionId")]
    pub session_id: String,
    #[serde(rename = "requestId")]
    pub request_id: String,
    #[serde(rename = "toolName")]
    pub tool_name: String,
    #[serde(rename = "rawInput")]
    pub raw_input: serde_json::Value,
    #[serde(rename = "timeoutMs")]
    pub timeout_ms: i64,
}

/// The `type: "history_trimmed"` variant of [`SessionUpdateParams`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionUpdateHistoryTrimmed {
    #[serde(rename = "sessionId")]
    pub session_id: String,
    #[serde(rename = "droppedMessages")]
    pub dropped_messages: u64,
    #[serde(rename = "keptTurns")]
    pub kept_turns: u64,
    pub checkpoint: u64,
}

/// The `type: "turn_complete"` variant of [`SessionUpdateParams`], which carries the tag.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SessionUpdateTurnComplete {
    /// null when a refused notification prompt carried no valid session_id.
    #[serde(rename = "sessionId")]
    pub session_id: Option<String>,
    /// null when a notification prompt was refused before its turn started.
    #[serde(rename = "turnId")]
    pub turn_id: Option<String>,
    pub outcome: TurnOutcome,
    pub content: String,
    /// Only on a refused notification prompt: the error a request would have got.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<SessionUpdateTurnCompleteError>,
}

/// Only on a refused notification prompt: the error a request would have got.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionUpdateTurnCompleteError {
    pub code: i64,
    pub data: serde_json::Value,
}

/// The last update a watcher gets of a session it subscribed to (session/subscribe): its subscription ended without it asking. token_revoked: its pairing token was revoked (the connection then closes); not_granted: its principal lost sessions:read (or no longer exists); session_not_owned: the session is no longer one it may read; lagging: its unread output passed sessions.max_watcher_buffer_bytes (it may subscribe again and page the transcript). Never sent to the connection running the turn for that turn's own updates, and never after session/unsubscribe.
///
/// The `type: "subscription_ended"` variant of [`SessionUpdateParams`], which carries the tag.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SessionUpdateSubscriptionEnded {
    #[serde(rename = "sessionId")]
    pub session_id: String,
    pub reason: SubscriptionEndReason,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SubscriptionEndReason {
    TokenRevoked,
    NotGranted,
    SessionNotOwned,
    Lagging,
}

/// accept with content {choice: "choice-\<i>"} (one choice), {choices: \["choice-\<i>", …\]} (several) or {answer: \<text>} (free text); decline; cancel.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ElicitationCreateResult {
    pub action: ElicitationCreateResultAction,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub content: Option<serde_json::Map<String, serde_json::Value>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ElicitationCreateResultAction {
    Accept,
    Decline,
    Cancel,
}

/// config.toml in the config dir. A missing file means every default. Map keys (provider, agent, user and profile names) are letters, digits, '_' and '-', so a dotted prop path is never ambiguous. Built in, whatever the file says: a provider `echo` of kind echo and an agent `default` using it, unless the file defines entries of those names.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Config {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rpc: Option<RpcConfig>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gateway: Option<GatewayConfig>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sessions: Option<SessionsConfig>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub providers: Option<BTreeMap<String, ProviderConfig>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agents: Option<BTreeMap<String, AgentConfig>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub users: Option<BTreeMap<String, UserConfig>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub permission_profiles: Option<BTreeMap<String, PermissionProfile>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub security: Option<SecurityConfig>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub storage: Option<StorageConfig>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub files: Option<FilesConfig>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tools: Option<ToolsConfig>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compat: Option<CompatConfig>,
}

/// Transport limits (docs/protocol.md, Limits). Read when the listener starts.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RpcConfig {
    /// Largest accepted frame: the bytes before its \n (a tolerated trailing \r counts).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_frame_bytes: Option<u64>,
    /// initialize (authentication included) must complete within this long of connecting.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub initialize_timeout_ms: Option<u64>,
    /// A frame must arrive whole within this long of its first byte.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frame_timeout_ms: Option<u64>,
    /// A client with queued output that reads nothing for this long is disconnected.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub write_stall_timeout_ms: Option<u64>,
    /// Open local connections; the next one is refused with -32004.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_local_connections: Option<u64>,
    /// Queued output above which the daemon stops reading a connection until it drains.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output_high_water_bytes: Option<u64>,
    /// With --ephemeral, how long after the last client leaves the daemon waits before exiting.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ephemeral_grace_ms: Option<u64>,
    /// Listen backlog of the local socket and the gateway (capped by the system's maximum), so a burst of connects is served or refused with -32004 instead of failing in connect().
    #[serde(skip_serializing_if = "Option::is_none")]
    pub listen_backlog: Option<u64>,
    /// After a fatal frame error (frame_too_large, frame_timeout) the daemon writes the error line, half-closes, and reads and discards what the client still sends for at most this long before closing, so a client still writing sees the error and a clean end of stream rather than a reset.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fatal_linger_ms: Option<u64>,
}

/// The WebSocket gateway (docs/protocol.md, The gateway). Read at start-up; the frame, initialize, frame-time and write-stall limits are rpc's.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct GatewayConfig {
    /// Serve the gateway (also --gateway).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    /// Address to listen on. A loopback address (127.0.0.0/8, ::1, localhost) or a wildcard (0.0.0.0, ::) also admits the loopback origins http://127.0.0.1:\<port>, http://localhost:\<port> and http://\[::1\]:\<port>, so the dashboard opens on either loopback name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub host: Option<String>,
    /// TCP port; 0 picks a free one (reported by status.gateway_url).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub port: Option<u64>,
    /// Open gateway connections; the next one gets -32004.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_connections: Option<u64>,
    /// Browser origins (scheme://host\[:port\], compared exactly, scheme and host lower-cased) whose WebSocket upgrades are accepted besides the gateway's own http://\<host>:\<port> (and, for a loopback or wildcard host, the loopback origins http://127.0.0.1:\<port>, http://localhost:\<port>, http://\[::1\]:\<port>). An upgrade with any other Origin header (including "null") gets HTTP 403, and GET / from a page address that is not admitted answers a short page naming the address to open instead. Clients that send no Origin are unaffected.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allowed_origins: Option<Vec<String>>,
    /// Gateway connections that have not completed initialize yet (pending). When this many are pending, a new upgrade closes the oldest pending connection (WebSocket close 1013) and is accepted, so a client that initializes promptly always gets in while the gateway is under max_connections (SPEC §17). Pending connections count toward max_connections too.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_pending_connections: Option<u64>,
    /// How long a dashboard/login code stays valid (single use).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub login_code_ttl_ms: Option<u64>,
    /// A gateway connection still pending (initialize not completed) this long after its upgrade is closed, with no message. Shorter than rpc.initialize_timeout_ms, which still applies to local connections.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pending_timeout_ms: Option<u64>,
    /// A gateway connection whose pairing token is revoked gets subscription_ended (token_revoked) for each subscription at once, its turns are cancelled, every call answers -32010, and it is closed this long after the revocation (SPEC §17: within 1 s).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub revoked_close_ms: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auth_throttle: Option<GatewayAuthThrottle>,
}

/// Failed gateway authentication, counted per remote address (an IPv6 address by its /64). A failure is an initialize whose auth_token is unknown or revoked (a missing token ends the connection too, but is not a guess and is not counted). Every failure ends its connection after the error line. Failures beyond delay_after_failures within delay_window_ms are answered after a delay that starts at first_delay_ms and doubles with each further failure, up to max_delay_ms; beyond refuse_after_failures within refuse_window_ms the answer is -32010 throttled with retry_after_ms. A valid token is checked first and never delayed or refused.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct GatewayAuthThrottle {
    /// Failures per address within delay_window_ms answered at once.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub delay_after_failures: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub delay_window_ms: Option<u64>,
    /// The delay of the first failure past delay_after_failures; each later one doubles it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_delay_ms: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_delay_ms: Option<u64>,
    /// Failures per address within refuse_window_ms before the answer becomes throttled.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refuse_after_failures: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refuse_window_ms: Option<u64>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionsConfig {
    /// Live sessions; one more gets -32001.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_live: Option<u64>,
    /// A bash command running longer is killed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tool_timeout_ms: Option<u64>,
    /// Tool output kept per stream (stdout, stderr); the rest is cut and marked truncated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tool_output_max_bytes: Option<u64>,
    /// An approval_request not answered within this long is denied.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub approval_timeout_ms: Option<u64>,
    /// How long ask_user waits for the client's elicitation answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ask_user_timeout_ms: Option<u64>,
    /// Content kept per persisted transcript row or tool output; longer content is cut with a note.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transcript_max_bytes: Option<u64>,
    /// Provider calls per turn (each round may run tools); the turn then stops with stop_reason max_tool_rounds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_tool_rounds: Option<u64>,
    /// Unread output a watcher (session/subscribe) may have queued in the daemon. Once it has more, its next update is not queued: the subscription ends with session/update subscription_ended (reason lagging) and nothing more of the session is queued for it (one update may take it past the limit, e.g. a turn_complete carrying the whole reply). The watcher may subscribe again and page the transcript with session/messages. The turn never waits for a watcher; the turn's own connection keeps the rpc limits. Keep it well above rpc.output_high_water_bytes: a turn runs that far ahead of its own reader, and a watcher reading at the same pace is that far behind.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_watcher_buffer_bytes: Option<u64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProviderConfig {
    pub kind: ProviderConfigKind,
    /// OpenAI-compatible endpoint, an http(s) URL, e.g. http://127.0.0.1:11434/v1 (checked when the provider is built).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub base_url: Option<String>,
    /// Secret: masked as **** on read; the mask or an empty string is refused on write.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub api_key: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ProviderConfigKind {
    Echo,
    Openai,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AgentConfig {
    /// A provider alias.
    pub provider: String,
    /// Overrides the provider's model.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub system_prompt: Option<String>,
    /// Tools that run without approval.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allowed_tools: Option<Vec<String>>,
    /// Retained-context budget that triggers trimming (a token is 4 UTF-8 bytes).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_context_tokens: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tools: Option<AgentToolsConfig>,
}

/// This agent's tool settings.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AgentToolsConfig {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bash: Option<AgentBashConfig>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AgentBashConfig {
    /// Let this agent's sandboxed bash reach the network (the sandbox shares the daemon's network namespace). Without it the sandbox has only its own loopback.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub network: Option<bool>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct UserConfig {
    /// Local peer uid that maps to this user. Without one the user is reachable only through pairing tokens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uid: Option<u64>,
    /// Each must name an existing profile; several merge by union.
    pub permission_profiles: Vec<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PermissionProfile {
    /// Every grant, every config path, every agent and tool, every session.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub admin: Option<bool>,
    /// resource → verbs, e.g. {sessions = \["create", "read"\]}; "*" as a resource or a verb means all.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grants: Option<BTreeMap<String, Vec<PermissionProfileGrantsValueItem>>>,
    /// Config props this profile may write: an exact prop, `prefix.*`, or `*`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub config_write_paths: Option<Vec<String>>,
    /// Agent aliases this profile may use ("*" for all).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allowed_agents: Option<Vec<String>>,
    /// Tools this profile may run ("*" for all).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allowed_tools: Option<Vec<String>>,
    /// Absolute directories under which a non-admin principal with this profile may point session/new.cwd (each root itself included; symlinks resolved). Default: none, so a non-admin gets a daemon-made workspace.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub workspace_roots: Option<Vec<String>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PermissionProfileGrantsValueItem {
    #[serde(rename = "read")]
    Read,
    #[serde(rename = "update")]
    Update,
    #[serde(rename = "create")]
    Create,
    #[serde(rename = "delete")]
    Delete,
    #[serde(rename = "execute")]
    Execute,
    #[serde(rename = "manage")]
    Manage,
    #[serde(rename = "*")]
    Any,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SecurityConfig {
    /// With \[users\] configured, a peer with the daemon's own uid is the admin owner.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trust_daemon_uid: Option<bool>,
}

/// The SQLite database in the data dir.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct StorageConfig {
    /// How long a write waits for another connection's lock before failing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub busy_timeout_ms: Option<u64>,
    /// WAL checkpoints run off the request path, in a background thread, once writes have paused this long.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checkpoint_idle_ms: Option<u64>,
    /// However busy the daemon is, a background WAL checkpoint (which also makes every earlier commit safe from power loss) runs at most this long after the first write it has not checkpointed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checkpoint_max_delay_ms: Option<u64>,
    /// The safety net under writes that never pause: SQLite's own checkpoint inside the commit that takes the WAL past this many pages (SQLite's default is 1000; background checkpoints make it rare).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wal_autocheckpoint_pages: Option<u64>,
}

/// file/attach and chunked uploads (docs/protocol.md, Files).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FilesConfig {
    /// Largest decoded chunk; reported by file/upload/begin.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chunk_bytes: Option<u64>,
    /// Largest file, uploaded or attached; reported by file/upload/begin as max_bytes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_file_bytes: Option<u64>,
    /// Staged uploads one connection may hold.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_uploads_per_connection: Option<u64>,
    /// Staged bytes across all connections, payload and retained metadata both counted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upload_budget_bytes: Option<u64>,
    /// An upload with no chunk for this long is discarded (and reclaimed first when a new upload does not fit).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upload_idle_timeout_ms: Option<u64>,
}

/// How the agent runtime's tools run.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ToolsConfig {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bash: Option<BashToolConfig>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct BashToolConfig {
    /// Where bash commands run. bwrap: in a bubblewrap sandbox (the file system read-only, the session workspace and a private /tmp writable, the daemon's config dir, data dir and the rest of $HOME hidden, no network unless the agent's tools.bash.network); if bwrap is missing or cannot make a sandbox, bash refuses to run (never unsandboxed) and the daemon warns at start. off: unsandboxed, as the daemon's user. auto: bwrap when it works on this machine, else off with a warning at start. status.tools.bash_sandbox says which is in force.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sandbox: Option<BashToolConfigSandbox>,
}

/// Where bash commands run. bwrap: in a bubblewrap sandbox (the file system read-only, the session workspace and a private /tmp writable, the daemon's config dir, data dir and the rest of $HOME hidden, no network unless the agent's tools.bash.network); if bwrap is missing or cannot make a sandbox, bash refuses to run (never unsandboxed) and the daemon warns at start. off: unsandboxed, as the daemon's user. auto: bwrap when it works on this machine, else off with a warning at start. status.tools.bash_sandbox says which is in force.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BashToolConfigSandbox {
    Auto,
    Bwrap,
    Off,
}

/// Compatibility with zeroclaw's own clients (SPEC §13).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CompatConfig {
    /// The server_version reported to zeroclaw-dialect connections (initialize and status). zerocode connects only to a daemon whose server_version is exactly its own version: the default is zerocode 0.8.4's (zeroclaw commit 15d28660); users of another zerocode release set theirs. Read at each initialize.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zeroclaw_version: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ConfigEntry {
    pub prop: ConfigProp,
    /// Any JSON value; checked and, for scalar fields, coerced ("64" → 64, "true" → true, a string → a one-element list).
    pub value: serde_json::Value,
}

/// A dotted config path, e.g. rpc.max_local_connections, providers.local.base_url, users.example.uid.
pub type ConfigProp = String;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ConfigGetResult {
    pub prop: Option<String>,
    pub value: serde_json::Value,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ConfigSetResult {
    pub prop: String,
    pub set: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ConfigSetManyResult {
    pub props: Vec<String>,
    pub set: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PairingToken {
    pub token_id: String,
    pub user: String,
    pub label: Option<String>,
    pub created_at: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PairingCreateResult {
    pub token_id: String,
    /// Shown once; the daemon stores only its hash.
    pub token: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PairingRevokeResult {
    pub token_id: String,
    pub revoked: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PairingListResult {
    pub tokens: Vec<PairingToken>,
}

/// acp: the agent sessions of this socket (ACP storage). chat: chat-mode sessions, stored apart (interaction_surface chat), so an id may exist in both.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SessionMode {
    Acp,
    Chat,
}

/// active: a turn runs; idle: live, no turn; closed: persisted, resumable (prompting rehydrates it); killed: a tombstone, history kept, never rehydrated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SessionState {
    Active,
    Idle,
    Closed,
    Killed,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SessionInfo {
    pub session_id: String,
    pub agent: String,
    pub mode: SessionMode,
    pub state: SessionState,
    pub created_at: String,
    /// Last activity: when the session's newest transcript row was written (its creation when it has none; the daemon's own marker rows do not count). Closing, killing or a daemon restart do not change it.
    pub updated_at: String,
    pub message_count: u64,
    /// The session's first prompt (its first line, at most 200 characters), for telling sessions apart; null before the first prompt.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TranscriptRole {
    User,
    Assistant,
    Tool,
    System,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TranscriptKind {
    Message,
    Thought,
    ToolCall,
    ToolResult,
    Marker,
}

/// One row of the display transcript. Rows are never deleted or renumbered by trimming. Rows of kind marker (role system) are the daemon's own notes, never sent to a model: a turn interrupted by a daemon stop, a turn cancelled. A failed turn ends with a system message row saying why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TranscriptMessage {
    pub seq: u64,
    pub role: TranscriptRole,
    pub kind: TranscriptKind,
    pub content: String,
    pub turn_id: Option<String>,
    pub created_at: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    EndTurn,
    MaxTokens,
    MaxToolRounds,
    Cancelled,
    Error,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SessionNewResult {
    pub session_id: String,
    pub agent: String,
    pub mode: SessionMode,
    pub workspace_dir: String,
    /// Same as agent (zerocode reads this name).
    pub agent_alias: String,
    /// Transcript rows so far (0 for a new session).
    pub message_count: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SessionPromptResult {
    pub session_id: String,
    pub turn_id: String,
    pub outcome: TurnOutcome,
    pub stop_reason: StopReason,
    /// The assistant's final text; for a failed turn, what went wrong.
    pub content: String,
}

/// allow_once, allow_always, reject; reject_once (zerocode's spelling) means reject; reject_with_edit (with replacement) rejects a tool whose input cannot be edited, and the tool result says so.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ApprovalDecision {
    AllowOnce,
    AllowAlways,
    Reject,
    RejectOnce,
    RejectWithEdit,
}

pub type Sha256Hex = String;

/// A file stored in the session agent's workspace under its content hash.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FileEntry {
    /// sha256:\<hex>; pass it in session/prompt attachments.
    pub ref_id: String,
    pub filename: String,
    /// How the file is shown to the agent in a prompt that attaches it.
    pub marker: String,
    /// Absolute path of the stored file (named by its hash, never by the filename).
    pub workspace_path: String,
    pub size_bytes: u64,
    /// true when this session already had these bytes.
    pub deduplicated: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FileUploadBeginResult {
    pub upload_id: String,
    pub chunk_bytes: i64,
    pub max_bytes: i64,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FileUploadChunkResult {
    pub upload_id: String,
    pub received_bytes: u64,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AttachedFile {
    pub filename: String,
    pub data_b64: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct InitializeParams {
    #[serde(rename = "protocolVersion", skip_serializing_if = "Option::is_none")]
    pub protocol_version: Option<ProtocolVersion>,
    /// The wire member `protocol_version` (`protocolVersion` has the plain Rust name).
    #[serde(rename = "protocol_version", skip_serializing_if = "Option::is_none")]
    pub protocol_version_2: Option<ProtocolVersion>,
    #[serde(rename = "clientInfo", skip_serializing_if = "Option::is_none")]
    pub client_info: Option<ClientInfo>,
    #[serde(rename = "clientCapabilities", skip_serializing_if = "Option::is_none")]
    pub client_capabilities: Option<ClientCapabilities>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auth_token: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub login_code: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tui_id: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tui_sig: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub env: Option<serde_json::Map<String, serde_json::Value>>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct StatusParams {}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RpcDiscoverParams {}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ConfigGetParams {
    /// A dotted path; absent: the whole config.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prop: Option<ConfigProp>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ConfigSetParams {
    pub prop: ConfigProp,
    pub value: serde_json::Value,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ConfigSetManyParams {
    pub sets: Vec<ConfigEntry>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PairingCreateParams {
    pub user: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PairingRevokeParams {
    pub token_id: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PairingListParams {}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionNewParams {
    /// Agent alias; default "default" (or agent_alias when only that is given).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agent: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mode: Option<SessionMode>,
    /// Absolute path of an existing directory to work in (symlinks resolved). Admins may name any directory outside the data dir; other principals only one inside their profiles' workspace_roots, and never another session's workspace: -32012 cwd_forbidden otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cwd: Option<String>,
    /// 1–128 of A-Z a-z 0-9 _ . -, not starting with a dot (so never . or ..). Default: a random s_\<hex>.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub session_id: Option<String>,
    /// zerocode's name for agent (agent wins when both are given).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agent_alias: Option<String>,
    /// zerocode's name for mode (mode wins when both are given).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chat_mode: Option<SessionMode>,
    /// zerocode's terminal id. Accepted and ignored (zerocode sends it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tui_id: Option<serde_json::Value>,
    /// zerocode's memory switch. Accepted and ignored (zerocode sends it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exclude_memory: Option<serde_json::Value>,
    /// zerocode's sibling switch. Accepted and ignored (zerocode sends it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub keep_siblings: Option<serde_json::Value>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionPromptParams {
    pub session_id: String,
    pub prompt: String,
    /// ref_ids (sha256:\<hex>) of files stored in this session.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attachments: Option<Vec<String>>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionCancelParams {
    pub session_id: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionCancelResult {
    pub session_id: String,
    pub cancelled: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SessionApproveParams {
    pub session_id: String,
    pub request_id: String,
    pub decision: ApprovalDecision,
    /// With reject_with_edit: the input the user wants instead. Ignored otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replacement: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionApproveResult {
    pub acknowledged: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionListParams {}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionListResult {
    pub sessions: Vec<SessionInfo>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionMessagesParams {
    pub session_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub after_seq: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<u64>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionMessagesResult {
    pub session_id: String,
    pub messages: Vec<TranscriptMessage>,
    pub total: u64,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionCloseParams {
    pub session_id: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionCloseResult {
    pub session_id: String,
    pub closed: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionKillParams {
    pub session_id: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionKillResult {
    pub session_id: String,
    pub killed: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionDeleteParams {
    pub session_id: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionDeleteResult {
    pub session_id: String,
    pub deleted: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FileAttachParams {
    pub session_id: String,
    pub files: Vec<AttachedFile>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FileAttachResult {
    pub files: Vec<FileEntry>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FileUploadBeginParams {
    pub session_id: String,
    pub size_bytes: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub filename: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sha256: Option<Sha256Hex>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FileUploadChunkParams {
    pub upload_id: String,
    pub offset: u64,
    pub data_b64: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FileUploadCommitParams {
    pub upload_id: String,
}

/// file/upload/commit's result: a FileEntry.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FileUploadCommitResult {
    /// sha256:\<hex>; pass it in session/prompt attachments.
    pub ref_id: String,
    pub filename: String,
    /// How the file is shown to the agent in a prompt that attaches it.
    pub marker: String,
    /// Absolute path of the stored file (named by its hash, never by the filename).
    pub workspace_path: String,
    pub size_bytes: u64,
    /// true when this session already had these bytes.
    pub deduplicated: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ElicitationCreateParams {
    #[serde(rename = "sessionId")]
    pub session_id: String,
    pub mode: String,
    pub message: String,
    #[serde(rename = "requestedSchema", skip_serializing_if = "Option::is_none")]
    pub requested_schema: Option<serde_json::Map<String, serde_json::Value>>,
}

/// Frame too large
///
/// The `reason: "frame_too_large"` variant of [`InvalidRequestReason`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FrameTooLargeData {
    pub limit_bytes: i64,
}

/// Frame not completed in time
///
/// The `reason: "frame_timeout"` variant of [`InvalidRequestReason`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FrameTimeoutData {
    pub limit_ms: i64,
}

/// Method not found
///
/// The `reason: "method_not_found"` variant of [`MethodNotFoundReason`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct MethodNotFoundData {
    pub method: String,
}

/// Invalid params
///
/// The `reason: "invalid_params"` variant of [`InvalidParamsReason`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct InvalidParamsData {
    pub errors: Vec<ParamError>,
}

/// Invalid config entry
///
/// The `reason: "invalid_entry"` variant of [`InvalidParamsReason`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct InvalidEntryData {
    pub index: u64,
    pub prop: String,
    pub errors: Vec<ParamError>,
}

/// The resulting config is invalid
///
/// The `reason: "invalid_config"` variant of [`InvalidParamsReason`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct InvalidConfigData {
    pub errors: Vec<ParamError>,
}

/// File too large
///
/// The `reason: "file_too_large"` variant of [`InvalidParamsReason`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FileTooLargeData {
    pub limit_bytes: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size_bytes: Option<i64>,
}

/// Filename too long
///
/// The `reason: "filename_too_long"` variant of [`InvalidParamsReason`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FilenameTooLongData {
    pub limit_bytes: i64,
}

/// Chunk too large
///
/// The `reason: "chunk_too_large"` variant of [`InvalidParamsReason`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ChunkTooLargeData {
    pub limit_bytes: i64,
}

/// Chunk goes past the declared size
///
/// The `reason: "exceeds_declared_size"` variant of [`InvalidParamsReason`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ExceedsDeclaredSizeData {
    pub size_bytes: i64,
}

/// Session not found
///
/// The `reason: "session_not_found"` variant of [`SessionNotFoundReason`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionNotFoundData {
    pub session_id: String,
}

/// No turn is running
///
/// The `reason: "no_running_turn"` variant of [`SessionNotFoundReason`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct NoRunningTurnData {
    pub session_id: String,
}

/// The session was killed: its history is kept but it cannot be prompted
///
/// The `reason: "session_killed"` variant of [`SessionNotFoundReason`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionKilledData {
    pub session_id: String,
}

/// Session limit reached
///
/// The `reason: "session_limit"` variant of [`SessionLimitReachedReason`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionLimitData {
    pub limit: i64,
}

/// A turn is already running on this session
///
/// The `reason: "session_busy"` variant of [`SessionBusyReason`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionBusyData {
    pub session_id: String,
}

/// Session owned by another principal
///
/// The `reason: "session_not_owned"` variant of [`SessionNotOwnedReason`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionNotOwnedData {
    pub session_id: String,
}

/// Connection limit reached
///
/// The `reason: "connection_limit"` variant of [`ConnectionLimitReason`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ConnectionLimitData {
    pub limit: i64,
}

/// Too many failed authentications from this address (gateway.auth_throttle); retry_after_ms: when one more attempt would be answered normally again
///
/// The `reason: "throttled"` variant of [`NotInitializedReason`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ThrottledData {
    pub retry_after_ms: u64,
}

/// Unsupported protocol version
///
/// The `reason: "version_mismatch"` variant of [`VersionMismatchReason`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct VersionMismatchData {
    pub requested: serde_json::Value,
    pub supported: Vec<i64>,
}

/// The principal lacks the method's grant
///
/// The `reason: "not_granted"` variant of [`ForbiddenReason`], which carries the tag.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NotGrantedData {
    pub grant: Grant,
    pub method: String,
}

/// Config path not writable by this principal
///
/// The `reason: "config_path_forbidden"` variant of [`ForbiddenReason`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ConfigPathForbiddenData {
    pub index: u64,
    pub prop: String,
}

/// Method served on the local socket only
///
/// The `reason: "local_only"` variant of [`ForbiddenReason`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct LocalOnlyData {
    pub method: String,
}

/// The principal may not use this agent
///
/// The `reason: "agent_not_allowed"` variant of [`ForbiddenReason`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AgentNotAllowedData {
    pub agent: String,
}

/// session/new.cwd names a directory this principal may not use
///
/// The `reason: "cwd_forbidden"` variant of [`ForbiddenReason`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CwdForbiddenData {
    pub cwd: String,
}

/// Unknown, expired, discarded or another connection's upload
///
/// The `reason: "upload_not_found"` variant of [`UploadNotFoundReason`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct UploadNotFoundData {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upload_id: Option<String>,
}

/// Too many staged uploads on this connection
///
/// The `reason: "connection_uploads"` variant of [`UploadLimitReason`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ConnectionUploadsData {
    pub limit: i64,
}

/// The staging budget is exhausted
///
/// The `reason: "budget"` variant of [`UploadLimitReason`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct BudgetData {
    pub limit_bytes: i64,
}

/// Offset does not equal the bytes received so far
///
/// The `reason: "offset_mismatch"` variant of [`UploadOffsetMismatchReason`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct OffsetMismatchData {
    pub expected_offset: u64,
}

/// Not all declared bytes arrived
///
/// The `reason: "upload_incomplete"` variant of [`UploadIncompleteReason`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct UploadIncompleteData {
    pub received_bytes: i64,
    pub size_bytes: i64,
}

/// The bytes do not match the declared sha256
///
/// The `reason: "hash_mismatch"` variant of [`UploadHashMismatchReason`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct HashMismatchData {
    pub expected_sha256: String,
    pub actual_sha256: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionSubscribeParams {
    pub session_id: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionSubscribeResult {
    pub session_id: String,
    pub subscribed: bool,
    /// The turn running on the session when the subscription began, so a watcher that joins midway shows it from its start: null when none runs. Every update sent for it before the subscription is in `updates`; every later one comes as a session/update after this result, none twice and none missing (the snapshot and the subscription are taken at one instant).
    pub running_turn: serde_json::Value,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionUnsubscribeParams {
    pub session_id: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SessionUnsubscribeResult {
    pub session_id: String,
    pub subscribed: bool,
}

/// The wire dialect of a connection, fixed by its initialize (SPEC §13). zeroclaw: params with protocol_version and without protocolVersion, as zerocode (zeroclaw's terminal client) sends them; the daemon then sends what zeroclaw's own daemon sends (x-dialects). seed: every other client, the design note's shapes (§3–§11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Dialect {
    Seed,
    Zeroclaw,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct HealthParams {}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct HealthResult {
    /// The daemon's process id.
    pub pid: u64,
    /// When this snapshot was taken.
    pub updated_at: String,
    pub uptime_seconds: u64,
    /// By component name: at least rpc, storage, and gateway while it runs (zeroclaw's own daemon reports its own components).
    pub components: BTreeMap<String, HealthComponent>,
    pub process: HealthProcess,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HealthComponent {
    pub status: HealthStatus,
    /// When the status last changed or was checked.
    pub updated_at: String,
    /// When it was last seen working.
    pub last_ok: Option<String>,
    /// Why it last failed (null once it works again).
    pub last_error: Option<String>,
    pub restart_count: u64,
}

/// ok: working; error: failing (last_error says why); starting: not up yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HealthStatus {
    Ok,
    Error,
    Starting,
}

/// This daemon process.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct HealthProcess {
    pub rss_bytes: u64,
    /// CPU used since the previous health call, summed over cores (0..100 × num_cpus); null on the first.
    pub cpu_percent: Option<f64>,
    pub num_cpus: u64,
    pub system_ram_total_bytes: u64,
}

/// initialize's result in the zeroclaw dialect, as zerocode reads it (parse_initialize_response): it refuses a daemon whose server_version differs from its own version, and compares server_pid with the pid of a daemon it spawned.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ZeroclawInitializeResult {
    pub protocol_version: i64,
    /// Config compat.zeroclaw_version (default 0.8.4).
    pub server_version: String,
    /// The daemon's own process id.
    pub server_pid: u64,
    /// Slash commands the daemon offers (this daemon: none).
    pub commands: Vec<DaemonCommand>,
    /// The method names this daemon serves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capabilities: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub principal: Option<Principal>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub implementation: Option<Implementation>,
}

/// status's result as zerocode reads it (StatusResult); this daemon sends every StatusResult member too.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ZeroclawStatusResult {
    /// Config compat.zeroclaw_version.
    pub server_version: String,
    pub protocol_version: i64,
    pub active_sessions: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub config_dir: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub config_file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub config_kind: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub local_ipc_endpoint: Option<String>,
}

/// session/new's result as zerocode reads it (SessionNewResult); this daemon sends every SessionNewResult member too.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ZeroclawSessionNewResult {
    pub session_id: String,
    pub workspace_dir: String,
}

/// A session/update notification's params in the zeroclaw dialect, tagged by type: the members zeroclaw's own daemon sends and zerocode's parse_session_update reads. Extra members may be added; camelCase duplicates of these are never sent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ZeroclawSessionUpdateParams {
    AgentMessageChunk(ZeroclawSessionUpdateAgentMessageChunk),
    AgentThoughtChunk(ZeroclawSessionUpdateAgentThoughtChunk),
    ToolCall(ZeroclawSessionUpdateToolCall),
    ToolResult(ZeroclawSessionUpdateToolResult),
    ApprovalRequest(ZeroclawSessionUpdateApprovalRequest),
    HistoryTrimmed(ZeroclawSessionUpdateHistoryTrimmed),
    /// The turn's end. A notification prompt refused before its turn started gets one too: outcome failed, content the error message, session_id the id it sent ("" when none).
    TurnComplete(ZeroclawSessionUpdateTurnComplete),
    /// subscription_ended in the zeroclaw dialect (SPEC §17): the same update, session_id instead of sessionId.
    SubscriptionEnded(ZeroclawSessionUpdateSubscriptionEnded),
}

impl ZeroclawSessionUpdateParams {
    /// The `type` of this variant, as on the wire.
    pub fn tag(&self) -> &'static str {
        match self {
            Self::AgentMessageChunk(_) => "agent_message_chunk",
            Self::AgentThoughtChunk(_) => "agent_thought_chunk",
            Self::ToolCall(_) => "tool_call",
            Self::ToolResult(_) => "tool_result",
            Self::ApprovalRequest(_) => "approval_request",
            Self::HistoryTrimmed(_) => "history_trimmed",
            Self::TurnComplete(_) => "turn_complete",
            Self::SubscriptionEnded(_) => "subscription_ended",
        }
    }

    /// `session_id`, which every variant carries.
    pub fn session_id(&self) -> &str {
        match self {
            Self::AgentMessageChunk(v) => &v.session_id,
            Self::AgentThoughtChunk(v) => &v.session_id,
            Self::ToolCall(v) => &v.session_id,
            Self::ToolResult(v) => &v.session_id,
            Self::ApprovalRequest(v) => &v.session_id,
            Self::HistoryTrimmed(v) => &v.session_id,
            Self::TurnComplete(v) => &v.session_id,
            Self::SubscriptionEnded(v) => &v.session_id,
        }
    }
}

/// The `type: "agent_message_chunk"` variant of [`ZeroclawSessionUpdateParams`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ZeroclawSessionUpdateAgentMessageChunk {
    pub session_id: String,
    pub text: String,
}

/// The `type: "agent_thought_chunk"` variant of [`ZeroclawSessionUpdateParams`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ZeroclawSessionUpdateAgentThoughtChunk {
    pub session_id: String,
    pub text: String,
}

/// The `type: "tool_call"` variant of [`ZeroclawSessionUpdateParams`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ZeroclawSessionUpdateToolCall {
    pub session_id: String,
    pub tool_call_id: String,
    pub name: String,
    /// The tool's arguments; arguments that are not a JSON object come as {arguments: \<their text>}.
    pub raw_input: serde_json::Map<String, serde_json::Value>,
}

/// The `type: "tool_result"` variant of [`ZeroclawSessionUpdateParams`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ZeroclawSessionUpdateToolResult {
    pub session_id: String,
    pub tool_call_id: String,
    pub name: String,
    /// The output as the model is told it (JSON text for structured output).
    pub raw_output: String,
}

/// The `type: "approval_request"` variant of [`ZeroclawSessionUpdateParams`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ZeroclawSessionUpdateApprovalRequest {
    pub session_id: String,
    pub request_id: String,
    pub tool_name: String,
    /// The tool's arguments on one line (key: value, …; long values cut).
    pub arguments_summary: String,
    /// sessions.approval_timeout_ms in whole seconds, rounded up.
    pub timeout_secs: u64,
}

/// The `type: "history_trimmed"` variant of [`ZeroclawSessionUpdateParams`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ZeroclawSessionUpdateHistoryTrimmed {
    pub session_id: String,
    pub dropped_messages: u64,
    pub kept_turns: u64,
    /// Why: token_budget (the agent's max_context_tokens).
    pub reason: String,
}

/// The turn's end. A notification prompt refused before its turn started gets one too: outcome failed, content the error message, session_id the id it sent ("" when none).
///
/// The `type: "turn_complete"` variant of [`ZeroclawSessionUpdateParams`], which carries the tag.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ZeroclawSessionUpdateTurnComplete {
    pub session_id: String,
    pub outcome: TurnOutcome,
    /// The reply, or the error message.
    pub content: String,
}

/// subscription_ended in the zeroclaw dialect (SPEC §17): the same update, session_id instead of sessionId.
///
/// The `type: "subscription_ended"` variant of [`ZeroclawSessionUpdateParams`], which carries the tag.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ZeroclawSessionUpdateSubscriptionEnded {
    pub session_id: String,
    pub reason: SubscriptionEndReason,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AgentsStatusParams {}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AgentsStatusResult {
    pub agents: Vec<AgentStatus>,
}

/// One agent as zerocode's AgentStatusEntry reads it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AgentStatus {
    pub alias: String,
    pub enabled: bool,
    pub live_sessions: u64,
    pub persisted_sessions: u64,
    pub channels: Vec<String>,
}

/// Only the owner or an admin may call this method
///
/// The `reason: "admin_required"` variant of [`ForbiddenReason`], which carries the tag.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct AdminRequiredData {
    pub method: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct DashboardLoginParams {}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct DashboardLoginResult {
    /// The one-time login code (initialize.login_code over the gateway).
    pub code: String,
    /// The dashboard's address with the code in its fragment (#login=CODE, never sent to a server or logged), on a loopback name the gateway admits; null when the gateway is not running (start the daemon with --gateway or set gateway.enabled).
    pub url: Option<String>,
    /// When the code stops working (ISO 8601).
    pub expires_at: String,
}

/// A running turn so far: its prompt (as stored in the transcript, attachment lines included) and the session/update params already sent for it, in order. Consecutive agent_message_chunk (or agent_thought_chunk) updates arrive merged into one, their texts concatenated; an approval_request still waiting for its answer is the last update.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RunningTurn {
    pub turn_id: String,
    pub prompt: String,
    pub updates: Vec<SessionUpdateParams>,
}

/// RunningTurn in the zeroclaw dialect: the updates already sent, as that dialect's session/update params.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ZeroclawRunningTurn {
    pub turn_id: String,
    pub prompt: String,
    pub updates: Vec<ZeroclawSessionUpdateParams>,
}

/// SessionSubscribeResult in the zeroclaw dialect: running_turn's updates in that dialect.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ZeroclawSessionSubscribeResult {
    pub session_id: String,
    pub subscribed: bool,
    pub running_turn: serde_json::Value,
}

/// The `data` of a -32700 PARSE_ERROR error, by `reason`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum ParseErrorReason {
    /// Invalid JSON
    ParseError,
}

impl ParseErrorReason {
    /// The `reason` of this variant, as on the wire.
    pub fn tag(&self) -> &'static str {
        match self {
            Self::ParseError => "parse_error",
        }
    }
}

/// The `data` of a -32600 INVALID_REQUEST error, by `reason`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum InvalidRequestReason {
    /// Invalid request envelope
    InvalidRequest,
    /// Frame too large
    FrameTooLarge(FrameTooLargeData),
    /// Frame not completed in time
    FrameTimeout(FrameTimeoutData),
    /// Already initialized
    AlreadyInitialized,
}

impl InvalidRequestReason {
    /// The `reason` of this variant, as on the wire.
    pub fn tag(&self) -> &'static str {
        match self {
            Self::InvalidRequest => "invalid_request",
            Self::FrameTooLarge(_) => "frame_too_large",
            Self::FrameTimeout(_) => "frame_timeout",
            Self::AlreadyInitialized => "already_initialized",
        }
    }
}

/// The `data` of a -32601 METHOD_NOT_FOUND error, by `reason`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum MethodNotFoundReason {
    /// Method not found
    MethodNotFound(MethodNotFoundData),
}

impl MethodNotFoundReason {
    /// The `reason` of this variant, as on the wire.
    pub fn tag(&self) -> &'static str {
        match self {
            Self::MethodNotFound(_) => "method_not_found",
        }
    }

    /// `method`, which every variant carries.
    pub fn method(&self) -> &str {
        match self {
            Self::MethodNotFound(v) => &v.method,
        }
    }
}

/// The `data` of a -32602 INVALID_PARAMS error, by `reason`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum InvalidParamsReason {
    /// Invalid params
    InvalidParams(InvalidParamsData),
    /// Invalid config entry
    InvalidEntry(InvalidEntryData),
    /// The resulting config is invalid
    InvalidConfig(InvalidConfigData),
    /// File too large
    FileTooLarge(FileTooLargeData),
    /// Filename too long
    FilenameTooLong(FilenameTooLongData),
    /// Chunk too large
    ChunkTooLarge(ChunkTooLargeData),
    /// Chunk goes past the declared size
    ExceedsDeclaredSize(ExceedsDeclaredSizeData),
}

impl InvalidParamsReason {
    /// The `reason` of this variant, as on the wire.
    pub fn tag(&self) -> &'static str {
        match self {
            Self::InvalidParams(_) => "invalid_params",
            Self::InvalidEntry(_) => "invalid_entry",
            Self::InvalidConfig(_) => "invalid_config",
            Self::FileTooLarge(_) => "file_too_large",
            Self::FilenameTooLong(_) => "filename_too_long",
            Self::ChunkTooLarge(_) => "chunk_too_large",
            Self::ExceedsDeclaredSize(_) => "exceeds_declared_size",
        }
    }
}

/// The `data` of a -32603 INTERNAL_ERROR error, by `reason`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum InternalErrorReason {
    /// Internal error
    InternalError,
}

impl InternalErrorReason {
    /// The `reason` of this variant, as on the wire.
    pub fn tag(&self) -> &'static str {
        match self {
            Self::InternalError => "internal_error",
        }
    }
}

/// The `data` of a -32000 SESSION_NOT_FOUND error, by `reason`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum SessionNotFoundReason {
    /// Session not found
    SessionNotFound(SessionNotFoundData),
    /// No turn is running
    NoRunningTurn(NoRunningTurnData),
    /// The session was killed: its history is kept but it cannot be prompted
    SessionKilled(SessionKilledData),
}

impl SessionNotFoundReason {
    /// The `reason` of this variant, as on the wire.
    pub fn tag(&self) -> &'static str {
        match self {
            Self::SessionNotFound(_) => "session_not_found",
            Self::NoRunningTurn(_) => "no_running_turn",
            Self::SessionKilled(_) => "session_killed",
        }
    }

    /// `session_id`, which every variant carries.
    pub fn session_id(&self) -> &str {
        match self {
            Self::SessionNotFound(v) => &v.session_id,
            Self::NoRunningTurn(v) => &v.session_id,
            Self::SessionKilled(v) => &v.session_id,
        }
    }
}

/// The `data` of a -32001 SESSION_LIMIT_REACHED error, by `reason`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum SessionLimitReachedReason {
    /// Session limit reached
    SessionLimit(SessionLimitData),
}

impl SessionLimitReachedReason {
    /// The `reason` of this variant, as on the wire.
    pub fn tag(&self) -> &'static str {
        match self {
            Self::SessionLimit(_) => "session_limit",
        }
    }

    /// `limit`, which every variant carries.
    pub fn limit(&self) -> &i64 {
        match self {
            Self::SessionLimit(v) => &v.limit,
        }
    }
}

/// The `data` of a -32002 SESSION_BUSY error, by `reason`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum SessionBusyReason {
    /// A turn is already running on this session
    SessionBusy(SessionBusyData),
}

impl SessionBusyReason {
    /// The `reason` of this variant, as on the wire.
    pub fn tag(&self) -> &'static str {
        match self {
            Self::SessionBusy(_) => "session_busy",
        }
    }

    /// `session_id`, which every variant carries.
    pub fn session_id(&self) -> &str {
        match self {
            Self::SessionBusy(v) => &v.session_id,
        }
    }
}

/// The `data` of a -32003 SESSION_NOT_OWNED error, by `reason`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum SessionNotOwnedReason {
    /// Session owned by another principal
    SessionNotOwned(SessionNotOwnedData),
}

impl SessionNotOwnedReason {
    /// The `reason` of this variant, as on the wire.
    pub fn tag(&self) -> &'static str {
        match self {
            Self::SessionNotOwned(_) => "session_not_owned",
        }
    }

    /// `session_id`, which every variant carries.
    pub fn session_id(&self) -> &str {
        match self {
            Self::SessionNotOwned(v) => &v.session_id,
        }
    }
}

/// The `data` of a -32004 CONNECTION_LIMIT error, by `reason`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum ConnectionLimitReason {
    /// Connection limit reached
    ConnectionLimit(ConnectionLimitData),
}

impl ConnectionLimitReason {
    /// The `reason` of this variant, as on the wire.
    pub fn tag(&self) -> &'static str {
        match self {
            Self::ConnectionLimit(_) => "connection_limit",
        }
    }

    /// `limit`, which every variant carries.
    pub fn limit(&self) -> &i64 {
        match self {
            Self::ConnectionLimit(v) => &v.limit,
        }
    }
}

/// The `data` of a -32010 NOT_INITIALIZED error, by `reason`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum NotInitializedReason {
    /// Call initialize first
    NotInitialized,
    /// A pairing token is required
    AuthRequired,
    /// Unknown or revoked pairing token
    InvalidToken,
    /// The peer's uid maps to no configured user
    UnknownPeer,
    /// Unknown, expired or already used dashboard login code (run `zeroclaw dashboard` again)
    InvalidLoginCode,
    /// Too many failed authentications from this address (gateway.auth_throttle); retry_after_ms: when one more attempt would be answered normally again
    Throttled(ThrottledData),
}

impl NotInitializedReason {
    /// The `reason` of this variant, as on the wire.
    pub fn tag(&self) -> &'static str {
        match self {
            Self::NotInitialized => "not_initialized",
            Self::AuthRequired => "auth_required",
            Self::InvalidToken => "invalid_token",
            Self::UnknownPeer => "unknown_peer",
            Self::InvalidLoginCode => "invalid_login_code",
            Self::Throttled(_) => "throttled",
        }
    }
}

/// The `data` of a -32011 VERSION_MISMATCH error, by `reason`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum VersionMismatchReason {
    /// Unsupported protocol version
    VersionMismatch(VersionMismatchData),
}

impl VersionMismatchReason {
    /// The `reason` of this variant, as on the wire.
    pub fn tag(&self) -> &'static str {
        match self {
            Self::VersionMismatch(_) => "version_mismatch",
        }
    }

    /// `requested`, which every variant carries.
    pub fn requested(&self) -> &serde_json::Value {
        match self {
            Self::VersionMismatch(v) => &v.requested,
        }
    }

    /// `supported`, which every variant carries.
    pub fn supported(&self) -> &Vec<i64> {
        match self {
            Self::VersionMismatch(v) => &v.supported,
        }
    }
}

/// The `data` of a -32012 FORBIDDEN error, by `reason`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum ForbiddenReason {
    /// The principal lacks the method's grant
    NotGranted(NotGrantedData),
    /// Config path not writable by this principal
    ConfigPathForbidden(ConfigPathForbiddenData),
    /// Method served on the local socket only
    LocalOnly(LocalOnlyData),
    /// The principal may not use this agent
    AgentNotAllowed(AgentNotAllowedData),
    /// session/new.cwd names a directory this principal may not use
    CwdForbidden(CwdForbiddenData),
    /// Only the owner or an admin may call this method
    AdminRequired(AdminRequiredData),
}

impl ForbiddenReason {
    /// The `reason` of this variant, as on the wire.
    pub fn tag(&self) -> &'static str {
        match self {
            Self::NotGranted(_) => "not_granted",
            Self::ConfigPathForbidden(_) => "config_path_forbidden",
            Self::LocalOnly(_) => "local_only",
            Self::AgentNotAllowed(_) => "agent_not_allowed",
            Self::CwdForbidden(_) => "cwd_forbidden",
            Self::AdminRequired(_) => "admin_required",
        }
    }
}

/// The `data` of a -32030 UPLOAD_NOT_FOUND error, by `reason`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum UploadNotFoundReason {
    /// Unknown, expired, discarded or another connection's upload
    UploadNotFound(UploadNotFoundData),
}

impl UploadNotFoundReason {
    /// The `reason` of this variant, as on the wire.
    pub fn tag(&self) -> &'static str {
        match self {
            Self::UploadNotFound(_) => "upload_not_found",
        }
    }

    /// `upload_id`, which every variant carries.
    pub fn upload_id(&self) -> &Option<String> {
        match self {
            Self::UploadNotFound(v) => &v.upload_id,
        }
    }
}

/// The `data` of a -32031 UPLOAD_LIMIT error, by `reason`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum UploadLimitReason {
    /// Too many staged uploads on this connection
    ConnectionUploads(ConnectionUploadsData),
    /// The staging budget is exhausted
    Budget(BudgetData),
}

impl UploadLimitReason {
    /// The `reason` of this variant, as on the wire.
    pub fn tag(&self) -> &'static str {
        match self {
            Self::ConnectionUploads(_) => "connection_uploads",
            Self::Budget(_) => "budget",
        }
    }
}

/// The `data` of a -32032 UPLOAD_OFFSET_MISMATCH error, by `reason`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum UploadOffsetMismatchReason {
    /// Offset does not equal the bytes received so far
    OffsetMismatch(OffsetMismatchData),
}

impl UploadOffsetMismatchReason {
    /// The `reason` of this variant, as on the wire.
    pub fn tag(&self) -> &'static str {
        match self {
            Self::OffsetMismatch(_) => "offset_mismatch",
        }
    }

    /// `expected_offset`, which every variant carries.
    pub fn expected_offset(&self) -> &u64 {
        match self {
            Self::OffsetMismatch(v) => &v.expected_offset,
        }
    }
}

/// The `data` of a -32033 UPLOAD_INCOMPLETE error, by `reason`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum UploadIncompleteReason {
    /// Not all declared bytes arrived
    UploadIncomplete(UploadIncompleteData),
}

impl UploadIncompleteReason {
    /// The `reason` of this variant, as on the wire.
    pub fn tag(&self) -> &'static str {
        match self {
            Self::UploadIncomplete(_) => "upload_incomplete",
        }
    }

    /// `received_bytes`, which every variant carries.
    pub fn received_bytes(&self) -> &i64 {
        match self {
            Self::UploadIncomplete(v) => &v.received_bytes,
        }
    }

    /// `size_bytes`, which every variant carries.
    pub fn size_bytes(&self) -> &i64 {
        match self {
            Self::UploadIncomplete(v) => &v.size_bytes,
        }
    }
}

/// The `data` of a -32034 UPLOAD_HASH_MISMATCH error, by `reason`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum UploadHashMismatchReason {
    /// The bytes do not match the declared sha256
    HashMismatch(HashMismatchData),
}

impl UploadHashMismatchReason {
    /// The `reason` of this variant, as on the wire.
    pub fn tag(&self) -> &'static str {
        match self {
            Self::HashMismatch(_) => "hash_mismatch",
        }
    }

    /// `expected_sha256`, which every variant carries.
    pub fn expected_sha256(&self) -> &str {
        match self {
            Self::HashMismatch(v) => &v.expected_sha256,
        }
    }

    /// `actual_sha256`, which every variant carries.
    pub fn actual_sha256(&self) -> &str {
        match self {
            Self::HashMismatch(v) => &v.actual_sha256,
        }
    }
}
