// zeroclaw upload SESSION FILE: a chunked upload (SPEC §9) through the local socket. The file is hashed
// and sent in the daemon's chunk size, one chunk in flight at a time and never held whole in memory; a
// chunk whose answer does not come in time is sent again unchanged (the daemon acknowledges an identical
// re-send), and an offset mismatch resumes from the offset the daemon expects. Prints the FileEntry.

import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { type FileHandle, open, stat } from "node:fs/promises";
import { basename } from "node:path";
import { pipeline } from "node:stream/promises";
import { ErrorCode, RpcError } from "../../generated/errors.js";
import type { FileEntry } from "../../generated/types.js";
import { connectDaemon, describeRpcError, initializeCli } from "./daemon-client.js";

const DEFAULT_CHUNK_TIMEOUT_MS = 30_000;
/** Sends of one chunk (the first included) before giving up. */
const MAX_ATTEMPTS = 5;
/** TTY redraws at most this often (the last one is always drawn). */
const REDRAW_EVERY_MS = 100;

class ChunkTimeout extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = "ChunkTimeout";
  }
}

/** Ends the command with `code` after printing `message` (a local problem, not a daemon error). */
class Exit extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export async function uploadCommand(args: string[], configDir?: string): Promise<number> {
  // zeroclaw.ts has checked there are exactly two (its usage line says so on a mistake).
  const [sessionId, file] = args as [string, string];
  const timeoutMs = chunkTimeoutMs(process.env.ZEROCLAW_UPLOAD_CHUNK_TIMEOUT_MS);
  if (timeoutMs === undefined) {
    process.stderr.write("zeroclaw upload: ZEROCLAW_UPLOAD_CHUNK_TIMEOUT_MS must be a positive integer\n");
    return 2;
  }

  let size: number;
  let sha256: string;
  try {
    const st = await stat(file);
    if (!st.isFile()) throw new Error("not a regular file");
    size = st.size;
    sha256 = await hashFile(file);
  } catch (err) {
    process.stderr.write(`zeroclaw upload: cannot read ${file}: ${describe(err)}\n`);
    return 2;
  }

  const { client, connection } = await connectDaemon(configDir); // no daemon: one line, exit 3
  const progress = new Progress(size);
  let handle: FileHandle | undefined;
  try {
    await initializeCli(client);
    const begun = await client.fileUploadBegin({
      session_id: sessionId,
      size_bytes: size,
      filename: basename(file),
      sha256,
    });
    const uploadId = begun.upload_id;
    const chunkBytes = begun.chunk_bytes;
    handle = await open(file, "r");
    const buffer = Buffer.allocUnsafe(Math.max(1, Math.min(chunkBytes, size)));
    progress.start();

    let offset = 0;
    let attempts = 0;
    while (offset < size) {
      const length = Math.min(chunkBytes, size - offset);
      const data = await readAt(handle, buffer, offset, length);
      attempts++;
      let received: number;
      try {
        received = await withTimeout(timeoutMs, (signal) =>
          client
            .fileUploadChunk({ upload_id: uploadId, offset, data_b64: data.toString("base64") }, { signal })
            .then((r) => r.received_bytes),
        );
      } catch (err) {
        if (err instanceof ChunkTimeout) {
          if (attempts >= MAX_ATTEMPTS) {
            throw new Exit(
              1,
              `no answer to file/upload/chunk at offset ${offset} after ${attempts} attempts of ${timeoutMs} ms each; giving up`,
            );
          }
          progress.note(
            `no answer for the chunk at offset ${offset} within ${timeoutMs} ms; re-sending (attempt ${attempts + 1}/${MAX_ATTEMPTS})`,
          );
          continue;
        }
        const expected = expectedOffset(err);
        if (expected !== undefined && expected <= size) {
          if (attempts >= MAX_ATTEMPTS) throw err;
          progress.note(`the daemon expects offset ${expected} (sent ${offset}); resuming from there`);
          offset = expected;
          progress.update(offset);
          continue;
        }
        throw err;
      }
      if (received <= offset || received > size) {
        throw new Exit(
          1,
          `file/upload/chunk answered received_bytes ${received} for a chunk at offset ${offset}`,
        );
      }
      offset = received;
      attempts = 0;
      progress.update(offset);
    }
    await handle.close();
    handle = undefined;
    progress.finish();

    const entry: FileEntry = await client.fileUploadCommit({ upload_id: uploadId });
    process.stdout.write(`${JSON.stringify(entry, null, 2)}\n`);
    return 0;
  } catch (err) {
    progress.abandon();
    // One line, like every other command's failure: the daemon's words, code, reason and figures.
    process.stderr.write(
      `zeroclaw upload: ${err instanceof RpcError ? describeRpcError(err) : describe(err)}\n`,
    );
    return err instanceof Exit ? err.code : 1;
  } finally {
    await handle?.close().catch(() => undefined);
    connection.close();
  }
}

function chunkTimeoutMs(text: string | undefined): number | undefined {
  if (text === undefined || text === "") return DEFAULT_CHUNK_TIMEOUT_MS;
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

async function hashFile(path: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(path), hash);
  return hash.digest("hex");
}

/** `length` bytes at `offset` into `buffer` (short reads are continued; a file that shrank is an error). */
async function readAt(handle: FileHandle, buffer: Buffer, offset: number, length: number): Promise<Buffer> {
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, offset + filled);
    if (bytesRead === 0)
      throw new Exit(1, `the file shrank while uploading (nothing at offset ${offset + filled})`);
    filled += bytesRead;
  }
  return buffer.subarray(0, length);
}

/** Runs `call` with an abort signal that fires after `ms`, rejecting with ChunkTimeout then. */
async function withTimeout<T>(ms: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new ChunkTimeout(ms)), ms);
  try {
    return await call(controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

function expectedOffset(err: unknown): number | undefined {
  if (!(err instanceof RpcError) || err.code !== ErrorCode.UPLOAD_OFFSET_MISMATCH) return undefined;
  const expected = (err.data as { expected_offset?: unknown } | undefined)?.expected_offset;
  return typeof expected === "number" && Number.isSafeInteger(expected) && expected >= 0
    ? expected
    : undefined;
}

const describe = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * The progress bar on stderr. On a TTY one line is redrawn in place (`\r`); otherwise a plain line is
 * printed when sending starts and then at most once per 10%, so logs stay readable.
 */
class Progress {
  private readonly tty = process.stderr.isTTY === true;
  private startedAt = 0;
  private sent = 0;
  private lastDraw = 0;
  private lastDrawn = -1;
  private lastDecile = -1;
  /** A TTY line has been drawn and not yet ended with a newline. */
  private open = false;

  constructor(private readonly total: number) {}

  start(): void {
    this.startedAt = performance.now();
    this.update(0, true);
  }

  update(sent: number, force = false): void {
    this.sent = sent;
    if (this.tty) {
      const now = performance.now();
      if (sent === this.lastDrawn) return;
      if (!force && sent < this.total && now - this.lastDraw < REDRAW_EVERY_MS) return;
      this.lastDraw = now;
      this.lastDrawn = sent;
      process.stderr.write(`\r${this.line()}\x1b[K`);
      this.open = true;
      return;
    }
    const decile = this.total === 0 ? 10 : Math.floor((sent * 10) / this.total);
    if (decile <= this.lastDecile) return;
    this.lastDecile = decile;
    process.stderr.write(`${this.line()}\n`);
  }

  /** A message between progress lines (a retry): on a TTY it ends the bar line first. */
  note(message: string): void {
    this.endLine();
    process.stderr.write(`zeroclaw upload: ${message}\n`);
  }

  /** Every byte was sent: draw the final state and end the line. */
  finish(): void {
    this.update(this.total, true);
    this.endLine();
  }

  /** Failing: end the bar line so the error starts on its own line. */
  abandon(): void {
    this.endLine();
  }

  private endLine(): void {
    if (!this.open) return;
    process.stderr.write("\n");
    this.open = false;
  }

  private line(): string {
    const percent = this.total === 0 ? 100 : Math.floor((this.sent * 100) / this.total);
    const seconds = (performance.now() - this.startedAt) / 1000;
    const rate = seconds > 0 ? this.sent / 1e6 / seconds : 0;
    return `upload: ${String(percent).padStart(3)}% ${this.sent}/${this.total} bytes ${rate.toFixed(1)} MB/s`;
  }
}
