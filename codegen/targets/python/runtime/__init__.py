"""The generated client's runtime: JSON codec, transports, errors (the same in every package)."""

from .codec import UNSET, DecodeError, JsonValue, UnknownVariant, Unset
from .connection import Connection
from .errors import (
    ConnectFailedError,
    ConnectionClosedError,
    FrameTooLargeError,
    RpcError,
    UnsupportedTransportError,
)

__all__ = [
    "UNSET",
    "ConnectFailedError",
    "Connection",
    "ConnectionClosedError",
    "DecodeError",
    "FrameTooLargeError",
    "JsonValue",
    "RpcError",
    "UnknownVariant",
    "Unset",
    "UnsupportedTransportError",
]
