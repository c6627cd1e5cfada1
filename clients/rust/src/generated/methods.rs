// Generated from openrpc.json by codegen/ — do not edit. Run `npm run generate`.
//! The typed methods of [`Client`]: one per method of zeroclaw daemon RPC 0.1.0.

use super::types::*;
use crate::{Client, Result};
use std::sync::{mpsc, Mutex};

impl Client {
    /// Open the session: negotiate the protocol version and authenticate the peer.
    ///
    /// Must be the first call on a connection. Until it succeeds every other known method answers -32010 (not_initialized) and notifications are dropped. It completes before any later frame of its connection is handled. A version other than 1 answers -32011 and leaves the connection open for a retry; a second initialize after success answers -32600 (already_initialized). `protocol_version` is accepted as an alias of `protocolVersion`. `auth_token` is for gateway peers only; on the local socket the OS controls access. The params also fix the connection's dialect (SPEC §13): `protocol_version` without `protocolVersion` (as zerocode sends it) is the zeroclaw dialect, whose result is ZeroclawInitializeResult — server_version is config compat.zeroclaw_version, no camelCase members; anything else is the seed dialect. Both carry `implementation`, what is really running. `login_code` (gateway peers only) is a one-time code from `dashboard/login` that signs the connection in as the principal that minted it. A gateway peer whose authentication fails (-32010 auth_required, invalid_token, invalid_login_code or throttled) gets the error line and then the connection ends; wrong tokens and wrong login codes are guesses, throttled per remote address (gateway.auth_throttle). A connection whose pairing token is revoked later gets subscription_ended for each subscription, -32010 invalid_token on any call, and is closed within 1 s.
    ///
    /// Wire method `initialize` (no grant).
    pub fn initialize(&self, params: &InitializeParams) -> Result<InitializeResult> {
        self.call("initialize", params)
    }

    /// Daemon health and counters.
    ///
    /// Also carries zerocode's members (active_sessions, config_dir, config_file, config_kind, local_ipc_endpoint) in both dialects. server_version is the implementation's own version in the seed dialect and config compat.zeroclaw_version in the zeroclaw dialect (ZeroclawStatusResult), like initialize's.
    ///
    /// Wire method `status` (grant `system:read`).
    pub fn status(&self) -> Result<StatusResult> {
        self.call("status", &serde_json::Map::new())
    }

    /// Component and process health (zerocode's Dashboard and status line poll it).
    ///
    /// The same shape in both dialects. components holds at least rpc (the local socket listener), storage (the SQLite database, probed by this call) and gateway while the gateway runs; each is ok, error (last_error says why) or starting. process samples this daemon process; cpu_percent is the CPU it used since the previous health call, summed over cores (null on the first call). Times are RFC 3339.
    ///
    /// Wire method `health` (grant `system:read`).
    pub fn health(&self) -> Result<HealthResult> {
        self.call("health", &serde_json::Map::new())
    }

    /// The agents the caller may use, with their session counts (zerocode's Chat and Code panes start here).
    ///
    /// zerocode's Chat and Code panes call it before session/new, to pick an agent (one enabled agent is started at once, several are offered). Lists every configured agent the caller may use (allowed_agents); enabled is always true here (this daemon has no switch to disable an agent), live_sessions and persisted_sessions count the caller's visible sessions of that agent, channels is empty (this daemon has no messaging channels). The same shape in both dialects.
    ///
    /// Wire method `agents/status` (grant `system:read`).
    pub fn agents_status(&self) -> Result<AgentsStatusResult> {
        self.call("agents/status", &serde_json::Map::new())
    }

    /// This OpenRPC document (OpenRPC service discovery).
    ///
    /// Wire method `rpc.discover` (grant `system:read`).
    pub fn rpc_discover(&self) -> Result<RpcDiscoverResult> {
        self.call("rpc.discover", &serde_json::Map::new())
    }

    /// Read the live config, or one prop of it; secrets are masked as ****.
    ///
    /// Wire method `config/get` (grant `config:read`).
    pub fn config_get(&self, params: &ConfigGetParams) -> Result<ConfigGetResult> {
        self.call("config/get", params)
    }

    /// Set one prop: the same staging, validation, authorization and durable write as config/set-many with one entry.
    ///
    /// Wire method `config/set` (grant `config:update`).
    pub fn config_set(&self, params: &ConfigSetParams) -> Result<ConfigSetResult> {
        self.call("config/set", params)
    }

    /// Set 1–256 props atomically: staged into one candidate, validated as a whole, committed with one durable write.
    ///
    /// Under the config write lock the caller's current permissions are resolved and every path checked before anything is staged (-32012 config_path_forbidden with the first forbidden index). Entries are staged in order, a later entry for the same prop wins; an invalid entry fails with invalid_entry and its 0-based index; a candidate invalid as a whole (a user without profiles or naming an unknown one, an agent naming an unknown provider, a provider that cannot be built) fails with invalid_config. Derived provider/model views are built from the candidate before the write and installed after it. Nothing changes unless everything succeeds.
    ///
    /// Wire method `config/set-many` (grant `config:update`).
    pub fn config_set_many(&self, params: &ConfigSetManyParams) -> Result<ConfigSetManyResult> {
        self.call("config/set-many", params)
    }

    /// Create a pairing token for a configured user; the token is shown once and stored hashed.
    ///
    /// Wire method `pairing/create` (grant `pairing:manage`, local socket only).
    pub fn pairing_create(&self, params: &PairingCreateParams) -> Result<PairingCreateResult> {
        self.call("pairing/create", params)
    }

    /// Revoke a pairing token; a gateway connection using it fails its next call with -32010.
    ///
    /// Wire method `pairing/revoke` (grant `pairing:manage`, local socket only).
    pub fn pairing_revoke(&self, params: &PairingRevokeParams) -> Result<PairingRevokeResult> {
        self.call("pairing/revoke", params)
    }

    /// The active pairing tokens (never the tokens themselves).
    ///
    /// Wire method `pairing/list` (grant `pairing:manage`).
    pub fn pairing_list(&self) -> Result<PairingListResult> {
        self.call("pairing/list", &serde_json::Map::new())
    }

    /// Mint a one-time login code that signs a dashboard (over the gateway) in as the caller.
    ///
    /// For the owner at the daemon's machine: opening the returned url signs the page in as the calling principal with no profile, user or pairing token. The code is single use and valid for gateway.login_code_ttl_ms (60 s); a connection signed in with it keeps the caller's credential, so its rights follow policy changes like the caller's. Local socket only; owner or admin only (-32012 admin_required).
    ///
    /// Wire method `dashboard/login` (grant `pairing:manage`, local socket only).
    pub fn dashboard_login(&self) -> Result<DashboardLoginResult> {
        self.call("dashboard/login", &serde_json::Map::new())
    }

    /// Create a live agent session owned by the caller.
    ///
    /// The agent must exist and be allowed to the caller (allowed_agents). workspace_dir is cwd when given (an existing directory), else \<data_dir>/workspaces/\<session_id>. A session_id that already exists in the same mode is refused. A member given as null counts as absent (zerocode sends session_id, cwd and tui_id as null). In the zeroclaw dialect a session_id naming an existing session the caller owns reattaches to it instead (a closed one is rehydrated; its cwd and agent stay its own, message_count counts its transcript), and the result is checked as ZeroclawSessionNewResult.
    ///
    /// Wire method `session/new` (grant `sessions:create`).
    pub fn session_new(&self, params: &SessionNewParams) -> Result<SessionNewResult> {
        self.call("session/new", params)
    }

    /// Run one turn; session/update notifications stream its progress, the result comes at turn end.
    ///
    /// One turn at a time per session (-32002 otherwise). A closed session is rehydrated first (recovering an interrupted turn with one visible marker). Cancellation (session/cancel, session/kill, the starting connection closing, a write stall) ends the turn with outcome cancelled, never an error; a provider failure ends it with outcome failed and a clear content. Every update of the turn is written before this response. Also accepted as a notification (zerocode sends it so): the turn runs exactly the same, its turn_complete update is the only result, and a prompt refused before its turn starts gets one session/update turn_complete with outcome failed, turnId null and error {code, data}. In the zeroclaw dialect that refusal is {session_id, type: turn_complete, outcome: failed, content: the error message}: session_id is the id sent ("" when no string was sent), and there is no turnId or error member.
    ///
    /// Wire method `session/prompt` (grant `sessions:execute`).
    pub fn session_prompt(&self, params: &SessionPromptParams) -> Result<SessionPromptResult> {
        self.call("session/prompt", params)
    }

    /// Cancel the running turn; it ends with outcome cancelled.
    ///
    /// Wire method `session/cancel` (grant `sessions:update`).
    pub fn session_cancel(&self, params: &SessionCancelParams) -> Result<SessionCancelResult> {
        self.call("session/cancel", params)
    }

    /// Answer an approval_request.
    ///
    /// reject_once is zerocode's spelling of reject. reject_with_edit with `replacement` asks for the call to run with other input instead: a tool whose input cannot be edited (every tool this daemon offers: bash, ask_user) is rejected, and its tool result says the edit was not applied and carries the replacement, so the model sees what the user wanted.
    ///
    /// Wire method `session/approve` (grant `sessions:update`).
    pub fn session_approve(&self, params: &SessionApproveParams) -> Result<SessionApproveResult> {
        self.call("session/approve", params)
    }

    /// The caller's sessions, live and persisted (an admin sees all).
    ///
    /// Wire method `session/list` (grant `sessions:read`).
    pub fn session_list(&self) -> Result<SessionListResult> {
        self.call("session/list", &serde_json::Map::new())
    }

    /// The display transcript, oldest first.
    ///
    /// Wire method `session/messages` (grant `sessions:read`).
    pub fn session_messages(
        &self,
        params: &SessionMessagesParams,
    ) -> Result<SessionMessagesResult> {
        self.call("session/messages", params)
    }

    /// End the live session, keeping its history resumable (a later prompt rehydrates it).
    ///
    /// Wire method `session/close` (grant `sessions:update`).
    pub fn session_close(&self, params: &SessionCloseParams) -> Result<SessionCloseResult> {
        self.call("session/close", params)
    }

    /// Cancel, then mark the session a tombstone: history kept, never rehydrated (a later prompt gets -32000).
    ///
    /// Cancellation is signalled first; then the storage step. If that fails on an idle session the call answers -32603 and the live session stays as it was.
    ///
    /// Wire method `session/kill` (grant `sessions:delete`).
    pub fn session_kill(&self, params: &SessionKillParams) -> Result<SessionKillResult> {
        self.call("session/kill", params)
    }

    /// Cancel, then delete the ACP session's rows and recoverable checkpoints, then remove the live session.
    ///
    /// Targets ACP storage: a live ACP session, or (with no live session of that id) its durable ACP rows. A live chat-mode session with the same id, and its rows, stay. If the storage step fails on an idle session the call answers -32603 and the live session stays.
    ///
    /// Wire method `session/delete` (grant `sessions:delete`).
    pub fn session_delete(&self, params: &SessionDeleteParams) -> Result<SessionDeleteResult> {
        self.call("session/delete", params)
    }

    /// Watch a session: this connection also gets every session/update of it, whoever runs the turn.
    ///
    /// The answer carries the turn running now, if any (`running_turn`: its prompt and every update already sent for it), and from the answer on, every session/update of the session is sent to this connection too, in the order the turn's own connection gets them; it may answer an approval_request with session/approve if it holds sessions:update (elicitation/create still goes to the turn's connection only). Subscribing twice is the same as once. The subscription ends with session/unsubscribe or with the connection. A subscriber that stops reading is never waited for: once its unread output passes sessions.max_watcher_buffer_bytes its subscription ends (session/update subscription_ended, reason lagging) and it may subscribe again. When policy changes (a pairing token revoked, a grant, profile or user edited) every subscription whose watcher may no longer read the session ends at once the same way (reason token_revoked, not_granted or session_not_owned); the turn and its own connection are not affected. Owner or admin only (-32003); a session that is neither live nor stored is -32000.
    ///
    /// Wire method `session/subscribe` (grant `sessions:read`).
    pub fn session_subscribe(
        &self,
        params: &SessionSubscribeParams,
    ) -> Result<SessionSubscribeResult> {
        self.call("session/subscribe", params)
    }

    /// Stop watching a session.
    ///
    /// Ends this connection's subscription to the session; answering for a session this connection does not watch is not an error. Same ownership rules as session/subscribe.
    ///
    /// Wire method `session/unsubscribe` (grant `sessions:read`).
    pub fn session_unsubscribe(
        &self,
        params: &SessionUnsubscribeParams,
    ) -> Result<SessionUnsubscribeResult> {
        self.call("session/unsubscribe", params)
    }

    /// Store whole files (base64, one frame) in the session's workspace, deduplicated per session.
    ///
    /// The same store step as file/upload/commit, with the same ownership and agent rules. A whole file in one frame hits the frame limit well before the per-file limit: use uploads for big files.
    ///
    /// Wire method `file/attach` (grant `files:create`).
    pub fn file_attach(&self, params: &FileAttachParams) -> Result<FileAttachResult> {
        self.call("file/attach", params)
    }

    /// Start a chunked upload bound to this connection and this live session.
    ///
    /// Checks files:create (dispatcher), ownership and agent rights. Refused: size over max_bytes (-32602 file_too_large), a filename over 255 UTF-8 bytes (filename_too_long), a fifth staged upload on the connection (-32031 connection_uploads), no room in the staging budget even after reclaiming idle uploads (-32031 budget).
    ///
    /// Wire method `file/upload/begin` (grant `files:create`, local socket only).
    pub fn file_upload_begin(
        &self,
        params: &FileUploadBeginParams,
    ) -> Result<FileUploadBeginResult> {
        self.call("file/upload/begin", params)
    }

    /// Send the next chunk; offset must equal the bytes received so far.
    ///
    /// An identical re-send of an accepted chunk is acknowledged unchanged (retry after a lost response). A refused chunk leaves the upload as it was.
    ///
    /// Wire method `file/upload/chunk` (grant `files:create`, local socket only).
    pub fn file_upload_chunk(
        &self,
        params: &FileUploadChunkParams,
    ) -> Result<FileUploadChunkResult> {
        self.call("file/upload/chunk", params)
    }

    /// Store the upload once every declared byte arrived (and a declared sha256 matches).
    ///
    /// In one step under the session lock: the session must still be the same live session; the caller's credential, files:create, ownership and agent rights are checked against the policy in force now; only then is the file written and indexed. A refused commit leaves the upload staged; a successful one frees its slot.
    ///
    /// Wire method `file/upload/commit` (grant `files:create`, local socket only).
    pub fn file_upload_commit(
        &self,
        params: &FileUploadCommitParams,
    ) -> Result<FileUploadCommitResult> {
        self.call("file/upload/commit", params)
    }

    /// Daemon → client notification: one incremental event of a running turn.
    ///
    /// Sent to the connection running the turn, and to every connection subscribed to the session (session/subscribe) in the same order. Every update of a turn is written before that turn's session/prompt response. In the zeroclaw dialect (SPEC §13) the params are ZeroclawSessionUpdateParams instead: the snake_case members zeroclaw's own daemon sends (session_id, tool_call_id, raw_input, raw_output as the text the model is told, request_id, tool_name, arguments_summary, timeout_secs, dropped_messages, kept_turns, reason), with no camelCase duplicates and no turnId. Each connection gets every update in its own dialect, a watcher's included. A watcher whose right to the session lapses (token revoked, grant or ownership lost) or whose unread output passes sessions.max_watcher_buffer_bytes gets one subscription_ended and nothing more of that session.
    ///
    /// Sets the handler for the daemon → client notification `session/update` (replacing any earlier one). It runs on the reader thread, in wire order, so keep it short.
    pub fn on_session_update<F>(&self, handler: F)
    where
        F: Fn(SessionUpdateParams) + Send + Sync + 'static,
    {
        self.set_notification_handler("session/update", move |params| {
            handler(serde_json::from_value::<SessionUpdateParams>(params)?);
            Ok(())
        });
    }

    /// Every `session/update` from now on, in wire order, on a channel (replaces any `on_session_update` handler). What the daemon writes before an answer is queued before that call returns.
    pub fn subscribe_session_update(&self) -> mpsc::Receiver<SessionUpdateParams> {
        let (tx, rx) = mpsc::channel();
        let tx = Mutex::new(tx);
        self.on_session_update(move |params| {
            if let Ok(tx) = tx.lock() {
                let _ = tx.send(params);
            }
        });
        rx
    }

    /// Daemon → client request: ask the user a question (the ask_user tool).
    ///
    /// Sent only to a connection that advertised clientCapabilities.elicitation. If the client never answers, the tool keeps its own timeout. The same shape in both dialects, the one zeroclaw's own daemon sends and zerocode renders: mode is always form, and requestedSchema is one of three forms. One choice: {type: object, properties: {choice: {type: string, oneOf: \[{const: "choice-0", title: \<first choice>}, …\]}}, required: \[choice\]}, answered {choice: "choice-\<i>"}. Several choices: {properties: {choices: {type: array, items: {anyOf: \[{const, title}, …\]}, minItems, maxItems}}}, answered {choices: \["choice-\<i>", …\]}. Free text: {properties: {answer: {type: string}}}, answered {answer: \<text>}. The daemon maps a choice-\<i> back to the i-th choice's text before the tool sees it. Correlated like every request (SPEC §3): only a response carrying exactly this request's id, on this connection, settles it, whatever else is pending and in whatever order the client answers; a result (null included) settles it at once as the client's answer, an error response as a failure that never reaches the tool as an acceptance; a response after the tool gave up (sessions.ask_user_timeout_ms) is ignored and never answered. The tool's output, which the tool_result update shows as rawOutput, carries the answer.
    ///
    /// Sets the handler for the daemon → client request `elicitation/create` (replacing any earlier one). It runs on a thread of its own, so it may call this client; until one is set the request is answered -32601.
    pub fn handle_elicitation_create<F>(&self, handler: F)
    where
        F: Fn(ElicitationCreateParams) -> ElicitationCreateResult + Send + Sync + 'static,
    {
        self.set_request_handler("elicitation/create", move |params| {
            let params = serde_json::from_value::<ElicitationCreateParams>(params)?;
            serde_json::to_value(handler(params))
        });
    }
}
