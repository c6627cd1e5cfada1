import { performance } from "node:perf_hooks";
import { clip } from "./json.js";

const MAX_ENTRIES = 400;
const KEEP_HEAD = 100;

/**
 * What crossed the wire during one case, for `--verbose` failure reports.
 * Bounded: flood cases (write stall, big frames) would otherwise print megabytes.
 */
export class Transcript {
  private readonly started = performance.now();
  private readonly head: string[] = [];
  private tail: string[] = [];
  private dropped = 0;

  /** `arrow` is ">" for client → daemon, "<" for daemon → client, "*" for events. */
  record(connection: string, arrow: ">" | "<" | "*", text: string): void {
    const elapsed = (performance.now() - this.started).toFixed(0).padStart(6);
    // One entry per line even for raw writes that carry several frames.
    const shown = clip(text.replaceAll("\r", "\\r").replaceAll("\n", "\\n"), 300);
    const entry = `${elapsed}ms ${connection} ${arrow} ${shown}`;
    if (this.head.length < KEEP_HEAD) {
      this.head.push(entry);
      return;
    }
    this.tail.push(entry);
    // Trim in batches so a long flood costs amortised O(1) per entry.
    if (this.tail.length > MAX_ENTRIES - KEEP_HEAD) {
      const keep = (MAX_ENTRIES - KEEP_HEAD) / 2;
      this.dropped += this.tail.length - keep;
      this.tail = this.tail.slice(-keep);
    }
  }

  lines(): string[] {
    const elision = this.dropped > 0 ? [`… ${this.dropped} entries left out …`] : [];
    return [...this.head, ...elision, ...this.tail];
  }
}
