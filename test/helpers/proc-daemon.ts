// Real `zeroclaw` child processes for black-box tests: the built CLI (bin/zeroclaw.js → dist/), a
// minimal environment, stderr captured line by line, and waits that resolve on events (a log line,
// a successful connect, process exit) rather than on fixed sleeps.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const BIN = join(REPO_ROOT, "bin", "zeroclaw.js");

/** Fails early, with the fix, when dist/ has not been built (`npm test` builds it first). */
export function requireBuild(): void {
  if (!existsSync(join(REPO_ROOT, "dist", "src", "bin", "zeroclaw.js")))
    throw new Error("dist/ is missing: run `npx tsc -p tsconfig.build.json` (or `npm run build`) first");
}

/** A fresh temp dir; `cleanup()` removes every dir handed out so far. */
export function tempDirs(prefix = "zc-proc-"): { make(): string; cleanup(): void } {
  const made: string[] = [];
  return {
    make() {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      made.push(dir);
      return dir;
    },
    cleanup() {
      for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** PATH and HOME plus the given ZEROCLAW_* variables, nothing inherited. */
export function childEnv(home: string, vars: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, ...vars };
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type LogLine = { level?: number; msg?: string; peer?: string; [key: string]: unknown };

export class DaemonProcess {
  stderr = "";
  stdout = "";
  readonly exited: Promise<Exit>;
  private exit: Exit | undefined;
  private watchers: (() => void)[] = [];

  constructor(readonly child: ChildProcess) {
    child.stdout?.setEncoding("utf8").on("data", (t: string) => {
      this.stdout += t;
    });
    child.stderr?.setEncoding("utf8").on("data", (t: string) => {
      this.stderr += t;
      this.notify();
    });
    this.exited = new Promise((resolveExit) => {
      child.once("close", (code, signal) => {
        this.exit = { code, signal };
        this.notify();
        resolveExit(this.exit);
      });
    });
  }

  get pid(): number {
    return this.child.pid!;
  }

  get running(): boolean {
    return this.exit === undefined;
  }

  /** Complete stderr lines so far. */
  get stderrLines(): string[] {
    return this.stderr.split("\n").slice(0, -1);
  }

  /** Every complete stderr line parsed as JSON (throws on a line that is not JSON). */
  get logs(): LogLine[] {
    return this.stderrLines.filter((l) => l !== "").map((l) => JSON.parse(l) as LogLine);
  }

  /** Resolves with the first log line matching `match`; rejects if the process exits first. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs = 10_000): Promise<LogLine> {
    return this.waitFor(() => {
      for (const l of this.stderrLines) {
        let parsed: LogLine;
        try {
          parsed = JSON.parse(l) as LogLine;
        } catch {
          continue;
        }
        if (match(parsed)) return parsed;
      }
      return undefined;
    }, timeoutMs);
  }

  /** Resolves with the exit status, or rejects if the process is still running after `timeoutMs`. */
  async waitExit(timeoutMs = 10_000): Promise<Exit> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`process ${this.pid} still running after ${timeoutMs} ms\n${this.stderr}`)),
        timeoutMs,
      );
    });
    try {
      return await Promise.race([this.exited, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** SIGKILLs the process if it is still running and waits for it to be gone. */
  async kill(): Promise<void> {
    if (this.running) this.child.kill("SIGKILL");
    await this.exited;
  }

  private waitFor<T>(probe: () => T | undefined, timeoutMs: number): Promise<T> {
    return new Promise((resolveWait, reject) => {
      const timer = setTimeout(() => {
        done();
        reject(new Error(`not seen within ${timeoutMs} ms; stderr so far:\n${this.stderr}`));
      }, timeoutMs);
      const check = (): void => {
        const found = probe();
        if (found !== undefined) {
          done();
          resolveWait(found);
        } else if (this.exit) {
          done();
          reject(new Error(`process exited (${JSON.stringify(this.exit)}) first; stderr:\n${this.stderr}`));
        }
      };
      const done = (): void => {
        clearTimeout(timer);
        this.watchers = this.watchers.filter((w) => w !== check);
      };
      this.watchers.push(check);
      check();
    });
  }

  private notify(): void {
    for (const w of [...this.watchers]) w();
  }
}

/** Starts `node bin/zeroclaw.js daemon ARGS` with exactly `env`. */
export function spawnDaemon(env: NodeJS.ProcessEnv, args: string[] = []): DaemonProcess {
  return new DaemonProcess(
    spawn(process.execPath, [BIN, "daemon", ...args], {
      env,
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
}

/** One connect attempt: true if something accepted the connection (it is closed at once). */
export function canConnect(path: string): Promise<boolean> {
  return new Promise((resolveConnect) => {
    const s = connect(path);
    s.once("connect", () => {
      s.destroy();
      resolveConnect(true);
    });
    s.once("error", () => resolveConnect(false));
  });
}

/** Polls connect until `path` accepts; rejects if `daemon` exits first or `timeoutMs` passes. */
export async function waitConnectable(
  daemon: DaemonProcess,
  path: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!daemon.running) throw new Error(`daemon exited before ${path} accepted:\n${daemon.stderr}`);
    if (await canConnect(path)) return;
    if (Date.now() > deadline)
      throw new Error(`${path} not connectable within ${timeoutMs} ms\n${daemon.stderr}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Spawns and waits until the endpoint accepts connections. */
export async function startDaemon(
  env: NodeJS.ProcessEnv,
  endpoint: string,
  args: string[] = [],
): Promise<DaemonProcess> {
  const daemon = spawnDaemon(env, args);
  await waitConnectable(daemon, endpoint);
  return daemon;
}

export type RunResult = {
  pid: number;
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
};

/** Runs a command to completion with exactly `env`, collecting its output. */
export function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  options: { cwd?: string; input?: string; uid?: number; gid?: number } = {},
): Promise<RunResult> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, {
      env,
      cwd: options.cwd ?? REPO_ROOT,
      stdio: ["pipe", "pipe", "pipe"],
      ...(options.uid === undefined ? {} : { uid: options.uid }),
      ...(options.gid === undefined ? {} : { gid: options.gid }),
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (t: string) => {
      stdout += t;
    });
    child.stderr.setEncoding("utf8").on("data", (t: string) => {
      stderr += t;
    });
    child.once("error", reject);
    child.once("close", (code, signal) => resolveRun({ pid: child.pid!, code, signal, stdout, stderr }));
    // A command may exit before reading its input (a client that finds no socket): the pipe's EPIPE is
    // not the test's failure, the exit code and output are what it checks.
    child.stdin.on("error", () => undefined);
    child.stdin.end(options.input ?? "");
  });
}

/** `node bin/zeroclaw.js ARGS` to completion. */
export const runCli = (args: string[], env: NodeJS.ProcessEnv): Promise<RunResult> =>
  run(process.execPath, [BIN, ...args], env);

/** The pid of a process that has already exited (for stale lock files). */
export async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  const pid = child.pid!;
  await new Promise((r) => child.once("close", r));
  return pid;
}

/**
 * Leaves a stale socket file at `path`: a separate node process listens there and SIGKILLs itself,
 * so nothing unlinks the file and nothing listens on it.
 */
export async function leaveStaleSocket(path: string): Promise<void> {
  const script =
    "const s=require('node:net').createServer();s.listen(process.argv[1],()=>process.kill(process.pid,'SIGKILL'))";
  const child = spawn(process.execPath, ["-e", script, path], { stdio: "ignore" });
  const signal = await new Promise<NodeJS.Signals | null>((r) => child.once("close", (_code, sig) => r(sig)));
  if (signal !== "SIGKILL") throw new Error(`stale-socket helper ended with ${signal}`);
}
