// The chat's terminal: streamed output above, an input area below it. Whatever the turn prints goes
// through write(): the input area (the line being typed, held while a turn runs, or a question's
// answer) is erased, the output written where it left off — mid-line included — and the area drawn
// again under it. The screen tracks the output's column itself (text-layout.ts), because the reply
// streams in pieces that rarely end a line and the cursor has to return to exactly that cell.
import { type AreaLayout, advanceColumn } from "./text-layout.js";

type Tty = NodeJS.WritableStream & { columns?: number; rows?: number };

export type AreaView = { layout: (cols: number) => AreaLayout };

const CSI = "\x1b[";

export class TerminalScreen {
  /** Column the output has reached: 0 = a fresh line, cols = the last cell filled (pending wrap). */
  private col = 0;
  private view: AreaView | undefined;
  /** Rows above the terminal cursor that belong to the drawn area; undefined: nothing drawn. */
  private drawnCursorRow: number | undefined;
  /** Rows of the drawn area below the terminal cursor. */
  private drawnBelow = 0;

  constructor(private readonly out: Tty = process.stdout) {}

  get cols(): number {
    return Math.max(1, this.out.columns ?? 80);
  }

  private get maxAreaRows(): number {
    return Math.max(1, (this.out.rows ?? 24) - 1);
  }

  /** Output, written above the input area. */
  write(text: string): void {
    if (text === "") return;
    this.erase();
    this.out.write(text);
    this.col = advanceColumn(this.col, text, this.cols);
    this.draw();
  }

  /** What the input area shows from now on (undefined: no area). */
  show(view: AreaView | undefined): void {
    this.erase();
    this.view = view;
    this.draw();
  }

  /** Redraws the area (after an edit, or a resize). */
  refresh(): void {
    this.erase();
    this.draw();
  }

  /** Leaves the terminal on a fresh line after everything shown (the area kept as it was): for exits. */
  finish(): void {
    if (this.drawnCursorRow !== undefined) {
      // Below the area's last row: the area stays on screen as the last thing the person saw.
      this.out.write(`${this.downToAreaEnd()}\r\n`);
      this.drawnCursorRow = undefined;
      this.view = undefined;
      this.col = 0;
      return;
    }
    if (this.col !== 0) this.out.write("\r\n");
    this.col = 0;
  }

  /** Clears the screen (Ctrl-L); the area is drawn again at the top. */
  clear(): void {
    this.out.write(`${CSI}H${CSI}2J`);
    this.col = 0;
    this.drawnCursorRow = undefined;
    this.draw();
  }

  /**
   * Forgets where things are (after a resize the terminal may have re-wrapped them, or after a
   * suspend the shell wrote below): the next output and area start on a fresh line.
   */
  reset(): void {
    this.out.write(
      this.drawnCursorRow !== undefined ? `${this.downToAreaEnd()}\r\n` : this.col !== 0 ? "\r\n" : "",
    );
    this.drawnCursorRow = undefined;
    this.col = 0;
    this.draw();
  }

  private downToAreaEnd(): string {
    return this.drawnBelow > 0 ? `${CSI}${this.drawnBelow}B` : "";
  }

  /** Removes the drawn area and puts the cursor back where the output ended. */
  private erase(): void {
    const up = this.drawnCursorRow;
    if (up === undefined) return;
    this.drawnCursorRow = undefined;
    let seq = `${up > 0 ? `${CSI}${up}A` : ""}\r${CSI}J`;
    if (this.col > 0 && this.col < this.cols) seq += `${CSI}A${CSI}${this.col + 1}G`;
    // col = cols: the output filled its last row exactly; it continues on the area's first row.
    else if (this.col >= this.cols) this.col = 0;
    this.out.write(seq);
  }

  private draw(): void {
    if (!this.view || this.drawnCursorRow !== undefined) return;
    const cols = this.cols;
    const { rows, cursorRow, cursorCol } = this.view.layout(cols);
    // An area taller than the screen shows the rows around the cursor.
    const max = this.maxAreaRows;
    const start = rows.length > max ? Math.min(Math.max(0, cursorRow - max + 1), rows.length - max) : 0;
    const shown = rows.slice(start, start + max);
    const row = cursorRow - start;
    let seq = this.col > 0 ? "\r\n" : "";
    seq += shown.join("\r\n");
    const below = shown.length - 1 - row;
    if (below > 0) seq += `${CSI}${below}A`;
    seq += `${CSI}${cursorCol + 1}G`;
    this.out.write(seq);
    this.drawnCursorRow = row;
    this.drawnBelow = Math.max(0, below);
  }
}
