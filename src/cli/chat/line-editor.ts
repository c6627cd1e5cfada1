// The text being typed at the chat's input area and its editing commands: a buffer that may hold
// several lines (pasted, or Alt-Enter), a cursor kept on grapheme boundaries, and the prompt history.
// Pure state, no terminal: terminal-input.ts maps keys to these calls.
import { graphemes } from "./text-layout.js";

/** UTF-16 offsets of every grapheme boundary of `text`, 0 and text.length included. */
function boundaries(text: string): number[] {
  const out = [0];
  let i = 0;
  for (const g of graphemes(text)) {
    i += g.length;
    out.push(i);
  }
  return out;
}

const isWordChar = (g: string): boolean => /[\p{L}\p{N}_]/u.test(g);

export class LineEditor {
  buffer = "";
  cursor = 0;
  private readonly history: string[] = [];
  /** Where up/down is in the history; history.length = the line being typed. */
  private historyAt = 0;
  /** The line being typed, kept while browsing the history. */
  private draft = "";

  constructor(private readonly historySize = 100) {}

  get empty(): boolean {
    return this.buffer === "";
  }

  set(text: string, cursor = text.length): void {
    this.buffer = text;
    this.cursor = cursor;
  }

  /** Takes the buffer (and remembers it in the history), leaving the editor empty. */
  take(remember: boolean): string {
    const text = this.buffer;
    if (remember && text.trim() !== "" && this.history.at(-1) !== text) {
      this.history.push(text);
      if (this.history.length > this.historySize) this.history.shift();
    }
    this.historyAt = this.history.length;
    this.draft = "";
    this.set("");
    return text;
  }

  insert(text: string): void {
    this.buffer = this.buffer.slice(0, this.cursor) + text + this.buffer.slice(this.cursor);
    this.cursor += text.length;
  }

  left(): void {
    this.cursor = this.prevBoundary(this.cursor);
  }

  right(): void {
    this.cursor = this.nextBoundary(this.cursor);
  }

  backspace(): void {
    const from = this.prevBoundary(this.cursor);
    this.deleteRange(from, this.cursor);
  }

  deleteForward(): void {
    this.deleteRange(this.cursor, this.nextBoundary(this.cursor));
  }

  lineStart(): void {
    this.cursor = this.buffer.lastIndexOf("\n", this.cursor - 1) + 1;
  }

  lineEnd(): void {
    const nl = this.buffer.indexOf("\n", this.cursor);
    this.cursor = nl === -1 ? this.buffer.length : nl;
  }

  /** Ctrl-U: deletes from the start of the current line to the cursor. */
  killToLineStart(): void {
    const start = this.buffer.lastIndexOf("\n", this.cursor - 1) + 1;
    this.deleteRange(start, this.cursor);
  }

  /** Ctrl-K: deletes from the cursor to the end of the current line. */
  killToLineEnd(): void {
    const nl = this.buffer.indexOf("\n", this.cursor);
    this.deleteRange(this.cursor, nl === -1 ? this.buffer.length : nl);
  }

  /** Ctrl-W / Alt-Backspace: the word before the cursor (and the spaces after it). */
  deleteWordBack(): void {
    this.deleteRange(this.wordStart(this.cursor), this.cursor);
  }

  wordLeft(): void {
    this.cursor = this.wordStart(this.cursor);
  }

  wordRight(): void {
    const b = boundaries(this.buffer);
    let i = b.indexOf(this.cursor);
    const at = (k: number): string => this.buffer.slice(b[k], b[k + 1]);
    while (i < b.length - 1 && !isWordChar(at(i))) i++;
    while (i < b.length - 1 && isWordChar(at(i))) i++;
    this.cursor = b[i] ?? this.buffer.length;
  }

  /** Up: the line above in a multi-line buffer, else the previous history entry. */
  up(): void {
    const start = this.buffer.lastIndexOf("\n", this.cursor - 1) + 1;
    if (start > 0) {
      const column = this.cursor - start;
      const prevStart = this.buffer.lastIndexOf("\n", start - 2) + 1;
      this.cursor = Math.min(prevStart + column, start - 1);
      this.snap();
      return;
    }
    if (this.historyAt === 0) return;
    if (this.historyAt === this.history.length) this.draft = this.buffer;
    this.historyAt--;
    this.set(this.history[this.historyAt] ?? "");
  }

  /** Down: the line below in a multi-line buffer, else the next history entry (or the draft). */
  down(): void {
    const nl = this.buffer.indexOf("\n", this.cursor);
    if (nl !== -1) {
      const start = this.buffer.lastIndexOf("\n", this.cursor - 1) + 1;
      const column = this.cursor - start;
      const nextEnd = this.buffer.indexOf("\n", nl + 1);
      this.cursor = Math.min(nl + 1 + column, nextEnd === -1 ? this.buffer.length : nextEnd);
      this.snap();
      return;
    }
    if (this.historyAt >= this.history.length) return;
    this.historyAt++;
    this.set(this.historyAt === this.history.length ? this.draft : (this.history[this.historyAt] ?? ""));
  }

  private deleteRange(from: number, to: number): void {
    if (to <= from) return;
    this.buffer = this.buffer.slice(0, from) + this.buffer.slice(to);
    this.cursor = from;
  }

  private prevBoundary(at: number): number {
    const b = boundaries(this.buffer);
    let prev = 0;
    for (const x of b) {
      if (x >= at) break;
      prev = x;
    }
    return prev;
  }

  private nextBoundary(at: number): number {
    return boundaries(this.buffer).find((x) => x > at) ?? this.buffer.length;
  }

  /** A cursor moved by code units onto the middle of a grapheme goes back to its start. */
  private snap(): void {
    const b = boundaries(this.buffer);
    if (!b.includes(this.cursor)) this.cursor = this.prevBoundary(this.cursor);
  }

  private wordStart(at: number): number {
    const b = boundaries(this.buffer);
    let i = b.indexOf(at);
    if (i === -1) i = b.findIndex((x) => x > at) - 1;
    const before = (k: number): string => this.buffer.slice(b[k - 1], b[k]);
    while (i > 0 && !isWordChar(before(i))) i--;
    while (i > 0 && isWordChar(before(i))) i--;
    return b[i] ?? 0;
  }
}
