// The write-stall clock of SPEC §2 and §12, shared by both transports. It measures time since output
// last made progress (a byte taken by the kernel, or a write completed), not time since the clock was
// armed: while output is owed it samples the queue every 1/20 of the limit, and cuts the connection
// once a whole limit has passed since the last sample that showed progress. So the cut-off comes no
// earlier than the limit after the last progress and at most one sample period (5 %) later.
export type StallProbe = {
  /** Bytes queued that the kernel has not taken yet. */
  unsent(): number;
  /** Writes completed so far (a large write can progress without its bytes count changing). */
  writesDone(): number;
  /** Nothing is owed any more (or the connection is gone): the clock stops. */
  settled(): boolean;
  /** A whole limit passed without progress. */
  stalled(unsent: number): void;
};

/** Samples per limit: the cut-off is at most 1/SAMPLES of the limit late. */
const SAMPLES = 20;

export class StallClock {
  private timer: NodeJS.Timeout | undefined;
  private lastUnsent = 0;
  private lastWrites = 0;
  private lastProgressAt = 0;
  private readonly sampleMs: number;

  constructor(
    private readonly timeoutMs: number,
    private readonly probe: StallProbe,
  ) {
    this.sampleMs = Math.max(1, Math.floor(timeoutMs / SAMPLES));
  }

  get armed(): boolean {
    return this.timer !== undefined;
  }

  /** Output is owed: start measuring from now, unless already measuring. */
  arm(): void {
    if (this.timer) return;
    this.lastUnsent = this.probe.unsent();
    this.lastWrites = this.probe.writesDone();
    this.lastProgressAt = performance.now();
    this.schedule();
  }

  disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    const remaining = this.lastProgressAt + this.timeoutMs - performance.now();
    this.timer = setTimeout(() => this.sample(), Math.max(0, Math.min(this.sampleMs, Math.ceil(remaining))));
    this.timer.unref();
  }

  private sample(): void {
    this.timer = undefined;
    if (this.probe.settled()) return;
    const unsent = this.probe.unsent();
    const writes = this.probe.writesDone();
    const now = performance.now();
    if (unsent < this.lastUnsent || writes !== this.lastWrites) this.lastProgressAt = now;
    // New output raises the queue; only a later drop from there is progress.
    this.lastUnsent = unsent;
    this.lastWrites = writes;
    if (now - this.lastProgressAt >= this.timeoutMs) {
      this.probe.stalled(unsent);
      return;
    }
    this.schedule();
  }
}
