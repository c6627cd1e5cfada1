// Lines from a pipe, pulled one at a time: the chat loop takes the next line as a prompt, an approval
// or a question takes it as its answer; lines that arrive early wait their turn. (A terminal gets
// terminal-input.ts instead.)
import { createInterface, type Interface } from "node:readline";
import type { Input } from "./input.js";

export class LineInput implements Input {
  readonly terminal = false;
  private readonly rl: Interface;
  private readonly queued: string[] = [];
  private waiting: ((line: string | null) => void) | undefined;
  private ended = false;

  constructor(
    private readonly onInterrupt: () => void,
    input: NodeJS.ReadableStream = process.stdin,
  ) {
    this.rl = createInterface({ input, terminal: false });
    this.rl.on("line", (line) => {
      if (this.waiting) {
        const w = this.waiting;
        this.waiting = undefined;
        w(line);
      } else this.queued.push(line);
    });
    this.rl.on("close", () => {
      this.ended = true;
      this.waiting?.(null);
      this.waiting = undefined;
    });
    process.on("SIGINT", onInterrupt);
  }

  next(): Promise<string | null> {
    const line = this.queued.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.ended) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  get isWaiting(): boolean {
    return this.waiting !== undefined;
  }

  cancelWait(): void {
    const w = this.waiting;
    this.waiting = undefined;
    w?.(null);
  }

  close(): void {
    process.off("SIGINT", this.onInterrupt);
    this.rl.close();
  }
}
