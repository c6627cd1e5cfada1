"""The chunked upload (SPEC §9): ``file/upload/begin`` → chunks → ``file/upload/commit``."""

from __future__ import annotations

import base64
import hashlib
import os
from collections.abc import Callable
from pathlib import Path

from ._generated_methods import ClientMethods
from ._generated_types import FileUploadCommitResult

__all__ = ["upload"]


async def upload(
    client: ClientMethods,
    session_id: str,
    data: bytes | bytearray | memoryview | str | os.PathLike[str],
    *,
    filename: str | None = None,
    declare_sha256: bool = True,
    on_progress: Callable[[int, int], None] | None = None,
) -> FileUploadCommitResult:
    """Stores ``data`` (bytes, or the file at a path) in the session's workspace.

    The file goes in chunks of the size ``file/upload/begin`` answers with, each at the offset
    the daemon has acknowledged so far, so no frame comes near the frame limit. With
    ``declare_sha256`` the daemon checks the bytes against their SHA-256 before storing them.
    ``on_progress(received_bytes, size_bytes)`` is called after each chunk. Returns the stored
    file's entry (its ``ref_id`` goes in ``session_prompt(attachments=[...])``).
    """
    if isinstance(data, (str, os.PathLike)):
        path = Path(data)
        filename = path.name if filename is None else filename
        data = path.read_bytes()
    view = memoryview(data).cast("B")
    size = len(view)
    begin = await client.file_upload_begin(
        session_id=session_id,
        size_bytes=size,
        filename=filename,
        sha256=hashlib.sha256(view).hexdigest() if declare_sha256 else None,
    )
    offset = 0
    while offset < size:
        piece = view[offset : offset + begin.chunk_bytes]
        ack = await client.file_upload_chunk(
            upload_id=begin.upload_id,
            offset=offset,
            data_b64=base64.b64encode(piece).decode("ascii"),
        )
        if ack.received_bytes <= offset:
            raise RuntimeError(f"upload {begin.upload_id}: the daemon acknowledged no progress at {offset}")
        offset = ack.received_bytes
        if on_progress is not None:
            on_progress(offset, size)
    return await client.file_upload_commit(upload_id=begin.upload_id)
