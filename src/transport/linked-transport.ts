// Two RpcTransports linked in memory: what one sends, the other receives, in order, one macrotask
// later (as a socket would hand it over, never inside the sender's call). For running a Peer against
// a Peer without a socket (the peer tests). No limits apply: nothing is framed, and output is never
// backed up.
import type { RpcTransport, TransportEvents, TransportKind } from "./transport.js";

export class LinkedTransport implements RpcTransport {
  other!: LinkedTransport;
  private events: TransportEvents | undefined;
  private closed = false;
  private finishing = false;
  /** Received before start() or while messages are paused; handed over in order afterwards. */
  private held: string[] = [];
  private paused = false;
  /** The other end finished: once what it sent is handed over, our input has ended. */
  private inputEnded = false;
  private endSignalled = false;
  readonly backedUp = false;
  /** Delivery is one macrotask later and never held back: nothing stays queued. */
  readonly queuedBytes = 0;

  constructor(
    readonly kind: TransportKind,
    readonly peerLabel: string,
  ) {}

  get isClosed(): boolean {
    return this.closed;
  }

  start(events: TransportEvents): void {
    this.events = events;
    this.handOver();
  }

  send(message: string): void {
    if (this.closed || this.finishing) return;
    const to = this.other;
    setImmediate(() => to.receive(message));
  }

  finish(message?: string, reason = "finished"): void {
    if (this.closed || this.finishing) return;
    if (message !== undefined) this.send(message);
    this.finishing = true;
    const to = this.other;
    // After everything sent so far (setImmediate keeps order): the other end sees its input end,
    // then this end closes.
    setImmediate(() => {
      to.peerEnded();
      this.close(reason);
    });
  }

  close(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.held = [];
    const to = this.other;
    setImmediate(() => to.close("peer closed"));
    this.events?.closed(reason);
  }

  whenWritable(): Promise<void> {
    return Promise.resolve();
  }

  pauseMessages(paused: boolean): void {
    this.paused = paused;
    if (!paused) this.handOver();
  }

  private receive(message: string): void {
    if (this.closed || this.finishing) return;
    this.held.push(message);
    this.handOver();
  }

  private peerEnded(): void {
    if (this.closed) return;
    this.inputEnded = true;
    this.handOver();
  }

  private handOver(): void {
    while (this.events && !this.paused && !this.closed && !this.finishing && this.held.length > 0) {
      this.events.message(this.held.shift()!, true);
    }
    if (!this.inputEnded || this.endSignalled || this.closed || this.finishing) return;
    if (this.held.length > 0 || this.paused || !this.events) return;
    this.endSignalled = true;
    if (this.events.ended) this.events.ended();
    else this.finish(undefined, "peer ended");
  }
}

/** A connected pair: [a, b], a's sends arrive at b and b's at a. */
export function linkedTransports(
  kind: TransportKind = "local",
  labels: [string, string] = ["linked:a", "linked:b"],
): [LinkedTransport, LinkedTransport] {
  const a = new LinkedTransport(kind, labels[0]);
  const b = new LinkedTransport(kind, labels[1]);
  a.other = b;
  b.other = a;
  return [a, b];
}
