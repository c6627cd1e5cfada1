import { type ChildProcess, spawn } from "node:child_process";
import { lstatSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * Starting daemons under test through the environment contract of SPEC §1,
 * which any implementation must honour: the daemon gets the caller's own
 * environment (an implementation may need its PATH entries, a licence key, a
 * runtime's settings) with the three ZEROCLAW_* variables of the contract set
 * to the case's fresh dirs, so no ~/.zeroclaw of the developer's can leak into
 * a result; a case that tests a default leaves its variable out entirely.
 */

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

const READY_TIMEOUT_MS = 10_000;
const STOP_GRACE_MS = 5_000;
const KEPT_OUTPUT_LINES = 2_000;

/** A fresh temp dir: `config/` (with config.toml when the case has settings) and a `data/` the daemon must create. */
export class DaemonSandbox {
  readonly configDir: string;
  readonly dataDir: string;
  socketPath: string;
  /** Variables of the contract to leave out, to test the defaults they override. */
  unsetVariables: string[] = [];

  constructor(readonly root: string) {
    this.configDir = join(root, "config");
    this.dataDir = join(root, "data");
    this.socketPath = join(this.dataDir, "daemon.sock");
  }

  environment(): Record<string, string> {
    const inherited = Object.fromEntries(
      Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined),
    );
    const environment: Record<string, string> = {
      ...inherited,
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: process.env.HOME ?? this.root,
      ZEROCLAW_CONFIG_DIR: this.configDir,
      ZEROCLAW_DATA_DIR: this.dataDir,
      ZEROCLAW_SOCKET: this.socketPath,
    };
    for (const name of this.unsetVariables) delete environment[name];
    return environment;
  }
}

export class DaemonProcess {
  readonly exited: Promise<ExitInfo>;
  private exitInfo: ExitInfo | undefined;
  private readonly outputLines: string[] = [];
  private outputPartial = "";
  private droppedLines = 0;

  constructor(
    private readonly child: ChildProcess,
    readonly sandbox: DaemonSandbox,
  ) {
    this.exited = new Promise((resolve) => {
      child.once("exit", (code, signal) => {
        this.exitInfo = { code, signal };
        resolve(this.exitInfo);
      });
      child.once("error", (error) => {
        this.outputLines.push(`(spawn failed: ${error.message})`);
        this.exitInfo = { code: null, signal: null };
        resolve(this.exitInfo);
      });
    });
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (text: string) => this.collect(text));
  }

  get hasExited(): boolean {
    return this.exitInfo !== undefined;
  }

  /** The process group the command runs in (the launched process's pid): the daemon is a member. */
  get processGroup(): number | undefined {
    return this.child.pid;
  }

  get exitStatus(): ExitInfo | undefined {
    return this.exitInfo;
  }

  /** Everything the daemon wrote on stderr so far (the most recent lines if it was chatty). */
  stderr(): string {
    return [...this.outputLines, this.outputPartial].join("\n");
  }

  stderrTail(lines: number): string[] {
    return this.stderrSince(0, lines);
  }

  /** A position in the stderr stream, for showing only what one case provoked. */
  stderrMark(): number {
    return this.droppedLines + this.outputLines.length;
  }

  stderrSince(mark: number, maxLines: number): string[] {
    const kept = this.outputLines.slice(Math.max(0, mark - this.droppedLines));
    return [...kept, this.outputPartial].filter((line) => line !== "").slice(-maxLines);
  }

  /** Resolves once connect() to the socket succeeds; fails if the daemon exits first. */
  async waitReady(timeoutMs = READY_TIMEOUT_MS): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.exitInfo) throw new Error(`daemon exited (${describeExit(this.exitInfo)}) before listening`);
      if (await probe(this.sandbox.socketPath)) {
        // The probe used a connection slot; give the daemon a moment to release it
        // so connection-limit cases start from zero.
        await sleep(50);
        return;
      }
      await sleep(50);
    }
    throw new Error(`daemon not accepting connections on ${this.sandbox.socketPath} after ${timeoutMs} ms`);
  }

  /**
   * Resolves once the socket file exists, without connecting: for --ephemeral, where a probe
   * connection would itself be the first client.
   */
  async waitSocketFile(timeoutMs = READY_TIMEOUT_MS): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.exitInfo) throw new Error(`daemon exited (${describeExit(this.exitInfo)}) before listening`);
      if (isSocketFile(this.sandbox.socketPath)) return;
      await sleep(25);
    }
    throw new Error(`no socket file at ${this.sandbox.socketPath} after ${timeoutMs} ms`);
  }

  async waitExit(timeoutMs: number): Promise<ExitInfo | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), timeoutMs);
    });
    const result = await Promise.race([this.exited, timeout]);
    clearTimeout(timer);
    return result;
  }

  /** Signals the whole process group: the command runs through a shell, the daemon may be its child. */
  signalGroup(signal: NodeJS.Signals): void {
    if (this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, signal);
    } catch {
      // Already gone.
    }
  }

  /** SIGTERM the group, SIGKILL whatever is left after a grace period. */
  async stop(graceMs = STOP_GRACE_MS): Promise<ExitInfo> {
    if (!this.exitInfo) this.signalGroup("SIGTERM");
    let info = await this.waitExit(graceMs);
    if (!info) {
      this.signalGroup("SIGKILL");
      info = await this.exited;
    }
    // Members of the group can outlive the shell that started them.
    const deadline = Date.now() + graceMs;
    while (this.groupAlive()) {
      if (Date.now() > deadline) {
        this.signalGroup("SIGKILL");
        break;
      }
      await sleep(25);
    }
    return info;
  }

  private groupAlive(): boolean {
    return this.child.pid !== undefined && groupHasLiveMembers(this.child.pid);
  }

  private collect(text: string): void {
    const lines = (this.outputPartial + text).split("\n");
    this.outputPartial = lines.pop() ?? "";
    this.outputLines.push(...lines);
    if (this.outputLines.length > KEPT_OUTPUT_LINES) {
      const dropped = this.outputLines.length - KEPT_OUTPUT_LINES / 2;
      this.outputLines.splice(0, dropped);
      this.droppedLines += dropped;
    }
  }
}

/** Owns every sandbox and daemon a case starts, so the runner can tear all of them down after it. */
export class DaemonLauncher {
  private readonly processes = new Set<DaemonProcess>();
  private readonly sandboxes = new Set<DaemonSandbox>();

  constructor(
    private readonly command: string,
    private readonly cwd: string,
  ) {}

  async createSandbox(configLines: readonly string[] = []): Promise<DaemonSandbox> {
    const sandbox = new DaemonSandbox(await mkdtemp(join(tmpdir(), "zc-conf-")));
    this.sandboxes.add(sandbox);
    await mkdir(sandbox.configDir, { mode: 0o700 });
    if (configLines.length > 0)
      await writeFile(join(sandbox.configDir, "config.toml"), `${configLines.join("\n")}\n`);
    return sandbox;
  }

  /** `extraArguments` are appended to the command (e.g. `--ephemeral`), which runs through /bin/sh. */
  launch(sandbox: DaemonSandbox, extraArguments = ""): DaemonProcess {
    const command = extraArguments === "" ? this.command : `${this.command} ${extraArguments}`;
    const child = spawn(command, {
      shell: true,
      detached: true, // own process group, so one signal reaches the shell and the daemon
      cwd: this.cwd,
      env: sandbox.environment(),
      stdio: ["ignore", "ignore", "pipe"],
    });
    const daemon = new DaemonProcess(child, sandbox);
    this.processes.add(daemon);
    return daemon;
  }

  async start(sandbox: DaemonSandbox): Promise<DaemonProcess> {
    const daemon = this.launch(sandbox);
    try {
      await daemon.waitReady();
    } catch (error) {
      const tail = daemon.stderrTail(5).join(" | ");
      throw new Error(`${(error as Error).message}${tail ? `; stderr: ${tail}` : ""}`);
    }
    return daemon;
  }

  /** Stops every daemon and removes every sandbox created since the last cleanup. */
  async cleanup(): Promise<void> {
    await Promise.all([...this.processes].map((daemon) => daemon.stop()));
    this.processes.clear();
    await Promise.all(
      [...this.sandboxes].map((sandbox) => rm(sandbox.root, { recursive: true, force: true })),
    );
    this.sandboxes.clear();
  }

  /** Last resort on Ctrl-C or process exit: synchronous, no waiting. */
  killAllNow(): void {
    for (const daemon of this.processes) if (!daemon.hasExited) daemon.signalGroup("SIGKILL");
    for (const sandbox of this.sandboxes) rmSync(sandbox.root, { recursive: true, force: true });
    this.processes.clear();
    this.sandboxes.clear();
  }
}

export function describeExit(info: ExitInfo): string {
  return info.signal ? `signal ${info.signal}` : `code ${info.code}`;
}

/**
 * Whether any process of the group still runs. Zombies do not count: once the
 * shell is gone the daemon is reparented to PID 1, and a container's PID 1 may
 * take seconds to reap it, which kill(-pgid, 0) cannot tell from running.
 */
function groupHasLiveMembers(pgid: number): boolean {
  if (process.platform !== "linux") {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch {
      return false;
    }
  }
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // exited while we looked
    }
    // "pid (comm) state ppid pgrp …": comm may contain spaces and parentheses.
    const [state, , group] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(group) === pgid && state !== "Z") return true;
  }
  return false;
}

/** One connect(); the socket is ended and awaited so the daemon sees the close before a case starts. */
function probe(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    let connected = false;
    const socket = connect(socketPath);
    const timer = setTimeout(() => socket.destroy(), 1_000);
    socket.on("error", () => {
      if (!connected) resolve(false);
    });
    socket.on("connect", () => {
      connected = true;
      socket.end();
    });
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(connected);
    });
  });
}

function isSocketFile(path: string): boolean {
  try {
    return lstatSync(path).isSocket();
  } catch {
    return false;
  }
}
