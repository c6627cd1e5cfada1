"""``session/update`` events as an async iterator."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

from ._generated_methods import ClientMethods
from ._generated_types import SessionUpdate, SessionUpdateTurnComplete
from .connection import Connection

__all__ = ["UpdateStream"]


class UpdateStream:
    """The ``session/update`` events a connection receives, in order, as an async iterator.

    It is subscribed from the moment it is created, so create it before sending the prompt whose
    updates you want. Iteration ends when the connection closes or ``close()`` is called; use it
    as a context manager to close it. With ``session_id``, only that session's updates are kept::

        with client.updates(sid) as updates:
            turn = asyncio.create_task(client.session_prompt(session_id=sid, prompt="hi"))
            async for update in updates.until_done(turn):
                ...
        result = await turn
    """

    def __init__(self, client: ClientMethods, connection: Connection, session_id: str | None = None) -> None:
        self._queue: asyncio.Queue[SessionUpdate | None] = asyncio.Queue()
        self._session_id = session_id
        self._ended = False
        self._remove = client.on_session_update(self._push)
        connection.add_close_callback(self.close)

    def _push(self, update: SessionUpdate) -> None:
        if self._session_id is None or update.session_id == self._session_id:
            self._queue.put_nowait(update)

    def close(self) -> None:
        """Stops listening; iteration ends after the updates already received."""
        if not self._ended:
            self._ended = True
            self._remove()
            self._queue.put_nowait(None)

    def __aiter__(self) -> UpdateStream:
        return self

    async def __anext__(self) -> SessionUpdate:
        update = await self._queue.get()
        if update is None:
            self._queue.put_nowait(None)  # stays ended for every later call
            raise StopAsyncIteration
        return update

    def until_done(self, call: asyncio.Future[Any]) -> UpdateStream:
        """Ends the stream once ``call`` (a task or future) is done.

        The daemon writes every update of a turn before the turn's response, and they are queued
        here before the response completes the call, so none of the turn's updates is cut off.
        """
        call.add_done_callback(lambda _: self.close())
        return self

    async def until_turn_complete(self) -> AsyncIterator[SessionUpdate]:
        """Yields updates up to and including the next ``turn_complete``."""
        async for update in self:
            yield update
            if isinstance(update, SessionUpdateTurnComplete):
                return

    def __enter__(self) -> UpdateStream:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
