// What the chat's loop and its questions read lines from: a pipe (line-input.ts: one line at a time,
// as it comes) or a terminal (terminal-input.ts: an input area edited in place, pastes kept whole).

/** "prompt": the chat's own prompt (text typed ahead during a turn is kept for it); "answer": a question's. */
export type InputKind = "prompt" | "answer";

export interface Input {
  readonly terminal: boolean;
  /** The next line (after showing `prompt` on a terminal), or null at end of input. */
  next(prompt?: string, kind?: InputKind): Promise<string | null>;
  /** Someone is waiting for a line. */
  readonly isWaiting: boolean;
  /** Gives the current waiter null, as if input had ended (a question whose turn is over). */
  cancelWait(): void;
  close(): void;
}
