// A command running on a real pseudo-terminal (test/helpers/pty-relay.py): type into it, wait for
// what it prints, read its exit code. Output is kept raw (escape codes and all) and also as plain
// text with the ANSI sequences removed, for matching.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const RELAY = fileURLToPath(new URL("./pty-relay.py", import.meta.url));

/** python3 with the pty module (every Linux CPython has it); tests skip themselves without it. */
export const hasPty = (): boolean =>
  process.platform !== "win32" && spawnSync("python3", ["-c", "import pty"]).status === 0;

// CSI sequences (colours, cursor moves, erase) and the few single-char escapes readline writes.
const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[=>]|\r/g;
export const stripAnsi = (text: string): string => text.replace(ANSI, "");

export class PtySession {
  raw = "";
  private readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  private watchers: (() => void)[] = [];

  constructor(argv: string[], env: NodeJS.ProcessEnv, cwd?: string) {
    this.child = spawn("python3", [RELAY, ...argv], { env, cwd, stdio: ["pipe", "pipe", "inherit"] });
    this.child.stdout!.setEncoding("utf8").on("data", (t: string) => {
      this.raw += t;
      for (const w of this.watchers.splice(0)) w();
    });
    this.exited = new Promise((resolve) => this.child.once("close", (code) => resolve(code)));
  }

  get text(): string {
    return stripAnsi(this.raw);
  }

  /** Keystrokes, as typed ("\r" is Enter, "\x03" is Ctrl-C). */
  type(keys: string): void {
    this.child.stdin!.write(keys);
  }

  /** Waits until the plain-text output (from `from` on) matches; returns the index after the match. */
  async waitFor(pattern: RegExp | string, from = 0, timeoutMs = 15_000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const text = this.text.slice(from);
      const at =
        typeof pattern === "string"
          ? (() => {
              const i = text.indexOf(pattern);
              return i === -1 ? -1 : i + pattern.length;
            })()
          : (() => {
              const m = pattern.exec(text);
              return m ? m.index + m[0].length : -1;
            })();
      if (at !== -1) return from + at;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${pattern}; output so far:\n${this.text}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 200));
        this.watchers.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  kill(): void {
    this.child.kill("SIGKILL");
  }
}
