// Flow control shared by both transports (SPEC §2): an output high-water mark above which the
// connection is no longer read, messages held back while reading is paused (or while a caller pauses
// messages: the Peer now holds them itself while initialize is answered, so only the transports' own
// tests do), and the waiters of whenWritable(). How bytes are counted, and how reading is paused and
// resumed, is each transport's own (hooks); the bookkeeping between them is this one class.

export type OutputFlowHooks<T> = {
  /** Output not yet taken by the kernel, as this transport counts it. */
  queued(): number;
  isClosed(): boolean;
  /** Whether a held message may be handed over now (the connection is open and not finishing). */
  accepting(): boolean;
  /** Hands one message to the owner. */
  hand(item: T): void;
  /** Stops reading (output went over the mark). */
  pauseReading(): void;
  /** Reads again (output is back under the mark and nothing re-paused it). */
  resumeReading(): void;
  /** After held messages were handed over (or there were none): e.g. report a pending end of input. */
  drained?(): void;
};

export class OutputFlow<T> {
  private messagesPaused = false;
  private readingPaused = false;
  private backlog: T[] = [];
  private waiters: (() => void)[] = [];

  constructor(
    private readonly highWaterBytes: number,
    private readonly hooks: OutputFlowHooks<T>,
  ) {}

  /** Output not yet taken by the kernel, as the transport counts it. */
  get queued(): number {
    return this.hooks.queued();
  }

  get overHighWater(): boolean {
    return this.hooks.queued() > this.highWaterBytes;
  }

  /** RpcTransport.backedUp: whenWritable() would wait. */
  get backedUp(): boolean {
    return !this.hooks.isClosed() && this.overHighWater;
  }

  /** RpcTransport.whenWritable: resolves once output is below the mark (or the connection closed). */
  whenWritable(): Promise<void> {
    if (this.hooks.isClosed() || !this.overHighWater) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Reading is stopped because output is over the mark. */
  get readingPausedForOutput(): boolean {
    return this.readingPaused;
  }

  /** Messages are held back, or some are still waiting: an end of input must wait for them. */
  get holding(): boolean {
    return this.backlog.length > 0 || this.messagesPaused || this.readingPaused;
  }

  /** RpcTransport.pauseMessages. */
  pauseMessages(paused: boolean): void {
    this.messagesPaused = paused;
    if (!paused) this.drain();
  }

  /**
   * A message just read: handed over, or held while messages are paused or output is over the mark
   * (at most the rest of one read chunk: reading stops at the same moment).
   */
  deliver(item: T): void {
    if (this.messagesPaused || this.readingPaused) this.backlog.push(item);
    else this.hooks.hand(item);
  }

  /** Output was queued: stop reading if that took it over the mark. */
  pauseIfOver(): void {
    if (this.readingPaused || !this.overHighWater) return;
    this.readingPaused = true;
    this.hooks.pauseReading();
  }

  /**
   * Output made progress. Back under the mark: held messages are handed over, reading resumes (when
   * `mayResume` and nothing re-paused it), and whenWritable() waiters are released.
   */
  outputProgress(mayResume: boolean): void {
    if (this.overHighWater) return;
    if (this.readingPaused && mayResume) {
      this.readingPaused = false;
      this.drain();
      if (!this.readingPaused) this.hooks.resumeReading();
    }
    this.releaseWaiters();
  }

  /** Finishing: reading must go on (e.g. for a close handshake). True if it had been paused. */
  endOutputPause(): boolean {
    if (!this.readingPaused) return false;
    this.readingPaused = false;
    return true;
  }

  /** Held messages are dropped (closing, or finishing: their answers could not be sent any more). */
  clearBacklog(): void {
    this.backlog = [];
  }

  releaseWaiters(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  private drain(): void {
    while (this.backlog.length > 0 && !this.messagesPaused && !this.readingPaused && this.hooks.accepting()) {
      this.hooks.hand(this.backlog.shift()!);
    }
    this.hooks.drained?.();
  }
}
