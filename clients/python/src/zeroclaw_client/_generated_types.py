# Generated from openrpc.json by codegen/ — do not edit. Run `npm run generate`.
"""Wire types of the zeroclaw daemon protocol.

Every object is a dataclass: ``from_json`` decodes (and checks) a wire object, leaving out members
it does not declare; ``to_json`` gives the wire object back, without the optional members left at
``None``. Attributes are snake_case; the wire names are in the methods.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Self, TypeAlias

from . import _codec as _c

__all__ = [
    "AdminRequiredData",
    "AgentBashConfig",
    "AgentConfig",
    "AgentNotAllowedData",
    "AgentStatus",
    "AgentToolsConfig",
    "AgentsStatusParams",
    "AgentsStatusResult",
    "AlreadyInitializedData",
    "ApprovalDecision",
    "AttachedFile",
    "AuthRequiredData",
    "BashToolConfig",
    "BudgetData",
    "ChunkTooLargeData",
    "ClientCapabilities",
    "ClientCapabilitiesElicitation",
    "ClientInfo",
    "CompatConfig",
    "Config",
    "ConfigEntry",
    "ConfigGetParams",
    "ConfigGetResult",
    "ConfigPathForbiddenData",
    "ConfigProp",
    "ConfigSetManyParams",
    "ConfigSetManyResult",
    "ConfigSetParams",
    "ConfigSetResult",
    "ConnectionLimitData",
    "ConnectionUploadsData",
    "CwdForbiddenData",
    "DaemonCommand",
    "DashboardLoginParams",
    "DashboardLoginResult",
    "Dialect",
    "ElicitationCreateParams",
    "ElicitationCreateResult",
    "ExceedsDeclaredSizeData",
    "FileAttachParams",
    "FileAttachResult",
    "FileEntry",
    "FileTooLargeData",
    "FileUploadBeginParams",
    "FileUploadBeginResult",
    "FileUploadChunkParams",
    "FileUploadChunkResult",
    "FileUploadCommitParams",
    "FileUploadCommitResult",
    "FilenameTooLongData",
    "FilesConfig",
    "ForbiddenErrorData",
    "FrameTimeoutData",
    "FrameTooLargeData",
    "GatewayAuthThrottle",
    "GatewayConfig",
    "Grant",
    "HashMismatchData",
    "HealthComponent",
    "HealthParams",
    "HealthProcess",
    "HealthResult",
    "HealthStatus",
    "Implementation",
    "InitializeParams",
    "InitializeResult",
    "InternalErrorData",
    "InvalidConfigData",
    "InvalidEntryData",
    "InvalidLoginCodeData",
    "InvalidParamsData",
    "InvalidParamsErrorData",
    "InvalidRequestData",
    "InvalidRequestErrorData",
    "InvalidTokenData",
    "LocalOnlyData",
    "MethodNotFoundData",
    "NoRunningTurnData",
    "NotGrantedData",
    "NotInitializedData",
    "NotInitializedErrorData",
    "OffsetMismatchData",
    "PairingCreateParams",
    "PairingCreateResult",
    "PairingListParams",
    "PairingListResult",
    "PairingRevokeParams",
    "PairingRevokeResult",
    "PairingToken",
    "ParamError",
    "ParseErrorData",
    "PermissionProfile",
    "Principal",
    "ProtocolVersion",
    "ProviderConfig",
    "RpcConfig",
    "RpcDiscoverParams",
    "RpcDiscoverResult",
    "RpcDiscoverResultMethodsItem",
    "RunningTurn",
    "SecurityConfig",
    "SessionApproveParams",
    "SessionApproveResult",
    "SessionBusyData",
    "SessionCancelParams",
    "SessionCancelResult",
    "SessionCloseParams",
    "SessionCloseResult",
    "SessionDeleteParams",
    "SessionDeleteResult",
    "SessionInfo",
    "SessionKillParams",
    "SessionKillResult",
    "SessionKilledData",
    "SessionLimitData",
    "SessionListParams",
    "SessionListResult",
    "SessionMessagesParams",
    "SessionMessagesResult",
    "SessionMode",
    "SessionNewParams",
    "SessionNewResult",
    "SessionNotFoundData",
    "SessionNotFoundErrorData",
    "SessionNotOwnedData",
    "SessionPromptParams",
    "SessionPromptResult",
    "SessionState",
    "SessionSubscribeParams",
    "SessionSubscribeResult",
    "SessionUnsubscribeParams",
    "SessionUnsubscribeResult",
    "SessionUpdate",
    "SessionUpdateAgentMessageChunk",
    "SessionUpdateAgentThoughtChunk",
    "SessionUpdateApprovalRequest",
    "SessionUpdateHistoryTrimmed",
    "SessionUpdateParams",
    "SessionUpdateSubscriptionEnded",
    "SessionUpdateToolCall",
    "SessionUpdateToolResult",
    "SessionUpdateTurnComplete",
    "SessionUpdateTurnCompleteError",
    "SessionUpdateType",
    "SessionsConfig",
    "Sha256Hex",
    "StatusParams",
    "StatusResult",
    "StatusResultConnections",
    "StatusResultSessions",
    "StatusResultTools",
    "StopReason",
    "StorageConfig",
    "SubscriptionEndReason",
    "ThrottledData",
    "ToolsConfig",
    "TranscriptKind",
    "TranscriptMessage",
    "TranscriptRole",
    "TurnOutcome",
    "UnknownPeerData",
    "UploadIncompleteData",
    "UploadLimitErrorData",
    "UploadNotFoundData",
    "UserConfig",
    "VersionMismatchData",
    "ZeroclawInitializeResult",
    "ZeroclawRunningTurn",
    "ZeroclawSessionNewResult",
    "ZeroclawSessionSubscribeResult",
    "ZeroclawSessionUpdateAgentMessageChunk",
    "ZeroclawSessionUpdateAgentThoughtChunk",
    "ZeroclawSessionUpdateApprovalRequest",
    "ZeroclawSessionUpdateHistoryTrimmed",
    "ZeroclawSessionUpdateParams",
    "ZeroclawSessionUpdateSubscriptionEnded",
    "ZeroclawSessionUpdateToolCall",
    "ZeroclawSessionUpdateToolResult",
    "ZeroclawSessionUpdateTurnComplete",
    "ZeroclawStatusResult",
    "decode_forbidden_error_data",
    "decode_invalid_params_error_data",
    "decode_invalid_request_error_data",
    "decode_not_initialized_error_data",
    "decode_session_not_found_error_data",
    "decode_session_update_params",
    "decode_upload_limit_error_data",
    "decode_zeroclaw_session_update_params",
]


Grant: TypeAlias = Literal[
    "system:read",
    "config:read",
    "config:update",
    "sessions:create",
    "sessions:read",
    "sessions:update",
    "sessions:delete",
    "sessions:execute",
    "files:create",
    "pairing:manage",
]
"""A resource:verb grant, lower case."""

ProtocolVersion: TypeAlias = int
"""The only protocol version is 1."""

SessionUpdateType: TypeAlias = Literal[
    "agent_message_chunk",
    "agent_thought_chunk",
    "tool_call",
    "tool_result",
    "approval_request",
    "history_trimmed",
    "turn_complete",
    "subscription_ended",
]

TurnOutcome: TypeAlias = Literal["completed", "cancelled", "failed"]

SubscriptionEndReason: TypeAlias = Literal[
    "token_revoked",
    "not_granted",
    "session_not_owned",
    "lagging",
]

ConfigProp: TypeAlias = str
"""A dotted config path, e.g. rpc.max_local_connections, providers.local.base_url,
users.example.uid.
"""

SessionMode: TypeAlias = Literal["acp", "chat"]
"""acp: the agent sessions of this socket (ACP storage). chat: chat-mode sessions, stored
apart (interaction_surface chat), so an id may exist in both.
"""

SessionState: TypeAlias = Literal["active", "idle", "closed", "killed"]
"""active: a turn runs; idle: live, no turn; closed: persisted, resumable (prompting
rehydrates it); killed: a tombstone, history kept, never rehydrated.
"""

TranscriptRole: TypeAlias = Literal["user", "assistant", "tool", "system"]

TranscriptKind: TypeAlias = Literal[
    "message",
    "thought",
    "tool_call",
    "tool_result",
    "marker",
]

StopReason: TypeAlias = Literal[
    "end_turn",
    "max_tokens",
    "max_tool_rounds",
    "cancelled",
    "error",
]

ApprovalDecision: TypeAlias = Literal[
    "allow_once",
    "allow_always",
    "reject",
    "reject_once",
    "reject_with_edit",
]
"""allow_once, allow_always, reject; reject_once (zerocode's spelling) means reject;
reject_with_edit (with replacement) rejects a tool whose input cannot be edited, and the
tool result says so.
"""

Sha256Hex: TypeAlias = str

Dialect: TypeAlias = Literal["seed", "zeroclaw"]
"""The wire dialect of a connection, fixed by its initialize (SPEC §13). zeroclaw: params
with protocol_version and without protocolVersion, as zerocode (zeroclaw's terminal
client) sends them; the daemon then sends what zeroclaw's own daemon sends (x-dialects).
seed: every other client, the design note's shapes (§3–§11).
"""

HealthStatus: TypeAlias = Literal["ok", "error", "starting"]
"""ok: working; error: failing (last_error says why); starting: not up yet."""


@dataclass(kw_only=True, slots=True)
class ClientInfo:
    name: str
    version: str | None = None

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ClientInfo")
        return cls(
            name=_c.field(obj, "name", _c.string),
            version=_c.optional(obj, "version", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
        }
        if self.version is not None:
            out["version"] = self.version
        return out


@dataclass(kw_only=True, slots=True)
class ClientCapabilities:
    """What the client can serve. Unknown capabilities are ignored."""

    elicitation: ClientCapabilitiesElicitation | None = None

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ClientCapabilities")
        return cls(
            elicitation=_c.optional(obj, "elicitation", ClientCapabilitiesElicitation.from_json),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.elicitation is not None:
            out["elicitation"] = self.elicitation.to_json()
        return out


@dataclass(kw_only=True, slots=True)
class ClientCapabilitiesElicitation:
    """The ``elicitation`` member of ``ClientCapabilities``."""

    form: dict[str, Any] | None = None

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ClientCapabilitiesElicitation")
        return cls(
            form=_c.optional(obj, "form", _c.json_object),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.form is not None:
            out["form"] = _c.encode(self.form)
        return out


@dataclass(kw_only=True, slots=True)
class Principal:
    """The authenticated identity behind a connection. The owner principal's id is "owner";
    a configured user's id is its name.
    """

    id: str
    admin: bool

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "Principal")
        return cls(
            id=_c.field(obj, "id", _c.string),
            admin=_c.field(obj, "admin", _c.boolean),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "admin": self.admin,
        }


@dataclass(kw_only=True, slots=True)
class InitializeResult:
    protocolVersion: Literal[1] = 1
    serverVersion: str
    capabilities: list[str]
    """The method names this daemon serves."""
    principal: Principal
    protocol_version: Literal[1] | None = None
    """Same as protocolVersion (zerocode reads this spelling)."""
    server_version: str | None = None
    """Same as serverVersion (zerocode reads this spelling)."""
    server_pid: int | None = None
    """The daemon's process id."""
    commands: list[DaemonCommand] | None = None
    """Slash commands the daemon offers clients (zerocode shows them); this daemon offers
    none yet.
    """
    implementation: Implementation | None = None
    """What is really running (this daemon: zeroclaw-rpc and its own version), in both
    dialects.
    """

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "InitializeResult")
        return cls(
            protocolVersion=_c.field(obj, "protocolVersion", _c.literal(1)),
            serverVersion=_c.field(obj, "serverVersion", _c.string),
            capabilities=_c.field(obj, "capabilities", _c.list_of(_c.string)),
            principal=_c.field(obj, "principal", Principal.from_json),
            protocol_version=_c.optional(obj, "protocol_version", _c.literal(1)),
            server_version=_c.optional(obj, "server_version", _c.string),
            server_pid=_c.optional(obj, "server_pid", _c.integer),
            commands=_c.optional(obj, "commands", _c.list_of(DaemonCommand.from_json)),
            implementation=_c.optional(obj, "implementation", Implementation.from_json),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "protocolVersion": self.protocolVersion,
            "serverVersion": self.serverVersion,
            "capabilities": self.capabilities,
            "principal": self.principal.to_json(),
        }
        if self.protocol_version is not None:
            out["protocol_version"] = self.protocol_version
        if self.server_version is not None:
            out["server_version"] = self.server_version
        if self.server_pid is not None:
            out["server_pid"] = self.server_pid
        if self.commands is not None:
            out["commands"] = _c.encode(self.commands)
        if self.implementation is not None:
            out["implementation"] = self.implementation.to_json()
        return out


@dataclass(kw_only=True, slots=True)
class DaemonCommand:
    """A command the daemon offers (zerocode's `commands` entries)."""

    id: str
    name: str
    aliases: list[str] | None = None

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "DaemonCommand")
        return cls(
            id=_c.field(obj, "id", _c.string),
            name=_c.field(obj, "name", _c.string),
            aliases=_c.optional(obj, "aliases", _c.list_of(_c.string)),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
        }
        if self.aliases is not None:
            out["aliases"] = self.aliases
        return out


@dataclass(kw_only=True, slots=True)
class Implementation:
    """The implementation behind the socket."""

    name: str
    version: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "Implementation")
        return cls(
            name=_c.field(obj, "name", _c.string),
            version=_c.field(obj, "version", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "version": self.version,
        }


@dataclass(kw_only=True, slots=True)
class StatusResult:
    server_version: str
    protocol_version: int
    pid: int
    uptime_ms: int
    """Milliseconds since the daemon started (the conformance suite compares two calls with
    the wall clock).
    """
    endpoint: str
    data_dir: str
    connections: StatusResultConnections
    sessions: StatusResultSessions
    """Counts the caller may see (a non-admin: its own sessions, SPEC §12). session/new
    adds one to both; session/close and session/kill take one from live; session/delete
    takes one from persisted (and from live if it was live).
    """
    session_ids: list[str]
    """The ids of the live sessions counted in sessions.live."""
    gateway_url: str | None
    peer_identity: Literal["peercred", "assumed_owner"] | None = None
    """How local peers are identified: peercred (the kernel's peer credentials,
    SO_PEERCRED) or assumed_owner (none available, e.g. the native addon did not build:
    every local peer is taken to be the daemon's own uid, which the 0600 socket in its
    0700 directory admits, besides root). Logged once at start. Sent by this daemon
    always; optional in the schema so clients generated from it still read an older
    daemon's status.
    """
    tools: StatusResultTools | None = None
    """Present when the daemon runs agent tools."""
    active_sessions: int
    """Sessions the caller may see, live or persisted (zerocode's Dashboard shows it).
    """
    config_dir: str
    """The config dir in force (SPEC §1)."""
    config_file: str
    """<config_dir>/config.toml, whether or not it exists."""
    config_kind: str
    """How the config is kept: toml (config.toml)."""
    local_ipc_endpoint: str
    """The local socket (or pipe): the same as endpoint."""
    in_effect: dict[str, Any] | None = None
    """The settings read only at start-up ([rpc] and [gateway], as dotted props) as this
    daemon runs them: command-line overrides (--gateway[=HOST:PORT]) applied,
    gateway.port the real port. config/get shows the configured values, which apply at
    the next start; where the two differ, this is what is in force now. Present only for
    a principal holding config:read.
    """

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "StatusResult")
        return cls(
            server_version=_c.field(obj, "server_version", _c.string),
            protocol_version=_c.field(obj, "protocol_version", _c.integer),
            pid=_c.field(obj, "pid", _c.integer),
            uptime_ms=_c.field(obj, "uptime_ms", _c.integer),
            endpoint=_c.field(obj, "endpoint", _c.string),
            data_dir=_c.field(obj, "data_dir", _c.string),
            connections=_c.field(obj, "connections", StatusResultConnections.from_json),
            sessions=_c.field(obj, "sessions", StatusResultSessions.from_json),
            session_ids=_c.field(obj, "session_ids", _c.list_of(_c.string)),
            gateway_url=_c.field(obj, "gateway_url", _c.nullable(_c.string)),
            peer_identity=_c.optional(obj, "peer_identity", _c.literal("peercred", "assumed_owner")),
            tools=_c.optional(obj, "tools", StatusResultTools.from_json),
            active_sessions=_c.field(obj, "active_sessions", _c.integer),
            config_dir=_c.field(obj, "config_dir", _c.string),
            config_file=_c.field(obj, "config_file", _c.string),
            config_kind=_c.field(obj, "config_kind", _c.string),
            local_ipc_endpoint=_c.field(obj, "local_ipc_endpoint", _c.string),
            in_effect=_c.optional(obj, "in_effect", _c.json_object),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "server_version": self.server_version,
            "protocol_version": self.protocol_version,
            "pid": self.pid,
            "uptime_ms": self.uptime_ms,
            "endpoint": self.endpoint,
            "data_dir": self.data_dir,
            "connections": self.connections.to_json(),
            "sessions": self.sessions.to_json(),
            "session_ids": self.session_ids,
            "gateway_url": self.gateway_url,
            "active_sessions": self.active_sessions,
            "config_dir": self.config_dir,
            "config_file": self.config_file,
            "config_kind": self.config_kind,
            "local_ipc_endpoint": self.local_ipc_endpoint,
        }
        if self.peer_identity is not None:
            out["peer_identity"] = self.peer_identity
        if self.tools is not None:
            out["tools"] = self.tools.to_json()
        if self.in_effect is not None:
            out["in_effect"] = _c.encode(self.in_effect)
        return out


@dataclass(kw_only=True, slots=True)
class StatusResultConnections:
    """The ``connections`` member of ``StatusResult``."""

    local: int
    gateway: int
    limit: int

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "StatusResultConnections")
        return cls(
            local=_c.field(obj, "local", _c.integer),
            gateway=_c.field(obj, "gateway", _c.integer),
            limit=_c.field(obj, "limit", _c.integer),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "local": self.local,
            "gateway": self.gateway,
            "limit": self.limit,
        }


@dataclass(kw_only=True, slots=True)
class StatusResultSessions:
    """Counts the caller may see (a non-admin: its own sessions, SPEC §12). session/new
    adds one to both; session/close and session/kill take one from live; session/delete
    takes one from persisted (and from live if it was live).
    """

    live: int
    """Sessions in memory: created or rehydrated by a prompt, and not closed, killed,
    deleted or reclaimed since.
    """
    persisted: int
    """Sessions in storage, closed and killed ones included, deleted ones not."""

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "StatusResultSessions")
        return cls(
            live=_c.field(obj, "live", _c.integer),
            persisted=_c.field(obj, "persisted", _c.integer),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "live": self.live,
            "persisted": self.persisted,
        }


@dataclass(kw_only=True, slots=True)
class StatusResultTools:
    """Present when the daemon runs agent tools."""

    bash_sandbox: Literal["bwrap", "off", "unavailable"]
    """Where bash runs now: bwrap (sandboxed), off (unsandboxed: tools.bash.sandbox is off,
    or auto found no working bwrap), unavailable (tools.bash.sandbox is bwrap but it
    does not work here: bash refuses to run).
    """

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "StatusResultTools")
        return cls(
            bash_sandbox=_c.field(obj, "bash_sandbox", _c.literal("bwrap", "off", "unavailable")),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "bash_sandbox": self.bash_sandbox,
        }


@dataclass(kw_only=True, slots=True)
class RpcDiscoverResult:
    """An OpenRPC document (this one)."""

    openrpc: str
    info: dict[str, Any]
    methods: list[RpcDiscoverResultMethodsItem]

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "RpcDiscoverResult")
        return cls(
            openrpc=_c.field(obj, "openrpc", _c.string),
            info=_c.field(obj, "info", _c.json_object),
            methods=_c.field(obj, "methods", _c.list_of(RpcDiscoverResultMethodsItem.from_json)),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "openrpc": self.openrpc,
            "info": _c.encode(self.info),
            "methods": _c.encode(self.methods),
        }


@dataclass(kw_only=True, slots=True)
class RpcDiscoverResultMethodsItem:
    name: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "RpcDiscoverResultMethodsItem")
        return cls(
            name=_c.field(obj, "name", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
        }


@dataclass(kw_only=True, slots=True)
class ParamError:
    """One schema violation: path is a JSON Pointer into params."""

    path: str
    message: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ParamError")
        return cls(
            path=_c.field(obj, "path", _c.string),
            message=_c.field(obj, "message", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "message": self.message,
        }


@dataclass(kw_only=True, slots=True)
class SessionUpdateAgentMessageChunk:
    """The ``type: "agent_message_chunk"`` variant of ``SessionUpdateParams``."""

    session_id: str
    type: Literal["agent_message_chunk"] = "agent_message_chunk"
    text: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionUpdateAgentMessageChunk")
        return cls(
            session_id=_c.field(obj, "sessionId", _c.string),
            type=_c.field(obj, "type", _c.literal("agent_message_chunk")),
            text=_c.field(obj, "text", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "sessionId": self.session_id,
            "type": self.type,
            "text": self.text,
        }


@dataclass(kw_only=True, slots=True)
class SessionUpdateAgentThoughtChunk:
    """The ``type: "agent_thought_chunk"`` variant of ``SessionUpdateParams``."""

    session_id: str
    type: Literal["agent_thought_chunk"] = "agent_thought_chunk"
    text: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionUpdateAgentThoughtChunk")
        return cls(
            session_id=_c.field(obj, "sessionId", _c.string),
            type=_c.field(obj, "type", _c.literal("agent_thought_chunk")),
            text=_c.field(obj, "text", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "sessionId": self.session_id,
            "type": self.type,
            "text": self.text,
        }


@dataclass(kw_only=True, slots=True)
class SessionUpdateToolCall:
    """The ``type: "tool_call"`` variant of ``SessionUpdateParams``."""

    session_id: str
    type: Literal["tool_call"] = "tool_call"
    tool_call_id: str
    name: str
    raw_input: Any

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionUpdateToolCall")
        return cls(
            session_id=_c.field(obj, "sessionId", _c.string),
            type=_c.field(obj, "type", _c.literal("tool_call")),
            tool_call_id=_c.field(obj, "toolCallId", _c.string),
            name=_c.field(obj, "name", _c.string),
            raw_input=_c.field(obj, "rawInput", _c.any_value),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "sessionId": self.session_id,
            "type": self.type,
            "toolCallId": self.tool_call_id,
            "name": self.name,
            "rawInput": _c.encode(self.raw_input),
        }


@dataclass(kw_only=True, slots=True)
class SessionUpdateToolResult:
    """The ``type: "tool_result"`` variant of ``SessionUpdateParams``."""

    session_id: str
    type: Literal["tool_result"] = "tool_result"
    tool_call_id: str
    name: str
    raw_output: Any

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionUpdateToolResult")
        return cls(
            session_id=_c.field(obj, "sessionId", _c.string),
            type=_c.field(obj, "type", _c.literal("tool_result")),
            tool_call_id=_c.field(obj, "toolCallId", _c.string),
            name=_c.field(obj, "name", _c.string),
            raw_output=_c.field(obj, "rawOutput", _c.any_value),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "sessionId": self.session_id,
            "type": self.type,
            "toolCallId": self.tool_call_id,
            "name": self.name,
            "rawOutput": _c.encode(self.raw_output),
        }


@dataclass(kw_only=True, slots=True)
class SessionUpdateApprovalRequest:
    """The ``type: "approval_request"`` variant of ``SessionUpdateParams``."""

    session_id: str
    type: Literal["approval_request"] = "approval_request"
    request_id: str
    tool_name: str
    raw_input: Any
    timeout_ms: int

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionUpdateApprovalRequest")
        return cls(
            session_id=_c.field(obj, "sessionId", _c.string),
            type=_c.field(obj, "type", _c.literal("approval_request")),
            request_id=_c.field(obj, "requestId", _c.string),
            tool_name=_c.field(obj, "toolName", _c.string),
            raw_input=_c.field(obj, "rawInput", _c.any_value),
            timeout_ms=_c.field(obj, "timeoutMs", _c.integer),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "sessionId": self.session_id,
            "type": self.type,
            "requestId": self.request_id,
            "toolName": self.tool_name,
            "rawInput": _c.encode(self.raw_input),
            "timeoutMs": self.timeout_ms,
        }


@dataclass(kw_only=True, slots=True)
class SessionUpdateHistoryTrimmed:
    """The ``type: "history_trimmed"`` variant of ``SessionUpdateParams``."""

    session_id: str
    type: Literal["history_trimmed"] = "history_trimmed"
    dropped_messages: int
    kept_turns: int
    checkpoint: int

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionUpdateHistoryTrimmed")
        return cls(
            session_id=_c.field(obj, "sessionId", _c.string),
            type=_c.field(obj, "type", _c.literal("history_trimmed")),
            dropped_messages=_c.field(obj, "droppedMessages", _c.integer),
            kept_turns=_c.field(obj, "keptTurns", _c.integer),
            checkpoint=_c.field(obj, "checkpoint", _c.integer),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "sessionId": self.session_id,
            "type": self.type,
            "droppedMessages": self.dropped_messages,
            "keptTurns": self.kept_turns,
            "checkpoint": self.checkpoint,
        }


@dataclass(kw_only=True, slots=True)
class SessionUpdateTurnComplete:
    """The ``type: "turn_complete"`` variant of ``SessionUpdateParams``."""

    session_id: str | None
    """null when a refused notification prompt carried no valid session_id."""
    type: Literal["turn_complete"] = "turn_complete"
    turn_id: str | None
    """null when a notification prompt was refused before its turn started."""
    outcome: TurnOutcome
    content: str
    error: SessionUpdateTurnCompleteError | None = None
    """Only on a refused notification prompt: the error a request would have got."""

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionUpdateTurnComplete")
        return cls(
            session_id=_c.field(obj, "sessionId", _c.nullable(_c.string)),
            type=_c.field(obj, "type", _c.literal("turn_complete")),
            turn_id=_c.field(obj, "turnId", _c.nullable(_c.string)),
            outcome=_c.field(obj, "outcome", _c.literal("completed", "cancelled", "failed")),
            content=_c.field(obj, "content", _c.string),
            error=_c.optional(obj, "error", SessionUpdateTurnCompleteError.from_json),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "sessionId": self.session_id,
            "type": self.type,
            "turnId": self.turn_id,
            "outcome": self.outcome,
            "content": self.content,
        }
        if self.error is not None:
            out["error"] = self.error.to_json()
        return out


@dataclass(kw_only=True, slots=True)
class SessionUpdateTurnCompleteError:
    """Only on a refused notification prompt: the error a request would have got."""

    code: int
    data: Any

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionUpdateTurnCompleteError")
        return cls(
            code=_c.field(obj, "code", _c.integer),
            data=_c.field(obj, "data", _c.any_value),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "data": _c.encode(self.data),
        }


@dataclass(kw_only=True, slots=True)
class SessionUpdateSubscriptionEnded:
    """The last update a watcher gets of a session it subscribed to (session/subscribe):
    its subscription ended without it asking. token_revoked: its pairing token was
    revoked (the connection then closes); not_granted: its principal lost sessions:read
    (or no longer exists); session_not_owned: the session is no longer one it may read;
    lagging: its unread output passed sessions.max_watcher_buffer_bytes (it may
    subscribe again and page the transcript). Never sent to the connection running the
    turn for that turn's own updates, and never after session/unsubscribe.
    """

    session_id: str
    type: Literal["subscription_ended"] = "subscription_ended"
    reason: SubscriptionEndReason

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionUpdateSubscriptionEnded")
        return cls(
            session_id=_c.field(obj, "sessionId", _c.string),
            type=_c.field(obj, "type", _c.literal("subscription_ended")),
            reason=_c.field(obj, "reason", _c.literal("token_revoked", "not_granted", "session_not_owned", "lagging")),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "sessionId": self.session_id,
            "type": self.type,
            "reason": self.reason,
        }


@dataclass(kw_only=True, slots=True)
class ElicitationCreateResult:
    """accept with content {choice: "choice-<i>"} (one choice), {choices: ["choice-<i>",
    …]} (several) or {answer: <text>} (free text); decline; cancel.
    """

    action: Literal["accept", "decline", "cancel"]
    content: dict[str, Any] | None = None

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ElicitationCreateResult")
        return cls(
            action=_c.field(obj, "action", _c.literal("accept", "decline", "cancel")),
            content=_c.optional(obj, "content", _c.json_object),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "action": self.action,
        }
        if self.content is not None:
            out["content"] = _c.encode(self.content)
        return out


@dataclass(kw_only=True, slots=True)
class Config:
    """config.toml in the config dir. A missing file means every default. Map keys
    (provider, agent, user and profile names) are letters, digits, '_' and '-', so a
    dotted prop path is never ambiguous. Built in, whatever the file says: a provider
    `echo` of kind echo and an agent `default` using it, unless the file defines entries
    of those names.
    """

    rpc: RpcConfig | None = None
    gateway: GatewayConfig | None = None
    sessions: SessionsConfig | None = None
    providers: dict[str, ProviderConfig] | None = None
    agents: dict[str, AgentConfig] | None = None
    users: dict[str, UserConfig] | None = None
    permission_profiles: dict[str, PermissionProfile] | None = None
    security: SecurityConfig | None = None
    storage: StorageConfig | None = None
    files: FilesConfig | None = None
    tools: ToolsConfig | None = None
    compat: CompatConfig | None = None

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "Config")
        return cls(
            rpc=_c.optional(obj, "rpc", RpcConfig.from_json),
            gateway=_c.optional(obj, "gateway", GatewayConfig.from_json),
            sessions=_c.optional(obj, "sessions", SessionsConfig.from_json),
            providers=_c.optional(obj, "providers", _c.dict_of(ProviderConfig.from_json)),
            agents=_c.optional(obj, "agents", _c.dict_of(AgentConfig.from_json)),
            users=_c.optional(obj, "users", _c.dict_of(UserConfig.from_json)),
            permission_profiles=_c.optional(obj, "permission_profiles", _c.dict_of(PermissionProfile.from_json)),
            security=_c.optional(obj, "security", SecurityConfig.from_json),
            storage=_c.optional(obj, "storage", StorageConfig.from_json),
            files=_c.optional(obj, "files", FilesConfig.from_json),
            tools=_c.optional(obj, "tools", ToolsConfig.from_json),
            compat=_c.optional(obj, "compat", CompatConfig.from_json),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.rpc is not None:
            out["rpc"] = self.rpc.to_json()
        if self.gateway is not None:
            out["gateway"] = self.gateway.to_json()
        if self.sessions is not None:
            out["sessions"] = self.sessions.to_json()
        if self.providers is not None:
            out["providers"] = _c.encode(self.providers)
        if self.agents is not None:
            out["agents"] = _c.encode(self.agents)
        if self.users is not None:
            out["users"] = _c.encode(self.users)
        if self.permission_profiles is not None:
            out["permission_profiles"] = _c.encode(self.permission_profiles)
        if self.security is not None:
            out["security"] = self.security.to_json()
        if self.storage is not None:
            out["storage"] = self.storage.to_json()
        if self.files is not None:
            out["files"] = self.files.to_json()
        if self.tools is not None:
            out["tools"] = self.tools.to_json()
        if self.compat is not None:
            out["compat"] = self.compat.to_json()
        return out


@dataclass(kw_only=True, slots=True)
class RpcConfig:
    """Transport limits (docs/protocol.md, Limits). Read when the listener starts."""

    max_frame_bytes: int | None = None
    """Largest accepted frame: the bytes before its \\n (a tolerated trailing \\r counts).
    """
    initialize_timeout_ms: int | None = None
    """initialize (authentication included) must complete within this long of connecting.
    """
    frame_timeout_ms: int | None = None
    """A frame must arrive whole within this long of its first byte."""
    write_stall_timeout_ms: int | None = None
    """A client with queued output that reads nothing for this long is disconnected."""
    max_local_connections: int | None = None
    """Open local connections; the next one is refused with -32004."""
    output_high_water_bytes: int | None = None
    """Queued output above which the daemon stops reading a connection until it drains.
    """
    ephemeral_grace_ms: int | None = None
    """With --ephemeral, how long after the last client leaves the daemon waits before
    exiting.
    """
    listen_backlog: int | None = None
    """Listen backlog of the local socket and the gateway (capped by the system's maximum),
    so a burst of connects is served or refused with -32004 instead of failing in
    connect().
    """
    fatal_linger_ms: int | None = None
    """After a fatal frame error (frame_too_large, frame_timeout) the daemon writes the
    error line, half-closes, and reads and discards what the client still sends for at
    most this long before closing, so a client still writing sees the error and a clean
    end of stream rather than a reset.
    """

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "RpcConfig")
        return cls(
            max_frame_bytes=_c.optional(obj, "max_frame_bytes", _c.integer),
            initialize_timeout_ms=_c.optional(obj, "initialize_timeout_ms", _c.integer),
            frame_timeout_ms=_c.optional(obj, "frame_timeout_ms", _c.integer),
            write_stall_timeout_ms=_c.optional(obj, "write_stall_timeout_ms", _c.integer),
            max_local_connections=_c.optional(obj, "max_local_connections", _c.integer),
            output_high_water_bytes=_c.optional(obj, "output_high_water_bytes", _c.integer),
            ephemeral_grace_ms=_c.optional(obj, "ephemeral_grace_ms", _c.integer),
            listen_backlog=_c.optional(obj, "listen_backlog", _c.integer),
            fatal_linger_ms=_c.optional(obj, "fatal_linger_ms", _c.integer),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.max_frame_bytes is not None:
            out["max_frame_bytes"] = self.max_frame_bytes
        if self.initialize_timeout_ms is not None:
            out["initialize_timeout_ms"] = self.initialize_timeout_ms
        if self.frame_timeout_ms is not None:
            out["frame_timeout_ms"] = self.frame_timeout_ms
        if self.write_stall_timeout_ms is not None:
            out["write_stall_timeout_ms"] = self.write_stall_timeout_ms
        if self.max_local_connections is not None:
            out["max_local_connections"] = self.max_local_connections
        if self.output_high_water_bytes is not None:
            out["output_high_water_bytes"] = self.output_high_water_bytes
        if self.ephemeral_grace_ms is not None:
            out["ephemeral_grace_ms"] = self.ephemeral_grace_ms
        if self.listen_backlog is not None:
            out["listen_backlog"] = self.listen_backlog
        if self.fatal_linger_ms is not None:
            out["fatal_linger_ms"] = self.fatal_linger_ms
        return out


@dataclass(kw_only=True, slots=True)
class GatewayConfig:
    """The WebSocket gateway (docs/protocol.md, The gateway). Read at start-up; the frame,
    initialize, frame-time and write-stall limits are rpc's.
    """

    enabled: bool | None = None
    """Serve the gateway (also --gateway)."""
    host: str | None = None
    """Address to listen on. A loopback address (127.0.0.0/8, ::1, localhost) or a wildcard
    (0.0.0.0, ::) also admits the loopback origins http://127.0.0.1:<port>,
    http://localhost:<port> and http://[::1]:<port>, so the dashboard opens on either
    loopback name.
    """
    port: int | None = None
    """TCP port; 0 picks a free one (reported by status.gateway_url)."""
    max_connections: int | None = None
    """Open gateway connections; the next one gets -32004."""
    allowed_origins: list[str] | None = None
    """Browser origins (scheme://host[:port], compared exactly, scheme and host
    lower-cased) whose WebSocket upgrades are accepted besides the gateway's own
    http://<host>:<port> (and, for a loopback or wildcard host, the loopback origins
    http://127.0.0.1:<port>, http://localhost:<port>, http://[::1]:<port>). An upgrade
    with any other Origin header (including "null") gets HTTP 403, and GET / from a page
    address that is not admitted answers a short page naming the address to open
    instead. Clients that send no Origin are unaffected.
    """
    max_pending_connections: int | None = None
    """Gateway connections that have not completed initialize yet (pending). When this many
    are pending, a new upgrade closes the oldest pending connection (WebSocket close
    1013) and is accepted, so a client that initializes promptly always gets in while
    the gateway is under max_connections (SPEC §17). Pending connections count toward
    max_connections too.
    """
    login_code_ttl_ms: int | None = None
    """How long a dashboard/login code stays valid (single use)."""
    pending_timeout_ms: int | None = None
    """A gateway connection still pending (initialize not completed) this long after its
    upgrade is closed, with no message. Shorter than rpc.initialize_timeout_ms, which
    still applies to local connections.
    """
    revoked_close_ms: int | None = None
    """A gateway connection whose pairing token is revoked gets subscription_ended
    (token_revoked) for each subscription at once, its turns are cancelled, every call
    answers -32010, and it is closed this long after the revocation (SPEC §17: within 1
    s).
    """
    auth_throttle: GatewayAuthThrottle | None = None

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "GatewayConfig")
        return cls(
            enabled=_c.optional(obj, "enabled", _c.boolean),
            host=_c.optional(obj, "host", _c.string),
            port=_c.optional(obj, "port", _c.integer),
            max_connections=_c.optional(obj, "max_connections", _c.integer),
            allowed_origins=_c.optional(obj, "allowed_origins", _c.list_of(_c.string)),
            max_pending_connections=_c.optional(obj, "max_pending_connections", _c.integer),
            login_code_ttl_ms=_c.optional(obj, "login_code_ttl_ms", _c.integer),
            pending_timeout_ms=_c.optional(obj, "pending_timeout_ms", _c.integer),
            revoked_close_ms=_c.optional(obj, "revoked_close_ms", _c.integer),
            auth_throttle=_c.optional(obj, "auth_throttle", GatewayAuthThrottle.from_json),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.enabled is not None:
            out["enabled"] = self.enabled
        if self.host is not None:
            out["host"] = self.host
        if self.port is not None:
            out["port"] = self.port
        if self.max_connections is not None:
            out["max_connections"] = self.max_connections
        if self.allowed_origins is not None:
            out["allowed_origins"] = self.allowed_origins
        if self.max_pending_connections is not None:
            out["max_pending_connections"] = self.max_pending_connections
        if self.login_code_ttl_ms is not None:
            out["login_code_ttl_ms"] = self.login_code_ttl_ms
        if self.pending_timeout_ms is not None:
            out["pending_timeout_ms"] = self.pending_timeout_ms
        if self.revoked_close_ms is not None:
            out["revoked_close_ms"] = self.revoked_close_ms
        if self.auth_throttle is not None:
            out["auth_throttle"] = self.auth_throttle.to_json()
        return out


@dataclass(kw_only=True, slots=True)
class GatewayAuthThrottle:
    """Failed gateway authentication, counted per remote address (an IPv6 address by its
    /64). A failure is an initialize whose auth_token is unknown or revoked (a missing
    token ends the connection too, but is not a guess and is not counted). Every failure
    ends its connection after the error line. Failures beyond delay_after_failures
    within delay_window_ms are answered after a delay that starts at first_delay_ms and
    doubles with each further failure, up to max_delay_ms; beyond refuse_after_failures
    within refuse_window_ms the answer is -32010 throttled with retry_after_ms. A valid
    token is checked first and never delayed or refused.
    """

    delay_after_failures: int | None = None
    """Failures per address within delay_window_ms answered at once."""
    delay_window_ms: int | None = None
    first_delay_ms: int | None = None
    """The delay of the first failure past delay_after_failures; each later one doubles it.
    """
    max_delay_ms: int | None = None
    refuse_after_failures: int | None = None
    """Failures per address within refuse_window_ms before the answer becomes throttled.
    """
    refuse_window_ms: int | None = None

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "GatewayAuthThrottle")
        return cls(
            delay_after_failures=_c.optional(obj, "delay_after_failures", _c.integer),
            delay_window_ms=_c.optional(obj, "delay_window_ms", _c.integer),
            first_delay_ms=_c.optional(obj, "first_delay_ms", _c.integer),
            max_delay_ms=_c.optional(obj, "max_delay_ms", _c.integer),
            refuse_after_failures=_c.optional(obj, "refuse_after_failures", _c.integer),
            refuse_window_ms=_c.optional(obj, "refuse_window_ms", _c.integer),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.delay_after_failures is not None:
            out["delay_after_failures"] = self.delay_after_failures
        if self.delay_window_ms is not None:
            out["delay_window_ms"] = self.delay_window_ms
        if self.first_delay_ms is not None:
            out["first_delay_ms"] = self.first_delay_ms
        if self.max_delay_ms is not None:
            out["max_delay_ms"] = self.max_delay_ms
        if self.refuse_after_failures is not None:
            out["refuse_after_failures"] = self.refuse_after_failures
        if self.refuse_window_ms is not None:
            out["refuse_window_ms"] = self.refuse_window_ms
        return out


@dataclass(kw_only=True, slots=True)
class SessionsConfig:
    max_live: int | None = None
    """Live sessions; one more gets -32001."""
    tool_timeout_ms: int | None = None
    """A bash command running longer is killed."""
    tool_output_max_bytes: int | None = None
    """Tool output kept per stream (stdout, stderr); the rest is cut and marked truncated.
    """
    approval_timeout_ms: int | None = None
    """An approval_request not answered within this long is denied."""
    ask_user_timeout_ms: int | None = None
    """How long ask_user waits for the client's elicitation answer."""
    transcript_max_bytes: int | None = None
    """Content kept per persisted transcript row or tool output; longer content is cut with
    a note.
    """
    max_tool_rounds: int | None = None
    """Provider calls per turn (each round may run tools); the turn then stops with
    stop_reason max_tool_rounds.
    """
    max_watcher_buffer_bytes: int | None = None
    """Unread output a watcher (session/subscribe) may have queued in the daemon. Once it
    has more, its next update is not queued: the subscription ends with session/update
    subscription_ended (reason lagging) and nothing more of the session is queued for it
    (one update may take it past the limit, e.g. a turn_complete carrying the whole
    reply). The watcher may subscribe again and page the transcript with
    session/messages. The turn never waits for a watcher; the turn's own connection
    keeps the rpc limits. Keep it well above rpc.output_high_water_bytes: a turn runs
    that far ahead of its own reader, and a watcher reading at the same pace is that far
    behind.
    """

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionsConfig")
        return cls(
            max_live=_c.optional(obj, "max_live", _c.integer),
            tool_timeout_ms=_c.optional(obj, "tool_timeout_ms", _c.integer),
            tool_output_max_bytes=_c.optional(obj, "tool_output_max_bytes", _c.integer),
            approval_timeout_ms=_c.optional(obj, "approval_timeout_ms", _c.integer),
            ask_user_timeout_ms=_c.optional(obj, "ask_user_timeout_ms", _c.integer),
            transcript_max_bytes=_c.optional(obj, "transcript_max_bytes", _c.integer),
            max_tool_rounds=_c.optional(obj, "max_tool_rounds", _c.integer),
            max_watcher_buffer_bytes=_c.optional(obj, "max_watcher_buffer_bytes", _c.integer),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.max_live is not None:
            out["max_live"] = self.max_live
        if self.tool_timeout_ms is not None:
            out["tool_timeout_ms"] = self.tool_timeout_ms
        if self.tool_output_max_bytes is not None:
            out["tool_output_max_bytes"] = self.tool_output_max_bytes
        if self.approval_timeout_ms is not None:
            out["approval_timeout_ms"] = self.approval_timeout_ms
        if self.ask_user_timeout_ms is not None:
            out["ask_user_timeout_ms"] = self.ask_user_timeout_ms
        if self.transcript_max_bytes is not None:
            out["transcript_max_bytes"] = self.transcript_max_bytes
        if self.max_tool_rounds is not None:
            out["max_tool_rounds"] = self.max_tool_rounds
        if self.max_watcher_buffer_bytes is not None:
            out["max_watcher_buffer_bytes"] = self.max_watcher_buffer_bytes
        return out


@dataclass(kw_only=True, slots=True)
class ProviderConfig:
    kind: Literal["echo", "openai"]
    base_url: str | None = None
    """OpenAI-compatible endpoint, an http(s) URL, e.g. http://127.0.0.1:11434/v1 (checked
    when the provider is built).
    """
    api_key: str | None = None
    """Secret: masked as **** on read; the mask or an empty string is refused on write.
    """
    model: str | None = None

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ProviderConfig")
        return cls(
            kind=_c.field(obj, "kind", _c.literal("echo", "openai")),
            base_url=_c.optional(obj, "base_url", _c.string),
            api_key=_c.optional(obj, "api_key", _c.string),
            model=_c.optional(obj, "model", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": self.kind,
        }
        if self.base_url is not None:
            out["base_url"] = self.base_url
        if self.api_key is not None:
            out["api_key"] = self.api_key
        if self.model is not None:
            out["model"] = self.model
        return out


@dataclass(kw_only=True, slots=True)
class AgentConfig:
    provider: str
    """A provider alias."""
    model: str | None = None
    """Overrides the provider's model."""
    system_prompt: str | None = None
    allowed_tools: list[str] | None = None
    """Tools that run without approval."""
    max_context_tokens: int | None = None
    """Retained-context budget that triggers trimming (a token is 4 UTF-8 bytes)."""
    tools: AgentToolsConfig | None = None

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "AgentConfig")
        return cls(
            provider=_c.field(obj, "provider", _c.string),
            model=_c.optional(obj, "model", _c.string),
            system_prompt=_c.optional(obj, "system_prompt", _c.string),
            allowed_tools=_c.optional(obj, "allowed_tools", _c.list_of(_c.string)),
            max_context_tokens=_c.optional(obj, "max_context_tokens", _c.integer),
            tools=_c.optional(obj, "tools", AgentToolsConfig.from_json),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "provider": self.provider,
        }
        if self.model is not None:
            out["model"] = self.model
        if self.system_prompt is not None:
            out["system_prompt"] = self.system_prompt
        if self.allowed_tools is not None:
            out["allowed_tools"] = self.allowed_tools
        if self.max_context_tokens is not None:
            out["max_context_tokens"] = self.max_context_tokens
        if self.tools is not None:
            out["tools"] = self.tools.to_json()
        return out


@dataclass(kw_only=True, slots=True)
class AgentToolsConfig:
    """This agent's tool settings."""

    bash: AgentBashConfig | None = None

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "AgentToolsConfig")
        return cls(
            bash=_c.optional(obj, "bash", AgentBashConfig.from_json),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.bash is not None:
            out["bash"] = self.bash.to_json()
        return out


@dataclass(kw_only=True, slots=True)
class AgentBashConfig:
    network: bool | None = None
    """Let this agent's sandboxed bash reach the network (the sandbox shares the daemon's
    network namespace). Without it the sandbox has only its own loopback.
    """

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "AgentBashConfig")
        return cls(
            network=_c.optional(obj, "network", _c.boolean),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.network is not None:
            out["network"] = self.network
        return out


@dataclass(kw_only=True, slots=True)
class UserConfig:
    uid: int | None = None
    """Local peer uid that maps to this user. Without one the user is reachable only
    through pairing tokens.
    """
    permission_profiles: list[str]
    """Each must name an existing profile; several merge by union."""

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "UserConfig")
        return cls(
            uid=_c.optional(obj, "uid", _c.integer),
            permission_profiles=_c.field(obj, "permission_profiles", _c.list_of(_c.string)),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "permission_profiles": self.permission_profiles,
        }
        if self.uid is not None:
            out["uid"] = self.uid
        return out


@dataclass(kw_only=True, slots=True)
class PermissionProfile:
    admin: bool | None = None
    """Every grant, every config path, every agent and tool, every session."""
    grants: dict[str, list[Literal["read", "update", "create", "delete", "execute", "manage", "*"]]] | None = None
    """resource → verbs, e.g. {sessions = ["create", "read"]}; "*" as a resource or a verb
    means all.
    """
    config_write_paths: list[str] | None = None
    """Config props this profile may write: an exact prop, `prefix.*`, or `*`."""
    allowed_agents: list[str] | None = None
    """Agent aliases this profile may use ("*" for all)."""
    allowed_tools: list[str] | None = None
    """Tools this profile may run ("*" for all)."""
    workspace_roots: list[str] | None = None
    """Absolute directories under which a non-admin principal with this profile may point
    session/new.cwd (each root itself included; symlinks resolved). Default: none, so a
    non-admin gets a daemon-made workspace.
    """

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "PermissionProfile")
        return cls(
            admin=_c.optional(obj, "admin", _c.boolean),
            grants=_c.optional(obj, "grants", _c.dict_of(_c.list_of(_c.literal("read", "update", "create", "delete", "execute", "manage", "*")))),
            config_write_paths=_c.optional(obj, "config_write_paths", _c.list_of(_c.string)),
            allowed_agents=_c.optional(obj, "allowed_agents", _c.list_of(_c.string)),
            allowed_tools=_c.optional(obj, "allowed_tools", _c.list_of(_c.string)),
            workspace_roots=_c.optional(obj, "workspace_roots", _c.list_of(_c.string)),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.admin is not None:
            out["admin"] = self.admin
        if self.grants is not None:
            out["grants"] = self.grants
        if self.config_write_paths is not None:
            out["config_write_paths"] = self.config_write_paths
        if self.allowed_agents is not None:
            out["allowed_agents"] = self.allowed_agents
        if self.allowed_tools is not None:
            out["allowed_tools"] = self.allowed_tools
        if self.workspace_roots is not None:
            out["workspace_roots"] = self.workspace_roots
        return out


@dataclass(kw_only=True, slots=True)
class SecurityConfig:
    trust_daemon_uid: bool | None = None
    """With [users] configured, a peer with the daemon's own uid is the admin owner."""

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SecurityConfig")
        return cls(
            trust_daemon_uid=_c.optional(obj, "trust_daemon_uid", _c.boolean),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.trust_daemon_uid is not None:
            out["trust_daemon_uid"] = self.trust_daemon_uid
        return out


@dataclass(kw_only=True, slots=True)
class StorageConfig:
    """The SQLite database in the data dir."""

    busy_timeout_ms: int | None = None
    """How long a write waits for another connection's lock before failing."""
    checkpoint_idle_ms: int | None = None
    """WAL checkpoints run off the request path, in a background thread, once writes have
    paused this long.
    """
    checkpoint_max_delay_ms: int | None = None
    """However busy the daemon is, a background WAL checkpoint (which also makes every
    earlier commit safe from power loss) runs at most this long after the first write it
    has not checkpointed.
    """
    wal_autocheckpoint_pages: int | None = None
    """The safety net under writes that never pause: SQLite's own checkpoint inside the
    commit that takes the WAL past this many pages (SQLite's default is 1000; background
    checkpoints make it rare).
    """

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "StorageConfig")
        return cls(
            busy_timeout_ms=_c.optional(obj, "busy_timeout_ms", _c.integer),
            checkpoint_idle_ms=_c.optional(obj, "checkpoint_idle_ms", _c.integer),
            checkpoint_max_delay_ms=_c.optional(obj, "checkpoint_max_delay_ms", _c.integer),
            wal_autocheckpoint_pages=_c.optional(obj, "wal_autocheckpoint_pages", _c.integer),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.busy_timeout_ms is not None:
            out["busy_timeout_ms"] = self.busy_timeout_ms
        if self.checkpoint_idle_ms is not None:
            out["checkpoint_idle_ms"] = self.checkpoint_idle_ms
        if self.checkpoint_max_delay_ms is not None:
            out["checkpoint_max_delay_ms"] = self.checkpoint_max_delay_ms
        if self.wal_autocheckpoint_pages is not None:
            out["wal_autocheckpoint_pages"] = self.wal_autocheckpoint_pages
        return out


@dataclass(kw_only=True, slots=True)
class FilesConfig:
    """file/attach and chunked uploads (docs/protocol.md, Files)."""

    chunk_bytes: int | None = None
    """Largest decoded chunk; reported by file/upload/begin."""
    max_file_bytes: int | None = None
    """Largest file, uploaded or attached; reported by file/upload/begin as max_bytes.
    """
    max_uploads_per_connection: int | None = None
    """Staged uploads one connection may hold."""
    upload_budget_bytes: int | None = None
    """Staged bytes across all connections, payload and retained metadata both counted.
    """
    upload_idle_timeout_ms: int | None = None
    """An upload with no chunk for this long is discarded (and reclaimed first when a new
    upload does not fit).
    """

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "FilesConfig")
        return cls(
            chunk_bytes=_c.optional(obj, "chunk_bytes", _c.integer),
            max_file_bytes=_c.optional(obj, "max_file_bytes", _c.integer),
            max_uploads_per_connection=_c.optional(obj, "max_uploads_per_connection", _c.integer),
            upload_budget_bytes=_c.optional(obj, "upload_budget_bytes", _c.integer),
            upload_idle_timeout_ms=_c.optional(obj, "upload_idle_timeout_ms", _c.integer),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.chunk_bytes is not None:
            out["chunk_bytes"] = self.chunk_bytes
        if self.max_file_bytes is not None:
            out["max_file_bytes"] = self.max_file_bytes
        if self.max_uploads_per_connection is not None:
            out["max_uploads_per_connection"] = self.max_uploads_per_connection
        if self.upload_budget_bytes is not None:
            out["upload_budget_bytes"] = self.upload_budget_bytes
        if self.upload_idle_timeout_ms is not None:
            out["upload_idle_timeout_ms"] = self.upload_idle_timeout_ms
        return out


@dataclass(kw_only=True, slots=True)
class ToolsConfig:
    """How the agent runtime's tools run."""

    bash: BashToolConfig | None = None

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ToolsConfig")
        return cls(
            bash=_c.optional(obj, "bash", BashToolConfig.from_json),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.bash is not None:
            out["bash"] = self.bash.to_json()
        return out


@dataclass(kw_only=True, slots=True)
class BashToolConfig:
    sandbox: Literal["auto", "bwrap", "off"] | None = None
    """Where bash commands run. bwrap: in a bubblewrap sandbox (the file system read-only,
    the session workspace and a private /tmp writable, the daemon's config dir, data dir
    and the rest of $HOME hidden, no network unless the agent's tools.bash.network); if
    bwrap is missing or cannot make a sandbox, bash refuses to run (never unsandboxed)
    and the daemon warns at start. off: unsandboxed, as the daemon's user. auto: bwrap
    when it works on this machine, else off with a warning at start.
    status.tools.bash_sandbox says which is in force.
    """

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "BashToolConfig")
        return cls(
            sandbox=_c.optional(obj, "sandbox", _c.literal("auto", "bwrap", "off")),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.sandbox is not None:
            out["sandbox"] = self.sandbox
        return out


@dataclass(kw_only=True, slots=True)
class CompatConfig:
    """Compatibility with zeroclaw's own clients (SPEC §13)."""

    zeroclaw_version: str | None = None
    """The server_version reported to zeroclaw-dialect connections (initialize and status).
    zerocode connects only to a daemon whose server_version is exactly its own version:
    the default is zerocode 0.8.4's (zeroclaw commit 15d28660); users of another
    zerocode release set theirs. Read at each initialize.
    """

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "CompatConfig")
        return cls(
            zeroclaw_version=_c.optional(obj, "zeroclaw_version", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.zeroclaw_version is not None:
            out["zeroclaw_version"] = self.zeroclaw_version
        return out


@dataclass(kw_only=True, slots=True)
class ConfigEntry:
    prop: ConfigProp
    value: Any
    """Any JSON value; checked and, for scalar fields, coerced ("64" → 64, "true" → true, a
    string → a one-element list).
    """

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ConfigEntry")
        return cls(
            prop=_c.field(obj, "prop", _c.string),
            value=_c.field(obj, "value", _c.any_value),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "prop": self.prop,
            "value": _c.encode(self.value),
        }


@dataclass(kw_only=True, slots=True)
class ConfigGetResult:
    prop: str | None
    value: Any

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ConfigGetResult")
        return cls(
            prop=_c.field(obj, "prop", _c.nullable(_c.string)),
            value=_c.field(obj, "value", _c.any_value),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "prop": self.prop,
            "value": _c.encode(self.value),
        }


@dataclass(kw_only=True, slots=True)
class ConfigSetResult:
    prop: str
    set: Literal[True] = True

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ConfigSetResult")
        return cls(
            prop=_c.field(obj, "prop", _c.string),
            set=_c.field(obj, "set", _c.literal(True)),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "prop": self.prop,
            "set": self.set,
        }


@dataclass(kw_only=True, slots=True)
class ConfigSetManyResult:
    props: list[str]
    set: Literal[True] = True

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ConfigSetManyResult")
        return cls(
            props=_c.field(obj, "props", _c.list_of(_c.string)),
            set=_c.field(obj, "set", _c.literal(True)),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "props": self.props,
            "set": self.set,
        }


@dataclass(kw_only=True, slots=True)
class PairingToken:
    token_id: str
    user: str
    label: str | None
    created_at: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "PairingToken")
        return cls(
            token_id=_c.field(obj, "token_id", _c.string),
            user=_c.field(obj, "user", _c.string),
            label=_c.field(obj, "label", _c.nullable(_c.string)),
            created_at=_c.field(obj, "created_at", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "token_id": self.token_id,
            "user": self.user,
            "label": self.label,
            "created_at": self.created_at,
        }


@dataclass(kw_only=True, slots=True)
class PairingCreateResult:
    token_id: str
    token: str
    """Shown once; the daemon stores only its hash."""

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "PairingCreateResult")
        return cls(
            token_id=_c.field(obj, "token_id", _c.string),
            token=_c.field(obj, "token", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "token_id": self.token_id,
            "token": self.token,
        }


@dataclass(kw_only=True, slots=True)
class PairingRevokeResult:
    token_id: str
    revoked: Literal[True] = True

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "PairingRevokeResult")
        return cls(
            token_id=_c.field(obj, "token_id", _c.string),
            revoked=_c.field(obj, "revoked", _c.literal(True)),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "token_id": self.token_id,
            "revoked": self.revoked,
        }


@dataclass(kw_only=True, slots=True)
class PairingListResult:
    tokens: list[PairingToken]

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "PairingListResult")
        return cls(
            tokens=_c.field(obj, "tokens", _c.list_of(PairingToken.from_json)),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "tokens": _c.encode(self.tokens),
        }


@dataclass(kw_only=True, slots=True)
class SessionInfo:
    session_id: str
    agent: str
    mode: SessionMode
    state: SessionState
    created_at: str
    updated_at: str
    """Last activity: when the session's newest transcript row was written (its creation
    when it has none; the daemon's own marker rows do not count). Closing, killing or a
    daemon restart do not change it.
    """
    message_count: int
    title: str | None | None = None
    """The session's first prompt (its first line, at most 200 characters), for telling
    sessions apart; null before the first prompt.
    """

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionInfo")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
            agent=_c.field(obj, "agent", _c.string),
            mode=_c.field(obj, "mode", _c.literal("acp", "chat")),
            state=_c.field(obj, "state", _c.literal("active", "idle", "closed", "killed")),
            created_at=_c.field(obj, "created_at", _c.string),
            updated_at=_c.field(obj, "updated_at", _c.string),
            message_count=_c.field(obj, "message_count", _c.integer),
            title=_c.optional(obj, "title", _c.nullable(_c.string)),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "session_id": self.session_id,
            "agent": self.agent,
            "mode": self.mode,
            "state": self.state,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "message_count": self.message_count,
        }
        if self.title is not None:
            out["title"] = self.title
        return out


@dataclass(kw_only=True, slots=True)
class TranscriptMessage:
    """One row of the display transcript. Rows are never deleted or renumbered by trimming.
    Rows of kind marker (role system) are the daemon's own notes, never sent to a model:
    a turn interrupted by a daemon stop, a turn cancelled. A failed turn ends with a
    system message row saying why.
    """

    seq: int
    role: TranscriptRole
    kind: TranscriptKind
    content: str
    turn_id: str | None
    created_at: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "TranscriptMessage")
        return cls(
            seq=_c.field(obj, "seq", _c.integer),
            role=_c.field(obj, "role", _c.literal("user", "assistant", "tool", "system")),
            kind=_c.field(obj, "kind", _c.literal("message", "thought", "tool_call", "tool_result", "marker")),
            content=_c.field(obj, "content", _c.string),
            turn_id=_c.field(obj, "turn_id", _c.nullable(_c.string)),
            created_at=_c.field(obj, "created_at", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "role": self.role,
            "kind": self.kind,
            "content": self.content,
            "turn_id": self.turn_id,
            "created_at": self.created_at,
        }


@dataclass(kw_only=True, slots=True)
class SessionNewResult:
    session_id: str
    agent: str
    mode: SessionMode
    workspace_dir: str
    agent_alias: str
    """Same as agent (zerocode reads this name)."""
    message_count: int
    """Transcript rows so far (0 for a new session)."""

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionNewResult")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
            agent=_c.field(obj, "agent", _c.string),
            mode=_c.field(obj, "mode", _c.literal("acp", "chat")),
            workspace_dir=_c.field(obj, "workspace_dir", _c.string),
            agent_alias=_c.field(obj, "agent_alias", _c.string),
            message_count=_c.field(obj, "message_count", _c.integer),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
            "agent": self.agent,
            "mode": self.mode,
            "workspace_dir": self.workspace_dir,
            "agent_alias": self.agent_alias,
            "message_count": self.message_count,
        }


@dataclass(kw_only=True, slots=True)
class SessionPromptResult:
    session_id: str
    turn_id: str
    outcome: TurnOutcome
    stop_reason: StopReason
    content: str
    """The assistant's final text; for a failed turn, what went wrong."""

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionPromptResult")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
            turn_id=_c.field(obj, "turn_id", _c.string),
            outcome=_c.field(obj, "outcome", _c.literal("completed", "cancelled", "failed")),
            stop_reason=_c.field(obj, "stop_reason", _c.literal("end_turn", "max_tokens", "max_tool_rounds", "cancelled", "error")),
            content=_c.field(obj, "content", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
            "turn_id": self.turn_id,
            "outcome": self.outcome,
            "stop_reason": self.stop_reason,
            "content": self.content,
        }


@dataclass(kw_only=True, slots=True)
class FileEntry:
    """A file stored in the session agent's workspace under its content hash."""

    ref_id: str
    """sha256:<hex>; pass it in session/prompt attachments."""
    filename: str
    marker: str
    """How the file is shown to the agent in a prompt that attaches it."""
    workspace_path: str
    """Absolute path of the stored file (named by its hash, never by the filename)."""
    size_bytes: int
    deduplicated: bool
    """true when this session already had these bytes."""

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "FileEntry")
        return cls(
            ref_id=_c.field(obj, "ref_id", _c.string),
            filename=_c.field(obj, "filename", _c.string),
            marker=_c.field(obj, "marker", _c.string),
            workspace_path=_c.field(obj, "workspace_path", _c.string),
            size_bytes=_c.field(obj, "size_bytes", _c.integer),
            deduplicated=_c.field(obj, "deduplicated", _c.boolean),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "ref_id": self.ref_id,
            "filename": self.filename,
            "marker": self.marker,
            "workspace_path": self.workspace_path,
            "size_bytes": self.size_bytes,
            "deduplicated": self.deduplicated,
        }


@dataclass(kw_only=True, slots=True)
class FileUploadBeginResult:
    upload_id: str
    chunk_bytes: int
    max_bytes: int

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "FileUploadBeginResult")
        return cls(
            upload_id=_c.field(obj, "upload_id", _c.string),
            chunk_bytes=_c.field(obj, "chunk_bytes", _c.integer),
            max_bytes=_c.field(obj, "max_bytes", _c.integer),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "upload_id": self.upload_id,
            "chunk_bytes": self.chunk_bytes,
            "max_bytes": self.max_bytes,
        }


@dataclass(kw_only=True, slots=True)
class FileUploadChunkResult:
    upload_id: str
    received_bytes: int

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "FileUploadChunkResult")
        return cls(
            upload_id=_c.field(obj, "upload_id", _c.string),
            received_bytes=_c.field(obj, "received_bytes", _c.integer),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "upload_id": self.upload_id,
            "received_bytes": self.received_bytes,
        }


@dataclass(kw_only=True, slots=True)
class AttachedFile:
    filename: str
    data_b64: str
    mime_type: str | None = None

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "AttachedFile")
        return cls(
            filename=_c.field(obj, "filename", _c.string),
            data_b64=_c.field(obj, "data_b64", _c.string),
            mime_type=_c.optional(obj, "mime_type", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "filename": self.filename,
            "data_b64": self.data_b64,
        }
        if self.mime_type is not None:
            out["mime_type"] = self.mime_type
        return out


@dataclass(kw_only=True, slots=True)
class InitializeParams:
    protocolVersion: ProtocolVersion | None = None
    protocol_version: ProtocolVersion | None = None
    client_info: ClientInfo | None = None
    client_capabilities: ClientCapabilities | None = None
    auth_token: str | None = None
    login_code: str | None = None
    tui_id: Any = None
    tui_sig: Any = None
    env: dict[str, Any] | None = None

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "InitializeParams")
        return cls(
            protocolVersion=_c.optional(obj, "protocolVersion", _c.integer),
            protocol_version=_c.optional(obj, "protocol_version", _c.integer),
            client_info=_c.optional(obj, "clientInfo", ClientInfo.from_json),
            client_capabilities=_c.optional(obj, "clientCapabilities", ClientCapabilities.from_json),
            auth_token=_c.optional(obj, "auth_token", _c.string),
            login_code=_c.optional(obj, "login_code", _c.string),
            tui_id=_c.optional(obj, "tui_id", _c.any_value),
            tui_sig=_c.optional(obj, "tui_sig", _c.any_value),
            env=_c.optional(obj, "env", _c.json_object),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.protocolVersion is not None:
            out["protocolVersion"] = self.protocolVersion
        if self.protocol_version is not None:
            out["protocol_version"] = self.protocol_version
        if self.client_info is not None:
            out["clientInfo"] = self.client_info.to_json()
        if self.client_capabilities is not None:
            out["clientCapabilities"] = self.client_capabilities.to_json()
        if self.auth_token is not None:
            out["auth_token"] = self.auth_token
        if self.login_code is not None:
            out["login_code"] = self.login_code
        if self.tui_id is not None:
            out["tui_id"] = _c.encode(self.tui_id)
        if self.tui_sig is not None:
            out["tui_sig"] = _c.encode(self.tui_sig)
        if self.env is not None:
            out["env"] = _c.encode(self.env)
        return out


@dataclass(kw_only=True, slots=True)
class StatusParams:
    @classmethod
    def from_json(cls, data: Any) -> Self:
        _c.obj(data, "StatusParams")
        return cls()

    def to_json(self) -> dict[str, Any]:
        return {}


@dataclass(kw_only=True, slots=True)
class RpcDiscoverParams:
    @classmethod
    def from_json(cls, data: Any) -> Self:
        _c.obj(data, "RpcDiscoverParams")
        return cls()

    def to_json(self) -> dict[str, Any]:
        return {}


@dataclass(kw_only=True, slots=True)
class ConfigGetParams:
    prop: ConfigProp | None = None
    """A dotted path; absent: the whole config."""

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ConfigGetParams")
        return cls(
            prop=_c.optional(obj, "prop", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.prop is not None:
            out["prop"] = self.prop
        return out


@dataclass(kw_only=True, slots=True)
class ConfigSetParams:
    prop: ConfigProp
    value: Any

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ConfigSetParams")
        return cls(
            prop=_c.field(obj, "prop", _c.string),
            value=_c.field(obj, "value", _c.any_value),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "prop": self.prop,
            "value": _c.encode(self.value),
        }


@dataclass(kw_only=True, slots=True)
class ConfigSetManyParams:
    sets: list[ConfigEntry]

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ConfigSetManyParams")
        return cls(
            sets=_c.field(obj, "sets", _c.list_of(ConfigEntry.from_json)),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "sets": _c.encode(self.sets),
        }


@dataclass(kw_only=True, slots=True)
class PairingCreateParams:
    user: str
    label: str | None = None

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "PairingCreateParams")
        return cls(
            user=_c.field(obj, "user", _c.string),
            label=_c.optional(obj, "label", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "user": self.user,
        }
        if self.label is not None:
            out["label"] = self.label
        return out


@dataclass(kw_only=True, slots=True)
class PairingRevokeParams:
    token_id: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "PairingRevokeParams")
        return cls(
            token_id=_c.field(obj, "token_id", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "token_id": self.token_id,
        }


@dataclass(kw_only=True, slots=True)
class PairingListParams:
    @classmethod
    def from_json(cls, data: Any) -> Self:
        _c.obj(data, "PairingListParams")
        return cls()

    def to_json(self) -> dict[str, Any]:
        return {}


@dataclass(kw_only=True, slots=True)
class SessionNewParams:
    agent: str | None = None
    """Agent alias; default "default" (or agent_alias when only that is given)."""
    mode: SessionMode | None = None
    cwd: str | None = None
    """Absolute path of an existing directory to work in (symlinks resolved). Admins may
    name any directory outside the data dir; other principals only one inside their
    profiles' workspace_roots, and never another session's workspace: -32012
    cwd_forbidden otherwise.
    """
    session_id: str | None = None
    """1–128 of A-Z a-z 0-9 _ . -, not starting with a dot (so never . or ..). Default: a
    random s_<hex>.
    """
    agent_alias: str | None = None
    """zerocode's name for agent (agent wins when both are given)."""
    chat_mode: SessionMode | None = None
    """zerocode's name for mode (mode wins when both are given)."""
    tui_id: Any = None
    """zerocode's terminal id. Accepted and ignored (zerocode sends it)."""
    exclude_memory: Any = None
    """zerocode's memory switch. Accepted and ignored (zerocode sends it)."""
    keep_siblings: Any = None
    """zerocode's sibling switch. Accepted and ignored (zerocode sends it)."""

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionNewParams")
        return cls(
            agent=_c.optional(obj, "agent", _c.string),
            mode=_c.optional(obj, "mode", _c.literal("acp", "chat")),
            cwd=_c.optional(obj, "cwd", _c.string),
            session_id=_c.optional(obj, "session_id", _c.string),
            agent_alias=_c.optional(obj, "agent_alias", _c.string),
            chat_mode=_c.optional(obj, "chat_mode", _c.literal("acp", "chat")),
            tui_id=_c.optional(obj, "tui_id", _c.any_value),
            exclude_memory=_c.optional(obj, "exclude_memory", _c.any_value),
            keep_siblings=_c.optional(obj, "keep_siblings", _c.any_value),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.agent is not None:
            out["agent"] = self.agent
        if self.mode is not None:
            out["mode"] = self.mode
        if self.cwd is not None:
            out["cwd"] = self.cwd
        if self.session_id is not None:
            out["session_id"] = self.session_id
        if self.agent_alias is not None:
            out["agent_alias"] = self.agent_alias
        if self.chat_mode is not None:
            out["chat_mode"] = self.chat_mode
        if self.tui_id is not None:
            out["tui_id"] = _c.encode(self.tui_id)
        if self.exclude_memory is not None:
            out["exclude_memory"] = _c.encode(self.exclude_memory)
        if self.keep_siblings is not None:
            out["keep_siblings"] = _c.encode(self.keep_siblings)
        return out


@dataclass(kw_only=True, slots=True)
class SessionPromptParams:
    session_id: str
    prompt: str
    attachments: list[str] | None = None
    """ref_ids (sha256:<hex>) of files stored in this session."""

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionPromptParams")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
            prompt=_c.field(obj, "prompt", _c.string),
            attachments=_c.optional(obj, "attachments", _c.list_of(_c.string)),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "session_id": self.session_id,
            "prompt": self.prompt,
        }
        if self.attachments is not None:
            out["attachments"] = self.attachments
        return out


@dataclass(kw_only=True, slots=True)
class SessionCancelParams:
    session_id: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionCancelParams")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
        }


@dataclass(kw_only=True, slots=True)
class SessionCancelResult:
    session_id: str
    cancelled: Literal[True] = True

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionCancelResult")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
            cancelled=_c.field(obj, "cancelled", _c.literal(True)),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
            "cancelled": self.cancelled,
        }


@dataclass(kw_only=True, slots=True)
class SessionApproveParams:
    session_id: str
    request_id: str
    decision: ApprovalDecision
    replacement: str | None = None
    """With reject_with_edit: the input the user wants instead. Ignored otherwise."""

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionApproveParams")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
            request_id=_c.field(obj, "request_id", _c.string),
            decision=_c.field(obj, "decision", _c.literal("allow_once", "allow_always", "reject", "reject_once", "reject_with_edit")),
            replacement=_c.optional(obj, "replacement", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "session_id": self.session_id,
            "request_id": self.request_id,
            "decision": self.decision,
        }
        if self.replacement is not None:
            out["replacement"] = self.replacement
        return out


@dataclass(kw_only=True, slots=True)
class SessionApproveResult:
    acknowledged: Literal[True] = True

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionApproveResult")
        return cls(
            acknowledged=_c.field(obj, "acknowledged", _c.literal(True)),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "acknowledged": self.acknowledged,
        }


@dataclass(kw_only=True, slots=True)
class SessionListParams:
    @classmethod
    def from_json(cls, data: Any) -> Self:
        _c.obj(data, "SessionListParams")
        return cls()

    def to_json(self) -> dict[str, Any]:
        return {}


@dataclass(kw_only=True, slots=True)
class SessionListResult:
    sessions: list[SessionInfo]

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionListResult")
        return cls(
            sessions=_c.field(obj, "sessions", _c.list_of(SessionInfo.from_json)),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "sessions": _c.encode(self.sessions),
        }


@dataclass(kw_only=True, slots=True)
class SessionMessagesParams:
    session_id: str
    after_seq: int | None = None
    limit: int | None = None

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionMessagesParams")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
            after_seq=_c.optional(obj, "after_seq", _c.integer),
            limit=_c.optional(obj, "limit", _c.integer),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "session_id": self.session_id,
        }
        if self.after_seq is not None:
            out["after_seq"] = self.after_seq
        if self.limit is not None:
            out["limit"] = self.limit
        return out


@dataclass(kw_only=True, slots=True)
class SessionMessagesResult:
    session_id: str
    messages: list[TranscriptMessage]
    total: int

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionMessagesResult")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
            messages=_c.field(obj, "messages", _c.list_of(TranscriptMessage.from_json)),
            total=_c.field(obj, "total", _c.integer),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
            "messages": _c.encode(self.messages),
            "total": self.total,
        }


@dataclass(kw_only=True, slots=True)
class SessionCloseParams:
    session_id: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionCloseParams")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
        }


@dataclass(kw_only=True, slots=True)
class SessionCloseResult:
    session_id: str
    closed: Literal[True] = True

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionCloseResult")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
            closed=_c.field(obj, "closed", _c.literal(True)),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
            "closed": self.closed,
        }


@dataclass(kw_only=True, slots=True)
class SessionKillParams:
    session_id: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionKillParams")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
        }


@dataclass(kw_only=True, slots=True)
class SessionKillResult:
    session_id: str
    killed: Literal[True] = True

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionKillResult")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
            killed=_c.field(obj, "killed", _c.literal(True)),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
            "killed": self.killed,
        }


@dataclass(kw_only=True, slots=True)
class SessionDeleteParams:
    session_id: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionDeleteParams")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
        }


@dataclass(kw_only=True, slots=True)
class SessionDeleteResult:
    session_id: str
    deleted: Literal[True] = True

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionDeleteResult")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
            deleted=_c.field(obj, "deleted", _c.literal(True)),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
            "deleted": self.deleted,
        }


@dataclass(kw_only=True, slots=True)
class FileAttachParams:
    session_id: str
    files: list[AttachedFile]

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "FileAttachParams")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
            files=_c.field(obj, "files", _c.list_of(AttachedFile.from_json)),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
            "files": _c.encode(self.files),
        }


@dataclass(kw_only=True, slots=True)
class FileAttachResult:
    files: list[FileEntry]

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "FileAttachResult")
        return cls(
            files=_c.field(obj, "files", _c.list_of(FileEntry.from_json)),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "files": _c.encode(self.files),
        }


@dataclass(kw_only=True, slots=True)
class FileUploadBeginParams:
    session_id: str
    size_bytes: int
    filename: str | None = None
    sha256: Sha256Hex | None = None

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "FileUploadBeginParams")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
            size_bytes=_c.field(obj, "size_bytes", _c.integer),
            filename=_c.optional(obj, "filename", _c.string),
            sha256=_c.optional(obj, "sha256", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "session_id": self.session_id,
            "size_bytes": self.size_bytes,
        }
        if self.filename is not None:
            out["filename"] = self.filename
        if self.sha256 is not None:
            out["sha256"] = self.sha256
        return out


@dataclass(kw_only=True, slots=True)
class FileUploadChunkParams:
    upload_id: str
    offset: int
    data_b64: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "FileUploadChunkParams")
        return cls(
            upload_id=_c.field(obj, "upload_id", _c.string),
            offset=_c.field(obj, "offset", _c.integer),
            data_b64=_c.field(obj, "data_b64", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "upload_id": self.upload_id,
            "offset": self.offset,
            "data_b64": self.data_b64,
        }


@dataclass(kw_only=True, slots=True)
class FileUploadCommitParams:
    upload_id: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "FileUploadCommitParams")
        return cls(
            upload_id=_c.field(obj, "upload_id", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "upload_id": self.upload_id,
        }


@dataclass(kw_only=True, slots=True)
class ElicitationCreateParams:
    session_id: str
    mode: Literal["form"] = "form"
    message: str
    requested_schema: dict[str, Any] | None = None

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ElicitationCreateParams")
        return cls(
            session_id=_c.field(obj, "sessionId", _c.string),
            mode=_c.field(obj, "mode", _c.literal("form")),
            message=_c.field(obj, "message", _c.string),
            requested_schema=_c.optional(obj, "requestedSchema", _c.json_object),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "sessionId": self.session_id,
            "mode": self.mode,
            "message": self.message,
        }
        if self.requested_schema is not None:
            out["requestedSchema"] = _c.encode(self.requested_schema)
        return out


@dataclass(kw_only=True, slots=True)
class ParseErrorData:
    """Invalid JSON"""

    reason: Literal["parse_error"] = "parse_error"

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ParseErrorData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("parse_error")),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
        }


@dataclass(kw_only=True, slots=True)
class InvalidRequestData:
    """Invalid request envelope"""

    reason: Literal["invalid_request"] = "invalid_request"

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "InvalidRequestData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("invalid_request")),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
        }


@dataclass(kw_only=True, slots=True)
class FrameTooLargeData:
    """Frame too large"""

    reason: Literal["frame_too_large"] = "frame_too_large"
    limit_bytes: int

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "FrameTooLargeData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("frame_too_large")),
            limit_bytes=_c.field(obj, "limit_bytes", _c.integer),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "limit_bytes": self.limit_bytes,
        }


@dataclass(kw_only=True, slots=True)
class FrameTimeoutData:
    """Frame not completed in time"""

    reason: Literal["frame_timeout"] = "frame_timeout"
    limit_ms: int

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "FrameTimeoutData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("frame_timeout")),
            limit_ms=_c.field(obj, "limit_ms", _c.integer),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "limit_ms": self.limit_ms,
        }


@dataclass(kw_only=True, slots=True)
class AlreadyInitializedData:
    """Already initialized"""

    reason: Literal["already_initialized"] = "already_initialized"

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "AlreadyInitializedData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("already_initialized")),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
        }


@dataclass(kw_only=True, slots=True)
class MethodNotFoundData:
    """Method not found"""

    reason: Literal["method_not_found"] = "method_not_found"
    method: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "MethodNotFoundData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("method_not_found")),
            method=_c.field(obj, "method", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "method": self.method,
        }


@dataclass(kw_only=True, slots=True)
class InvalidParamsData:
    """Invalid params"""

    reason: Literal["invalid_params"] = "invalid_params"
    errors: list[ParamError]

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "InvalidParamsData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("invalid_params")),
            errors=_c.field(obj, "errors", _c.list_of(ParamError.from_json)),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "errors": _c.encode(self.errors),
        }


@dataclass(kw_only=True, slots=True)
class InvalidEntryData:
    """Invalid config entry"""

    reason: Literal["invalid_entry"] = "invalid_entry"
    index: int
    prop: str
    errors: list[ParamError]

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "InvalidEntryData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("invalid_entry")),
            index=_c.field(obj, "index", _c.integer),
            prop=_c.field(obj, "prop", _c.string),
            errors=_c.field(obj, "errors", _c.list_of(ParamError.from_json)),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "index": self.index,
            "prop": self.prop,
            "errors": _c.encode(self.errors),
        }


@dataclass(kw_only=True, slots=True)
class InvalidConfigData:
    """The resulting config is invalid"""

    reason: Literal["invalid_config"] = "invalid_config"
    errors: list[ParamError]

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "InvalidConfigData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("invalid_config")),
            errors=_c.field(obj, "errors", _c.list_of(ParamError.from_json)),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "errors": _c.encode(self.errors),
        }


@dataclass(kw_only=True, slots=True)
class FileTooLargeData:
    """File too large"""

    reason: Literal["file_too_large"] = "file_too_large"
    limit_bytes: int
    size_bytes: int | None = None

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "FileTooLargeData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("file_too_large")),
            limit_bytes=_c.field(obj, "limit_bytes", _c.integer),
            size_bytes=_c.optional(obj, "size_bytes", _c.integer),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "reason": self.reason,
            "limit_bytes": self.limit_bytes,
        }
        if self.size_bytes is not None:
            out["size_bytes"] = self.size_bytes
        return out


@dataclass(kw_only=True, slots=True)
class FilenameTooLongData:
    """Filename too long"""

    reason: Literal["filename_too_long"] = "filename_too_long"
    limit_bytes: int

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "FilenameTooLongData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("filename_too_long")),
            limit_bytes=_c.field(obj, "limit_bytes", _c.integer),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "limit_bytes": self.limit_bytes,
        }


@dataclass(kw_only=True, slots=True)
class ChunkTooLargeData:
    """Chunk too large"""

    reason: Literal["chunk_too_large"] = "chunk_too_large"
    limit_bytes: int

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ChunkTooLargeData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("chunk_too_large")),
            limit_bytes=_c.field(obj, "limit_bytes", _c.integer),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "limit_bytes": self.limit_bytes,
        }


@dataclass(kw_only=True, slots=True)
class ExceedsDeclaredSizeData:
    """Chunk goes past the declared size"""

    reason: Literal["exceeds_declared_size"] = "exceeds_declared_size"
    size_bytes: int

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ExceedsDeclaredSizeData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("exceeds_declared_size")),
            size_bytes=_c.field(obj, "size_bytes", _c.integer),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "size_bytes": self.size_bytes,
        }


@dataclass(kw_only=True, slots=True)
class InternalErrorData:
    """Internal error"""

    reason: Literal["internal_error"] = "internal_error"

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "InternalErrorData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("internal_error")),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
        }


@dataclass(kw_only=True, slots=True)
class SessionNotFoundData:
    """Session not found"""

    reason: Literal["session_not_found"] = "session_not_found"
    session_id: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionNotFoundData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("session_not_found")),
            session_id=_c.field(obj, "session_id", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "session_id": self.session_id,
        }


@dataclass(kw_only=True, slots=True)
class NoRunningTurnData:
    """No turn is running"""

    reason: Literal["no_running_turn"] = "no_running_turn"
    session_id: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "NoRunningTurnData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("no_running_turn")),
            session_id=_c.field(obj, "session_id", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "session_id": self.session_id,
        }


@dataclass(kw_only=True, slots=True)
class SessionKilledData:
    """The session was killed: its history is kept but it cannot be prompted"""

    reason: Literal["session_killed"] = "session_killed"
    session_id: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionKilledData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("session_killed")),
            session_id=_c.field(obj, "session_id", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "session_id": self.session_id,
        }


@dataclass(kw_only=True, slots=True)
class SessionLimitData:
    """Session limit reached"""

    reason: Literal["session_limit"] = "session_limit"
    limit: int

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionLimitData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("session_limit")),
            limit=_c.field(obj, "limit", _c.integer),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "limit": self.limit,
        }


@dataclass(kw_only=True, slots=True)
class SessionBusyData:
    """A turn is already running on this session"""

    reason: Literal["session_busy"] = "session_busy"
    session_id: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionBusyData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("session_busy")),
            session_id=_c.field(obj, "session_id", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "session_id": self.session_id,
        }


@dataclass(kw_only=True, slots=True)
class SessionNotOwnedData:
    """Session owned by another principal"""

    reason: Literal["session_not_owned"] = "session_not_owned"
    session_id: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionNotOwnedData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("session_not_owned")),
            session_id=_c.field(obj, "session_id", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "session_id": self.session_id,
        }


@dataclass(kw_only=True, slots=True)
class ConnectionLimitData:
    """Connection limit reached"""

    reason: Literal["connection_limit"] = "connection_limit"
    limit: int

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ConnectionLimitData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("connection_limit")),
            limit=_c.field(obj, "limit", _c.integer),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "limit": self.limit,
        }


@dataclass(kw_only=True, slots=True)
class NotInitializedData:
    """Call initialize first"""

    reason: Literal["not_initialized"] = "not_initialized"

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "NotInitializedData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("not_initialized")),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
        }


@dataclass(kw_only=True, slots=True)
class AuthRequiredData:
    """A pairing token is required"""

    reason: Literal["auth_required"] = "auth_required"

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "AuthRequiredData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("auth_required")),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
        }


@dataclass(kw_only=True, slots=True)
class InvalidTokenData:
    """Unknown or revoked pairing token"""

    reason: Literal["invalid_token"] = "invalid_token"

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "InvalidTokenData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("invalid_token")),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
        }


@dataclass(kw_only=True, slots=True)
class UnknownPeerData:
    """The peer's uid maps to no configured user"""

    reason: Literal["unknown_peer"] = "unknown_peer"

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "UnknownPeerData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("unknown_peer")),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
        }


@dataclass(kw_only=True, slots=True)
class ThrottledData:
    """Too many failed authentications from this address (gateway.auth_throttle);
    retry_after_ms: when one more attempt would be answered normally again
    """

    reason: Literal["throttled"] = "throttled"
    retry_after_ms: int

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ThrottledData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("throttled")),
            retry_after_ms=_c.field(obj, "retry_after_ms", _c.integer),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "retry_after_ms": self.retry_after_ms,
        }


@dataclass(kw_only=True, slots=True)
class VersionMismatchData:
    """Unsupported protocol version"""

    reason: Literal["version_mismatch"] = "version_mismatch"
    requested: Any
    supported: list[int]

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "VersionMismatchData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("version_mismatch")),
            requested=_c.field(obj, "requested", _c.any_value),
            supported=_c.field(obj, "supported", _c.list_of(_c.integer)),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "requested": _c.encode(self.requested),
            "supported": self.supported,
        }


@dataclass(kw_only=True, slots=True)
class NotGrantedData:
    """The principal lacks the method's grant"""

    reason: Literal["not_granted"] = "not_granted"
    grant: Grant
    method: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "NotGrantedData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("not_granted")),
            grant=_c.field(obj, "grant", _c.literal("system:read", "config:read", "config:update", "sessions:create", "sessions:read", "sessions:update", "sessions:delete", "sessions:execute", "files:create", "pairing:manage")),
            method=_c.field(obj, "method", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "grant": self.grant,
            "method": self.method,
        }


@dataclass(kw_only=True, slots=True)
class ConfigPathForbiddenData:
    """Config path not writable by this principal"""

    reason: Literal["config_path_forbidden"] = "config_path_forbidden"
    index: int
    prop: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ConfigPathForbiddenData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("config_path_forbidden")),
            index=_c.field(obj, "index", _c.integer),
            prop=_c.field(obj, "prop", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "index": self.index,
            "prop": self.prop,
        }


@dataclass(kw_only=True, slots=True)
class LocalOnlyData:
    """Method served on the local socket only"""

    reason: Literal["local_only"] = "local_only"
    method: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "LocalOnlyData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("local_only")),
            method=_c.field(obj, "method", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "method": self.method,
        }


@dataclass(kw_only=True, slots=True)
class AgentNotAllowedData:
    """The principal may not use this agent"""

    reason: Literal["agent_not_allowed"] = "agent_not_allowed"
    agent: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "AgentNotAllowedData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("agent_not_allowed")),
            agent=_c.field(obj, "agent", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "agent": self.agent,
        }


@dataclass(kw_only=True, slots=True)
class CwdForbiddenData:
    """session/new.cwd names a directory this principal may not use"""

    reason: Literal["cwd_forbidden"] = "cwd_forbidden"
    cwd: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "CwdForbiddenData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("cwd_forbidden")),
            cwd=_c.field(obj, "cwd", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "cwd": self.cwd,
        }


@dataclass(kw_only=True, slots=True)
class UploadNotFoundData:
    """Unknown, expired, discarded or another connection's upload"""

    reason: Literal["upload_not_found"] = "upload_not_found"
    upload_id: str | None = None

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "UploadNotFoundData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("upload_not_found")),
            upload_id=_c.optional(obj, "upload_id", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "reason": self.reason,
        }
        if self.upload_id is not None:
            out["upload_id"] = self.upload_id
        return out


@dataclass(kw_only=True, slots=True)
class ConnectionUploadsData:
    """Too many staged uploads on this connection"""

    reason: Literal["connection_uploads"] = "connection_uploads"
    limit: int

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ConnectionUploadsData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("connection_uploads")),
            limit=_c.field(obj, "limit", _c.integer),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "limit": self.limit,
        }


@dataclass(kw_only=True, slots=True)
class BudgetData:
    """The staging budget is exhausted"""

    reason: Literal["budget"] = "budget"
    limit_bytes: int

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "BudgetData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("budget")),
            limit_bytes=_c.field(obj, "limit_bytes", _c.integer),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "limit_bytes": self.limit_bytes,
        }


@dataclass(kw_only=True, slots=True)
class OffsetMismatchData:
    """Offset does not equal the bytes received so far"""

    reason: Literal["offset_mismatch"] = "offset_mismatch"
    expected_offset: int

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "OffsetMismatchData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("offset_mismatch")),
            expected_offset=_c.field(obj, "expected_offset", _c.integer),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "expected_offset": self.expected_offset,
        }


@dataclass(kw_only=True, slots=True)
class UploadIncompleteData:
    """Not all declared bytes arrived"""

    reason: Literal["upload_incomplete"] = "upload_incomplete"
    received_bytes: int
    size_bytes: int

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "UploadIncompleteData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("upload_incomplete")),
            received_bytes=_c.field(obj, "received_bytes", _c.integer),
            size_bytes=_c.field(obj, "size_bytes", _c.integer),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "received_bytes": self.received_bytes,
            "size_bytes": self.size_bytes,
        }


@dataclass(kw_only=True, slots=True)
class HashMismatchData:
    """The bytes do not match the declared sha256"""

    reason: Literal["hash_mismatch"] = "hash_mismatch"
    expected_sha256: str
    actual_sha256: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "HashMismatchData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("hash_mismatch")),
            expected_sha256=_c.field(obj, "expected_sha256", _c.string),
            actual_sha256=_c.field(obj, "actual_sha256", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "expected_sha256": self.expected_sha256,
            "actual_sha256": self.actual_sha256,
        }


@dataclass(kw_only=True, slots=True)
class SessionSubscribeParams:
    session_id: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionSubscribeParams")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
        }


@dataclass(kw_only=True, slots=True)
class SessionSubscribeResult:
    session_id: str
    subscribed: Literal[True] = True
    running_turn: Any
    """The turn running on the session when the subscription began, so a watcher that joins
    midway shows it from its start: null when none runs. Every update sent for it before
    the subscription is in `updates`; every later one comes as a session/update after
    this result, none twice and none missing (the snapshot and the subscription are
    taken at one instant).
    """

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionSubscribeResult")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
            subscribed=_c.field(obj, "subscribed", _c.literal(True)),
            running_turn=_c.field(obj, "running_turn", _c.any_value),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
            "subscribed": self.subscribed,
            "running_turn": _c.encode(self.running_turn),
        }


@dataclass(kw_only=True, slots=True)
class SessionUnsubscribeParams:
    session_id: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionUnsubscribeParams")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
        }


@dataclass(kw_only=True, slots=True)
class SessionUnsubscribeResult:
    session_id: str
    subscribed: Literal[False] = False

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "SessionUnsubscribeResult")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
            subscribed=_c.field(obj, "subscribed", _c.literal(False)),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
            "subscribed": self.subscribed,
        }


@dataclass(kw_only=True, slots=True)
class HealthParams:
    @classmethod
    def from_json(cls, data: Any) -> Self:
        _c.obj(data, "HealthParams")
        return cls()

    def to_json(self) -> dict[str, Any]:
        return {}


@dataclass(kw_only=True, slots=True)
class HealthResult:
    pid: int
    """The daemon's process id."""
    updated_at: str
    """When this snapshot was taken."""
    uptime_seconds: int
    components: dict[str, HealthComponent]
    """By component name: at least rpc, storage, and gateway while it runs (zeroclaw's own
    daemon reports its own components).
    """
    process: HealthProcess

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "HealthResult")
        return cls(
            pid=_c.field(obj, "pid", _c.integer),
            updated_at=_c.field(obj, "updated_at", _c.string),
            uptime_seconds=_c.field(obj, "uptime_seconds", _c.integer),
            components=_c.field(obj, "components", _c.dict_of(HealthComponent.from_json)),
            process=_c.field(obj, "process", HealthProcess.from_json),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "pid": self.pid,
            "updated_at": self.updated_at,
            "uptime_seconds": self.uptime_seconds,
            "components": _c.encode(self.components),
            "process": self.process.to_json(),
        }


@dataclass(kw_only=True, slots=True)
class HealthComponent:
    status: HealthStatus
    updated_at: str
    """When the status last changed or was checked."""
    last_ok: str | None
    """When it was last seen working."""
    last_error: str | None
    """Why it last failed (null once it works again)."""
    restart_count: int

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "HealthComponent")
        return cls(
            status=_c.field(obj, "status", _c.literal("ok", "error", "starting")),
            updated_at=_c.field(obj, "updated_at", _c.string),
            last_ok=_c.field(obj, "last_ok", _c.nullable(_c.string)),
            last_error=_c.field(obj, "last_error", _c.nullable(_c.string)),
            restart_count=_c.field(obj, "restart_count", _c.integer),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "updated_at": self.updated_at,
            "last_ok": self.last_ok,
            "last_error": self.last_error,
            "restart_count": self.restart_count,
        }


@dataclass(kw_only=True, slots=True)
class HealthProcess:
    """This daemon process."""

    rss_bytes: int
    cpu_percent: float | None
    """CPU used since the previous health call, summed over cores (0..100 × num_cpus); null
    on the first.
    """
    num_cpus: int
    system_ram_total_bytes: int

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "HealthProcess")
        return cls(
            rss_bytes=_c.field(obj, "rss_bytes", _c.integer),
            cpu_percent=_c.field(obj, "cpu_percent", _c.nullable(_c.number)),
            num_cpus=_c.field(obj, "num_cpus", _c.integer),
            system_ram_total_bytes=_c.field(obj, "system_ram_total_bytes", _c.integer),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "rss_bytes": self.rss_bytes,
            "cpu_percent": self.cpu_percent,
            "num_cpus": self.num_cpus,
            "system_ram_total_bytes": self.system_ram_total_bytes,
        }


@dataclass(kw_only=True, slots=True)
class ZeroclawInitializeResult:
    """initialize's result in the zeroclaw dialect, as zerocode reads it
    (parse_initialize_response): it refuses a daemon whose server_version differs from
    its own version, and compares server_pid with the pid of a daemon it spawned.
    """

    protocol_version: Literal[1] = 1
    server_version: str
    """Config compat.zeroclaw_version (default 0.8.4)."""
    server_pid: int
    """The daemon's own process id."""
    commands: list[DaemonCommand]
    """Slash commands the daemon offers (this daemon: none)."""
    capabilities: list[str] | None = None
    """The method names this daemon serves."""
    principal: Principal | None = None
    implementation: Implementation | None = None

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ZeroclawInitializeResult")
        return cls(
            protocol_version=_c.field(obj, "protocol_version", _c.literal(1)),
            server_version=_c.field(obj, "server_version", _c.string),
            server_pid=_c.field(obj, "server_pid", _c.integer),
            commands=_c.field(obj, "commands", _c.list_of(DaemonCommand.from_json)),
            capabilities=_c.optional(obj, "capabilities", _c.list_of(_c.string)),
            principal=_c.optional(obj, "principal", Principal.from_json),
            implementation=_c.optional(obj, "implementation", Implementation.from_json),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "protocol_version": self.protocol_version,
            "server_version": self.server_version,
            "server_pid": self.server_pid,
            "commands": _c.encode(self.commands),
        }
        if self.capabilities is not None:
            out["capabilities"] = self.capabilities
        if self.principal is not None:
            out["principal"] = self.principal.to_json()
        if self.implementation is not None:
            out["implementation"] = self.implementation.to_json()
        return out


@dataclass(kw_only=True, slots=True)
class ZeroclawStatusResult:
    """status's result as zerocode reads it (StatusResult); this daemon sends every
    StatusResult member too.
    """

    server_version: str
    """Config compat.zeroclaw_version."""
    protocol_version: int
    active_sessions: int
    config_dir: str | None = None
    config_file: str | None = None
    config_kind: str | None = None
    local_ipc_endpoint: str | None = None

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ZeroclawStatusResult")
        return cls(
            server_version=_c.field(obj, "server_version", _c.string),
            protocol_version=_c.field(obj, "protocol_version", _c.integer),
            active_sessions=_c.field(obj, "active_sessions", _c.integer),
            config_dir=_c.optional(obj, "config_dir", _c.string),
            config_file=_c.optional(obj, "config_file", _c.string),
            config_kind=_c.optional(obj, "config_kind", _c.string),
            local_ipc_endpoint=_c.optional(obj, "local_ipc_endpoint", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "server_version": self.server_version,
            "protocol_version": self.protocol_version,
            "active_sessions": self.active_sessions,
        }
        if self.config_dir is not None:
            out["config_dir"] = self.config_dir
        if self.config_file is not None:
            out["config_file"] = self.config_file
        if self.config_kind is not None:
            out["config_kind"] = self.config_kind
        if self.local_ipc_endpoint is not None:
            out["local_ipc_endpoint"] = self.local_ipc_endpoint
        return out


@dataclass(kw_only=True, slots=True)
class ZeroclawSessionNewResult:
    """session/new's result as zerocode reads it (SessionNewResult); this daemon sends
    every SessionNewResult member too.
    """

    session_id: str
    workspace_dir: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ZeroclawSessionNewResult")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
            workspace_dir=_c.field(obj, "workspace_dir", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
            "workspace_dir": self.workspace_dir,
        }


@dataclass(kw_only=True, slots=True)
class ZeroclawSessionUpdateAgentMessageChunk:
    """The ``type: "agent_message_chunk"`` variant of ``ZeroclawSessionUpdateParams``.
    """

    session_id: str
    type: Literal["agent_message_chunk"] = "agent_message_chunk"
    text: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ZeroclawSessionUpdateAgentMessageChunk")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
            type=_c.field(obj, "type", _c.literal("agent_message_chunk")),
            text=_c.field(obj, "text", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
            "type": self.type,
            "text": self.text,
        }


@dataclass(kw_only=True, slots=True)
class ZeroclawSessionUpdateAgentThoughtChunk:
    """The ``type: "agent_thought_chunk"`` variant of ``ZeroclawSessionUpdateParams``.
    """

    session_id: str
    type: Literal["agent_thought_chunk"] = "agent_thought_chunk"
    text: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ZeroclawSessionUpdateAgentThoughtChunk")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
            type=_c.field(obj, "type", _c.literal("agent_thought_chunk")),
            text=_c.field(obj, "text", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
            "type": self.type,
            "text": self.text,
        }


@dataclass(kw_only=True, slots=True)
class ZeroclawSessionUpdateToolCall:
    """The ``type: "tool_call"`` variant of ``ZeroclawSessionUpdateParams``."""

    session_id: str
    type: Literal["tool_call"] = "tool_call"
    tool_call_id: str
    name: str
    raw_input: dict[str, Any]
    """The tool's arguments; arguments that are not a JSON object come as {arguments:
    <their text>}.
    """

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ZeroclawSessionUpdateToolCall")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
            type=_c.field(obj, "type", _c.literal("tool_call")),
            tool_call_id=_c.field(obj, "tool_call_id", _c.string),
            name=_c.field(obj, "name", _c.string),
            raw_input=_c.field(obj, "raw_input", _c.json_object),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
            "type": self.type,
            "tool_call_id": self.tool_call_id,
            "name": self.name,
            "raw_input": _c.encode(self.raw_input),
        }


@dataclass(kw_only=True, slots=True)
class ZeroclawSessionUpdateToolResult:
    """The ``type: "tool_result"`` variant of ``ZeroclawSessionUpdateParams``."""

    session_id: str
    type: Literal["tool_result"] = "tool_result"
    tool_call_id: str
    name: str
    raw_output: str
    """The output as the model is told it (JSON text for structured output)."""

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ZeroclawSessionUpdateToolResult")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
            type=_c.field(obj, "type", _c.literal("tool_result")),
            tool_call_id=_c.field(obj, "tool_call_id", _c.string),
            name=_c.field(obj, "name", _c.string),
            raw_output=_c.field(obj, "raw_output", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
            "type": self.type,
            "tool_call_id": self.tool_call_id,
            "name": self.name,
            "raw_output": self.raw_output,
        }


@dataclass(kw_only=True, slots=True)
class ZeroclawSessionUpdateApprovalRequest:
    """The ``type: "approval_request"`` variant of ``ZeroclawSessionUpdateParams``."""

    session_id: str
    type: Literal["approval_request"] = "approval_request"
    request_id: str
    tool_name: str
    arguments_summary: str
    """The tool's arguments on one line (key: value, …; long values cut)."""
    timeout_secs: int
    """sessions.approval_timeout_ms in whole seconds, rounded up."""

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ZeroclawSessionUpdateApprovalRequest")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
            type=_c.field(obj, "type", _c.literal("approval_request")),
            request_id=_c.field(obj, "request_id", _c.string),
            tool_name=_c.field(obj, "tool_name", _c.string),
            arguments_summary=_c.field(obj, "arguments_summary", _c.string),
            timeout_secs=_c.field(obj, "timeout_secs", _c.integer),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
            "type": self.type,
            "request_id": self.request_id,
            "tool_name": self.tool_name,
            "arguments_summary": self.arguments_summary,
            "timeout_secs": self.timeout_secs,
        }


@dataclass(kw_only=True, slots=True)
class ZeroclawSessionUpdateHistoryTrimmed:
    """The ``type: "history_trimmed"`` variant of ``ZeroclawSessionUpdateParams``."""

    session_id: str
    type: Literal["history_trimmed"] = "history_trimmed"
    dropped_messages: int
    kept_turns: int
    reason: str
    """Why: token_budget (the agent's max_context_tokens)."""

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ZeroclawSessionUpdateHistoryTrimmed")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
            type=_c.field(obj, "type", _c.literal("history_trimmed")),
            dropped_messages=_c.field(obj, "dropped_messages", _c.integer),
            kept_turns=_c.field(obj, "kept_turns", _c.integer),
            reason=_c.field(obj, "reason", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
            "type": self.type,
            "dropped_messages": self.dropped_messages,
            "kept_turns": self.kept_turns,
            "reason": self.reason,
        }


@dataclass(kw_only=True, slots=True)
class ZeroclawSessionUpdateTurnComplete:
    """The turn's end. A notification prompt refused before its turn started gets one too:
    outcome failed, content the error message, session_id the id it sent ("" when none).
    """

    session_id: str
    type: Literal["turn_complete"] = "turn_complete"
    outcome: TurnOutcome
    content: str
    """The reply, or the error message."""

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ZeroclawSessionUpdateTurnComplete")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
            type=_c.field(obj, "type", _c.literal("turn_complete")),
            outcome=_c.field(obj, "outcome", _c.literal("completed", "cancelled", "failed")),
            content=_c.field(obj, "content", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
            "type": self.type,
            "outcome": self.outcome,
            "content": self.content,
        }


@dataclass(kw_only=True, slots=True)
class ZeroclawSessionUpdateSubscriptionEnded:
    """subscription_ended in the zeroclaw dialect (SPEC §17): the same update, session_id
    instead of sessionId.
    """

    session_id: str
    type: Literal["subscription_ended"] = "subscription_ended"
    reason: SubscriptionEndReason

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ZeroclawSessionUpdateSubscriptionEnded")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
            type=_c.field(obj, "type", _c.literal("subscription_ended")),
            reason=_c.field(obj, "reason", _c.literal("token_revoked", "not_granted", "session_not_owned", "lagging")),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
            "type": self.type,
            "reason": self.reason,
        }


@dataclass(kw_only=True, slots=True)
class AgentsStatusParams:
    @classmethod
    def from_json(cls, data: Any) -> Self:
        _c.obj(data, "AgentsStatusParams")
        return cls()

    def to_json(self) -> dict[str, Any]:
        return {}


@dataclass(kw_only=True, slots=True)
class AgentsStatusResult:
    agents: list[AgentStatus]

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "AgentsStatusResult")
        return cls(
            agents=_c.field(obj, "agents", _c.list_of(AgentStatus.from_json)),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "agents": _c.encode(self.agents),
        }


@dataclass(kw_only=True, slots=True)
class AgentStatus:
    """One agent as zerocode's AgentStatusEntry reads it."""

    alias: str
    enabled: bool
    live_sessions: int
    persisted_sessions: int
    channels: list[str]

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "AgentStatus")
        return cls(
            alias=_c.field(obj, "alias", _c.string),
            enabled=_c.field(obj, "enabled", _c.boolean),
            live_sessions=_c.field(obj, "live_sessions", _c.integer),
            persisted_sessions=_c.field(obj, "persisted_sessions", _c.integer),
            channels=_c.field(obj, "channels", _c.list_of(_c.string)),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "alias": self.alias,
            "enabled": self.enabled,
            "live_sessions": self.live_sessions,
            "persisted_sessions": self.persisted_sessions,
            "channels": self.channels,
        }


@dataclass(kw_only=True, slots=True)
class AdminRequiredData:
    """Only the owner or an admin may call this method"""

    reason: Literal["admin_required"] = "admin_required"
    method: str

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "AdminRequiredData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("admin_required")),
            method=_c.field(obj, "method", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "method": self.method,
        }


@dataclass(kw_only=True, slots=True)
class InvalidLoginCodeData:
    """Unknown, expired or already used dashboard login code (run `zeroclaw dashboard`
    again)
    """

    reason: Literal["invalid_login_code"] = "invalid_login_code"

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "InvalidLoginCodeData")
        return cls(
            reason=_c.field(obj, "reason", _c.literal("invalid_login_code")),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
        }


@dataclass(kw_only=True, slots=True)
class DashboardLoginParams:
    @classmethod
    def from_json(cls, data: Any) -> Self:
        _c.obj(data, "DashboardLoginParams")
        return cls()

    def to_json(self) -> dict[str, Any]:
        return {}


@dataclass(kw_only=True, slots=True)
class DashboardLoginResult:
    code: str
    """The one-time login code (initialize.login_code over the gateway)."""
    url: str | None
    """The dashboard's address with the code in its fragment (#login=CODE, never sent to a
    server or logged), on a loopback name the gateway admits; null when the gateway is
    not running (start the daemon with --gateway or set gateway.enabled).
    """
    expires_at: str
    """When the code stops working (ISO 8601)."""

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "DashboardLoginResult")
        return cls(
            code=_c.field(obj, "code", _c.string),
            url=_c.field(obj, "url", _c.nullable(_c.string)),
            expires_at=_c.field(obj, "expires_at", _c.string),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "url": self.url,
            "expires_at": self.expires_at,
        }


@dataclass(kw_only=True, slots=True)
class RunningTurn:
    """A running turn so far: its prompt (as stored in the transcript, attachment lines
    included) and the session/update params already sent for it, in order. Consecutive
    agent_message_chunk (or agent_thought_chunk) updates arrive merged into one, their
    texts concatenated; an approval_request still waiting for its answer is the last
    update.
    """

    turn_id: str
    prompt: str
    updates: list[SessionUpdateParams]

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "RunningTurn")
        return cls(
            turn_id=_c.field(obj, "turn_id", _c.string),
            prompt=_c.field(obj, "prompt", _c.string),
            updates=_c.field(obj, "updates", _c.list_of(decode_session_update_params)),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "turn_id": self.turn_id,
            "prompt": self.prompt,
            "updates": _c.encode(self.updates),
        }


@dataclass(kw_only=True, slots=True)
class ZeroclawRunningTurn:
    """RunningTurn in the zeroclaw dialect: the updates already sent, as that dialect's
    session/update params.
    """

    turn_id: str
    prompt: str
    updates: list[ZeroclawSessionUpdateParams]

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ZeroclawRunningTurn")
        return cls(
            turn_id=_c.field(obj, "turn_id", _c.string),
            prompt=_c.field(obj, "prompt", _c.string),
            updates=_c.field(obj, "updates", _c.list_of(decode_zeroclaw_session_update_params)),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "turn_id": self.turn_id,
            "prompt": self.prompt,
            "updates": _c.encode(self.updates),
        }


@dataclass(kw_only=True, slots=True)
class ZeroclawSessionSubscribeResult:
    """SessionSubscribeResult in the zeroclaw dialect: running_turn's updates in that
    dialect.
    """

    session_id: str
    subscribed: Literal[True] = True
    running_turn: Any

    @classmethod
    def from_json(cls, data: Any) -> Self:
        obj = _c.obj(data, "ZeroclawSessionSubscribeResult")
        return cls(
            session_id=_c.field(obj, "session_id", _c.string),
            subscribed=_c.field(obj, "subscribed", _c.literal(True)),
            running_turn=_c.field(obj, "running_turn", _c.any_value),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "session_id": self.session_id,
            "subscribed": self.subscribed,
            "running_turn": _c.encode(self.running_turn),
        }


SessionUpdateParams: TypeAlias = (
    SessionUpdateAgentMessageChunk
    | SessionUpdateAgentThoughtChunk
    | SessionUpdateToolCall
    | SessionUpdateToolResult
    | SessionUpdateApprovalRequest
    | SessionUpdateHistoryTrimmed
    | SessionUpdateTurnComplete
    | SessionUpdateSubscriptionEnded
)
"""A session/update notification's params, tagged by type."""


def decode_session_update_params(data: Any) -> SessionUpdateParams:
    """Decodes a ``SessionUpdateParams``, switching on its ``type`` member."""
    match _c.tag(data, "type"):
        case "agent_message_chunk":
            return SessionUpdateAgentMessageChunk.from_json(data)
        case "agent_thought_chunk":
            return SessionUpdateAgentThoughtChunk.from_json(data)
        case "tool_call":
            return SessionUpdateToolCall.from_json(data)
        case "tool_result":
            return SessionUpdateToolResult.from_json(data)
        case "approval_request":
            return SessionUpdateApprovalRequest.from_json(data)
        case "history_trimmed":
            return SessionUpdateHistoryTrimmed.from_json(data)
        case "turn_complete":
            return SessionUpdateTurnComplete.from_json(data)
        case "subscription_ended":
            return SessionUpdateSubscriptionEnded.from_json(data)
        case other:
            raise _c.DecodeError(f"unknown tag {other!r}", ("type",))


FileUploadCommitResult: TypeAlias = FileEntry
"""file/upload/commit's result: a FileEntry."""


ZeroclawSessionUpdateParams: TypeAlias = (
    ZeroclawSessionUpdateAgentMessageChunk
    | ZeroclawSessionUpdateAgentThoughtChunk
    | ZeroclawSessionUpdateToolCall
    | ZeroclawSessionUpdateToolResult
    | ZeroclawSessionUpdateApprovalRequest
    | ZeroclawSessionUpdateHistoryTrimmed
    | ZeroclawSessionUpdateTurnComplete
    | ZeroclawSessionUpdateSubscriptionEnded
)
"""A session/update notification's params in the zeroclaw dialect, tagged by type: the
members zeroclaw's own daemon sends and zerocode's parse_session_update reads. Extra
members may be added; camelCase duplicates of these are never sent.
"""


def decode_zeroclaw_session_update_params(data: Any) -> ZeroclawSessionUpdateParams:
    """Decodes a ``ZeroclawSessionUpdateParams``, switching on its ``type`` member."""
    match _c.tag(data, "type"):
        case "agent_message_chunk":
            return ZeroclawSessionUpdateAgentMessageChunk.from_json(data)
        case "agent_thought_chunk":
            return ZeroclawSessionUpdateAgentThoughtChunk.from_json(data)
        case "tool_call":
            return ZeroclawSessionUpdateToolCall.from_json(data)
        case "tool_result":
            return ZeroclawSessionUpdateToolResult.from_json(data)
        case "approval_request":
            return ZeroclawSessionUpdateApprovalRequest.from_json(data)
        case "history_trimmed":
            return ZeroclawSessionUpdateHistoryTrimmed.from_json(data)
        case "turn_complete":
            return ZeroclawSessionUpdateTurnComplete.from_json(data)
        case "subscription_ended":
            return ZeroclawSessionUpdateSubscriptionEnded.from_json(data)
        case other:
            raise _c.DecodeError(f"unknown tag {other!r}", ("type",))


SessionUpdate: TypeAlias = SessionUpdateParams


InvalidRequestErrorData: TypeAlias = (
    InvalidRequestData
    | FrameTooLargeData
    | FrameTimeoutData
    | AlreadyInitializedData
)
"""The data of INVALID_REQUEST (-32600), by reason."""


def decode_invalid_request_error_data(data: Any) -> InvalidRequestErrorData:
    """Decodes a ``InvalidRequestErrorData``, switching on its ``reason`` member."""
    match _c.tag(data, "reason"):
        case "invalid_request":
            return InvalidRequestData.from_json(data)
        case "frame_too_large":
            return FrameTooLargeData.from_json(data)
        case "frame_timeout":
            return FrameTimeoutData.from_json(data)
        case "already_initialized":
            return AlreadyInitializedData.from_json(data)
        case other:
            raise _c.DecodeError(f"unknown tag {other!r}", ("reason",))


InvalidParamsErrorData: TypeAlias = (
    InvalidParamsData
    | InvalidEntryData
    | InvalidConfigData
    | FileTooLargeData
    | FilenameTooLongData
    | ChunkTooLargeData
    | ExceedsDeclaredSizeData
)
"""The data of INVALID_PARAMS (-32602), by reason."""


def decode_invalid_params_error_data(data: Any) -> InvalidParamsErrorData:
    """Decodes a ``InvalidParamsErrorData``, switching on its ``reason`` member."""
    match _c.tag(data, "reason"):
        case "invalid_params":
            return InvalidParamsData.from_json(data)
        case "invalid_entry":
            return InvalidEntryData.from_json(data)
        case "invalid_config":
            return InvalidConfigData.from_json(data)
        case "file_too_large":
            return FileTooLargeData.from_json(data)
        case "filename_too_long":
            return FilenameTooLongData.from_json(data)
        case "chunk_too_large":
            return ChunkTooLargeData.from_json(data)
        case "exceeds_declared_size":
            return ExceedsDeclaredSizeData.from_json(data)
        case other:
            raise _c.DecodeError(f"unknown tag {other!r}", ("reason",))


SessionNotFoundErrorData: TypeAlias = (
    SessionNotFoundData
    | NoRunningTurnData
    | SessionKilledData
)
"""The data of SESSION_NOT_FOUND (-32000), by reason."""


def decode_session_not_found_error_data(data: Any) -> SessionNotFoundErrorData:
    """Decodes a ``SessionNotFoundErrorData``, switching on its ``reason`` member."""
    match _c.tag(data, "reason"):
        case "session_not_found":
            return SessionNotFoundData.from_json(data)
        case "no_running_turn":
            return NoRunningTurnData.from_json(data)
        case "session_killed":
            return SessionKilledData.from_json(data)
        case other:
            raise _c.DecodeError(f"unknown tag {other!r}", ("reason",))


NotInitializedErrorData: TypeAlias = (
    NotInitializedData
    | AuthRequiredData
    | InvalidTokenData
    | UnknownPeerData
    | InvalidLoginCodeData
    | ThrottledData
)
"""The data of NOT_INITIALIZED (-32010), by reason."""


def decode_not_initialized_error_data(data: Any) -> NotInitializedErrorData:
    """Decodes a ``NotInitializedErrorData``, switching on its ``reason`` member."""
    match _c.tag(data, "reason"):
        case "not_initialized":
            return NotInitializedData.from_json(data)
        case "auth_required":
            return AuthRequiredData.from_json(data)
        case "invalid_token":
            return InvalidTokenData.from_json(data)
        case "unknown_peer":
            return UnknownPeerData.from_json(data)
        case "invalid_login_code":
            return InvalidLoginCodeData.from_json(data)
        case "throttled":
            return ThrottledData.from_json(data)
        case other:
            raise _c.DecodeError(f"unknown tag {other!r}", ("reason",))


ForbiddenErrorData: TypeAlias = (
    NotGrantedData
    | ConfigPathForbiddenData
    | LocalOnlyData
    | AgentNotAllowedData
    | CwdForbiddenData
    | AdminRequiredData
)
"""The data of FORBIDDEN (-32012), by reason."""


def decode_forbidden_error_data(data: Any) -> ForbiddenErrorData:
    """Decodes a ``ForbiddenErrorData``, switching on its ``reason`` member."""
    match _c.tag(data, "reason"):
        case "not_granted":
            return NotGrantedData.from_json(data)
        case "config_path_forbidden":
            return ConfigPathForbiddenData.from_json(data)
        case "local_only":
            return LocalOnlyData.from_json(data)
        case "agent_not_allowed":
            return AgentNotAllowedData.from_json(data)
        case "cwd_forbidden":
            return CwdForbiddenData.from_json(data)
        case "admin_required":
            return AdminRequiredData.from_json(data)
        case other:
            raise _c.DecodeError(f"unknown tag {other!r}", ("reason",))


UploadLimitErrorData: TypeAlias = ConnectionUploadsData | BudgetData
"""The data of UPLOAD_LIMIT (-32031), by reason."""


def decode_upload_limit_error_data(data: Any) -> UploadLimitErrorData:
    """Decodes a ``UploadLimitErrorData``, switching on its ``reason`` member."""
    match _c.tag(data, "reason"):
        case "connection_uploads":
            return ConnectionUploadsData.from_json(data)
        case "budget":
            return BudgetData.from_json(data)
        case other:
            raise _c.DecodeError(f"unknown tag {other!r}", ("reason",))
