// Where text lands on a terminal of a given width, so the chat can keep its input area below streaming
// output and put the cursor back exactly: display widths of grapheme clusters (string-width: East Asian
// wide characters, emoji, combining marks), the column the output has reached, and the rows an input
// buffer occupies once wrapped. Pure functions; no terminal is touched here.
import stringWidth from "string-width";

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** CSI sequences (colours, cursor moves), OSC strings and the two-byte escapes: zero width. */
const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-_]/g;

export const stripAnsi = (text: string): string => text.replace(ANSI, "");

/** Tabs in the input are shown as this many spaces (the area draws its own rows, with no tab stops). */
export const TAB_WIDTH = 4;

export function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/** Display cells of one grapheme (tab: TAB_WIDTH; other control characters: 0). */
export function cellWidth(g: string): number {
  if (g === "\t") return TAB_WIDTH;
  return stringWidth(g);
}

export const textWidth = (text: string): number =>
  graphemes(stripAnsi(text)).reduce((n, g) => n + cellWidth(g), 0);

/**
 * The output column after writing `text` from column `col` on a terminal `cols` wide (auto-wrap on).
 * `cols` itself means the last cell was just filled and the next character wraps ("pending wrap").
 */
export function advanceColumn(col: number, text: string, cols: number): number {
  for (const g of graphemes(stripAnsi(text))) {
    if (g === "\n" || g === "\r" || g === "\r\n") {
      col = 0;
      continue;
    }
    if (g === "\t") {
      // Output tabs move to the next stop of 8 (the terminal's own), never past the last column.
      col = col >= cols ? 8 : Math.min(cols, (Math.floor(col / 8) + 1) * 8);
      continue;
    }
    const w = stringWidth(g);
    if (w === 0) continue;
    col = col + w > cols ? Math.min(w, cols) : col + w;
  }
  return col;
}

export type AreaLayout = {
  /** Each screen row's text, prompts included; none is wider than the terminal. */
  rows: string[];
  cursorRow: number;
  cursorCol: number;
};

/**
 * Lays out `prompt` + `buffer` in rows of `cols` cells: the first logical line after `prompt`, each
 * later one after `continuation`, long lines wrapped. The cursor (a UTF-16 index into `buffer`, on a
 * grapheme boundary) is where the next character would appear; at the very end of a full row that is
 * the start of one more, empty row.
 */
export function layoutArea(
  prompt: string,
  continuation: string,
  buffer: string,
  cursor: number,
  cols: number,
): AreaLayout {
  const width = Math.max(1, cols);
  const rows: string[] = [];
  let row = "";
  let col = 0;
  let cursorRow = -1;
  let cursorCol = 0;
  const startRow = (text: string): void => {
    row = text;
    col = Math.min(textWidth(text), width);
  };
  const breakRow = (): void => {
    rows.push(row);
    row = "";
    col = 0;
  };
  startRow(prompt);
  let index = 0;
  const markCursor = (nextWidth: number): void => {
    if (cursorRow !== -1 || index !== cursor) return;
    if (col + nextWidth > width) breakRow();
    cursorRow = rows.length;
    cursorCol = col;
  };
  for (const g of graphemes(buffer)) {
    if (g === "\n" || g === "\r\n") {
      markCursor(1);
      breakRow();
      startRow(continuation);
      index += g.length;
      continue;
    }
    const w = cellWidth(g);
    markCursor(Math.max(w, 1));
    if (col + w > width) breakRow();
    row += g === "\t" ? " ".repeat(TAB_WIDTH) : g;
    col += w;
    index += g.length;
  }
  // The cursor at the end of the buffer: after a full row it sits on a row of its own.
  markCursor(1);
  rows.push(row);
  return { rows, cursorRow, cursorCol };
}
