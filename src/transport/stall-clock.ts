// The write-stall clock of SPEC §2, shared by both transports. It measures time without output
// progress, not time since the last write: when a period ends, a connection whose queued output
// shrank (or finished a write) since the clock was armed gets a fresh period; one that took nothing
// for a whole period is stalled.
export type StallProbe = {
  /** Bytes queued that the kernel has not taken yet. */
  unsent(): number;
  /** Writes completed so far (a large write can progress without its bytes count changing). */
  writesDone(): number;
  /** Nothing is owed any more (or the connection is gone): the clock stops. */
  settled(): boolean;
  /** A whole period passed without progress. */
  stalled(unsent: number): void;
};

export class StallClock {
  private timer: NodeJS.Timeout | undefined;
  private baseline = 0;
  private writesAtArm = 0;

  constructor(
    private readonly timeoutMs: number,
    private readonly probe: StallProbe,
  ) {}

  get armed(): boolean {
    return this.timer !== undefined;
  }

  arm(): void {
    if (this.timer) return;
    this.baseline = this.probe.unsent();
    this.writesAtArm = this.probe.writesDone();
    this.timer = setTimeout(() => this.check(), this.timeoutMs);
    this.timer.unref();
  }

  disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private check(): void {
    this.timer = undefined;
    if (this.probe.settled()) return;
    const unsent = this.probe.unsent();
    if (unsent < this.baseline || this.probe.writesDone() !== this.writesAtArm) {
      this.arm();
      return;
    }
    this.probe.stalled(unsent);
  }
}
