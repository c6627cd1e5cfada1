"""The chunked-upload helper, against a scripted daemon on a real socket."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import os
import tempfile
import unittest

from zeroclaw_client import Client, FileEntry, UploadOffsetMismatchError

from peer import ScriptedDaemon


def entry(data: bytes, filename: str) -> dict:
    digest = hashlib.sha256(data).hexdigest()
    return {
        "ref_id": f"sha256:{digest}",
        "filename": filename,
        "marker": f"[file {filename}]",
        "workspace_path": f"/w/.zeroclaw/files/{digest}",
        "size_bytes": len(data),
        "deduplicated": False,
    }


class UploadTest(unittest.IsolatedAsyncioTestCase):
    async def asyncSetUp(self) -> None:
        self.daemon = await ScriptedDaemon().start()
        self.client = await Client.connect(self.daemon.path)

    async def asyncTearDown(self) -> None:
        await self.client.close()
        await self.daemon.stop()

    async def serve_upload(self, chunk_bytes: int) -> tuple[dict, bytes, list[int]]:
        """Plays the daemon's side: begin, every chunk in order, commit. Returns what it received."""
        begin = await self.daemon.receive()
        self.assertEqual(begin["method"], "file/upload/begin")
        await self.daemon.answer(begin, {"upload_id": "u1", "chunk_bytes": chunk_bytes, "max_bytes": 10 << 20})
        received = b""
        offsets = []
        while True:
            request = await self.daemon.receive()
            if request["method"] == "file/upload/commit":
                self.assertEqual(request["params"], {"upload_id": "u1"})
                await self.daemon.answer(request, entry(received, begin["params"].get("filename", "upload")))
                return begin["params"], received, offsets
            self.assertEqual(request["method"], "file/upload/chunk")
            offsets.append(request["params"]["offset"])
            received += base64.b64decode(request["params"]["data_b64"])
            await self.daemon.answer(request, {"upload_id": "u1", "received_bytes": len(received)})

    async def test_bytes_go_in_chunks_at_the_acknowledged_offsets_with_the_declared_hash(self) -> None:
        data = bytes(i % 251 for i in range(2500))
        progress: list[tuple[int, int]] = []
        up = asyncio.create_task(
            self.client.upload("s1", data, filename="a.bin", on_progress=lambda r, t: progress.append((r, t)))
        )
        begin, received, offsets = await self.serve_upload(chunk_bytes=1000)
        result = await up
        self.assertEqual(begin, {"session_id": "s1", "size_bytes": 2500, "filename": "a.bin", "sha256": hashlib.sha256(data).hexdigest()})
        self.assertEqual(received, data)
        self.assertEqual(offsets, [0, 1000, 2000])
        self.assertEqual(progress, [(1000, 2500), (2000, 2500), (2500, 2500)])
        self.assertIsInstance(result, FileEntry)
        self.assertEqual(result.size_bytes, 2500)

    async def test_a_path_is_read_and_named_and_the_hash_can_be_left_out(self) -> None:
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "notes.txt")
            with open(path, "wb") as f:
                f.write(b"hello")
            up = asyncio.create_task(self.client.upload("s1", path, declare_sha256=False))
            begin, received, _ = await self.serve_upload(chunk_bytes=1 << 20)
            self.assertEqual((await up).filename, "notes.txt")
        self.assertEqual(begin, {"session_id": "s1", "size_bytes": 5, "filename": "notes.txt"})
        self.assertEqual(received, b"hello")

    async def test_an_empty_upload_is_begun_and_committed(self) -> None:
        up = asyncio.create_task(self.client.upload("s1", b"", filename="empty"))
        _, received, offsets = await self.serve_upload(chunk_bytes=1000)
        self.assertEqual((received, offsets), (b"", []))
        self.assertEqual((await up).size_bytes, 0)

    async def test_a_refused_chunk_raises_its_typed_error(self) -> None:
        up = asyncio.create_task(self.client.upload("s1", b"x" * 10, filename="x"))
        begin = await self.daemon.receive()
        await self.daemon.answer(begin, {"upload_id": "u1", "chunk_bytes": 4, "max_bytes": 100})
        chunk = await self.daemon.receive()
        await self.daemon.fail(chunk, -32032, "Upload offset mismatch", {"reason": "offset_mismatch", "expected_offset": 4})
        with self.assertRaises(UploadOffsetMismatchError) as caught:
            await up
        self.assertEqual(caught.exception.data.expected_offset, 4)


if __name__ == "__main__":
    unittest.main()
