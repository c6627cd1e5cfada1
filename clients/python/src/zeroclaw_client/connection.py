"""One JSON-RPC 2.0 connection over NDJSON (SPEC §2, §3): framing, ids, routing.

Knows nothing of method names: requests go out numbered ``zc-out-0``, ``zc-out-1``, … and are
matched only against this side's own pending map; the daemon's requests go to the handler
registered for their method, its notifications to the listeners registered for theirs.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
import os
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from ._codec import DecodeError
from ._generated_errors import (
    InternalError,
    InvalidParamsError,
    MethodNotFoundError,
    error_from_wire,
)
from .errors import ConnectionClosedError, FrameTooLargeError, ZeroclawError

__all__ = ["DEFAULT_MAX_FRAME_BYTES", "Connection", "default_socket_path"]

log = logging.getLogger("zeroclaw_client")

DEFAULT_MAX_FRAME_BYTES = 8 * 1024 * 1024
"""The daemon's frame limit (``rpc.max_frame_bytes``): bigger messages are refused before sending."""
DEFAULT_READ_LIMIT = 64 * 1024 * 1024
"""The longest line accepted from the daemon (asyncio's default of 64 KiB is far too small)."""

Handler = Callable[[Any], Awaitable[Any]]
Listener = Callable[[Any], Awaitable[None] | None]


def default_socket_path(env: Mapping[str, str] | None = None) -> str:
    """The daemon's endpoint as SPEC §1 resolves it.

    ``ZEROCLAW_SOCKET``, else ``<data dir>/daemon.sock``, where the data dir is
    ``ZEROCLAW_DATA_DIR``, else ``<config dir>/data`` and the config dir ``ZEROCLAW_CONFIG_DIR``,
    else ``~/.zeroclaw``.
    """
    env = os.environ if env is None else env
    if env.get("ZEROCLAW_SOCKET"):
        return env["ZEROCLAW_SOCKET"]
    config_dir = env.get("ZEROCLAW_CONFIG_DIR") or os.path.join(os.path.expanduser("~"), ".zeroclaw")
    data_dir = env.get("ZEROCLAW_DATA_DIR") or os.path.join(config_dir, "data")
    return os.path.join(data_dir, "daemon.sock")


class Connection:
    """A JSON-RPC peer over a pair of asyncio streams (a Unix socket, usually)."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        *,
        max_frame_bytes: int = DEFAULT_MAX_FRAME_BYTES,
    ) -> None:
        self._reader = reader
        self._writer = writer
        self._max_frame_bytes = max_frame_bytes
        self._next_id = 0
        self._pending: dict[str, asyncio.Future[Any]] = {}
        self._handlers: dict[str, Handler] = {}
        self._listeners: dict[str, list[Listener]] = {}
        self._on_close: list[Callable[[], None]] = []
        self._tasks: set[asyncio.Task[None]] = set()
        self._closed = False
        self._read_task = asyncio.get_running_loop().create_task(self._read_loop())

    @classmethod
    async def open(
        cls,
        path: str | os.PathLike[str] | None = None,
        *,
        max_frame_bytes: int = DEFAULT_MAX_FRAME_BYTES,
        read_limit: int = DEFAULT_READ_LIMIT,
    ) -> Connection:
        """Connects to the daemon's Unix socket (``default_socket_path()`` when none is given)."""
        target = os.fspath(path) if path is not None else default_socket_path()
        reader, writer = await asyncio.open_unix_connection(target, limit=read_limit)
        return cls(reader, writer, max_frame_bytes=max_frame_bytes)

    @property
    def closed(self) -> bool:
        return self._closed

    async def request(self, method: str, params: Any) -> Any:
        """Sends a request and waits for its response: the result, or the typed error raised."""
        if self._closed:
            raise ConnectionClosedError("the connection is closed")
        request_id = f"zc-out-{self._next_id}"
        self._next_id += 1
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._pending[request_id] = future
        try:
            await self._send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
            return await future
        finally:
            # Also on cancellation: a late response then matches nothing and is ignored.
            self._pending.pop(request_id, None)

    async def notify(self, method: str, params: Any) -> None:
        if self._closed:
            raise ConnectionClosedError("the connection is closed")
        await self._send({"jsonrpc": "2.0", "method": method, "params": params})

    def serve(self, method: str, handler: Handler) -> None:
        """Answers the peer's ``method`` requests with ``handler`` (replacing any earlier one)."""
        self._handlers[method] = handler

    def serves(self, method: str) -> bool:
        """Whether a handler answers the peer's ``method`` requests."""
        return method in self._handlers

    def listen(self, method: str, listener: Listener) -> Callable[[], None]:
        """Adds a listener for ``method`` notifications; returns the function that removes it."""
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
        """Waits until the daemon (or this side) has ended the connection."""
        await asyncio.shield(self._read_task)

    async def _send(self, message: dict[str, Any]) -> None:
        line = json.dumps(message, separators=(",", ":"), allow_nan=False).encode()
        if len(line) > self._max_frame_bytes:
            raise FrameTooLargeError(
                f"{message.get('method', 'response')}: {len(line)} bytes is over the "
                f"{self._max_frame_bytes}-byte frame limit (send it as a chunked upload)"
            )
        if self._writer.is_closing():
            raise ConnectionClosedError("the connection is closed")
        self._writer.write(line + b"\n")
        try:
            await self._writer.drain()
        except (ConnectionError, OSError) as e:
            raise ConnectionClosedError(str(e)) from e

    async def _read_loop(self) -> None:
        try:
            while True:
                try:
                    line = await self._reader.readline()
                except ValueError:
                    log.error("zeroclaw: a frame over the read limit; closing the connection")
                    break
                if not line.endswith(b"\n"):
                    break  # end of stream (a partial last line is not a frame)
                frame = line[:-1].removesuffix(b"\r")
                if frame.strip():
                    await self._dispatch(frame)
        except (ConnectionError, OSError) as e:
            log.debug("zeroclaw: connection lost: %s", e)
        finally:
            self._shutdown()

    def _shutdown(self) -> None:
        self._closed = True
        for future in self._pending.values():
            if not future.done():
                future.set_exception(ConnectionClosedError("the connection closed before the response"))
        for task in self._tasks:
            task.cancel()
        callbacks, self._on_close = self._on_close, []
        for callback in callbacks:
            callback()
        if not self._writer.is_closing():
            self._writer.close()

    async def _dispatch(self, frame: bytes) -> None:
        try:
            message = json.loads(frame)
        except ValueError:
            log.warning("zeroclaw: dropped a frame that is not JSON")
            return
        if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
            log.warning("zeroclaw: dropped a frame that is not a JSON-RPC 2.0 message")
            return
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
        if future is None or future.done():
            log.debug("zeroclaw: ignored a response to no pending request (id %r)", request_id)
        elif "error" in message:
            future.set_exception(error_from_wire(message["error"]))
        elif "result" in message:
            future.set_result(message["result"])

    async def _deliver(self, method: str, params: Any) -> None:
        # In arrival order, before the next frame is read: every update of a turn is seen before
        # the turn's response resolves its request.
        for listener in list(self._listeners.get(method, ())):
            try:
                outcome = listener(params)
                if inspect.isawaitable(outcome):
                    await outcome
            except DecodeError as e:
                log.warning("zeroclaw: dropped a %s notification that does not decode: %s", method, e)
            except Exception:
                log.exception("zeroclaw: a %s listener failed", method)

    async def _answer(self, request_id: Any, method: str, params: Any) -> None:
        handler = self._handlers.get(method)
        response: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id}
        try:
            if handler is None:
                raise MethodNotFoundError(raw_data={"reason": "method_not_found", "method": method})
            response["result"] = await handler(params)
        except ZeroclawError as e:
            response["error"] = e.to_json()
        except DecodeError as e:
            path = "/" + "/".join(e.path)
            error = InvalidParamsError(
                raw_data={"reason": "invalid_params", "errors": [{"path": path, "message": e.reason}]}
            )
            response["error"] = error.to_json()
        except Exception:
            log.exception("zeroclaw: the %s handler failed", method)
            response["error"] = InternalError(raw_data={"reason": "internal_error"}).to_json()
        try:
            await self._send(response)
        except (ConnectionClosedError, FrameTooLargeError) as e:
            log.warning("zeroclaw: could not answer %s: %s", method, e)
