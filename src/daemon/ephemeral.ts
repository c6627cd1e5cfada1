// --ephemeral (SPEC §10): exit once the last client has gone and a grace period passed without a
// reconnect; never before the first client connected.
export class EphemeralExit {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly graceMs: number,
    private readonly exit: () => void,
  ) {}

  joined(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  left(remaining: number): void {
    if (remaining > 0 || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.exit();
    }, this.graceMs);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
