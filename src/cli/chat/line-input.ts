// Lines from stdin, pulled one at a time: the chat loop takes the next line as a prompt, an approval
// or a question takes it as its answer. On a terminal readline edits the line and shows a prompt;
// from a pipe each line is taken as it comes (lines typed ahead wait their turn).
import { createInterface, type Interface } from "node:readline";

export class LineInput {
  private readonly rl: Interface;
  private readonly queued: string[] = [];
  private waiting: ((line: string | null) => void) | undefined;
  private ended = false;

  constructor(
    readonly terminal: boolean,
    onInterrupt: () => void,
    input: NodeJS.ReadableStream = process.stdin,
    output: NodeJS.WritableStream = process.stdout,
  ) {
    this.rl = createInterface({ input, output, terminal, historySize: terminal ? 100 : 0 });
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
    // readline turns ^C into SIGINT only on a terminal; a piped chat gets the process signal.
    if (terminal) this.rl.on("SIGINT", onInterrupt);
    else process.on("SIGINT", onInterrupt);
  }

  /** The next line (after showing `prompt` on a terminal), or null at end of input. */
  next(prompt = ""): Promise<string | null> {
    const line = this.queued.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.ended) return Promise.resolve(null);
    if (this.terminal) {
      this.rl.setPrompt(prompt);
      this.rl.prompt();
    }
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  /** Someone is waiting for a line. */
  get isWaiting(): boolean {
    return this.waiting !== undefined;
  }

  /** Gives the current waiter null, as if input had ended (a question whose turn is over). */
  cancelWait(): void {
    const w = this.waiting;
    this.waiting = undefined;
    w?.(null);
  }

  close(): void {
    this.rl.close();
  }
}
