import { connect, type Socket } from "node:net";
import { setImmediate as nextTurn } from "node:timers/promises";
import {
  type Connection,
  type Dialect,
  MAX_TRACKED_MESSAGE_CHARS,
  SentRequests,
  type WireEvent,
} from "./connection.js";
import { Inbox } from "./inbox.js";
import { clip, type JsonValue } from "./json.js";
import type { Transcript } from "./transcript.js";

/**
 * One client connection that speaks raw bytes: the suite must be able to send
 * broken frames, split UTF-8 sequences and floods, and to see exactly what the
 * daemon writes back (a non-JSON line is itself a failure).
 */

export type { WireEvent } from "./connection.js";

const REPEAT_CHUNK_BYTES = 64 * 1024;

export class WireConnection implements Connection {
  readonly transport = "socket" as const;
  private partialLine: Buffer[] = [];
  private readonly inbox: Inbox;
  private outgoingLine = "";
  private outgoingOverflow = false;
  private readonly sentRequests = new SentRequests();

  private constructor(
    private readonly socket: Socket,
    readonly name: string,
    private readonly transcript: Transcript,
  ) {
    this.inbox = new Inbox(name, transcript);
    socket.on("data", (chunk: Buffer) => this.onData(chunk));
    socket.on("end", () => this.onClosed("end of stream"));
    // A reset (ECONNRESET, or EPIPE while still writing) is not a clean end: <<close tells them apart.
    socket.on("error", (error: NodeJS.ErrnoException) =>
      this.onClosed(`socket error ${error.code ?? error.message}`, true),
    );
    socket.on("close", () => this.onClosed("closed"));
  }

  static open(
    socketPath: string,
    name: string,
    transcript: Transcript,
    timeoutMs: number,
  ): Promise<WireConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(socketPath);
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`connect to ${socketPath} timed out after ${timeoutMs} ms`));
      }, timeoutMs);
      socket.once("error", (error) => {
        clearTimeout(timer);
        reject(new Error(`connect to ${socketPath} failed: ${error.message}`));
      });
      socket.once("connect", () => {
        clearTimeout(timer);
        socket.removeAllListeners("error");
        transcript.record(name, "*", "connected");
        resolve(new WireConnection(socket, name, transcript));
      });
    });
  }

  get isClosed(): boolean {
    return this.inbox.isClosed;
  }

  /** The next message, invalid message or end of stream; undefined on timeout. */
  next(timeoutMs: number): Promise<WireEvent | undefined> {
    return this.inbox.next(timeoutMs);
  }

  /** Writes `payload` `repeat` times, in large chunks and honouring backpressure. */
  async send(payload: Uint8Array, repeat: number, timeoutMs: number): Promise<void> {
    // Let replies and EOFs already in flight land first: writing into a socket the
    // daemon has closed fails with EPIPE, and Node then discards unread input.
    await nextTurn();
    const shown = clip(Buffer.from(payload).toString("utf8"), 300);
    if (!this.canWrite()) {
      this.transcript.record(this.name, "*", `not sent, connection closed: ${shown}`);
      return;
    }
    this.transcript.record(this.name, ">", repeat === 1 ? shown : `${shown} ×${repeat}`);
    if (repeat === 1) {
      this.trackOutgoing(payload);
      await this.write(Buffer.from(payload), timeoutMs);
      return;
    }
    this.outgoingOverflow = true;
    const copiesPerChunk = Math.max(1, Math.floor(REPEAT_CHUNK_BYTES / payload.length));
    const chunk = Buffer.concat(new Array<Uint8Array>(Math.min(copiesPerChunk, repeat)).fill(payload));
    for (let left = repeat; left > 0 && this.canWrite(); ) {
      const copies = Math.min(left, copiesPerChunk);
      await this.write(chunk.subarray(0, copies * payload.length), timeoutMs);
      left -= copies;
    }
  }

  /** One NDJSON line: `text` plus `\n`. */
  sendMessage(text: string, timeoutMs: number): Promise<void> {
    return this.send(new TextEncoder().encode(`${text}\n`), 1, timeoutMs);
  }

  sendRepeated(payload: Uint8Array, repeat: number, timeoutMs: number): Promise<void> {
    return this.send(payload, repeat, timeoutMs);
  }

  /** The method of a request this connection sent with `id`, if it sent one. */
  methodOf(id: JsonValue): string | undefined {
    return this.sentRequests.methodOf(id);
  }

  get dialect(): Dialect | undefined {
    return this.sentRequests.dialect;
  }

  pause(): void {
    this.socket.pause();
  }

  resume(): void {
    this.socket.resume();
  }

  end(): void {
    this.transcript.record(this.name, "*", "client end()");
    this.socket.end();
  }

  destroy(): void {
    this.socket.destroy();
  }

  private canWrite(): boolean {
    return !this.inbox.isClosed && !this.socket.destroyed && this.socket.writable;
  }

  private write(buffer: Buffer, timeoutMs: number): Promise<void> {
    if (this.socket.write(buffer)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const done = (): void => {
        clearTimeout(timer);
        this.socket.off("drain", done);
        this.socket.off("close", done);
        resolve();
      };
      const timer = setTimeout(() => {
        this.socket.off("drain", done);
        this.socket.off("close", done);
        reject(new Error(`write blocked for ${timeoutMs} ms: the daemon stopped reading`));
      }, timeoutMs);
      this.socket.on("drain", done);
      this.socket.on("close", done);
    });
  }

  private trackOutgoing(payload: Uint8Array): void {
    const lines = (this.outgoingLine + Buffer.from(payload).toString("utf8")).split("\n");
    this.outgoingLine = lines.pop() ?? "";
    for (const line of lines) {
      if (!this.outgoingOverflow) this.sentRequests.remember(line);
      this.outgoingOverflow = false;
    }
    if (this.outgoingLine.length > MAX_TRACKED_MESSAGE_CHARS) {
      this.outgoingLine = "";
      this.outgoingOverflow = true;
    }
  }

  private onData(chunk: Buffer): void {
    let start = 0;
    for (let newline = chunk.indexOf(0x0a); newline !== -1; newline = chunk.indexOf(0x0a, start)) {
      const piece = chunk.subarray(start, newline);
      const line = this.partialLine.length > 0 ? Buffer.concat([...this.partialLine, piece]) : piece;
      this.partialLine = [];
      this.onLine(line);
      start = newline + 1;
    }
    if (start < chunk.length) this.partialLine.push(chunk.subarray(start));
  }

  private onLine(bytes: Buffer): void {
    this.inbox.receive(bytes, "line");
  }

  private onClosed(detail: string, reset = false): void {
    if (this.inbox.isClosed) return;
    if (this.partialLine.length > 0) {
      const text = Buffer.concat(this.partialLine).toString("utf8");
      this.partialLine = [];
      this.inbox.push({ kind: "invalid", text, reason: "stream ended inside a line (no trailing \\n)" });
    }
    this.inbox.close(detail, reset);
  }
}
