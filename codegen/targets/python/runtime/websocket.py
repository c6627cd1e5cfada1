"""A WebSocket client (RFC 6455) on asyncio streams, standard library only: the opening handshake
(``Sec-WebSocket-Key`` checked against ``Sec-WebSocket-Accept``), masked client frames, fragmented
messages, ping/pong and the closing handshake. One JSON-RPC message per text frame."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import os
import ssl
import struct
from collections.abc import Mapping, Sequence
from urllib.parse import urlsplit

from .connection import SocketConnection, log
from .errors import ConnectFailedError, ErrorClass

_GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
_MAX_HEADER_BYTES = 64 * 1024
_TEXT, _BINARY, _CLOSE, _PING, _PONG, _CONTINUATION = 0x1, 0x2, 0x8, 0x9, 0xA, 0x0


async def open_websocket(
    url: str, headers: Mapping[str, str]
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """Connects and completes the opening handshake; ``ConnectFailedError`` names the URL otherwise."""
    parts = urlsplit(url)
    secure = parts.scheme.lower() == "wss"
    host = parts.hostname or ""
    port = parts.port or (443 if secure else 80)
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    try:
        reader, writer = await asyncio.open_connection(
            host, port, ssl=ssl.create_default_context() if secure else None, limit=2**26
        )
    except OSError as err:
        raise ConnectFailedError(url, err.strerror or str(err)) from err
    key = base64.b64encode(os.urandom(16)).decode()
    lines = [
        f"GET {path} HTTP/1.1",
        f"Host: {parts.netloc}",
        "Upgrade: websocket",
        "Connection: Upgrade",
        f"Sec-WebSocket-Key: {key}",
        "Sec-WebSocket-Version: 13",
        *(f"{k}: {v}" for k, v in headers.items()),
    ]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
    try:
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
    except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError) as err:
        writer.close()
        raise ConnectFailedError(url, f"the server ended the handshake ({err})") from err
    if len(head) > _MAX_HEADER_BYTES:
        writer.close()
        raise ConnectFailedError(url, "the handshake answer is too large")
    status, *fields = head.decode("latin-1").split("\r\n")
    answer = {k.strip().lower(): v.strip() for k, _, v in (f.partition(":") for f in fields if f)}
    expected = base64.b64encode(hashlib.sha1(key.encode() + _GUID).digest()).decode()
    if status.split(" ")[1:2] != ["101"]:
        writer.close()
        raise ConnectFailedError(url, f"the server refused the WebSocket upgrade ({status})")
    if answer.get("upgrade", "").lower() != "websocket" or answer.get("sec-websocket-accept") != expected:
        writer.close()
        raise ConnectFailedError(url, "the server's handshake answer is not a WebSocket upgrade")
    return reader, writer


class WebSocketConnection(SocketConnection):
    """JSON-RPC over WebSocket text frames (what the server sends as binary is read the same way)."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        *,
        known_errors: Sequence[ErrorClass] = (),
        max_frame_bytes: int | None = None,
    ) -> None:
        self._message_limit = max_frame_bytes if max_frame_bytes is not None else 64 * 1024 * 1024
        super().__init__(reader, writer, known_errors=known_errors, max_frame_bytes=max_frame_bytes)

    def _write_frame(self, frame: bytes) -> None:
        self._writer.write(_encode(_TEXT, frame))

    async def _read_frame(self) -> bytes | None:
        message = bytearray()
        try:
            while True:
                first, second = await self._reader.readexactly(2)
                fin, opcode, masked = first & 0x80, first & 0x0F, second & 0x80
                length = second & 0x7F
                if length == 126:
                    (length,) = struct.unpack("!H", await self._reader.readexactly(2))
                elif length == 127:
                    (length,) = struct.unpack("!Q", await self._reader.readexactly(8))
                mask = await self._reader.readexactly(4) if masked else b""
                if opcode in (_TEXT, _BINARY, _CONTINUATION) and len(message) + length > self._message_limit:
                    log.error("a WebSocket message over %d bytes; closing the connection", self._message_limit)
                    self._send_close(1009)
                    return None
                payload = await self._reader.readexactly(length)
                if mask:
                    payload = _masked(payload, mask)
                if opcode == _PING:
                    self._writer.write(_encode(_PONG, payload))
                    continue
                if opcode == _PONG:
                    continue
                if opcode == _CLOSE:
                    self._send_close(1000)
                    return None
                message += payload
                if fin:
                    return bytes(message)
        except asyncio.IncompleteReadError:
            return None

    def _send_close(self, code: int) -> None:
        if not self._writer.is_closing():
            self._writer.write(_encode(_CLOSE, struct.pack("!H", code)))

    async def close(self) -> None:
        self._send_close(1000)
        await super().close()


def _encode(opcode: int, payload: bytes) -> bytes:
    """One final client frame: masked, as RFC 6455 requires of a client."""
    length = len(payload)
    if length < 126:
        head = struct.pack("!BB", 0x80 | opcode, 0x80 | length)
    elif length < 2**16:
        head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, length)
    else:
        head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, length)
    mask = os.urandom(4)
    return head + mask + _masked(payload, mask)


def _masked(payload: bytes, mask: bytes) -> bytes:
    """``payload`` XOR the repeated 4-byte ``mask``, as one big-integer operation (fast at megabytes)."""
    n = len(payload)
    if n == 0:
        return b""
    key = (mask * (n // 4 + 1))[:n]
    return (int.from_bytes(payload, "big") ^ int.from_bytes(key, "big")).to_bytes(n, "big")
