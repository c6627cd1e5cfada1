"""The errors a call can raise: the server's (``RpcError`` and the generated subclass per declared
error) and this side's (the connection closed, a frame too large, a URL no transport serves)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from .codec import DecodeError, JsonValue, encode

class RpcError(Exception):
    """An error the server answered with (or that a handler here answers the server with).

    ``data`` is the typed error data (``None`` when the server sent none, or sent data that does not
    decode as the document declares it); ``raw_data`` is the member as it travelled. A generated
    subclass per declared error carries ``CODE`` and ``MESSAGE`` and types ``data``.
    """

    CODE: ClassVar[int | None] = None
    """The code every instance of this class carries (``None`` on the base class)."""
    MESSAGE: ClassVar[str] = "Error"
    """The message the document declares (used when none is given)."""

    code: int
    message: str
    data: Any
    raw_data: JsonValue

    def __init__(
        self,
        message: str | None = None,
        data: Any = None,
        *,
        code: int | None = None,
        raw_data: JsonValue = None,
    ) -> None:
        code = type(self).CODE if code is None else code
        if code is None:
            raise TypeError(f"{type(self).__name__} needs a code")
        self.code = code
        self.message = type(self).MESSAGE if message is None else message
        super().__init__(self.message)
        self.data = data
        self.raw_data = encode(data) if raw_data is None and data is not None else raw_data

    @staticmethod
    def decode_data(raw: JsonValue) -> Any:
        """Typed data from the wire member (subclasses decode what the document declares)."""
        return raw

    @property
    def reason(self) -> str | None:
        """``data.reason``, when the data is an object that has a string one."""
        raw = self.raw_data
        if isinstance(raw, dict):
            reason = raw.get("reason")
            if isinstance(reason, str):
                return reason
        return None

    def to_json(self) -> dict[str, JsonValue]:
        """The JSON-RPC error object."""
        out: dict[str, JsonValue] = {"code": self.code, "message": self.message}
        if self.raw_data is not None:
            out["data"] = self.raw_data
        return out

    def __str__(self) -> str:
        return f"{self.message} ({self.code}{', ' + self.reason if self.reason else ''})"

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code}, message={self.message!r}, data={self.data!r})"


ErrorClass = type[RpcError]


def error_from_wire(
    wire: JsonValue, declared: Sequence[ErrorClass], known: Sequence[ErrorClass] = ()
) -> RpcError:
    """A wire error as the class declared for its code: among the method's errors first, then the
    document's; the one whose message matches when several share the code; else ``RpcError``."""
    w = wire if isinstance(wire, dict) else {}
    code = w.get("code")
    code = code if isinstance(code, int) and not isinstance(code, bool) else -32603
    message = w.get("message")
    message = message if isinstance(message, str) else ""
    raw = w.get("data")
    for pool in (declared, known):
        candidates = [e for e in pool if e.CODE == code]
        if len(candidates) > 1:
            candidates = [e for e in candidates if e.MESSAGE == message] or candidates[:1]
        if candidates:
            cls = candidates[0]
            try:
                data = None if raw is None else cls.decode_data(raw)
            except DecodeError:
                data = None  # data this client does not know: still the typed error, raw_data kept
            return cls(message, data, code=code, raw_data=raw)
    return RpcError(message, raw, code=code, raw_data=raw)


class ConnectionClosedError(ConnectionError):
    """The connection ended (or was closed here) before the server answered."""


class ConnectFailedError(ConnectionError):
    """The server could not be reached at ``endpoint``: the message names it and says what to check."""

    def __init__(self, endpoint: str, reason: str) -> None:
        super().__init__(
            f"cannot connect to {endpoint}: {reason} "
            "(is the server running and listening there? check the address, or pass another URL)"
        )
        self.endpoint = endpoint
        self.reason = reason


class FrameTooLargeError(ValueError):
    """A message is bigger than the ``max_frame_bytes`` the connection was opened with."""


class UnsupportedTransportError(ValueError):
    """The URL names a transport this client does not have (``ws://``: no WebSocket in the
    standard library)."""
