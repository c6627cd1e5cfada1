// The chunked upload (SPEC §9): file/upload/begin with the size (and the sha256 the daemon checks on
// commit), then chunks of the `chunk_bytes` the daemon chose, each at the offset it acknowledged, then
// file/upload/commit. Bytes go as base64; a chunk is never larger than the daemon allows.
import { createHash } from "node:crypto";
import type { ZeroclawClient } from "../../generated/client.js";
import type { FileUploadCommitResult } from "../../generated/types.js";

export type UploadOptions = {
  session_id: string;
  filename: string;
  data: Uint8Array;
  /** Declare the content's sha256 so the daemon refuses a corrupted upload (default true). */
  sha256?: boolean;
  /** Called after each acknowledged chunk with the bytes the daemon holds so far. */
  onProgress?: (receivedBytes: number, totalBytes: number) => void;
  signal?: AbortSignal;
};

export type UploadResult = { file: FileUploadCommitResult; chunks: number; chunkBytes: number };

export async function uploadFile(client: ZeroclawClient, options: UploadOptions): Promise<UploadResult> {
  const { data, signal } = options;
  const begun = await client.fileUploadBegin(
    {
      session_id: options.session_id,
      filename: options.filename,
      size_bytes: data.byteLength,
      ...(options.sha256 === false ? {} : { sha256: createHash("sha256").update(data).digest("hex") }),
    },
    { signal },
  );
  let offset = 0;
  let chunks = 0;
  while (offset < data.byteLength) {
    const end = Math.min(offset + begun.chunk_bytes, data.byteLength);
    const chunk = Buffer.from(data.buffer, data.byteOffset + offset, end - offset);
    const ack = await client.fileUploadChunk(
      { upload_id: begun.upload_id, offset, data_b64: chunk.toString("base64") },
      { signal },
    );
    chunks += 1;
    if (ack.received_bytes <= offset || ack.received_bytes > data.byteLength)
      throw new Error(`file/upload/chunk acknowledged ${ack.received_bytes} bytes for a chunk at ${offset}`);
    offset = ack.received_bytes;
    options.onProgress?.(offset, data.byteLength);
  }
  const file = await client.fileUploadCommit({ upload_id: begun.upload_id }, { signal });
  return { file, chunks, chunkBytes: begun.chunk_bytes };
}
