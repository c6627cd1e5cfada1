// A command in a real terminal emulator (tmux, on a private server socket), read back as the screen
// a person sees: `capture()` is tmux's rendering after every escape sequence was applied, so a test can
// say where text ended up (a reply's line, the input line under it), not just which bytes were written.
// Keys go in with send-keys, pastes with paste-buffer -p (bracketed, as a terminal pastes when the
// program asks for it). Tests skip themselves where tmux is missing.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const hasTmux = (): boolean => spawnSync("tmux", ["-V"]).status === 0;

export class TmuxSession {
  private readonly dir = mkdtempSync(join(tmpdir(), "zc-tmux-"));
  private readonly socket = join(this.dir, "tmux.sock");

  /** Runs `command` (a shell command line) in a `cols`×`rows` window with exactly `env`. */
  constructor(command: string, env: NodeJS.ProcessEnv, cols = 100, rows = 30) {
    // A tiny config: no status bar (the screen is the program's alone), and the window stays after
    // the command exits so its last screen can still be read.
    const conf = join(this.dir, "tmux.conf");
    writeFileSync(conf, "set -g status off\nset -g remain-on-exit on\nset -g history-limit 5000\n");
    this.tmux(
      ["-f", conf, "new-session", "-d", "-s", "t", "-x", String(cols), "-y", String(rows), command],
      env,
    );
  }

  private tmux(args: string[], env: NodeJS.ProcessEnv = process.env): string {
    return execFileSync("tmux", ["-S", this.socket, ...args], { env, encoding: "utf8" });
  }

  /** Keys as tmux names them ("Enter", "C-c", "M-Enter") or literal text (literal: true). */
  keys(keys: string | string[], literal = false): void {
    this.tmux(["send-keys", "-t", "t", ...(literal ? ["-l"] : []), ...(Array.isArray(keys) ? keys : [keys])]);
  }

  type(text: string): void {
    this.keys(text, true);
  }

  /** Pastes `text` as a terminal does: bracketed (ESC[200~ … ESC[201~) when the program enabled it. */
  paste(text: string): void {
    const file = join(this.dir, "paste.txt");
    writeFileSync(file, text);
    this.tmux(["load-buffer", "-b", "p", file]);
    this.tmux(["paste-buffer", "-p", "-d", "-b", "p", "-t", "t"]);
  }

  /** The screen as shown, trailing blank lines dropped. */
  capture(): string {
    return this.tmux(["capture-pane", "-p", "-t", "t"]).replace(/\n+$/, "");
  }

  /** Everything the terminal showed, scrollback included (tmux scrolls the screen up one row to say
   *  the command exited), trailing blank lines and that notice dropped. */
  transcript(): string {
    return this.tmux(["capture-pane", "-p", "-S", "-", "-t", "t"])
      .replace(/\n*Pane is dead[^\n]*\n*$/, "")
      .replace(/\n+$/, "");
  }

  /** Polls the screen until `pattern` is on it; returns the screen. */
  async waitFor(pattern: RegExp | string, timeoutMs = 15_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const screen = this.capture();
      if (typeof pattern === "string" ? screen.includes(pattern) : pattern.test(screen)) return screen;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}; screen:\n${screen}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** The command's exit status once it has exited (remain-on-exit keeps the pane). */
  async exitStatus(timeoutMs = 15_000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [dead, status] = this.tmux([
        "display-message",
        "-p",
        "-t",
        "t",
        "#{pane_dead} #{pane_dead_status}",
      ])
        .trim()
        .split(" ");
      if (dead === "1") return Number(status);
      if (Date.now() > deadline) throw new Error(`still running after ${timeoutMs} ms:\n${this.capture()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  kill(): void {
    spawnSync("tmux", ["-S", this.socket, "kill-server"]);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
