// Splits a byte stream into NDJSON frames without ever holding more than one frame's worth of bytes.
// Only the newly arrived chunk is scanned for "\n"; bytes of an unfinished frame are counted as they
// arrive, and the moment the count passes the limit the framer stops (the rest is never buffered).
import { isUtf8 } from "node:buffer";

export interface FrameSink {
  /** One complete line, line ending removed; never blank. `valid` is false for malformed UTF-8. */
  frame(text: string, valid: boolean): void;
  /** The current frame exceeded the limit. The framer is dead afterwards. */
  oversized(): void;
}

const LF = 0x0a;
const CR = 0x0d;

export class NdjsonFramer {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private dead = false;
  private lines = 0;

  /**
   * @param maxFrameBytes largest frame, counted as the bytes before "\n" (a tolerated trailing "\r"
   *   counts, so the framer never holds more than this many bytes).
   */
  constructor(
    private readonly maxFrameBytes: number,
    private readonly sink: FrameSink,
  ) {}

  /** True while part of a frame has arrived but not its newline. */
  get inFrame(): boolean {
    return this.pendingBytes > 0;
  }

  /** Newlines consumed so far: a change across a push means any unfinished frame is a new one. */
  get linesEnded(): number {
    return this.lines;
  }

  /** Bytes of the unfinished frame currently held. */
  get heldBytes(): number {
    return this.pendingBytes;
  }

  push(chunk: Buffer): void {
    let start = 0;
    if (this.pendingBytes === 0) start = this.pushWhole(chunk);
    while (!this.dead && start < chunk.length) {
      const nl = chunk.indexOf(LF, start);
      const end = nl === -1 ? chunk.length : nl;
      if (this.pendingBytes + (end - start) > this.maxFrameBytes) {
        this.kill();
        return;
      }
      if (nl === -1) {
        this.pending.push(start === 0 ? chunk : chunk.subarray(start));
        this.pendingBytes += end - start;
        return;
      }
      this.lines++;
      this.emit(chunk, start, end);
      start = nl + 1;
    }
  }

  /**
   * The common case, many small frames per read: when no frame is held, the chunk's complete lines
   * fit within the limit as a whole and are valid UTF-8, they are checked and decoded once, then
   * split as text. Returns where the byte-wise path resumes (after the last newline taken here).
   */
  private pushWhole(chunk: Buffer): number {
    const last = chunk.lastIndexOf(LF);
    // One frame or none: the byte-wise path does exactly the same work.
    if (last === -1 || last > this.maxFrameBytes || chunk.indexOf(LF) === last) return 0;
    const region = chunk.subarray(0, last);
    if (!isUtf8(region)) return 0;
    const text = region.toString("utf8");
    let from = 0;
    while (!this.dead) {
      const nl = text.indexOf("\n", from);
      const end = nl === -1 ? text.length : nl;
      this.lines++;
      this.emitText(text, from, end);
      if (nl === -1) break;
      from = nl + 1;
    }
    return last + 1;
  }

  private emitText(text: string, start: number, end: number): void {
    if (end > start && text.charCodeAt(end - 1) === CR) end--;
    if (end === start) return;
    const first = text.charCodeAt(start);
    // Whitespace-only lines count as blank (a JSON frame starts with anything else).
    if ((first === 0x20 || first === 0x09 || first === CR) && isBlankText(text, start, end)) return;
    this.sink.frame(text.slice(start, end), true);
  }

  /** Stop: drop anything held and ignore all further input. */
  kill(): void {
    if (this.dead) return;
    this.dead = true;
    this.pending = [];
    this.pendingBytes = 0;
    this.sink.oversized();
  }

  /** Forget held bytes without reporting (the connection is going away). */
  dispose(): void {
    this.dead = true;
    this.pending = [];
    this.pendingBytes = 0;
  }

  private emit(chunk: Buffer, start: number, end: number): void {
    let buf: Buffer;
    if (this.pendingBytes === 0) {
      buf = chunk.subarray(start, end);
    } else {
      this.pending.push(chunk.subarray(start, end));
      buf = Buffer.concat(this.pending, this.pendingBytes + (end - start));
      this.pending = [];
      this.pendingBytes = 0;
    }
    let len = buf.length;
    if (len > 0 && buf[len - 1] === CR) len--;
    if (len === 0) return;
    const line = buf.subarray(0, len);
    // Whitespace-only lines count as blank.
    if (isBlank(line)) return;
    this.sink.frame(line.toString("utf8"), isUtf8(line));
  }
}

function isBlank(line: Buffer): boolean {
  for (let i = 0; i < line.length; i++) {
    const b = line[i];
    if (b !== 0x20 && b !== 0x09 && b !== CR) return false;
  }
  return true;
}

function isBlankText(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== CR) return false;
  }
  return true;
}
