"""The far end of a real Unix socket, driven line by line by a test (a stand-in daemon)."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import tempfile
from typing import Any

WAIT_S = 10.0  # how long a test waits for an event before failing (never a timing assertion)


class ScriptedDaemon:
    async def start(self) -> ScriptedDaemon:
        self._dir = tempfile.mkdtemp(prefix="zc-py-test-")
        self.path = os.path.join(self._dir, "d.sock")
        self._connected: asyncio.Future[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = (
            asyncio.get_running_loop().create_future()
        )
        self._writers: list[asyncio.StreamWriter] = []
        self._server = await asyncio.start_unix_server(self._accept, self.path)
        return self

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._writers.append(writer)
        if not self._connected.done():
            self._connected.set_result((reader, writer))

    async def _streams(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        return await asyncio.wait_for(asyncio.shield(self._connected), WAIT_S)

    async def receive(self) -> dict[str, Any]:
        """The next message the client wrote."""
        reader, _ = await self._streams()
        line = await asyncio.wait_for(reader.readline(), WAIT_S)
        if not line:
            raise EOFError("the client closed the connection")
        return json.loads(line)

    async def send(self, message: dict[str, Any] | bytes) -> None:
        _, writer = await self._streams()
        writer.write(message if isinstance(message, bytes) else json.dumps(message).encode() + b"\n")
        await writer.drain()

    async def answer(self, request: dict[str, Any], result: Any) -> None:
        await self.send({"jsonrpc": "2.0", "id": request["id"], "result": result})

    async def fail(self, request: dict[str, Any], code: int, message: str, data: Any = None) -> None:
        error = {"code": code, "message": message, **({} if data is None else {"data": data})}
        await self.send({"jsonrpc": "2.0", "id": request["id"], "error": error})

    async def hang_up(self) -> None:
        _, writer = await self._streams()
        writer.close()

    async def stop(self) -> None:
        for writer in self._writers:
            writer.close()
            try:
                await writer.wait_closed()
            except OSError:
                pass
        self._server.close()
        await self._server.wait_closed()
        shutil.rmtree(self._dir, ignore_errors=True)
