// The chunked upload of zeroclaw's file/upload/* methods: begin with the size (and the sha256 the
// server checks on commit), then chunks of the size the server chose, each at the offset it
// acknowledged, then commit. Emitted only for documents that have those three methods.
import { createHash } from "node:crypto";
import type { CallOptions, Connection } from "./connection.js";

export type UploadOptions = {
  session_id: string;
  filename: string;
  data: Uint8Array;
  /** Declare the content's sha256 so the server refuses a corrupted upload (default true). */
  sha256?: boolean;
  /** Called after each acknowledged chunk with the bytes the server holds so far. */
  onProgress?: (receivedBytes: number, totalBytes: number) => void;
} & CallOptions;

export type UploadResult<File> = { file: File; chunks: number; chunkBytes: number };

export async function upload(connection: Connection, options: UploadOptions): Promise<UploadResult<unknown>> {
  const { data, signal } = options;
  const call = (method: string, params: object): Promise<unknown> =>
    connection.request(method, params, signal === undefined ? {} : { signal });
  const begun = (await call("file/upload/begin", {
    session_id: options.session_id,
    filename: options.filename,
    size_bytes: data.byteLength,
    ...(options.sha256 === false ? {} : { sha256: createHash("sha256").update(data).digest("hex") }),
  })) as { upload_id: string; chunk_bytes: number };
  let offset = 0;
  let chunks = 0;
  while (offset < data.byteLength) {
    const end = Math.min(offset + begun.chunk_bytes, data.byteLength);
    const chunk = Buffer.from(data.buffer, data.byteOffset + offset, end - offset);
    const ack = (await call("file/upload/chunk", {
      upload_id: begun.upload_id,
      offset,
      data_b64: chunk.toString("base64"),
    })) as {
      received_bytes: number;
    };
    chunks += 1;
    if (ack.received_bytes <= offset || ack.received_bytes > data.byteLength)
      throw new Error(`file/upload/chunk acknowledged ${ack.received_bytes} bytes for a chunk at ${offset}`);
    offset = ack.received_bytes;
    options.onProgress?.(offset, data.byteLength);
  }
  const file = await call("file/upload/commit", { upload_id: begun.upload_id });
  return { file, chunks, chunkBytes: begun.chunk_bytes };
}
