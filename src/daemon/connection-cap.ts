// The open-connection cap of SPEC §2, as both listeners (local socket, gateway) count it, each with
// its own cap: a connection over it is refused with -32004, and the warning is logged once per
// stretch of refusing (again only after the count went back under the cap).
import { rpcErrors } from "../../generated/errors.js";
import type { Logger } from "../log.js";
import { errorFrame } from "../transport/ndjson-socket-transport.js";

export class ConnectionCap {
  private open = 0;
  private refusing = false;

  constructor(
    readonly limit: number,
    private readonly log: Logger,
    /** Extra log fields naming the listener (the local one has none). */
    private readonly logFields: Record<string, unknown> = {},
  ) {}

  get openConnections(): number {
    return this.open;
  }

  /** True when a new connection must be refused; the first of a stretch of refusals logs a warning. */
  full(): boolean {
    if (this.open < this.limit) return false;
    if (!this.refusing) {
      this.refusing = true;
      this.log.warn(
        { limit: this.limit, ...this.logFields },
        "connection limit reached: refusing new connections",
      );
    }
    return true;
  }

  /** A connection was accepted: it holds a slot until released(). */
  taken(): void {
    this.open++;
  }

  released(): void {
    this.open--;
    if (this.refusing && this.open < this.limit) this.refusing = false;
  }

  /** The -32004 line a refused connection is sent before it is closed. */
  refusal(): string {
    return errorFrame(rpcErrors.connectionLimit({ limit: this.limit }));
  }
}
