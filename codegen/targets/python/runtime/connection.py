"""One JSON-RPC 2.0 connection, its transport chosen by URL.

- ``unix:PATH`` or a bare path: newline-delimited JSON over a Unix socket (asyncio streams). Either
  side may send requests: this side numbers its own ``zc-out-0``, ``zc-out-1``, …; the server's
  requests go to the handler registered for their method, its notifications to the listeners.
- ``http://`` / ``https://``: one POST per message (``urllib`` in a worker thread: the standard
  library's HTTP client, TLS, proxies and chunked bodies included). HTTP has no way back, so
  handlers and listeners are never called there.
- ``ws://`` / ``wss://``: one JSON-RPC message per WebSocket text frame (``websocket.py``, RFC 6455 on
  asyncio streams: the standard library has no WebSocket client, and a dependency would be one more thing
  every user installs).
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import os
import re
import urllib.error
import urllib.request
from collections.abc import Awaitable, Callable, Generator, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

from .codec import Decoder, DecodeError, JsonValue, dumps, encode, loads
from .errors import (
    ConnectFailedError,
    ConnectionClosedError,
    ErrorClass,
    FrameTooLargeError,
    RpcError,
    UnsupportedTransportError,
    error_from_wire,
)

log = logging.getLogger(__name__.rsplit(".", 2)[0])

Handler = Callable[[JsonValue], Awaitable[JsonValue]]
Listener = Callable[[JsonValue], "Awaitable[None] | None"]

READ_LIMIT = 64 * 1024 * 1024
"""The longest line accepted from a socket (asyncio's default of 64 KiB is far too small)."""


def default_endpoint(candidates: Sequence[str], env: Mapping[str, str] | None = None) -> str | None:
    """The first candidate whose every ``${env:NAME}`` is set (and not empty), with them filled in and
    a leading ``~`` (after ``unix:``) as the home directory; ``None`` when none is complete."""
    env = os.environ if env is None else env
    for candidate in candidates:
        names = re.findall(r"\$\{env:([^}]+)\}", candidate)
        if all(env.get(n) for n in names):
            url = re.sub(r"\$\{env:([^}]+)\}", lambda m: env[m.group(1)], candidate)
            prefix = "unix:" if url.startswith("unix:") else ""
            return prefix + os.path.expanduser(url.removeprefix(prefix))
    return None


def typed_handler(decode: Decoder[Any], handler: Callable[..., Any], spread: bool = False) -> Handler:
    """A handler of raw params from a typed one: params decoded (spread as arguments for by-position
    methods), the result (or the awaited result) encoded."""

    async def serve(params: JsonValue) -> JsonValue:
        args = decode(params)
        outcome = handler(*args) if spread else handler(args)
        if inspect.isawaitable(outcome):
            outcome = await outcome
        return encode(outcome)

    return serve


def typed_listener(decode: Decoder[Any], listener: Callable[..., Any], spread: bool = False) -> Listener:
    """A listener of raw params from a typed one (a params that does not decode is logged, dropped)."""

    def deliver(params: JsonValue) -> Awaitable[None] | None:
        args = decode(params)
        outcome: Awaitable[None] | None = listener(*args) if spread else listener(args)
        return outcome

    return deliver


class Connection:
    """What every transport offers the generated client."""

    def __init__(self, known_errors: Sequence[ErrorClass] = ()) -> None:
        self._known = known_errors
        self._handlers: dict[str, Handler] = {}
        self._listeners: dict[str, list[Listener]] = {}
        self._on_close: list[Callable[[], None]] = []
        self._closed = False

    @property
    def closed(self) -> bool:
        return self._closed

    async def request(self, method: str, params: JsonValue, errors: Sequence[ErrorClass] = ()) -> JsonValue:
        """Sends a request and waits for its result; an error answer raises its declared class."""
        raise NotImplementedError

    async def notify(self, method: str, params: JsonValue) -> None:
        """Sends a notification (no answer comes)."""
        raise NotImplementedError

    async def close(self) -> None:
        self._shutdown()

    async def wait_closed(self) -> None:
        """Waits until the connection has ended."""

    def serve(self, method: str, handler: Handler) -> None:
        """Answers the server's ``method`` requests with ``handler`` (replacing any earlier one)."""
        self._handlers[method] = handler

    def serves(self, method: str) -> bool:
        return method in self._handlers

    def listen(self, method: str, listener: Listener) -> Callable[[], None]:
        """Adds a listener for the server's ``method`` notifications; returns what removes it."""
        listeners = self._listeners.setdefault(method, [])
        listeners.append(listener)

        def remove() -> None:
            if listener in listeners:
                listeners.remove(listener)

        return remove

    def add_close_callback(self, callback: Callable[[], None]) -> None:
        """Calls ``callback`` once the connection has ended (right away if it already has)."""
        if self._closed:
            callback()
        else:
            self._on_close.append(callback)

    def _error(self, wire: JsonValue, errors: Sequence[ErrorClass]) -> RpcError:
        return error_from_wire(wire, errors, self._known)

    def _shutdown(self) -> None:
        if self._closed:
            return
        self._closed = True
        callbacks, self._on_close = self._on_close, []
        for callback in callbacks:
            callback()


class SocketConnection(Connection):
    """NDJSON over a pair of asyncio streams (a Unix socket)."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        *,
        known_errors: Sequence[ErrorClass] = (),
        max_frame_bytes: int | None = None,
    ) -> None:
        super().__init__(known_errors)
        self._reader = reader
        self._writer = writer
        self._max_frame_bytes = max_frame_bytes
        self._next_id = 0
        self._pending: dict[str, asyncio.Future[JsonValue]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._pending_errors: dict[str, Sequence[ErrorClass]] = {}
        self._read_task = asyncio.get_running_loop().create_task(self._read_loop())

    async def request(self, method: str, params: JsonValue, errors: Sequence[ErrorClass] = ()) -> JsonValue:
        if self._closed:
            raise ConnectionClosedError("the connection is closed")
        request_id = f"zc-out-{self._next_id}"
        self._next_id += 1
        future: asyncio.Future[JsonValue] = asyncio.get_running_loop().create_future()
        self._pending[request_id] = future
        self._pending_errors[request_id] = errors
        try:
            await self._send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
            return await future
        finally:
            # Also on cancellation: a late response then matches nothing and is ignored.
            self._pending.pop(request_id, None)
            self._pending_errors.pop(request_id, None)

    async def notify(self, method: str, params: JsonValue) -> None:
        if self._closed:
            raise ConnectionClosedError("the connection is closed")
        await self._send({"jsonrpc": "2.0", "method": method, "params": params})

    async def close(self) -> None:
        """Closes the socket; pending requests fail with ``ConnectionClosedError``."""
        if not self._writer.is_closing():
            self._writer.close()
        try:
            await self._writer.wait_closed()
        except OSError:
            pass
        if asyncio.current_task() is not self._read_task:  # not from inside a listener
            await self._read_task

    async def wait_closed(self) -> None:
        await asyncio.shield(self._read_task)

    async def _send(self, message: dict[str, JsonValue]) -> None:
        line = dumps(message).encode()
        if self._max_frame_bytes is not None and len(line) > self._max_frame_bytes:
            raise FrameTooLargeError(
                f"{message.get('method', 'response')}: {len(line)} bytes is over the "
                f"{self._max_frame_bytes}-byte frame limit"
            )
        if self._writer.is_closing():
            raise ConnectionClosedError("the connection is closed")
        self._write_frame(line)
        try:
            await self._writer.drain()
        except (ConnectionError, OSError) as e:
            raise ConnectionClosedError(str(e)) from e

    def _write_frame(self, frame: bytes) -> None:
        """One message on the wire: a line (NDJSON); a WebSocket connection writes a text frame."""
        self._writer.write(frame + b"\n")

    async def _read_frame(self) -> bytes | None:
        """The next message, or None at the end of the stream."""
        try:
            line = await self._reader.readline()
        except ValueError:
            log.error("a frame over the read limit; closing the connection")
            return None
        if not line.endswith(b"\n"):
            return None  # end of stream (a partial last line is not a frame)
        return line[:-1].removesuffix(b"\r")

    async def _read_loop(self) -> None:
        try:
            while True:
                frame = await self._read_frame()
                if frame is None:
                    break
                if frame.strip():
                    await self._dispatch(frame)
        except (ConnectionError, OSError) as e:
            log.debug("connection lost: %s", e)
        finally:
            self._shutdown()

    def _shutdown(self) -> None:
        for future in self._pending.values():
            if not future.done():
                future.set_exception(ConnectionClosedError("the connection closed before the response"))
        for task in self._tasks:
            task.cancel()
        if not self._writer.is_closing():
            self._writer.close()
        super()._shutdown()

    async def _dispatch(self, frame: bytes) -> None:
        try:
            message = loads(frame)
        except ValueError:
            log.warning("dropped a frame that is not JSON")
            return
        for m in message if isinstance(message, list) else [message]:
            if isinstance(m, dict):
                await self._route(m)
            else:
                log.warning("dropped a frame that is not a JSON-RPC message")

    async def _route(self, message: dict[str, JsonValue]) -> None:
        method = message.get("method")
        if isinstance(method, str):
            if "id" in message:
                task = asyncio.get_running_loop().create_task(
                    self._answer(message["id"], method, message.get("params"))
                )
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)
            else:
                await self._deliver(method, message.get("params"))
            return
        request_id = message.get("id")
        future = self._pending.get(request_id) if isinstance(request_id, str) else None
        if future is None or future.done() or not isinstance(request_id, str):
            log.debug("ignored a response to no pending request (id %r)", request_id)
        elif "error" in message:
            future.set_exception(self._error(message["error"], self._pending_errors.get(request_id, ())))
        else:
            future.set_result(message.get("result"))

    async def _deliver(self, method: str, params: JsonValue) -> None:
        # In arrival order, before the next frame is read: every notification the server wrote
        # before a response is seen before that response resolves its request.
        for listener in list(self._listeners.get(method, ())):
            try:
                outcome = listener(params)
                if inspect.isawaitable(outcome):
                    await outcome
            except DecodeError as e:
                log.warning("dropped a %s notification that does not decode: %s", method, e)
            except Exception:
                log.exception("a %s listener failed", method)

    async def _answer(self, request_id: JsonValue, method: str, params: JsonValue) -> None:
        handler = self._handlers.get(method)
        response: dict[str, JsonValue] = {"jsonrpc": "2.0", "id": request_id}
        try:
            if handler is None:
                data: JsonValue = {"reason": "method_not_found", "method": method}
                raise RpcError("Method not found", data, code=-32601)
            response["result"] = await handler(params)
        except RpcError as e:
            response["error"] = e.to_json()
        except DecodeError as e:
            problem: JsonValue = {"path": "/" + "/".join(e.path), "message": e.reason}
            data = {"reason": "invalid_params", "errors": [problem]}
            response["error"] = RpcError("Invalid params", data, code=-32602).to_json()
        except Exception:
            log.exception("the %s handler failed", method)
            response["error"] = RpcError("Internal error", {"reason": "internal_error"}, code=-32603).to_json()
        try:
            await self._send(response)
        except (ConnectionClosedError, FrameTooLargeError) as e:
            log.warning("could not answer %s: %s", method, e)


class HttpConnection(Connection):
    """JSON-RPC over HTTP POST: one request per message, the answer in the response body."""

    def __init__(
        self,
        url: str,
        *,
        known_errors: Sequence[ErrorClass] = (),
        headers: Mapping[str, str] | None = None,
        timeout: float | None = None,
    ) -> None:
        super().__init__(known_errors)
        self._url = url
        self._headers = {"Content-Type": "application/json", "Accept": "application/json", **(headers or {})}
        self._timeout = timeout
        self._next_id = 1

    async def request(self, method: str, params: JsonValue, errors: Sequence[ErrorClass] = ()) -> JsonValue:
        request_id = self._next_id
        self._next_id += 1
        body = await self._post({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        answer = loads(body) if body.strip() else None
        for m in answer if isinstance(answer, list) else [answer]:
            if isinstance(m, dict) and m.get("id") == request_id:
                if "error" in m:
                    raise self._error(m["error"], errors)
                return m.get("result")
        raise ConnectionClosedError(f"{self._url} answered {method} without its response: {body[:200]!r}")

    async def notify(self, method: str, params: JsonValue) -> None:
        await self._post({"jsonrpc": "2.0", "method": method, "params": params})

    async def _post(self, message: dict[str, JsonValue]) -> str:
        if self._closed:
            raise ConnectionClosedError("the connection is closed")
        return await asyncio.to_thread(self._post_blocking, dumps(message).encode())

    def _post_blocking(self, data: bytes) -> str:
        request = urllib.request.Request(self._url, data=data, headers=self._headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=self._timeout) as response:
                raw: bytes = response.read()
                return raw.decode()
        except urllib.error.HTTPError as e:
            # JSON-RPC servers often answer an error with a 4xx/5xx status and the error in the body.
            text = e.read().decode(errors="replace")
            if text.lstrip().startswith(("{", "[")):
                return text
            raise ConnectionClosedError(f"HTTP {e.code} {e.reason} from {self._url}") from e
        except urllib.error.URLError as e:
            raise ConnectionClosedError(f"{self._url}: {e.reason}") from e


async def open_connection(
    url: str,
    *,
    known_errors: Sequence[ErrorClass] = (),
    headers: Mapping[str, str] | None = None,
    timeout: float | None = None,
    max_frame_bytes: int | None = None,
) -> Connection:
    """The connection ``url`` names: ``http(s)://``, ``ws(s)://``, ``unix:PATH`` or a socket path."""
    if re.match(r"(?i)https?://", url):
        return HttpConnection(url, known_errors=known_errors, headers=headers, timeout=timeout)
    if re.match(r"(?i)wss?://", url):
        from .websocket import WebSocketConnection, open_websocket

        reader, writer = await asyncio.wait_for(open_websocket(url, headers or {}), timeout)
        return WebSocketConnection(reader, writer, known_errors=known_errors, max_frame_bytes=max_frame_bytes)
    if re.match(r"(?i)[a-z][a-z0-9+.-]*://", url) and not url.lower().startswith("unix:"):
        raise UnsupportedTransportError(f"{url}: use http(s)://, ws(s)://, unix:PATH or a socket path")
    # A leading ~ is the home directory, as a shell would read it (`unix:~/.app/daemon.sock`).
    path = os.path.expanduser(re.sub(r"(?i)^unix:(//)?", "", url))
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_unix_connection(path, limit=READ_LIMIT), timeout)
    except OSError as err:
        raise ConnectFailedError(f"unix:{path}", err.strerror or str(err)) from err
    return SocketConnection(reader, writer, known_errors=known_errors, max_frame_bytes=max_frame_bytes)


class _Closable(Protocol):
    async def close(self) -> None: ...


C = TypeVar("C", bound=_Closable)


class Connecting(Generic[C]):
    """What ``connect()`` returns: ``client = await connect()`` or ``async with connect() as client``."""

    def __init__(self, opener: Callable[[], Awaitable[C]]) -> None:
        self._opener = opener
        self._client: C | None = None

    def __await__(self) -> Generator[Any, None, C]:
        return self._open().__await__()

    async def _open(self) -> C:
        return await self._opener()

    async def __aenter__(self) -> C:
        self._client = await self._opener()
        return self._client

    async def __aexit__(self, *exc_info: object) -> None:
        if self._client is not None:
            await self._client.close()
