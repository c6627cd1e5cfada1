# Generated from openrpc.json by codegen/ — do not edit. Run `npm run generate`.
"""The protocol's methods, as the coroutines and hooks of ``ClientMethods``.

``ZeroclawClient`` (client.py) supplies the four transport primitives; everything here is derived
from openrpc.json.
"""

from __future__ import annotations

import abc
from collections.abc import Awaitable, Callable
from typing import Any, TypeAlias

from . import _codec as _c
from ._generated_types import (
    AgentsStatusParams,
    AgentsStatusResult,
    ApprovalDecision,
    AttachedFile,
    ClientCapabilities,
    ClientInfo,
    ConfigEntry,
    ConfigGetParams,
    ConfigGetResult,
    ConfigProp,
    ConfigSetManyParams,
    ConfigSetManyResult,
    ConfigSetParams,
    ConfigSetResult,
    DashboardLoginParams,
    DashboardLoginResult,
    ElicitationCreateParams,
    ElicitationCreateResult,
    FileAttachParams,
    FileAttachResult,
    FileEntry,
    FileUploadBeginParams,
    FileUploadBeginResult,
    FileUploadChunkParams,
    FileUploadChunkResult,
    FileUploadCommitParams,
    FileUploadCommitResult,
    HealthParams,
    HealthResult,
    InitializeParams,
    InitializeResult,
    PairingCreateParams,
    PairingCreateResult,
    PairingListParams,
    PairingListResult,
    PairingRevokeParams,
    PairingRevokeResult,
    ProtocolVersion,
    RpcDiscoverParams,
    RpcDiscoverResult,
    SessionApproveParams,
    SessionApproveResult,
    SessionCancelParams,
    SessionCancelResult,
    SessionCloseParams,
    SessionCloseResult,
    SessionDeleteParams,
    SessionDeleteResult,
    SessionKillParams,
    SessionKillResult,
    SessionListParams,
    SessionListResult,
    SessionMessagesParams,
    SessionMessagesResult,
    SessionMode,
    SessionNewParams,
    SessionNewResult,
    SessionPromptParams,
    SessionPromptResult,
    SessionSubscribeParams,
    SessionSubscribeResult,
    SessionUnsubscribeParams,
    SessionUnsubscribeResult,
    SessionUpdate,
    SessionUpdateParams,
    Sha256Hex,
    StatusParams,
    StatusResult,
    decode_session_update_params,
)

__all__ = [
    "ClientMethods",
    "ElicitationCreateHandler",
    "SessionUpdateListener",
]

SessionUpdateListener: TypeAlias = Callable[[SessionUpdate], Awaitable[None] | None]
ElicitationCreateHandler: TypeAlias = Callable[[ElicitationCreateParams], Awaitable[ElicitationCreateResult]]


class ClientMethods(abc.ABC):
    """Every method of the zeroclaw protocol, typed; subclassed by ``ZeroclawClient``."""

    __slots__ = ()

    @abc.abstractmethod
    async def _request(self, method: str, params: dict[str, Any]) -> Any:
        """Sends a request and returns its result (raising the typed error it failed with)."""

    @abc.abstractmethod
    async def _notify(self, method: str, params: dict[str, Any]) -> None:
        """Sends a notification."""

    @abc.abstractmethod
    def _serve(self, method: str, handler: Callable[[Any], Awaitable[Any]]) -> None:
        """Answers the daemon's requests for ``method`` with ``handler`` (wire params → wire result)."""

    @abc.abstractmethod
    def _listen(self, method: str, listener: Callable[[Any], Awaitable[None] | None]) -> Callable[[], None]:
        """Adds a listener for the daemon's ``method`` notifications; returns its remover."""

    async def initialize(
        self,
        *,
        protocolVersion: ProtocolVersion | None = None,
        protocol_version: ProtocolVersion | None = None,
        client_info: ClientInfo | None = None,
        client_capabilities: ClientCapabilities | None = None,
        auth_token: str | None = None,
        login_code: str | None = None,
        tui_id: Any = None,
        tui_sig: Any = None,
        env: dict[str, Any] | None = None,
    ) -> InitializeResult:
        """Open the session: negotiate the protocol version and authenticate the peer.

        Must be the first call on a connection. Until it succeeds every other known
        method answers -32010 (not_initialized) and notifications are dropped. It
        completes before any later frame of its connection is handled. A version other
        than 1 answers -32011 and leaves the connection open for a retry; a second
        initialize after success answers -32600 (already_initialized).
        `protocol_version` is accepted as an alias of `protocolVersion`. `auth_token` is
        for gateway peers only; on the local socket the OS controls access. The params
        also fix the connection's dialect (SPEC §13): `protocol_version` without
        `protocolVersion` (as zerocode sends it) is the zeroclaw dialect, whose result
        is ZeroclawInitializeResult — server_version is config compat.zeroclaw_version,
        no camelCase members; anything else is the seed dialect. Both carry
        `implementation`, what is really running. `login_code` (gateway peers only) is a
        one-time code from `dashboard/login` that signs the connection in as the
        principal that minted it. A gateway peer whose authentication fails (-32010
        auth_required, invalid_token, invalid_login_code or throttled) gets the error
        line and then the connection ends; wrong tokens and wrong login codes are
        guesses, throttled per remote address (gateway.auth_throttle). A connection
        whose pairing token is revoked later gets subscription_ended for each
        subscription, -32010 invalid_token on any call, and is closed within 1 s.

        No grant needed.

        Raises:
            InvalidRequestError: Invalid request (-32600).
            InvalidParamsError: Invalid params (-32602).
            NotInitializedError: Not initialized or not authenticated (-32010).
            VersionMismatchError: Unsupported protocol version (-32011).
        """
        params = InitializeParams(
            protocolVersion=protocolVersion,
            protocol_version=protocol_version,
            client_info=client_info,
            client_capabilities=client_capabilities,
            auth_token=auth_token,
            login_code=login_code,
            tui_id=tui_id,
            tui_sig=tui_sig,
            env=env,
        )
        result = await self._request("initialize", params.to_json())
        return InitializeResult.from_json(result)

    async def status(self) -> StatusResult:
        """Daemon health and counters.

        Also carries zerocode's members (active_sessions, config_dir, config_file,
        config_kind, local_ipc_endpoint) in both dialects. server_version is the
        implementation's own version in the seed dialect and config
        compat.zeroclaw_version in the zeroclaw dialect (ZeroclawStatusResult), like
        initialize's.

        Grant: ``system:read``.

        Raises:
            InvalidParamsError: Invalid params (-32602).
            NotInitializedError: Not initialized or not authenticated (-32010).
            ForbiddenError: Forbidden (-32012).
        """
        params = StatusParams()
        result = await self._request("status", params.to_json())
        return StatusResult.from_json(result)

    async def health(self) -> HealthResult:
        """Component and process health (zerocode's Dashboard and status line poll it).

        The same shape in both dialects. components holds at least rpc (the local socket
        listener), storage (the SQLite database, probed by this call) and gateway while
        the gateway runs; each is ok, error (last_error says why) or starting. process
        samples this daemon process; cpu_percent is the CPU it used since the previous
        health call, summed over cores (null on the first call). Times are RFC 3339.

        Grant: ``system:read``.

        Raises:
            InvalidParamsError: Invalid params (-32602).
            NotInitializedError: Not initialized or not authenticated (-32010).
            ForbiddenError: Forbidden (-32012).
        """
        params = HealthParams()
        result = await self._request("health", params.to_json())
        return HealthResult.from_json(result)

    async def agents_status(self) -> AgentsStatusResult:
        """The agents the caller may use, with their session counts (zerocode's Chat and
        Code panes start here).

        zerocode's Chat and Code panes call it before session/new, to pick an agent (one
        enabled agent is started at once, several are offered). Lists every configured
        agent the caller may use (allowed_agents); enabled is always true here (this
        daemon has no switch to disable an agent), live_sessions and persisted_sessions
        count the caller's visible sessions of that agent, channels is empty (this
        daemon has no messaging channels). The same shape in both dialects.

        Grant: ``system:read``.

        Raises:
            InvalidParamsError: Invalid params (-32602).
            NotInitializedError: Not initialized or not authenticated (-32010).
            ForbiddenError: Forbidden (-32012).
        """
        params = AgentsStatusParams()
        result = await self._request("agents/status", params.to_json())
        return AgentsStatusResult.from_json(result)

    async def rpc_discover(self) -> RpcDiscoverResult:
        """This OpenRPC document (OpenRPC service discovery).

        Grant: ``system:read``.

        Raises:
            InvalidParamsError: Invalid params (-32602).
            NotInitializedError: Not initialized or not authenticated (-32010).
            ForbiddenError: Forbidden (-32012).
        """
        params = RpcDiscoverParams()
        result = await self._request("rpc.discover", params.to_json())
        return RpcDiscoverResult.from_json(result)

    async def config_get(self, *, prop: ConfigProp | None = None) -> ConfigGetResult:
        """Read the live config, or one prop of it; secrets are masked as ****.

        Args:
            prop: A dotted path; absent: the whole config.

        Grant: ``config:read``.

        Raises:
            InvalidParamsError: Invalid params (-32602).
            NotInitializedError: Not initialized or not authenticated (-32010).
            ForbiddenError: Forbidden (-32012).
            InternalError: Internal error (-32603).
        """
        params = ConfigGetParams(prop=prop)
        result = await self._request("config/get", params.to_json())
        return ConfigGetResult.from_json(result)

    async def config_set(self, *, prop: ConfigProp, value: Any) -> ConfigSetResult:
        """Set one prop: the same staging, validation, authorization and durable write as
        config/set-many with one entry.

        Grant: ``config:update``.

        Raises:
            InvalidParamsError: Invalid params (-32602).
            NotInitializedError: Not initialized or not authenticated (-32010).
            ForbiddenError: Forbidden (-32012).
            InternalError: Internal error (-32603).
        """
        params = ConfigSetParams(prop=prop, value=value)
        result = await self._request("config/set", params.to_json())
        return ConfigSetResult.from_json(result)

    async def config_set_many(self, *, sets: list[ConfigEntry]) -> ConfigSetManyResult:
        """Set 1–256 props atomically: staged into one candidate, validated as a whole,
        committed with one durable write.

        Under the config write lock the caller's current permissions are resolved and
        every path checked before anything is staged (-32012 config_path_forbidden with
        the first forbidden index). Entries are staged in order, a later entry for the
        same prop wins; an invalid entry fails with invalid_entry and its 0-based index;
        a candidate invalid as a whole (a user without profiles or naming an unknown
        one, an agent naming an unknown provider, a provider that cannot be built) fails
        with invalid_config. Derived provider/model views are built from the candidate
        before the write and installed after it. Nothing changes unless everything
        succeeds.

        Grant: ``config:update``.

        Raises:
            InvalidParamsError: Invalid params (-32602).
            NotInitializedError: Not initialized or not authenticated (-32010).
            ForbiddenError: Forbidden (-32012).
            InternalError: Internal error (-32603).
        """
        params = ConfigSetManyParams(sets=sets)
        result = await self._request("config/set-many", params.to_json())
        return ConfigSetManyResult.from_json(result)

    async def pairing_create(
        self,
        *,
        user: str,
        label: str | None = None,
    ) -> PairingCreateResult:
        """Create a pairing token for a configured user; the token is shown once and stored
        hashed.

        Grant: ``pairing:manage``.

        Local connections only: a gateway peer gets ``ForbiddenError`` (``local_only``).

        Raises:
            InvalidParamsError: Invalid params (-32602).
            NotInitializedError: Not initialized or not authenticated (-32010).
            ForbiddenError: Forbidden (-32012).
            InternalError: Internal error (-32603).
        """
        params = PairingCreateParams(user=user, label=label)
        result = await self._request("pairing/create", params.to_json())
        return PairingCreateResult.from_json(result)

    async def pairing_revoke(self, *, token_id: str) -> PairingRevokeResult:
        """Revoke a pairing token; a gateway connection using it fails its next call with
        -32010.

        Grant: ``pairing:manage``.

        Local connections only: a gateway peer gets ``ForbiddenError`` (``local_only``).

        Raises:
            InvalidParamsError: Invalid params (-32602).
            NotInitializedError: Not initialized or not authenticated (-32010).
            ForbiddenError: Forbidden (-32012).
            InternalError: Internal error (-32603).
        """
        params = PairingRevokeParams(token_id=token_id)
        result = await self._request("pairing/revoke", params.to_json())
        return PairingRevokeResult.from_json(result)

    async def pairing_list(self) -> PairingListResult:
        """The active pairing tokens (never the tokens themselves).

        Grant: ``pairing:manage``.

        Raises:
            InvalidParamsError: Invalid params (-32602).
            NotInitializedError: Not initialized or not authenticated (-32010).
            ForbiddenError: Forbidden (-32012).
        """
        params = PairingListParams()
        result = await self._request("pairing/list", params.to_json())
        return PairingListResult.from_json(result)

    async def dashboard_login(self) -> DashboardLoginResult:
        """Mint a one-time login code that signs a dashboard (over the gateway) in as the
        caller.

        For the owner at the daemon's machine: opening the returned url signs the page
        in as the calling principal with no profile, user or pairing token. The code is
        single use and valid for gateway.login_code_ttl_ms (60 s); a connection signed
        in with it keeps the caller's credential, so its rights follow policy changes
        like the caller's. Local socket only; owner or admin only (-32012
        admin_required).

        Grant: ``pairing:manage``.

        Local connections only: a gateway peer gets ``ForbiddenError`` (``local_only``).

        Raises:
            InvalidParamsError: Invalid params (-32602).
            NotInitializedError: Not initialized or not authenticated (-32010).
            ForbiddenError: Forbidden (-32012).
        """
        params = DashboardLoginParams()
        result = await self._request("dashboard/login", params.to_json())
        return DashboardLoginResult.from_json(result)

    async def session_new(
        self,
        *,
        agent: str | None = None,
        mode: SessionMode | None = None,
        cwd: str | None = None,
        session_id: str | None = None,
        agent_alias: str | None = None,
        chat_mode: SessionMode | None = None,
        tui_id: Any = None,
        exclude_memory: Any = None,
        keep_siblings: Any = None,
    ) -> SessionNewResult:
        """Create a live agent session owned by the caller.

        The agent must exist and be allowed to the caller (allowed_agents).
        workspace_dir is cwd when given (an existing directory), else
        <data_dir>/workspaces/<session_id>. A session_id that already exists in the same
        mode is refused. A member given as null counts as absent (zerocode sends
        session_id, cwd and tui_id as null). In the zeroclaw dialect a session_id naming
        an existing session the caller owns reattaches to it instead (a closed one is
        rehydrated; its cwd and agent stay its own, message_count counts its
        transcript), and the result is checked as ZeroclawSessionNewResult.

        Args:
            agent: Agent alias; default "default" (or agent_alias when only that is
            given).
            cwd: Absolute path of an existing directory to work in (symlinks resolved).
            Admins may name any directory outside the data dir; other principals only
            one inside their profiles' workspace_roots, and never another session's
            workspace: -32012 cwd_forbidden otherwise.
            session_id: 1–128 of A-Z a-z 0-9 _ . -, not starting with a dot (so never .
            or ..). Default: a random s_<hex>.
            agent_alias: zerocode's name for agent (agent wins when both are given).
            chat_mode: zerocode's name for mode (mode wins when both are given).
            tui_id: zerocode's terminal id. Accepted and ignored (zerocode sends it).
            exclude_memory: zerocode's memory switch. Accepted and ignored (zerocode
            sends it).
            keep_siblings: zerocode's sibling switch. Accepted and ignored (zerocode
            sends it).

        Grant: ``sessions:create``.

        Raises:
            InvalidParamsError: Invalid params (-32602).
            NotInitializedError: Not initialized or not authenticated (-32010).
            ForbiddenError: Forbidden (-32012).
            SessionLimitReachedError: Session limit reached (-32001).
            InternalError: Internal error (-32603).
        """
        params = SessionNewParams(
            agent=agent,
            mode=mode,
            cwd=cwd,
            session_id=session_id,
            agent_alias=agent_alias,
            chat_mode=chat_mode,
            tui_id=tui_id,
            exclude_memory=exclude_memory,
            keep_siblings=keep_siblings,
        )
        result = await self._request("session/new", params.to_json())
        return SessionNewResult.from_json(result)

    async def session_prompt(
        self,
        *,
        session_id: str,
        prompt: str,
        attachments: list[str] | None = None,
    ) -> SessionPromptResult:
        """Run one turn; session/update notifications stream its progress, the result comes
        at turn end.

        One turn at a time per session (-32002 otherwise). A closed session is
        rehydrated first (recovering an interrupted turn with one visible marker).
        Cancellation (session/cancel, session/kill, the starting connection closing, a
        write stall) ends the turn with outcome cancelled, never an error; a provider
        failure ends it with outcome failed and a clear content. Every update of the
        turn is written before this response. Also accepted as a notification (zerocode
        sends it so): the turn runs exactly the same, its turn_complete update is the
        only result, and a prompt refused before its turn starts gets one session/update
        turn_complete with outcome failed, turnId null and error {code, data}. In the
        zeroclaw dialect that refusal is {session_id, type: turn_complete, outcome:
        failed, content: the error message}: session_id is the id sent ("" when no
        string was sent), and there is no turnId or error member.

        Args:
            attachments: ref_ids (sha256:<hex>) of files stored in this session.

        Grant: ``sessions:execute``.

        Raises:
            InvalidParamsError: Invalid params (-32602).
            NotInitializedError: Not initialized or not authenticated (-32010).
            ForbiddenError: Forbidden (-32012).
            SessionNotFoundError: Session not found (-32000).
            SessionNotOwnedError: Session not owned (-32003).
            InternalError: Internal error (-32603).
            SessionBusyError: Session busy (-32002).
            SessionLimitReachedError: Session limit reached (-32001).
        """
        params = SessionPromptParams(
            session_id=session_id,
            prompt=prompt,
            attachments=attachments,
        )
        result = await self._request("session/prompt", params.to_json())
        return SessionPromptResult.from_json(result)

    async def session_cancel(self, *, session_id: str) -> SessionCancelResult:
        """Cancel the running turn; it ends with outcome cancelled.

        Grant: ``sessions:update``.

        Raises:
            InvalidParamsError: Invalid params (-32602).
            NotInitializedError: Not initialized or not authenticated (-32010).
            ForbiddenError: Forbidden (-32012).
            SessionNotFoundError: Session not found (-32000).
            SessionNotOwnedError: Session not owned (-32003).
            InternalError: Internal error (-32603).
        """
        params = SessionCancelParams(session_id=session_id)
        result = await self._request("session/cancel", params.to_json())
        return SessionCancelResult.from_json(result)

    async def session_approve(
        self,
        *,
        session_id: str,
        request_id: str,
        decision: ApprovalDecision,
        replacement: str | None = None,
    ) -> SessionApproveResult:
        """Answer an approval_request.

        reject_once is zerocode's spelling of reject. reject_with_edit with
        `replacement` asks for the call to run with other input instead: a tool whose
        input cannot be edited (every tool this daemon offers: bash, ask_user) is
        rejected, and its tool result says the edit was not applied and carries the
        replacement, so the model sees what the user wanted.

        Args:
            replacement: With reject_with_edit: the input the user wants instead.
            Ignored otherwise.

        Grant: ``sessions:update``.

        Raises:
            InvalidParamsError: Invalid params (-32602).
            NotInitializedError: Not initialized or not authenticated (-32010).
            ForbiddenError: Forbidden (-32012).
            SessionNotFoundError: Session not found (-32000).
            SessionNotOwnedError: Session not owned (-32003).
            InternalError: Internal error (-32603).
        """
        params = SessionApproveParams(
            session_id=session_id,
            request_id=request_id,
            decision=decision,
            replacement=replacement,
        )
        result = await self._request("session/approve", params.to_json())
        return SessionApproveResult.from_json(result)

    async def session_list(self) -> SessionListResult:
        """The caller's sessions, live and persisted (an admin sees all).

        Grant: ``sessions:read``.

        Raises:
            InvalidParamsError: Invalid params (-32602).
            NotInitializedError: Not initialized or not authenticated (-32010).
            ForbiddenError: Forbidden (-32012).
            InternalError: Internal error (-32603).
        """
        params = SessionListParams()
        result = await self._request("session/list", params.to_json())
        return SessionListResult.from_json(result)

    async def session_messages(
        self,
        *,
        session_id: str,
        after_seq: int | None = None,
        limit: int | None = None,
    ) -> SessionMessagesResult:
        """The display transcript, oldest first.

        Grant: ``sessions:read``.

        Raises:
            InvalidParamsError: Invalid params (-32602).
            NotInitializedError: Not initialized or not authenticated (-32010).
            ForbiddenError: Forbidden (-32012).
            SessionNotFoundError: Session not found (-32000).
            SessionNotOwnedError: Session not owned (-32003).
            InternalError: Internal error (-32603).
        """
        params = SessionMessagesParams(
            session_id=session_id,
            after_seq=after_seq,
            limit=limit,
        )
        result = await self._request("session/messages", params.to_json())
        return SessionMessagesResult.from_json(result)

    async def session_close(self, *, session_id: str) -> SessionCloseResult:
        """End the live session, keeping its history resumable (a later prompt rehydrates
        it).

        Grant: ``sessions:update``.

        Raises:
            InvalidParamsError: Invalid params (-32602).
            NotInitializedError: Not initialized or not authenticated (-32010).
            ForbiddenError: Forbidden (-32012).
            SessionNotFoundError: Session not found (-32000).
            SessionNotOwnedError: Session not owned (-32003).
            InternalError: Internal error (-32603).
        """
        params = SessionCloseParams(session_id=session_id)
        result = await self._request("session/close", params.to_json())
        return SessionCloseResult.from_json(result)

    async def session_kill(self, *, session_id: str) -> SessionKillResult:
        """Cancel, then mark the session a tombstone: history kept, never rehydrated (a
        later prompt gets -32000).

        Cancellation is signalled first; then the storage step. If that fails on an idle
        session the call answers -32603 and the live session stays as it was.

        Grant: ``sessions:delete``.

        Raises:
            InvalidParamsError: Invalid params (-32602).
            NotInitializedError: Not initialized or not authenticated (-32010).
            ForbiddenError: Forbidden (-32012).
            SessionNotFoundError: Session not found (-32000).
            SessionNotOwnedError: Session not owned (-32003).
            InternalError: Internal error (-32603).
        """
        params = SessionKillParams(session_id=session_id)
        result = await self._request("session/kill", params.to_json())
        return SessionKillResult.from_json(result)

    async def session_delete(self, *, session_id: str) -> SessionDeleteResult:
        """Cancel, then delete the ACP session's rows and recoverable checkpoints, then
        remove the live session.

        Targets ACP storage: a live ACP session, or (with no live session of that id)
        its durable ACP rows. A live chat-mode session with the same id, and its rows,
        stay. If the storage step fails on an idle session the call answers -32603 and
        the live session stays.

        Grant: ``sessions:delete``.

        Raises:
            InvalidParamsError: Invalid params (-32602).
            NotInitializedError: Not initialized or not authenticated (-32010).
            ForbiddenError: Forbidden (-32012).
            SessionNotFoundError: Session not found (-32000).
            SessionNotOwnedError: Session not owned (-32003).
            InternalError: Internal error (-32603).
        """
        params = SessionDeleteParams(session_id=session_id)
        result = await self._request("session/delete", params.to_json())
        return SessionDeleteResult.from_json(result)

    async def session_subscribe(self, *, session_id: str) -> SessionSubscribeResult:
        """Watch a session: this connection also gets every session/update of it, whoever
        runs the turn.

        The answer carries the turn running now, if any (`running_turn`: its prompt and
        every update already sent for it), and from the answer on, every session/update
        of the session is sent to this connection too, in the order the turn's own
        connection gets them; it may answer an approval_request with session/approve if
        it holds sessions:update (elicitation/create still goes to the turn's connection
        only). Subscribing twice is the same as once. The subscription ends with
        session/unsubscribe or with the connection. A subscriber that stops reading is
        never waited for: once its unread output passes
        sessions.max_watcher_buffer_bytes its subscription ends (session/update
        subscription_ended, reason lagging) and it may subscribe again. When policy
        changes (a pairing token revoked, a grant, profile or user edited) every
        subscription whose watcher may no longer read the session ends at once the same
        way (reason token_revoked, not_granted or session_not_owned); the turn and its
        own connection are not affected. Owner or admin only (-32003); a session that is
        neither live nor stored is -32000.

        Grant: ``sessions:read``.

        Raises:
            InvalidParamsError: Invalid params (-32602).
            NotInitializedError: Not initialized or not authenticated (-32010).
            ForbiddenError: Forbidden (-32012).
            SessionNotFoundError: Session not found (-32000).
            SessionNotOwnedError: Session not owned (-32003).
            InternalError: Internal error (-32603).
        """
        params = SessionSubscribeParams(session_id=session_id)
        result = await self._request("session/subscribe", params.to_json())
        return SessionSubscribeResult.from_json(result)

    async def session_unsubscribe(self, *, session_id: str) -> SessionUnsubscribeResult:
        """Stop watching a session.

        Ends this connection's subscription to the session; answering for a session this
        connection does not watch is not an error. Same ownership rules as
        session/subscribe.

        Grant: ``sessions:read``.

        Raises:
            InvalidParamsError: Invalid params (-32602).
            NotInitializedError: Not initialized or not authenticated (-32010).
            ForbiddenError: Forbidden (-32012).
            SessionNotFoundError: Session not found (-32000).
            SessionNotOwnedError: Session not owned (-32003).
            InternalError: Internal error (-32603).
        """
        params = SessionUnsubscribeParams(session_id=session_id)
        result = await self._request("session/unsubscribe", params.to_json())
        return SessionUnsubscribeResult.from_json(result)

    async def file_attach(
        self,
        *,
        session_id: str,
        files: list[AttachedFile],
    ) -> FileAttachResult:
        """Store whole files (base64, one frame) in the session's workspace, deduplicated
        per session.

        The same store step as file/upload/commit, with the same ownership and agent
        rules. A whole file in one frame hits the frame limit well before the per-file
        limit: use uploads for big files.

        Grant: ``files:create``.

        Raises:
            InvalidParamsError: Invalid params (-32602).
            NotInitializedError: Not initialized or not authenticated (-32010).
            ForbiddenError: Forbidden (-32012).
            SessionNotFoundError: Session not found (-32000).
            SessionNotOwnedError: Session not owned (-32003).
            InternalError: Internal error (-32603).
        """
        params = FileAttachParams(session_id=session_id, files=files)
        result = await self._request("file/attach", params.to_json())
        return FileAttachResult.from_json(result)

    async def file_upload_begin(
        self,
        *,
        session_id: str,
        size_bytes: int,
        filename: str | None = None,
        sha256: Sha256Hex | None = None,
    ) -> FileUploadBeginResult:
        """Start a chunked upload bound to this connection and this live session.

        Checks files:create (dispatcher), ownership and agent rights. Refused: size over
        max_bytes (-32602 file_too_large), a filename over 255 UTF-8 bytes
        (filename_too_long), a fifth staged upload on the connection (-32031
        connection_uploads), no room in the staging budget even after reclaiming idle
        uploads (-32031 budget).

        Grant: ``files:create``.

        Local connections only: a gateway peer gets ``ForbiddenError`` (``local_only``).

        Raises:
            InvalidParamsError: Invalid params (-32602).
            NotInitializedError: Not initialized or not authenticated (-32010).
            ForbiddenError: Forbidden (-32012).
            SessionNotFoundError: Session not found (-32000).
            SessionNotOwnedError: Session not owned (-32003).
            InternalError: Internal error (-32603).
            UploadLimitError: Upload limit reached (-32031).
        """
        params = FileUploadBeginParams(
            session_id=session_id,
            size_bytes=size_bytes,
            filename=filename,
            sha256=sha256,
        )
        result = await self._request("file/upload/begin", params.to_json())
        return FileUploadBeginResult.from_json(result)

    async def file_upload_chunk(
        self,
        *,
        upload_id: str,
        offset: int,
        data_b64: str,
    ) -> FileUploadChunkResult:
        """Send the next chunk; offset must equal the bytes received so far.

        An identical re-send of an accepted chunk is acknowledged unchanged (retry after
        a lost response). A refused chunk leaves the upload as it was.

        Grant: ``files:create``.

        Local connections only: a gateway peer gets ``ForbiddenError`` (``local_only``).

        Raises:
            InvalidParamsError: Invalid params (-32602).
            NotInitializedError: Not initialized or not authenticated (-32010).
            ForbiddenError: Forbidden (-32012).
            UploadNotFoundError: Upload not found (-32030).
            UploadOffsetMismatchError: Upload offset mismatch (-32032).
        """
        params = FileUploadChunkParams(
            upload_id=upload_id,
            offset=offset,
            data_b64=data_b64,
        )
        result = await self._request("file/upload/chunk", params.to_json())
        return FileUploadChunkResult.from_json(result)

    async def file_upload_commit(self, *, upload_id: str) -> FileUploadCommitResult:
        """Store the upload once every declared byte arrived (and a declared sha256
        matches).

        In one step under the session lock: the session must still be the same live
        session; the caller's credential, files:create, ownership and agent rights are
        checked against the policy in force now; only then is the file written and
        indexed. A refused commit leaves the upload staged; a successful one frees its
        slot.

        Grant: ``files:create``.

        Local connections only: a gateway peer gets ``ForbiddenError`` (``local_only``).

        Raises:
            InvalidParamsError: Invalid params (-32602).
            NotInitializedError: Not initialized or not authenticated (-32010).
            ForbiddenError: Forbidden (-32012).
            UploadNotFoundError: Upload not found (-32030).
            UploadIncompleteError: Upload incomplete (-32033).
            UploadHashMismatchError: Upload hash mismatch (-32034).
            SessionNotFoundError: Session not found (-32000).
            SessionNotOwnedError: Session not owned (-32003).
            InternalError: Internal error (-32603).
        """
        params = FileUploadCommitParams(upload_id=upload_id)
        result = await self._request("file/upload/commit", params.to_json())
        return FileEntry.from_json(result)

    def on_session_update(self, listener: SessionUpdateListener) -> Callable[[], None]:
        """Calls ``listener`` with every ``session/update`` notification, decoded, in
        arrival order.

        Daemon → client notification: one incremental event of a running turn.

        Sent to the connection running the turn, and to every connection subscribed to
        the session (session/subscribe) in the same order. Every update of a turn is
        written before that turn's session/prompt response. In the zeroclaw dialect
        (SPEC §13) the params are ZeroclawSessionUpdateParams instead: the snake_case
        members zeroclaw's own daemon sends (session_id, tool_call_id, raw_input,
        raw_output as the text the model is told, request_id, tool_name,
        arguments_summary, timeout_secs, dropped_messages, kept_turns, reason), with no
        camelCase duplicates and no turnId. Each connection gets every update in its own
        dialect, a watcher's included. A watcher whose right to the session lapses
        (token revoked, grant or ownership lost) or whose unread output passes
        sessions.max_watcher_buffer_bytes gets one subscription_ended and nothing more
        of that session.

        Listeners run on the connection's reader, before any later message is read: a
        coroutine listener is awaited there, so it must not wait on a call to the
        daemon. Returns a function that removes the listener.
        """
        decode = decode_session_update_params
        return self._listen("session/update", lambda params: listener(decode(params)))

    def on_elicitation_create(self, handler: ElicitationCreateHandler) -> ElicitationCreateHandler:
        """Answers the daemon's ``elicitation/create`` requests with ``handler`` (replacing
        any earlier one).

        Daemon → client request: ask the user a question (the ask_user tool).

        Sent only to a connection that advertised clientCapabilities.elicitation. If the
        client never answers, the tool keeps its own timeout. The same shape in both
        dialects, the one zeroclaw's own daemon sends and zerocode renders: mode is
        always form, and requestedSchema is one of three forms. One choice: {type:
        object, properties: {choice: {type: string, oneOf: [{const: "choice-0", title:
        <first choice>}, …]}}, required: [choice]}, answered {choice: "choice-<i>"}.
        Several choices: {properties: {choices: {type: array, items: {anyOf: [{const,
        title}, …]}, minItems, maxItems}}}, answered {choices: ["choice-<i>", …]}. Free
        text: {properties: {answer: {type: string}}}, answered {answer: <text>}. The
        daemon maps a choice-<i> back to the i-th choice's text before the tool sees it.
        Correlated like every request (SPEC §3): only a response carrying exactly this
        request's id, on this connection, settles it, whatever else is pending and in
        whatever order the client answers; a result (null included) settles it at once
        as the client's answer, an error response as a failure that never reaches the
        tool as an acceptance; a response after the tool gave up
        (sessions.ask_user_timeout_ms) is ignored and never answered. The tool's output,
        which the tool_result update shows as rawOutput, carries the answer.

        The handler gets the decoded params and returns the result; raising a
        ``ZeroclawError`` answers with that error. Returns the handler, so this works as
        a decorator.
        """
        decode = ElicitationCreateParams.from_json

        async def serve(params: Any) -> Any:
            result = await handler(decode(params))
            return result.to_json()

        self._serve("elicitation/create", serve)
        return handler
