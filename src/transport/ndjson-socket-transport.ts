// NDJSON over a stream socket (Unix socket or Windows named pipe), with the per-connection limits of
// SPEC §2: frame size, unfinished-frame deadline, write stall, and an output high-water mark above
// which the connection is no longer read, so a client that stops reading cannot grow daemon memory.
import type { Socket } from "node:net";
import { rpcErrors } from "../../generated/errors.js";
import { drainThenClose } from "./drain-then-close.js";
import { NdjsonFramer } from "./ndjson-framer.js";
import { OutputFlow } from "./output-flow.js";
import { StallClock } from "./stall-clock.js";
import type { RpcTransport, TransportEvents, TransportKind } from "./transport.js";

export type NdjsonLimits = {
  maxFrameBytes: number;
  frameTimeoutMs: number;
  writeStallTimeoutMs: number;
  outputHighWaterBytes: number;
  /**
   * After a fatal frame error: how long to read and discard what the peer still sends (SPEC §12).
   * The daemon always sets it (rpc.fatal_linger_ms); a client side may leave it out (no linger).
   */
  fatalLingerMs?: number;
};

/**
 * After the peer's FIN: has it gone entirely (true) or only stopped sending (false)? undefined when
 * the platform cannot tell; the connection is then treated as gone (SPEC §7: a disconnect cancels).
 */
export type HangupProbe = () => boolean | undefined;

const HALF_CLOSE_POLL_MS = 250;

export const errorFrame = (error: { toWire(): unknown }): string =>
  `{"jsonrpc":"2.0","id":null,"error":${JSON.stringify(error.toWire())}}`;

export class NdjsonSocketTransport implements RpcTransport {
  private events: TransportEvents | undefined;
  private readonly framer: NdjsonFramer;
  private outQueue: string[] = [];
  private flushScheduled = false;
  private closed = false;
  private finishing = false;
  private finishReason = "finished";
  /** Finishing after a fatal frame error: drain the client's input until it closes (or linger ends). */
  private lingering = false;
  private inputEnded = false;
  private hangupPoll: NodeJS.Timeout | undefined;
  private endSignalled = false;
  private readonly flow: OutputFlow<{ text: string; valid: boolean }>;
  private frameTimer: NodeJS.Timeout | undefined;
  private queuedChars = 0;
  private writesDone = 0;
  private readonly stall: StallClock;
  private readonly onWriteDone = (): void => {
    this.writesDone++;
  };

  constructor(
    private readonly socket: Socket,
    readonly kind: TransportKind,
    readonly peerLabel: string,
    private readonly limits: NdjsonLimits,
    private readonly hungUp: HangupProbe = () => undefined,
  ) {
    this.stall = new StallClock(limits.writeStallTimeoutMs, {
      unsent: () => this.unsentBytes(),
      writesDone: () => this.writesDone,
      settled: () => this.closed || this.socket.writableLength === 0,
      stalled: () => this.close("write stall"),
    });
    this.flow = new OutputFlow(limits.outputHighWaterBytes, {
      queued: () => this.queuedChars + this.socket.writableLength,
      isClosed: () => this.closed,
      accepting: () => !this.closed && !this.finishing,
      hand: (m) => this.events?.message(m.text, m.valid),
      pauseReading: () => {
        this.socket.pause();
        // Bytes the daemon chose not to read cannot count against the client's frame clock.
        if (this.frameTimer) clearTimeout(this.frameTimer);
        this.frameTimer = undefined;
      },
      resumeReading: () => {
        this.socket.resume();
        this.armFrameTimer(false);
      },
      drained: () => this.signalEndIfDone(),
    });
    this.framer = new NdjsonFramer(limits.maxFrameBytes, {
      frame: (text, valid) => this.deliver(text, valid),
      oversized: () =>
        this.finishFatally(
          errorFrame(rpcErrors.frameTooLarge({ limit_bytes: limits.maxFrameBytes })),
          "frame too large",
        ),
    });
  }

  get isClosed(): boolean {
    return this.closed;
  }

  start(events: TransportEvents): void {
    this.events = events;
    const s = this.socket;
    s.on("data", (chunk: Buffer) => this.onData(chunk));
    s.on("drain", () => this.onDrain());
    s.on("error", () => {}); // reported through "close"
    s.on("end", () => this.onInputEnded());
    s.on("close", () => this.close("socket closed"));
  }

  send(message: string): void {
    if (this.closed || this.finishing) return;
    this.enqueue(message);
  }

  finish(message?: string, reason = "finished"): void {
    if (this.closed || this.finishing) return;
    this.finishReason = reason;
    if (message !== undefined) this.enqueue(message);
    this.finishing = true;
    this.stopReading();
    this.flush();
  }

  /**
   * A fatal frame error (SPEC §12): the error line, a half-close, then whatever the client still
   * sends is read and thrown away, unparsed, until it closes or fatalLingerMs passes. Closing with
   * its bytes unread would reset the connection, and a client still writing would lose the error.
   */
  private finishFatally(message: string, reason: string): void {
    if (this.closed || this.finishing) return;
    this.lingering = (this.limits.fatalLingerMs ?? 0) > 0;
    this.finish(message, reason);
  }

  close(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.clearTimers();
    this.framer.dispose();
    this.outQueue = [];
    this.flow.clearBacklog();
    this.socket.destroy();
    this.flow.releaseWaiters();
    this.events?.closed(reason);
  }

  get backedUp(): boolean {
    return this.flow.backedUp;
  }

  get queuedBytes(): number {
    return this.flow.queued;
  }

  whenWritable(): Promise<void> {
    return this.flow.whenWritable();
  }

  pauseMessages(paused: boolean): void {
    this.flow.pauseMessages(paused);
  }

  private onData(chunk: Buffer): void {
    if (this.closed || this.finishing) return;
    const linesBefore = this.framer.linesEnded;
    this.framer.push(chunk);
    this.armFrameTimer(this.framer.linesEnded !== linesBefore);
  }

  /** Frames that arrive while output is over the high-water mark (or messages are paused) wait in flow. */
  private deliver(text: string, valid: boolean): void {
    if (this.closed || this.finishing) return;
    this.flow.deliver({ text, valid });
  }

  /**
   * The client half-closed (e.g. `socat` after its stdin ended): it sends nothing more but may still
   * read. Anything unfinished is dropped; the connection ends once what it is owed has been written.
   */
  private onInputEnded(): void {
    if (this.lingering) {
      this.close(this.finishReason); // the client closed its side after our error: a clean end
      return;
    }
    if (this.closed || this.inputEnded) return;
    this.inputEnded = true;
    this.framer.dispose();
    if (this.frameTimer) clearTimeout(this.frameTimer);
    this.frameTimer = undefined;
    if (this.hungUp() !== false) {
      this.close("peer closed");
      return;
    }
    // Half-closed: keep answering, and notice if the client later goes away entirely.
    this.hangupPoll = setInterval(() => {
      if (this.hungUp() !== false) this.close("peer closed");
    }, HALF_CLOSE_POLL_MS);
    this.hangupPoll.unref();
    this.signalEndIfDone();
  }

  private signalEndIfDone(): void {
    if (!this.inputEnded || this.endSignalled || this.closed || this.finishing) return;
    if (this.flow.holding) return;
    this.endSignalled = true;
    if (this.events?.ended) this.events.ended();
    else this.finish(undefined, "peer ended");
  }

  /** The deadline runs from a frame's first byte until its newline, however steadily bytes trickle. */
  private armFrameTimer(newFrame: boolean): void {
    if (this.frameTimer && (newFrame || !this.framer.inFrame || this.closed || this.finishing)) {
      clearTimeout(this.frameTimer);
      this.frameTimer = undefined;
    }
    if (!this.framer.inFrame || this.closed || this.finishing) return;
    if (this.frameTimer) return; // still the same unfinished frame
    this.frameTimer = setTimeout(() => {
      this.frameTimer = undefined;
      if (this.framer.inFrame) {
        this.framer.dispose();
        this.finishFatally(
          errorFrame(rpcErrors.frameTimeout({ limit_ms: this.limits.frameTimeoutMs })),
          "frame timeout",
        );
      }
    }, this.limits.frameTimeoutMs);
    this.frameTimer.unref();
  }

  private enqueue(message: string): void {
    this.outQueue.push(message);
    this.queuedChars += message.length + 1;
    this.flow.pauseIfOver();
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
  }

  /**
   * One write per event-loop turn: everything queued since the last flush goes out as one buffer. The
   * flush runs in setImmediate, not a microtask: a streaming turn awaits between updates, and a
   * microtask flush would then write each notification on its own (measured: 2× fewer per second).
   */
  private flush(): void {
    this.flushScheduled = false;
    if (this.closed) return;
    if (this.outQueue.length > 0) {
      const data = this.outQueue.length === 1 ? `${this.outQueue[0]}\n` : `${this.outQueue.join("\n")}\n`;
      this.outQueue = [];
      this.queuedChars = 0;
      const below = this.socket.write(data, this.onWriteDone);
      if (!below) this.stall.arm();
      // The socket may have taken everything at once, in which case no "drain" will come.
      if (this.flow.readingPausedForOutput && !this.flow.overHighWater) this.onDrain();
    }
    if (this.finishing) {
      this.socket.end(() => (this.lingering ? this.linger() : this.close(this.finishReason)));
      this.stall.arm(); // a client that never reads the final frame is still let go
    }
  }

  /** Our FIN is out: keep draining (onData drops everything while finishing) for a bounded time. */
  private linger(): void {
    if (this.closed) return;
    if (this.inputEnded) {
      this.close(this.finishReason);
      return;
    }
    drainThenClose(this.socket, this.limits.fatalLingerMs ?? 0, () => this.close(this.finishReason));
  }

  private stopReading(): void {
    this.socket.pause();
    this.framer.dispose();
    if (this.frameTimer) clearTimeout(this.frameTimer);
    this.frameTimer = undefined;
  }

  private onDrain(): void {
    if (this.socket.writableLength === 0) this.stall.disarm();
    // Output counted as our queue for this tick plus the socket's own buffer (flow's queued hook).
    this.flow.outputProgress(!this.finishing);
  }

  /**
   * Bytes the kernel has not taken yet. libuv's write queue shrinks as a large write goes out piece by
   * piece, which Node's writableLength (whole chunks only) does not show; fall back to it elsewhere.
   */
  private unsentBytes(): number {
    const handle = (this.socket as unknown as { _handle?: { writeQueueSize?: number } })._handle;
    const libuv = handle?.writeQueueSize;
    return typeof libuv === "number" ? libuv + this.socket.writableLength : this.socket.writableLength;
  }

  private clearTimers(): void {
    if (this.hangupPoll) clearInterval(this.hangupPoll);
    this.hangupPoll = undefined;
    if (this.frameTimer) clearTimeout(this.frameTimer);
    this.frameTimer = undefined;
    this.stall.disarm();
  }
}
