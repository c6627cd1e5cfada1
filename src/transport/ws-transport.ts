// JSON-RPC over a server-side WebSocket (SPEC §10): one message per text frame, with the same
// per-connection limits as the local NDJSON transport (SPEC §2). Frame size is enforced by ws itself
// (the server's maxPayload); the unfinished-message deadline, the write stall and the output
// high-water mark are enforced here.
import type { Socket } from "node:net";
import type { RawData, WebSocket } from "ws";
import { rpcErrors } from "../../generated/errors.js";
import { errorFrame, type NdjsonLimits } from "./ndjson-socket-transport.js";
import { OutputFlow } from "./output-flow.js";
import { StallClock } from "./stall-clock.js";
import type { RpcTransport, TransportEvents } from "./transport.js";

/** The same knobs as the local transport; `maxFrameBytes` must also be the ws server's maxPayload. */
export type TransportLimits = NdjsonLimits;

/** Close codes of RFC 6455 §7.4.1 that we send ourselves. */
const NORMAL_CLOSURE = 1000;
const MESSAGE_TOO_BIG = 1009;

type WsReceiver = { _bufferedBytes: number; _fragmented: number; _state: number };

/**
 * The ws internals this file relies on (ws 8.23): `_socket`, the raw socket under the WebSocket, and
 * `_receiver`, its frame parser. ws's public API tells neither whether a message is half received
 * nor how much of queued output the kernel has taken, and the frame deadline and the write-stall
 * clock need exactly that. Checked once per connection, so a ws upgrade that moves them fails loudly
 * at the first connection instead of silently dropping a limit.
 */
function wsInternals(ws: WebSocket): { socket: Socket; receiver: WsReceiver } {
  const raw = ws as unknown as { _socket?: Socket | null; _receiver?: Partial<WsReceiver> | null };
  const r = raw._receiver;
  if (
    !raw._socket ||
    !r ||
    typeof r._bufferedBytes !== "number" ||
    typeof r._fragmented !== "number" ||
    typeof r._state !== "number"
  ) {
    throw new Error("ws-transport: unsupported ws version (receiver internals not found)");
  }
  return { socket: raw._socket, receiver: r as WsReceiver };
}

/**
 * True while the receiver holds part of a frame (bytes it could not parse yet, or states 1–4: a
 * header was read and its length, mask or payload is still arriving) or an unfinished fragmented
 * message (`_fragmented` is the opcode of its first frame; control frames never set it). Receiver
 * states 5–6 (inflating, deferred event) cannot occur: the gateway disables compression and keeps
 * ws's synchronous events, so a complete message has been emitted by the time this runs.
 */
function messageInProgress(r: WsReceiver): boolean {
  return r._bufferedBytes > 0 || r._fragmented !== 0 || (r._state >= 1 && r._state <= 4);
}

type Incoming = { text: string } | { binary: true };

export class WsTransport implements RpcTransport {
  readonly kind = "gateway" as const;
  private events: TransportEvents | undefined;
  private closed = false;
  private closedReason = "";
  private finishing = false;
  private finishReason = "finished";
  private protocolError: string | undefined;
  private readonly flow: OutputFlow<Incoming>;
  private frameTimer: NodeJS.Timeout | undefined;
  /** Messages (and standalone control frames) completed: a change between reads means a new one began. */
  private framesDone = 0;
  private framesAtLastRead = 0;
  private writesDone = 0;
  /**
   * While finishing, an empty queue with the close handshake still open counts as no progress, so a
   * peer that never answers the close frame is let go within two periods.
   */
  private readonly stall: StallClock;
  private readonly socket: Socket;
  private readonly receiver: WsReceiver;
  private readonly closeWebSocket: (code?: number) => void;
  private readonly onWriteDone = (): void => {
    this.writesDone++;
    this.onOutputProgress();
  };

  constructor(
    private readonly ws: WebSocket,
    readonly peerLabel: string,
    private readonly limits: TransportLimits,
    readonly remoteAddress?: string,
  ) {
    ({ socket: this.socket, receiver: this.receiver } = wsInternals(ws));
    this.stall = new StallClock(limits.writeStallTimeoutMs, {
      unsent: () => this.unsentBytes(),
      writesDone: () => this.writesDone,
      settled: () => this.closed || (this.unsentBytes() === 0 && !this.finishing),
      stalled: (unsent) => this.close(unsent > 0 ? "write stall" : this.finishReason),
    });
    this.flow = new OutputFlow(limits.outputHighWaterBytes, {
      // Output the kernel has not taken yet: the raw socket's queue plus what ws still holds.
      queued: () => this.ws.bufferedAmount,
      isClosed: () => this.closed,
      accepting: () => !this.closed,
      hand: (item) => this.hand(item),
      pauseReading: () => this.ws.pause(),
      resumeReading: () => this.ws.resume(),
    });
    ws.pause(); // nothing is read before start()
    const closeWebSocket = ws.close.bind(ws);
    this.closeWebSocket = closeWebSocket;
    // ws enforces maxPayload inside its receiver: on an oversized frame header it stops feeding the
    // receiver, calls this instance's close(1009) itself and only then emits "error". By then the
    // close frame is queued and the WebSocket is CLOSING, so an error message sent from the "error"
    // listener would be dropped. Intercepting close is the one point where our -32600 can still go
    // out first, as SPEC §2 requires.
    ws.close = (code?: number, data?: string | Buffer): void => {
      if (code === MESSAGE_TOO_BIG && !this.closed && !this.finishing) {
        const error = rpcErrors.frameTooLarge({ limit_bytes: limits.maxFrameBytes });
        this.finishWith(errorFrame(error), "frame too large", MESSAGE_TOO_BIG);
        return;
      }
      closeWebSocket(code, data);
    };
    ws.on("message", (data, isBinary) => this.onMessage(data, isBinary));
    ws.on("ping", () => this.onControlFrame());
    ws.on("pong", () => this.onControlFrame());
    // Receiver errors (bad UTF-8, protocol violations): ws has already begun closing; keep the cause.
    ws.on("error", (err: Error & { code?: string }) => {
      this.protocolError ??= `protocol error ${err.code ?? err.message}`;
    });
    ws.on("close", (code: number) => {
      this.close(this.finishing ? this.finishReason : (this.protocolError ?? `peer closed (${code})`));
    });
    // Registered after ws's own "data" listener, so the receiver has parsed the chunk when this runs.
    this.socket.on("data", () => this.afterRead());
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** True while reading is stopped because our output is over the high-water mark. */
  get outputBlocked(): boolean {
    return this.flow.readingPausedForOutput;
  }

  start(events: TransportEvents): void {
    this.events = events;
    if (this.closed) {
      events.closed(this.closedReason); // went away before start: still reported once
      return;
    }
    this.ws.resume();
  }

  send(message: string): void {
    if (this.closed || this.finishing) return;
    this.write(message);
  }

  finish(message?: string, reason = "finished"): void {
    this.finishWith(message, reason, NORMAL_CLOSURE);
  }

  close(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.closedReason = reason;
    this.clearTimers();
    this.flow.clearBacklog();
    this.ws.terminate();
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

  /**
   * Queues `message` after everything already sent, then the close frame with `code`. Reading goes
   * on (and messages are dropped), because the peer's close frame must be read to end the handshake.
   */
  private finishWith(message: string | undefined, reason: string, code: number): void {
    if (this.closed || this.finishing) return;
    this.finishing = true;
    this.finishReason = reason;
    this.flow.clearBacklog(); // read but never answered: their responses could not be sent any more
    this.stopFrameTimer();
    if (message !== undefined) this.write(message);
    this.closeWebSocket(code);
    if (this.flow.endOutputPause()) this.ws.resume();
    this.stall.arm(); // a peer that never reads the last frame or never answers the close is let go
  }

  private write(message: string): void {
    // Once CLOSING, ws.send would only add to bufferedAmount (it counts sends after close).
    if (this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(message, this.onWriteDone);
    if (this.ws.bufferedAmount > 0) this.stall.arm();
    if (!this.finishing) this.flow.pauseIfOver();
  }

  private onMessage(data: RawData, isBinary: boolean): void {
    this.framesDone++;
    if (this.closed || this.finishing) return;
    this.deliver(isBinary ? { binary: true } : { text: toText(data) });
  }

  /** A ping or pong between messages completes a unit; one inside a fragmented message does not. */
  private onControlFrame(): void {
    if (this.receiver._fragmented === 0) this.framesDone++;
  }

  /** Messages that arrive while output is over the high-water mark (or messages are paused) wait in flow. */
  private deliver(item: Incoming): void {
    this.flow.deliver(item);
  }

  private hand(item: Incoming): void {
    if ("text" in item) {
      this.events?.message(item.text, true); // ws has validated UTF-8 (invalid text closes with 1007)
      return;
    }
    const error = rpcErrors.invalidRequest("Invalid request: binary frames are not JSON-RPC messages");
    this.send(errorFrame(error));
  }

  /** The deadline runs from a message's first byte until its last, however steadily bytes trickle. */
  private afterRead(): void {
    if (this.closed || this.finishing) return;
    const newMessage = this.framesDone !== this.framesAtLastRead;
    this.framesAtLastRead = this.framesDone;
    const inProgress = messageInProgress(this.receiver);
    if (this.frameTimer && (newMessage || !inProgress)) this.stopFrameTimer();
    if (!inProgress || this.frameTimer) return;
    this.frameTimer = setTimeout(() => {
      this.frameTimer = undefined;
      if (!messageInProgress(this.receiver)) return;
      const error = rpcErrors.frameTimeout({ limit_ms: this.limits.frameTimeoutMs });
      this.finish(errorFrame(error), "frame timeout");
    }, this.limits.frameTimeoutMs);
    this.frameTimer.unref();
  }

  /**
   * Runs on every completed write. Write callbacks, not the socket's "drain", because "drain" only
   * comes after the socket's own 16 KiB mark was passed, which a smaller high-water mark never reaches.
   */
  private onOutputProgress(): void {
    if (this.closed) return;
    if (this.ws.bufferedAmount === 0 && !this.finishing) this.stall.disarm();
    this.flow.outputProgress(true);
  }

  /**
   * libuv's write queue shrinks as a large write goes out piece by piece, which bufferedAmount (whole
   * chunks only) does not show; without a handle, bufferedAmount alone.
   */
  private unsentBytes(): number {
    const handle = (this.socket as unknown as { _handle?: { writeQueueSize?: number } })._handle;
    const libuv = handle?.writeQueueSize;
    return typeof libuv === "number" ? libuv + this.ws.bufferedAmount : this.ws.bufferedAmount;
  }

  private stopFrameTimer(): void {
    if (this.frameTimer) clearTimeout(this.frameTimer);
    this.frameTimer = undefined;
  }

  private clearTimers(): void {
    this.stopFrameTimer();
    this.stall.disarm();
  }
}

/** Text messages always arrive as one Buffer; the other shapes only matter for other binaryTypes. */
function toText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString("utf8");
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.from(data).toString("utf8");
}
