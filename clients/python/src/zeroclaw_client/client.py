"""``ZeroclawClient``: the generated methods over one daemon connection."""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable, Generator
from typing import Any, Self

from ._generated_methods import ClientMethods
from ._generated_types import FileUploadCommitResult
from .connection import DEFAULT_MAX_FRAME_BYTES, Connection
from .updates import UpdateStream
from .uploads import upload

__all__ = ["ZeroclawClient", "connect"]


class ZeroclawClient(ClientMethods):
    """A connection to the zeroclaw daemon with every protocol method on it, typed.

    Calls may run concurrently (``asyncio.gather``, tasks): the daemon answers them in any order
    and each coroutine gets its own response. Close it with ``close()`` or ``async with``.

    With an ``elicitation/create`` handler registered (``on_elicitation_create``), an
    ``initialize`` that names no ``client_capabilities`` advertises ``elicitation``: the daemon
    asks only connections that do (SPEC §7).
    """

    __slots__ = ("_connection",)

    def __init__(self, connection: Connection) -> None:
        self._connection = connection

    @classmethod
    async def connect(
        cls,
        path: str | os.PathLike[str] | None = None,
        *,
        max_frame_bytes: int = DEFAULT_MAX_FRAME_BYTES,
    ) -> Self:
        """Connects to the daemon at ``path``, ``$ZEROCLAW_SOCKET`` or the SPEC §1 default."""
        return cls(await Connection.open(path, max_frame_bytes=max_frame_bytes))

    @property
    def connection(self) -> Connection:
        return self._connection

    async def close(self) -> None:
        await self._connection.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    def updates(self, session_id: str | None = None) -> UpdateStream:
        """The ``session/update`` events from now on (of one session, if given), in order."""
        return UpdateStream(self, self._connection, session_id)

    async def upload(
        self,
        session_id: str,
        data: bytes | bytearray | memoryview | str | os.PathLike[str],
        *,
        filename: str | None = None,
        declare_sha256: bool = True,
        on_progress: Callable[[int, int], None] | None = None,
    ) -> FileUploadCommitResult:
        """Uploads ``data`` in chunks; see ``zeroclaw_client.uploads.upload``."""
        return await upload(
            self,
            session_id,
            data,
            filename=filename,
            declare_sha256=declare_sha256,
            on_progress=on_progress,
        )

    async def _request(self, method: str, params: dict[str, Any]) -> Any:
        if method == "initialize" and self._connection.serves("elicitation/create"):
            params.setdefault("clientCapabilities", {"elicitation": {"form": {}}})
        return await self._connection.request(method, params)

    async def _notify(self, method: str, params: dict[str, Any]) -> None:
        await self._connection.notify(method, params)

    def _serve(self, method: str, handler: Callable[[Any], Awaitable[Any]]) -> None:
        self._connection.serve(method, handler)

    def _listen(self, method: str, listener: Callable[[Any], Awaitable[None] | None]) -> Callable[[], None]:
        return self._connection.listen(method, listener)


class connect:  # noqa: N801 - used like a function: `await connect()` or `async with connect()`
    """Connects to the daemon: ``client = await connect()`` or ``async with connect() as client``.

    ``path`` defaults to ``$ZEROCLAW_SOCKET``, else the SPEC §1 default
    (``~/.zeroclaw/data/daemon.sock``).
    """

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        max_frame_bytes: int = DEFAULT_MAX_FRAME_BYTES,
    ) -> None:
        self._path = path
        self._max_frame_bytes = max_frame_bytes
        self._client: ZeroclawClient | None = None

    def __await__(self) -> Generator[Any, None, ZeroclawClient]:
        return ZeroclawClient.connect(self._path, max_frame_bytes=self._max_frame_bytes).__await__()

    async def __aenter__(self) -> ZeroclawClient:
        self._client = await self
        return self._client

    async def __aexit__(self, *exc_info: object) -> None:
        if self._client is not None:
            await self._client.close()
