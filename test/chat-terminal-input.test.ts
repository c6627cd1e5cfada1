// The chat's terminal input, below the terminal: TerminalInput fed keystrokes through a stream as a
// terminal sends them (bracketed paste, a burst with Enters inside, Alt-Enter, typing while nobody
// asks), the line editor's commands, and the layout the screen draws with (properties over any text:
// rows never wider than the terminal, the text all there, the cursor where the next character goes).
import { PassThrough } from "node:stream";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { LineEditor } from "../src/cli/chat/line-editor.js";
import { TerminalScreen } from "../src/cli/chat/screen.js";
import { TerminalInput } from "../src/cli/chat/terminal-input.js";
import { advanceColumn, layoutArea, stripAnsi, textWidth } from "../src/cli/chat/text-layout.js";

type FakeTty = PassThrough & { columns: number; rows: number; isTTY: true; written: string };

function fakeTty(): FakeTty {
  const s = new PassThrough() as FakeTty;
  s.columns = 40;
  s.rows = 20;
  s.isTTY = true;
  s.written = "";
  s.on("data", (b: Buffer) => {
    s.written += b.toString("utf8");
  });
  return s;
}

const inputs: TerminalInput[] = [];
afterEach(() => {
  for (const i of inputs.splice(0)) i.close();
});

function setup(holdInput = true) {
  const stdin = new PassThrough() as unknown as NodeJS.ReadStream;
  const stdout = fakeTty();
  const screen = new TerminalScreen(stdout);
  const interrupts: number[] = [];
  const input = new TerminalInput({
    screen,
    onInterrupt: () => interrupts.push(1),
    holdInput,
    heldPrompt: "you › ",
    heldHint: "(held)",
    continuation: "      ",
    stdin,
    stdout: stdout as unknown as NodeJS.WriteStream,
  });
  inputs.push(input);
  const send = async (keys: string): Promise<void> => {
    (stdin as unknown as PassThrough).write(keys);
    // Keys are handled on the stream's data event; an Enter decides on the next turn of the loop.
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
  };
  return { input, send, stdout, interrupts };
}

describe("TerminalInput", () => {
  it("a bracketed paste is one line, its newlines (CR, LF, CRLF) kept; the Enter after it sends", async () => {
    const { input, send, stdout } = setup();
    expect(stdout.written).toContain("\x1b[?2004h");
    const line = input.next("you › ");
    await send("\x1b[200~first\rsecond\r\nthird\nfourth\x1b[201~");
    await send("\r");
    expect(await line).toBe("first\nsecond\nthird\nfourth");
  });

  it("a burst with Enters inside (a paste the terminal did not bracket) is one line; Enters apart are two", async () => {
    const { input, send } = setup();
    const one = input.next("you › ");
    await send("alpha\rbeta\r");
    expect(await one).toBe("alpha\nbeta");
    const two = input.next("you › ");
    await send("gamma\r");
    expect(await two).toBe("gamma");
    const three = input.next("you › ");
    await send("delta\r");
    expect(await three).toBe("delta");
  });

  it("Alt-Enter and Ctrl-J enter a newline by hand", async () => {
    const { input, send } = setup();
    const line = input.next("you › ");
    await send("one");
    await send("\x1b\r");
    await send("two");
    await send("\n");
    await send("three");
    await send("\r");
    expect(await line).toBe("one\ntwo\nthree");
  });

  it("keys typed while nobody asks are held (Enter does not send them) and edited; the next prompt gets them", async () => {
    const { input, send, stdout } = setup();
    await send("follow-up typo");
    await send("\x7f\x7f\x7f");
    await send("ext\r");
    expect(stdout.written).toContain("(held)");
    expect(input.isWaiting).toBe(false);
    const next = input.next("you › ");
    await send("\r");
    expect(await next).toBe("follow-up text");
  });

  it("a question's answer starts empty and the held text comes back after it", async () => {
    const { input, send } = setup();
    await send("held text");
    const answer = input.next("[y/n] › ", "answer");
    await send("y\r");
    expect(await answer).toBe("y");
    const next = input.next("you › ");
    await send("\r");
    expect(await next).toBe("held text");
  });

  it("watch (holdInput false) drops keys nobody asked for", async () => {
    const { input, send } = setup(false);
    await send("ignored");
    const answer = input.next("› ", "answer");
    await send("a\r");
    expect(await answer).toBe("a");
  });

  it("Ctrl-C clears a typed line at the prompt, else interrupts; Ctrl-D on an empty line ends input", async () => {
    const { input, send, interrupts } = setup();
    const line = input.next("you › ");
    await send("oops");
    await send("\x03");
    expect(interrupts).toHaveLength(0);
    await send("\x03");
    expect(interrupts).toHaveLength(1);
    await send("\x04");
    expect(await line).toBeNull();
  });

  it("close() leaves the terminal as it was: bracketed paste off, the cursor on a fresh line", async () => {
    const { input, stdout } = setup();
    void input.next("you › ");
    input.close();
    expect(stdout.written.endsWith("\x1b[?2004l")).toBe(true);
    expect(stdout.written).toMatch(/you › [\s\S]*\r\n\x1b\[\?2004l$/);
  });
});

describe("LineEditor", () => {
  it("moves and deletes by grapheme (emoji, combining marks, wide characters)", () => {
    const e = new LineEditor();
    e.insert("a👍🏽é日");
    e.backspace();
    expect(e.buffer).toBe("a👍🏽é");
    e.left();
    e.backspace();
    expect(e.buffer).toBe("aé");
  });

  it("up/down move between lines, then through the history", () => {
    const e = new LineEditor();
    e.insert("first");
    e.take(true);
    e.insert("top\nbottom");
    e.up();
    expect(e.cursor).toBeLessThanOrEqual("top".length);
    e.up();
    expect(e.buffer).toBe("first");
    e.down();
    expect(e.buffer).toBe("top\nbottom");
  });

  it("Ctrl-W deletes the word before the cursor; Ctrl-U/K the line's halves", () => {
    const e = new LineEditor();
    e.insert("hello big world");
    e.deleteWordBack();
    expect(e.buffer).toBe("hello big ");
    e.set("line one\nline two", 13);
    e.killToLineStart();
    expect(e.buffer).toBe("line one\n two");
    e.killToLineEnd();
    expect(e.buffer).toBe("line one\n");
  });
});

describe("layout", () => {
  const text = fc.array(fc.constantFrom("a", "b", " ", "\n", "日", "👍", "é", "\t", "xyz"), {
    maxLength: 80,
  });

  it("rows are never wider than the terminal, hold the whole text, and the cursor is inside the area", () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 8, max: 50 }), fc.nat(), (parts, cols, at) => {
        const buffer = parts.join("");
        const boundaries = [0];
        for (const p of parts) boundaries.push(boundaries.at(-1)! + p.length);
        const cursor = boundaries[at % boundaries.length]!;
        const l = layoutArea("you › ", "      ", buffer, cursor, cols);
        for (const row of l.rows) expect(textWidth(row)).toBeLessThanOrEqual(cols);
        expect(l.cursorRow).toBeGreaterThanOrEqual(0);
        expect(l.cursorRow).toBeLessThan(l.rows.length);
        expect(l.cursorCol).toBeLessThan(cols);
        const shown = l.rows
          .join("")
          .replace(/^you › /, "")
          .replaceAll("      ", "")
          .replaceAll("    ", "\t");
        expect(shown.replace(/[\t ]/g, "")).toBe(buffer.replace(/[\n\t ]/g, ""));
      }),
    );
  });

  it("advanceColumn wraps like a terminal: a full row leaves the cursor pending at the edge", () => {
    expect(advanceColumn(0, "abcd", 4)).toBe(4);
    expect(advanceColumn(4, "e", 4)).toBe(1);
    expect(advanceColumn(3, "日", 4)).toBe(2); // a wide character that does not fit moves down whole
    expect(advanceColumn(2, "\x1b[2mxy\x1b[0m", 10)).toBe(4);
    expect(advanceColumn(5, "line\nab", 10)).toBe(2);
    expect(stripAnsi("\x1b[1;34myou › \x1b[0m")).toBe("you › ");
  });
});
