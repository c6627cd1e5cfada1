"""The error classes that are not generated: the base of every daemon error, and local errors.

One subclass of ``ZeroclawError`` per SPEC §11 code is generated from openrpc.json
(``_generated_errors.py``); errors that happen on this side of the socket are kept apart from
them, as plain Python exceptions.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ._codec import DecodeError, encode

__all__ = ["ConnectionClosedError", "DecodeError", "FrameTooLargeError", "ZeroclawError"]


class ZeroclawError(Exception):
    """An error the daemon answered with (or that a handler here answers the daemon with).

    ``data`` is the typed error data, decoded by ``data.reason`` (``None`` when the daemon sent
    none, or sent data this client does not know); ``raw_data`` is the member as it travelled.
    """

    CODE: ClassVar[int | None] = None
    """The code every instance of this class carries (``None`` on the base class)."""
    MESSAGE: ClassVar[str] = "Error"
    """The message used when none is given."""

    code: int
    message: str
    data: Any
    raw_data: Any

    def __init__(
        self,
        message: str | None = None,
        data: Any = None,
        *,
        code: int | None = None,
        raw_data: Any = None,
    ) -> None:
        code = type(self).CODE if code is None else code
        if code is None:
            raise TypeError("ZeroclawError needs a code")
        self.code = code
        self.message = type(self).MESSAGE if message is None else message
        super().__init__(self.message)
        self.data = data
        self.raw_data = encode(data) if raw_data is None and data is not None else raw_data

    @staticmethod
    def decode_data(raw: Any) -> Any:
        """Typed data from the wire member; subclasses decode by ``reason``."""
        return raw

    @property
    def reason(self) -> str | None:
        """``data.reason``, the stable snake_case name of what went wrong."""
        if isinstance(self.raw_data, dict) and isinstance(self.raw_data.get("reason"), str):
            return self.raw_data["reason"]
        return None

    def to_json(self) -> dict[str, Any]:
        """The JSON-RPC error object."""
        out: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.raw_data is not None:
            out["data"] = self.raw_data
        return out

    def __str__(self) -> str:
        return f"{self.message} ({self.code}{', ' + self.reason if self.reason else ''})"

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code}, message={self.message!r}, data={self.data!r})"


class ConnectionClosedError(ConnectionError):
    """The connection ended (or was closed here) before the daemon answered."""


class FrameTooLargeError(ValueError):
    """A message is bigger than the daemon's frame limit; send the payload as a chunked upload."""
