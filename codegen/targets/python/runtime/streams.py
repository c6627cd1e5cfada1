"""A notification method's messages as an async iterator (``client.<method>_events()``)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Any, Generic, TypeVar

from .connection import Connection

T = TypeVar("T")


class Subscription(Generic[T]):
    """The notifications of one method, decoded, in the order they arrive.

    Subscribed from the moment it is created, so create it before the call whose notifications you
    want. Iteration ends when the connection closes or ``close()`` is called (a ``with`` block
    closes it)::

        with client.session_update_events() as events:
            call = asyncio.create_task(client.session_prompt(...))
            async for event in events.until_done(call):
                ...
        result = await call
    """

    def __init__(self, listen: Callable[[Callable[[T], None]], Callable[[], None]], connection: Connection) -> None:
        self._queue: asyncio.Queue[tuple[T] | None] = asyncio.Queue()
        self._ended = False
        self._remove = listen(self._push)
        connection.add_close_callback(self.close)

    def _push(self, item: T) -> None:
        self._queue.put_nowait((item,))

    def close(self) -> None:
        """Stops listening; iteration ends after what was already received."""
        if not self._ended:
            self._ended = True
            self._remove()
            self._queue.put_nowait(None)

    def __aiter__(self) -> Subscription[T]:
        return self

    async def __anext__(self) -> T:
        item = await self._queue.get()
        if item is None:
            self._queue.put_nowait(None)  # stays ended for every later call
            raise StopAsyncIteration
        return item[0]

    def until_done(self, call: asyncio.Future[Any]) -> Subscription[T]:
        """Ends the iteration once ``call`` (a task or future) is done. The notifications the server
        wrote before its response are queued before the response completes the call, so none of
        them is cut off."""
        call.add_done_callback(lambda _: self.close())
        return self

    async def until(self, last: Callable[[T], bool]) -> AsyncIterator[T]:
        """Yields notifications up to and including the first for which ``last`` is true."""
        async for item in self:
            yield item
            if last(item):
                return

    def __enter__(self) -> Subscription[T]:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
