// The chat's input on a terminal: raw mode, keys decoded by Node's readline (emitKeypressEvents), the
// line edited in an input area the screen keeps below the output (screen.ts). What readline's own
// line editor cannot do, and why this exists:
// - a paste is one prompt: bracketed paste (ESC[?2004h) marks it, and every newline in it stays a
//   newline; without the terminal's help, an Enter followed at once by more input is taken as pasted;
// - Alt-Enter (also Ctrl-J, Shift-Enter where the terminal reports it) enters a newline by hand;
// - text typed while a turn runs is held in the area — shown, editable — and never echoed into the
//   reply; it is sent only by an Enter once the chat asks for its next prompt.
import { emitKeypressEvents } from "node:readline";
import type { Input, InputKind } from "./input.js";
import { LineEditor } from "./line-editor.js";
import type { TerminalScreen } from "./screen.js";
import { layoutArea } from "./text-layout.js";

type Key = {
  name?: string;
  ctrl?: boolean;
  meta?: boolean;
  shift?: boolean;
  sequence?: string;
  code?: string;
};

const PASTE_ON = "\x1b[?2004h";
const PASTE_OFF = "\x1b[?2004l";

export type TerminalInputOptions = {
  screen: TerminalScreen;
  /** Ctrl-C with nothing to clear (and SIGINT): the caller cancels a turn or quits. */
  onInterrupt(): void;
  /** Keep what is typed while nobody asks (the chat during a turn); false drops it (watch). */
  holdInput: boolean;
  /** The prompt held text is shown after while nobody asks (dimmed by the caller). */
  heldPrompt?: string;
  /** Shown under held text after an Enter that could not send it yet. */
  heldHint?: string;
  /** Indents the second and later lines of a multi-line input. */
  continuation?: string;
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
};

export class TerminalInput implements Input {
  readonly terminal = true;
  private readonly editor = new LineEditor();
  /** The prompt's buffer while a question's answer is being typed. */
  private stashed: { buffer: string; cursor: number } | undefined;
  private waiter: { resolve(line: string | null): void; prompt: string; kind: InputKind } | undefined;
  private pasting = false;
  private pastedCR = false;
  /** An Enter outside a paste, decided on the next tick: more keys in the same burst make it a newline. */
  private pendingEnter = false;
  private enterPressedWhileHeld = false;
  private closed = false;
  private readonly stdin: NodeJS.ReadStream;
  private readonly stdout: NodeJS.WriteStream;
  private readonly onKeypress = (ch: string | undefined, key: Key | undefined): void => this.key(ch, key);
  private readonly onResize = (): void => this.o.screen.refresh();
  private readonly onSigint = (): void => this.o.onInterrupt();
  private readonly onExit = (): void => this.restoreTerminal();

  constructor(private readonly o: TerminalInputOptions) {
    this.stdin = o.stdin ?? process.stdin;
    this.stdout = o.stdout ?? process.stdout;
    emitKeypressEvents(this.stdin);
    this.stdin.setRawMode?.(true);
    this.stdin.on("keypress", this.onKeypress);
    this.stdin.resume();
    this.stdout.write(PASTE_ON);
    this.stdout.on("resize", this.onResize);
    process.on("SIGINT", this.onSigint);
    process.on("exit", this.onExit);
  }

  get isWaiting(): boolean {
    return this.waiter !== undefined;
  }

  next(prompt = "", kind: InputKind = "prompt"): Promise<string | null> {
    if (this.closed) return Promise.resolve(null);
    if (kind === "answer" && !this.stashed) {
      // A question interrupts whatever was being typed: its answer starts empty, the text comes back after.
      this.stashed = { buffer: this.editor.buffer, cursor: this.editor.cursor };
      this.editor.set("");
    }
    this.enterPressedWhileHeld = false;
    return new Promise((resolve) => {
      this.waiter = { resolve, prompt, kind };
      this.render();
    });
  }

  cancelWait(): void {
    const w = this.waiter;
    if (!w) return;
    this.waiter = undefined;
    if (w.kind === "answer") this.unstash();
    this.render();
    w.resolve(null);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off("keypress", this.onKeypress);
    this.stdout.off("resize", this.onResize);
    process.off("SIGINT", this.onSigint);
    process.off("exit", this.onExit);
    this.o.screen.finish();
    this.restoreTerminal();
    this.stdin.pause();
    const w = this.waiter;
    this.waiter = undefined;
    w?.resolve(null);
  }

  private restoreTerminal(): void {
    this.stdout.write(PASTE_OFF);
    this.stdin.setRawMode?.(false);
  }

  private unstash(): void {
    if (!this.stashed) return;
    this.editor.set(this.stashed.buffer, this.stashed.cursor);
    this.stashed = undefined;
  }

  /** The area: the waiter's prompt and the buffer, or held text under the held prompt, or nothing. */
  private render(): void {
    const w = this.waiter;
    const e = this.editor;
    if (!w && (e.empty || !this.o.holdInput)) {
      this.o.screen.show(undefined);
      return;
    }
    const prompt = w ? w.prompt : (this.o.heldPrompt ?? "");
    const hint = !w && this.enterPressedWhileHeld ? this.o.heldHint : undefined;
    const continuation = this.o.continuation ?? "";
    const { buffer, cursor } = e;
    this.o.screen.show({
      layout: (cols) => {
        const l = layoutArea(prompt, continuation, buffer, cursor, cols);
        return hint ? { ...l, rows: [...l.rows, hint] } : l;
      },
    });
  }

  private submit(): void {
    const w = this.waiter;
    if (!w) {
      // Nobody asks yet (a turn is running): the text stays, and says when it will go.
      if (this.o.holdInput && !this.editor.empty) this.enterPressedWhileHeld = true;
      this.render();
      return;
    }
    this.waiter = undefined;
    const text = this.editor.take(w.kind === "prompt");
    // What was sent stays on screen, as typed, above what comes next.
    this.o.screen.show(undefined);
    const lines = text.split("\n");
    this.o.screen.write(`${w.prompt}${lines.join(`\n${this.o.continuation ?? ""}`)}\n`);
    if (w.kind === "answer") this.unstash();
    this.render();
    w.resolve(text);
  }

  private key(ch: string | undefined, key: Key | undefined): void {
    if (this.closed) return;
    const name = key?.name;
    if (name === "paste-start") {
      this.pasting = true;
      this.pastedCR = false;
      return;
    }
    if (name === "paste-end") {
      this.pasting = false;
      this.render();
      return;
    }
    if (this.pasting) {
      this.pasteChar(ch);
      return;
    }
    if (this.pendingEnter) {
      // Another key in the same burst as an Enter: a paste the terminal did not bracket.
      this.pendingEnter = false;
      this.editor.insert("\n");
    }
    if (!this.o.holdInput && !this.waiter && !(key?.ctrl && (name === "c" || name === "z"))) return;
    if (this.edit(ch, key)) this.render();
  }

  private pasteChar(ch: string | undefined): void {
    if (ch === undefined) return;
    if (ch === "\r") {
      this.editor.insert("\n");
      this.pastedCR = true;
      return;
    }
    if (ch === "\n" && this.pastedCR) {
      this.pastedCR = false; // the second half of a CRLF
      return;
    }
    this.pastedCR = false;
    if (ch === "\n" || ch === "\t" || ch >= " ") this.editor.insert(ch);
  }

  /** One key; true when the area needs drawing again. */
  private edit(ch: string | undefined, key: Key | undefined): boolean {
    const e = this.editor;
    const name = key?.name;
    if (key?.ctrl && !key.meta) {
      switch (name) {
        case "c":
          return this.interrupt();
        case "d":
          if (e.empty && this.waiter) {
            this.endOfInput();
            return false;
          }
          e.deleteForward();
          return true;
        case "z":
          this.suspend();
          return false;
        case "a":
          e.lineStart();
          return true;
        case "e":
          e.lineEnd();
          return true;
        case "b":
          e.left();
          return true;
        case "f":
          e.right();
          return true;
        case "h":
          e.backspace();
          return true;
        case "u":
          e.killToLineStart();
          return true;
        case "k":
          e.killToLineEnd();
          return true;
        case "w":
          e.deleteWordBack();
          return true;
        case "p":
          e.up();
          return true;
        case "n":
          e.down();
          return true;
        case "j": // Ctrl-J is a line feed: a newline by hand
          e.insert("\n");
          return true;
        case "l":
          this.o.screen.clear();
          return true;
        case "left":
          e.wordLeft();
          return true;
        case "right":
          e.wordRight();
          return true;
      }
      return false;
    }
    switch (name) {
      case "return":
        if (key?.meta) {
          e.insert("\n");
          return true;
        }
        this.pendingEnter = true;
        setImmediate(() => {
          if (!this.pendingEnter) return;
          this.pendingEnter = false;
          this.submit();
        });
        return false;
      case "enter": // "\n": Ctrl-J on most terminals
        e.insert("\n");
        return true;
      case "backspace":
        if (key?.meta) e.deleteWordBack();
        else e.backspace();
        return true;
      case "delete":
        e.deleteForward();
        return true;
      case "left":
        if (key?.meta) e.wordLeft();
        else e.left();
        return true;
      case "right":
        if (key?.meta) e.wordRight();
        else e.right();
        return true;
      case "home":
        e.lineStart();
        return true;
      case "end":
        e.lineEnd();
        return true;
      case "up":
        e.up();
        return true;
      case "down":
        e.down();
        return true;
      case "b":
        if (key?.meta) {
          e.wordLeft();
          return true;
        }
        break;
      case "f":
        if (key?.meta) {
          e.wordRight();
          return true;
        }
        break;
    }
    // Shift-Enter as terminals with the kitty keyboard protocol report it.
    if (key?.code === "[13;2u") {
      e.insert("\n");
      return true;
    }
    if (ch === undefined || key?.meta) return false;
    if (ch === "\t" || ch >= " ") {
      e.insert(ch);
      return true;
    }
    return false;
  }

  /** Ctrl-C: clears a line being typed at a prompt; otherwise the caller decides (cancel, quit). */
  private interrupt(): boolean {
    if (this.waiter?.kind === "prompt" && !this.editor.empty) {
      this.editor.set("");
      return true;
    }
    this.o.onInterrupt();
    return false;
  }

  /** Ctrl-D on an empty line: end of input, as from a pipe. */
  private endOfInput(): void {
    const w = this.waiter;
    this.waiter = undefined;
    this.o.screen.show(undefined);
    if (w?.kind === "answer") this.unstash();
    this.render();
    w?.resolve(null);
  }

  /** Ctrl-Z: the terminal back to normal, stopped like any job; raw mode and the area again on fg. */
  private suspend(): void {
    this.restoreTerminal();
    process.once("SIGCONT", () => {
      if (this.closed) return;
      this.stdin.setRawMode?.(true);
      this.stdout.write(PASTE_ON);
      this.o.screen.reset();
    });
    process.kill(process.pid, "SIGTSTP");
  }
}
