"""What every generated ``Client`` has besides its methods: connecting (by URL, or the document's
default endpoint), closing, ``async with``."""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from typing import ClassVar, Self

from .connection import Connecting, Connection, default_endpoint, open_connection
from .errors import RpcError


def deprecated(method: str) -> None:
    """A call of a method the document marks deprecated: a ``DeprecationWarning`` at the caller."""
    warnings.warn(f"{method} is deprecated", DeprecationWarning, stacklevel=3)


class ClientBase:
    ERRORS: ClassVar[tuple[type[RpcError], ...]] = ()
    """Every error the document declares (an error answer is matched against them by code)."""
    DEFAULT_URL: ClassVar[str | None] = None
    """The document's first server (its variables at their defaults); ``None`` when it lists none."""
    DEFAULT_ENDPOINTS: ClassVar[tuple[str, ...]] = ()
    """zeroclaw's ``x-default-endpoint``: URLs with ``${env:NAME}`` parts; the first complete one wins."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection

    @classmethod
    def default_url(cls, env: Mapping[str, str] | None = None) -> str | None:
        """The URL ``connect()`` uses when given none (``env``: default ``os.environ``)."""
        return default_endpoint(cls.DEFAULT_ENDPOINTS, env) or cls.DEFAULT_URL

    @classmethod
    async def connect(
        cls,
        url: str | None = None,
        *,
        headers: Mapping[str, str] | None = None,
        timeout: float | None = None,
        max_frame_bytes: int | None = None,
    ) -> Self:
        """Connects to ``url``: ``http(s)://``, ``unix:PATH`` or a socket path (default: ``default_url()``).
        ``headers`` and ``timeout`` apply to HTTP; ``max_frame_bytes`` (bigger messages are refused
        before they are sent) to sockets."""
        target = url if url is not None else cls.default_url()
        if target is None:
            raise ValueError("no URL given, and the document lists no server")
        return cls(
            await open_connection(
                target, known_errors=cls.ERRORS, headers=headers, timeout=timeout, max_frame_bytes=max_frame_bytes
            )
        )

    @classmethod
    def connecting(
        cls,
        url: str | None = None,
        *,
        headers: Mapping[str, str] | None = None,
        timeout: float | None = None,
        max_frame_bytes: int | None = None,
    ) -> Connecting[Self]:
        """Connects to ``url`` (default: ``default_url()``): ``client = await connect()`` or
        ``async with connect() as client:``; options as for ``Client.connect``."""
        return Connecting(lambda: cls.connect(url, headers=headers, timeout=timeout, max_frame_bytes=max_frame_bytes))

    async def close(self) -> None:
        """Ends the connection; calls still waiting fail with ``ConnectionClosedError``."""
        await self.connection.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()
