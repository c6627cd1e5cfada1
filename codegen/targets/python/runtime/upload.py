"""The chunked upload of the ``file/upload/*`` methods: ``begin`` with the size (and the SHA-256 the
server checks on commit), chunks of the size the server chose, each at the offset it acknowledged,
then ``commit``. Emitted only for documents that have those three methods."""

from __future__ import annotations

import base64
import hashlib
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import ClassVar, Generic, TypeVar

from .codec import Decoder, DecodeError, JsonValue, field, integer, obj, string
from .connection import Connection
from .errors import ErrorClass

R = TypeVar("R")

Bytes = bytes | bytearray | memoryview


async def upload(
    connection: Connection,
    session_id: str,
    data: Bytes | str | os.PathLike[str],
    decode: Decoder[R],
    errors: tuple[Sequence[ErrorClass], Sequence[ErrorClass], Sequence[ErrorClass]] = ((), (), ()),
    filename: str | None = None,
    declare_sha256: bool = True,
    on_progress: Callable[[int, int], None] | None = None,
) -> R:
    """Stores ``data`` (bytes, or the file at a path) and returns what ``commit`` answers."""
    if isinstance(data, (str, os.PathLike)):
        path = Path(data)
        filename = path.name if filename is None else filename
        data = path.read_bytes()
    view = memoryview(data).cast("B")
    size = len(view)
    params: dict[str, JsonValue] = {"session_id": session_id, "size_bytes": size}
    if filename is not None:
        params["filename"] = filename
    if declare_sha256:
        params["sha256"] = hashlib.sha256(view).hexdigest()
    begun = obj(await connection.request("file/upload/begin", params, errors[0]), "file/upload/begin's result")
    upload_id = field(begun, "upload_id", string)
    chunk_bytes = field(begun, "chunk_bytes", integer)
    if chunk_bytes <= 0:
        raise DecodeError(f"chunk_bytes {chunk_bytes} is not positive")
    offset = 0
    while offset < size:
        piece = view[offset : offset + chunk_bytes]
        ack = obj(
            await connection.request(
                "file/upload/chunk",
                {"upload_id": upload_id, "offset": offset, "data_b64": base64.b64encode(piece).decode("ascii")},
                errors[1],
            ),
            "file/upload/chunk's result",
        )
        received = field(ack, "received_bytes", integer)
        if received <= offset or received > size:
            raise DecodeError(f"upload {upload_id}: the server acknowledged {received} bytes for a chunk at {offset}")
        offset = received
        if on_progress is not None:
            on_progress(offset, size)
    return decode(await connection.request("file/upload/commit", {"upload_id": upload_id}, errors[2]))


class Uploads(Generic[R]):
    """``upload()`` on a generated client whose document has the ``file/upload/*`` methods."""

    connection: Connection
    UPLOAD_ERRORS: ClassVar[tuple[Sequence[ErrorClass], Sequence[ErrorClass], Sequence[ErrorClass]]] = ((), (), ())
    """The errors ``begin``, ``chunk`` and ``commit`` declare."""

    def _decode_upload(self, raw: JsonValue) -> R:
        raise NotImplementedError

    async def upload(
        self,
        session_id: str,
        data: Bytes | str | os.PathLike[str],
        *,
        filename: str | None = None,
        declare_sha256: bool = True,
        on_progress: Callable[[int, int], None] | None = None,
    ) -> R:
        """Uploads ``data`` (bytes, or the file at a path) in chunks of the size the server picks
        (``file/upload/begin``, ``chunk``, ``commit``), declaring its SHA-256 unless told not to;
        ``on_progress(received, total)`` after each chunk. Returns what ``commit`` answers."""
        return await upload(
            self.connection,
            session_id,
            data,
            self._decode_upload,
            type(self).UPLOAD_ERRORS,
            filename,
            declare_sha256,
            on_progress,
        )
