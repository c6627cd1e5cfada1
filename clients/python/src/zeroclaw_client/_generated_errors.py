# Generated from openrpc.json by codegen/ — do not edit. Run `npm run generate`.
"""Every error the daemon answers with (SPEC §11): one exception class per code.

Catch a class to handle one code; its ``data`` is typed by ``data.reason`` (one dataclass per
reason, matched with ``isinstance`` or ``match``).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, ClassVar

from . import _codec as _c
from ._generated_types import (
    ConnectionLimitData,
    ForbiddenErrorData,
    HashMismatchData,
    InternalErrorData,
    InvalidParamsErrorData,
    InvalidRequestErrorData,
    MethodNotFoundData,
    NotInitializedErrorData,
    OffsetMismatchData,
    ParseErrorData,
    SessionBusyData,
    SessionLimitData,
    SessionNotFoundErrorData,
    SessionNotOwnedData,
    UploadIncompleteData,
    UploadLimitErrorData,
    UploadNotFoundData,
    VersionMismatchData,
    decode_forbidden_error_data,
    decode_invalid_params_error_data,
    decode_invalid_request_error_data,
    decode_not_initialized_error_data,
    decode_session_not_found_error_data,
    decode_upload_limit_error_data,
)
from .errors import ZeroclawError

__all__ = [
    "ConnectionLimitError",
    "ERROR_CLASSES",
    "ErrorCode",
    "ForbiddenError",
    "InternalError",
    "InvalidParamsError",
    "InvalidRequestError",
    "MethodNotFoundError",
    "NotInitializedError",
    "ParseError",
    "SessionBusyError",
    "SessionLimitReachedError",
    "SessionNotFoundError",
    "SessionNotOwnedError",
    "UploadHashMismatchError",
    "UploadIncompleteError",
    "UploadLimitError",
    "UploadNotFoundError",
    "UploadOffsetMismatchError",
    "VersionMismatchError",
    "error_from_wire",
]


class ErrorCode(IntEnum):
    """The JSON-RPC error codes openrpc.json declares."""

    PARSE_ERROR = -32700
    INVALID_REQUEST = -32600
    METHOD_NOT_FOUND = -32601
    INVALID_PARAMS = -32602
    INTERNAL_ERROR = -32603
    SESSION_NOT_FOUND = -32000
    SESSION_LIMIT_REACHED = -32001
    SESSION_BUSY = -32002
    SESSION_NOT_OWNED = -32003
    CONNECTION_LIMIT = -32004
    NOT_INITIALIZED = -32010
    VERSION_MISMATCH = -32011
    FORBIDDEN = -32012
    UPLOAD_NOT_FOUND = -32030
    UPLOAD_LIMIT = -32031
    UPLOAD_OFFSET_MISMATCH = -32032
    UPLOAD_INCOMPLETE = -32033
    UPLOAD_HASH_MISMATCH = -32034


class ParseError(ZeroclawError):
    """-32700 PARSE_ERROR: Parse error.

    ``data.reason``:
        ``parse_error`` (``ParseErrorData``): Invalid JSON
    """

    CODE: ClassVar[int] = -32700
    MESSAGE: ClassVar[str] = "Parse error"
    data: ParseErrorData | None

    @staticmethod
    def decode_data(raw: Any) -> ParseErrorData:
        return ParseErrorData.from_json(raw)


class InvalidRequestError(ZeroclawError):
    """-32600 INVALID_REQUEST: Invalid request.

    ``data.reason``:
        ``invalid_request`` (``InvalidRequestData``): Invalid request envelope
        ``frame_too_large`` (``FrameTooLargeData``): Frame too large
        ``frame_timeout`` (``FrameTimeoutData``): Frame not completed in time
        ``already_initialized`` (``AlreadyInitializedData``): Already initialized
    """

    CODE: ClassVar[int] = -32600
    MESSAGE: ClassVar[str] = "Invalid request"
    data: InvalidRequestErrorData | None

    @staticmethod
    def decode_data(raw: Any) -> InvalidRequestErrorData:
        return decode_invalid_request_error_data(raw)


class MethodNotFoundError(ZeroclawError):
    """-32601 METHOD_NOT_FOUND: Method not found.

    ``data.reason``:
        ``method_not_found`` (``MethodNotFoundData``): Method not found
    """

    CODE: ClassVar[int] = -32601
    MESSAGE: ClassVar[str] = "Method not found"
    data: MethodNotFoundData | None

    @staticmethod
    def decode_data(raw: Any) -> MethodNotFoundData:
        return MethodNotFoundData.from_json(raw)


class InvalidParamsError(ZeroclawError):
    """-32602 INVALID_PARAMS: Invalid params.

    ``data.reason``:
        ``invalid_params`` (``InvalidParamsData``): Invalid params
        ``invalid_entry`` (``InvalidEntryData``): Invalid config entry
        ``invalid_config`` (``InvalidConfigData``): The resulting config is invalid
        ``file_too_large`` (``FileTooLargeData``): File too large
        ``filename_too_long`` (``FilenameTooLongData``): Filename too long
        ``chunk_too_large`` (``ChunkTooLargeData``): Chunk too large
        ``exceeds_declared_size`` (``ExceedsDeclaredSizeData``): Chunk goes past the
        declared size
    """

    CODE: ClassVar[int] = -32602
    MESSAGE: ClassVar[str] = "Invalid params"
    data: InvalidParamsErrorData | None

    @staticmethod
    def decode_data(raw: Any) -> InvalidParamsErrorData:
        return decode_invalid_params_error_data(raw)


class InternalError(ZeroclawError):
    """-32603 INTERNAL_ERROR: Internal error.

    ``data.reason``:
        ``internal_error`` (``InternalErrorData``): Internal error
    """

    CODE: ClassVar[int] = -32603
    MESSAGE: ClassVar[str] = "Internal error"
    data: InternalErrorData | None

    @staticmethod
    def decode_data(raw: Any) -> InternalErrorData:
        return InternalErrorData.from_json(raw)


class SessionNotFoundError(ZeroclawError):
    """-32000 SESSION_NOT_FOUND: Session not found.

    ``data.reason``:
        ``session_not_found`` (``SessionNotFoundData``): Session not found
        ``no_running_turn`` (``NoRunningTurnData``): No turn is running
        ``session_killed`` (``SessionKilledData``): The session was killed: its history
        is kept but it cannot be prompted
    """

    CODE: ClassVar[int] = -32000
    MESSAGE: ClassVar[str] = "Session not found"
    data: SessionNotFoundErrorData | None

    @staticmethod
    def decode_data(raw: Any) -> SessionNotFoundErrorData:
        return decode_session_not_found_error_data(raw)


class SessionLimitReachedError(ZeroclawError):
    """-32001 SESSION_LIMIT_REACHED: Session limit reached.

    ``data.reason``:
        ``session_limit`` (``SessionLimitData``): Session limit reached
    """

    CODE: ClassVar[int] = -32001
    MESSAGE: ClassVar[str] = "Session limit reached"
    data: SessionLimitData | None

    @staticmethod
    def decode_data(raw: Any) -> SessionLimitData:
        return SessionLimitData.from_json(raw)


class SessionBusyError(ZeroclawError):
    """-32002 SESSION_BUSY: Session busy.

    ``data.reason``:
        ``session_busy`` (``SessionBusyData``): A turn is already running on this
        session
    """

    CODE: ClassVar[int] = -32002
    MESSAGE: ClassVar[str] = "Session busy"
    data: SessionBusyData | None

    @staticmethod
    def decode_data(raw: Any) -> SessionBusyData:
        return SessionBusyData.from_json(raw)


class SessionNotOwnedError(ZeroclawError):
    """-32003 SESSION_NOT_OWNED: Session not owned.

    ``data.reason``:
        ``session_not_owned`` (``SessionNotOwnedData``): Session owned by another
        principal
    """

    CODE: ClassVar[int] = -32003
    MESSAGE: ClassVar[str] = "Session not owned"
    data: SessionNotOwnedData | None

    @staticmethod
    def decode_data(raw: Any) -> SessionNotOwnedData:
        return SessionNotOwnedData.from_json(raw)


class ConnectionLimitError(ZeroclawError):
    """-32004 CONNECTION_LIMIT: Connection limit reached.

    ``data.reason``:
        ``connection_limit`` (``ConnectionLimitData``): Connection limit reached
    """

    CODE: ClassVar[int] = -32004
    MESSAGE: ClassVar[str] = "Connection limit reached"
    data: ConnectionLimitData | None

    @staticmethod
    def decode_data(raw: Any) -> ConnectionLimitData:
        return ConnectionLimitData.from_json(raw)


class NotInitializedError(ZeroclawError):
    """-32010 NOT_INITIALIZED: Not initialized or not authenticated.

    ``data.reason``:
        ``not_initialized`` (``NotInitializedData``): Call initialize first
        ``auth_required`` (``AuthRequiredData``): A pairing token is required
        ``invalid_token`` (``InvalidTokenData``): Unknown or revoked pairing token
        ``unknown_peer`` (``UnknownPeerData``): The peer's uid maps to no configured
        user
        ``invalid_login_code`` (``InvalidLoginCodeData``): Unknown, expired or already
        used dashboard login code (run `zeroclaw dashboard` again)
        ``throttled`` (``ThrottledData``): Too many failed authentications from this
        address (gateway.auth_throttle); retry_after_ms: when one more attempt would be
        answered normally again
    """

    CODE: ClassVar[int] = -32010
    MESSAGE: ClassVar[str] = "Not initialized or not authenticated"
    data: NotInitializedErrorData | None

    @staticmethod
    def decode_data(raw: Any) -> NotInitializedErrorData:
        return decode_not_initialized_error_data(raw)


class VersionMismatchError(ZeroclawError):
    """-32011 VERSION_MISMATCH: Unsupported protocol version.

    ``data.reason``:
        ``version_mismatch`` (``VersionMismatchData``): Unsupported protocol version
    """

    CODE: ClassVar[int] = -32011
    MESSAGE: ClassVar[str] = "Unsupported protocol version"
    data: VersionMismatchData | None

    @staticmethod
    def decode_data(raw: Any) -> VersionMismatchData:
        return VersionMismatchData.from_json(raw)


class ForbiddenError(ZeroclawError):
    """-32012 FORBIDDEN: Forbidden.

    ``data.reason``:
        ``not_granted`` (``NotGrantedData``): The principal lacks the method's grant
        ``config_path_forbidden`` (``ConfigPathForbiddenData``): Config path not
        writable by this principal
        ``local_only`` (``LocalOnlyData``): Method served on the local socket only
        ``agent_not_allowed`` (``AgentNotAllowedData``): The principal may not use this
        agent
        ``cwd_forbidden`` (``CwdForbiddenData``): session/new.cwd names a directory this
        principal may not use
        ``admin_required`` (``AdminRequiredData``): Only the owner or an admin may call
        this method
    """

    CODE: ClassVar[int] = -32012
    MESSAGE: ClassVar[str] = "Forbidden"
    data: ForbiddenErrorData | None

    @staticmethod
    def decode_data(raw: Any) -> ForbiddenErrorData:
        return decode_forbidden_error_data(raw)


class UploadNotFoundError(ZeroclawError):
    """-32030 UPLOAD_NOT_FOUND: Upload not found.

    ``data.reason``:
        ``upload_not_found`` (``UploadNotFoundData``): Unknown, expired, discarded or
        another connection's upload
    """

    CODE: ClassVar[int] = -32030
    MESSAGE: ClassVar[str] = "Upload not found"
    data: UploadNotFoundData | None

    @staticmethod
    def decode_data(raw: Any) -> UploadNotFoundData:
        return UploadNotFoundData.from_json(raw)


class UploadLimitError(ZeroclawError):
    """-32031 UPLOAD_LIMIT: Upload limit reached.

    ``data.reason``:
        ``connection_uploads`` (``ConnectionUploadsData``): Too many staged uploads on
        this connection
        ``budget`` (``BudgetData``): The staging budget is exhausted
    """

    CODE: ClassVar[int] = -32031
    MESSAGE: ClassVar[str] = "Upload limit reached"
    data: UploadLimitErrorData | None

    @staticmethod
    def decode_data(raw: Any) -> UploadLimitErrorData:
        return decode_upload_limit_error_data(raw)


class UploadOffsetMismatchError(ZeroclawError):
    """-32032 UPLOAD_OFFSET_MISMATCH: Upload offset mismatch.

    ``data.reason``:
        ``offset_mismatch`` (``OffsetMismatchData``): Offset does not equal the bytes
        received so far
    """

    CODE: ClassVar[int] = -32032
    MESSAGE: ClassVar[str] = "Upload offset mismatch"
    data: OffsetMismatchData | None

    @staticmethod
    def decode_data(raw: Any) -> OffsetMismatchData:
        return OffsetMismatchData.from_json(raw)


class UploadIncompleteError(ZeroclawError):
    """-32033 UPLOAD_INCOMPLETE: Upload incomplete.

    ``data.reason``:
        ``upload_incomplete`` (``UploadIncompleteData``): Not all declared bytes arrived
    """

    CODE: ClassVar[int] = -32033
    MESSAGE: ClassVar[str] = "Upload incomplete"
    data: UploadIncompleteData | None

    @staticmethod
    def decode_data(raw: Any) -> UploadIncompleteData:
        return UploadIncompleteData.from_json(raw)


class UploadHashMismatchError(ZeroclawError):
    """-32034 UPLOAD_HASH_MISMATCH: Upload hash mismatch.

    ``data.reason``:
        ``hash_mismatch`` (``HashMismatchData``): The bytes do not match the declared
        sha256
    """

    CODE: ClassVar[int] = -32034
    MESSAGE: ClassVar[str] = "Upload hash mismatch"
    data: HashMismatchData | None

    @staticmethod
    def decode_data(raw: Any) -> HashMismatchData:
        return HashMismatchData.from_json(raw)


ERROR_CLASSES: dict[int, type[ZeroclawError]] = {
    -32700: ParseError,
    -32600: InvalidRequestError,
    -32601: MethodNotFoundError,
    -32602: InvalidParamsError,
    -32603: InternalError,
    -32000: SessionNotFoundError,
    -32001: SessionLimitReachedError,
    -32002: SessionBusyError,
    -32003: SessionNotOwnedError,
    -32004: ConnectionLimitError,
    -32010: NotInitializedError,
    -32011: VersionMismatchError,
    -32012: ForbiddenError,
    -32030: UploadNotFoundError,
    -32031: UploadLimitError,
    -32032: UploadOffsetMismatchError,
    -32033: UploadIncompleteError,
    -32034: UploadHashMismatchError,
}


def error_from_wire(error: Any) -> ZeroclawError:
    """The typed exception for a JSON-RPC error object.

    An unknown code gives a plain ``ZeroclawError``; data that does not match its reason's
    schema leaves ``data`` at ``None`` (``raw_data`` still has it).
    """
    obj = error if isinstance(error, dict) else {}
    code = obj.get("code")
    message = obj.get("message")
    message = message if isinstance(message, str) else ""
    raw = obj.get("data")
    if isinstance(code, bool) or not isinstance(code, int):
        code = -32603  # not a JSON-RPC error object: JSON-RPC's internal error
    cls = ERROR_CLASSES.get(code)
    if cls is None:
        return ZeroclawError(message, code=code, raw_data=raw)
    try:
        data = None if raw is None else cls.decode_data(raw)
    except _c.DecodeError:
        data = None
    return cls(message, data, raw_data=raw)
