import { lstat } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import { call, type ExpectOptions, expectDrainClose, initialize } from "../judge/expectations.js";
import type { DaemonLauncher, DaemonProcess, DaemonSandbox } from "../runner/spawn.js";
import { describeExit } from "../runner/spawn.js";
import { WireConnection } from "../wire/wire-client.js";
import { type CaseContext, CaseFailure, type ConformanceCase, expectOptionsOf } from "./case.js";

/**
 * Daemon lifecycle rules that need timing around whole processes (SPEC §1,
 * §10): `--ephemeral` (run as the spawn command with ` --ephemeral`
 * appended, grace shortened through `rpc.ephemeral_grace_ms`) and
 * SIGTERM/SIGINT while clients are still connected. A wrong implementation
 * can pass every per-connection case and still get these wrong: exit with
 * no grace, never exit, exit under a reconnected client, wait for clients
 * to leave before honouring a signal.
 */

const GRACE_MS = 1_000;
const GRACE_CONFIG = [`rpc.ephemeral_grace_ms = ${GRACE_MS}`];
/** A reconnect this long after the last client left is well inside the grace. */
const RECONNECT_AFTER_MS = GRACE_MS / 5;
/** "Promptly": a signalled daemon gets this long to exit, connected clients or not. */
const SIGNAL_EXIT_MS = 10_000;
/** How long an ephemeral daemon gets to exit once the grace has passed. */
const EPHEMERAL_EXIT_MS = GRACE_MS + 10_000;
/**
 * zeroclaw's --ephemeral looks at its client count once a second (daemon/mod.rs): a client that
 * comes and goes between two looks is never seen. In its dialect every client stays this long.
 */
export const ZEROCLAW_CLIENT_POLL_MS = 1_200;

export function lifecycleCheckCases(): ConformanceCase[] {
  const check = (name: string, title: string, run: (c: Lifecycle) => Promise<void>): ConformanceCase => ({
    name: `endpoint/${name}`,
    area: "endpoint",
    methods: ["status"],
    title: `${title} (SPEC ${name.startsWith("ephemeral") ? "§10" : "§1"})`,
    needs: { kind: "daemon-launcher" },
    dialects: ["seed", "zeroclaw"],
    run: (context) => run(new Lifecycle(context)),
  });
  return [
    check(
      "ephemeral-waits-for-first-client",
      "--ephemeral never exits before a first client connected",
      async (c) => {
        const daemon = await c.startEphemeral();
        await sleep(3 * GRACE_MS);
        c.expectRunning(daemon, `${3 * GRACE_MS} ms after start with no client yet`);
        const client = await c.client(daemon.sandbox, "first");
        client.end();
        await c.expectCleanExit(daemon, EPHEMERAL_EXIT_MS, "after its only client left");
      },
    ),
    check(
      "ephemeral-exits-after-last-client",
      "--ephemeral stays up while any client is connected and exits (code 0, socket unlinked) once the last has left and the grace passed",
      async (c) => {
        const daemon = await c.startEphemeral();
        const first = await c.client(daemon.sandbox, "first");
        const second = await c.client(daemon.sandbox, "second");
        first.end();
        await sleep(2 * GRACE_MS);
        c.expectRunning(daemon, `${2 * GRACE_MS} ms after one of two clients left`);
        await c.status(second);
        second.end();
        await c.expectCleanExit(daemon, EPHEMERAL_EXIT_MS, "after the last client left");
      },
    ),
    check(
      "ephemeral-reconnect-cancels-exit",
      "--ephemeral: a client connecting during the grace cancels the exit; the daemon exits only after that one leaves",
      async (c) => {
        const daemon = await c.startEphemeral();
        const first = await c.client(daemon.sandbox, "first");
        first.end();
        await expectDrainClose(first, c.options.timeoutMs);
        await sleep(RECONNECT_AFTER_MS);
        c.expectRunning(daemon, `${RECONNECT_AFTER_MS} ms into a ${GRACE_MS} ms grace`);
        const second = await c.client(daemon.sandbox, "second");
        await sleep(2 * GRACE_MS);
        c.expectRunning(daemon, "with a client that reconnected during the grace");
        await c.status(second);
        second.end();
        await c.expectCleanExit(daemon, EPHEMERAL_EXIT_MS, "after the reconnected client left");
      },
    ),
    check(
      "sigterm-with-clients-connected",
      "SIGTERM with clients still connected (idle and mid-frame): prompt exit, code 0, socket unlinked, clients see end of stream",
      (c) => c.signalWithClients("SIGTERM"),
    ),
    check(
      "sigint-with-clients-connected",
      "SIGINT with clients still connected (idle and mid-frame): prompt exit, code 0, socket unlinked, clients see end of stream",
      (c) => c.signalWithClients("SIGINT"),
    ),
  ];
}

class Lifecycle {
  private readonly launcher: DaemonLauncher;
  readonly options: ExpectOptions;
  private requests = 0;
  /** What each client's initialize answered as server_pid (the zeroclaw dialect's pid). */
  private readonly serverPids = new WeakMap<WireConnection, unknown>();

  constructor(private readonly context: CaseContext) {
    if (!context.launcher) throw new Error("lifecycle checks need a daemon launcher");
    this.launcher = context.launcher;
    this.options = expectOptionsOf(context);
  }

  /** Started with --ephemeral and a short grace; ready once its socket file exists (a probe would be a client). */
  async startEphemeral(): Promise<DaemonProcess> {
    const sandbox = await this.launcher.createSandbox(GRACE_CONFIG);
    const daemon = this.launcher.launch(sandbox, "--ephemeral");
    try {
      await daemon.waitSocketFile();
    } catch (error) {
      throw new CaseFailure(`${(error as Error).message}; stderr: ${daemon.stderrTail(5).join(" | ")}`);
    }
    return daemon;
  }

  /** A new initialized connection (retrying connect briefly: the file can exist a moment before listen()). */
  async client(sandbox: DaemonSandbox, name: string): Promise<WireConnection> {
    const deadline = Date.now() + this.options.timeoutMs;
    for (;;) {
      try {
        const connection = await WireConnection.open(
          sandbox.socketPath,
          name,
          this.context.transcript,
          this.options.timeoutMs,
        );
        this.serverPids.set(
          connection,
          (await initialize(connection, this.nextId(name), this.options)).server_pid,
        );
        if (this.options.dialect === "zeroclaw") await sleep(ZEROCLAW_CLIENT_POLL_MS);
        return connection;
      } catch (error) {
        if (Date.now() > deadline || error instanceof CaseFailure)
          throw new CaseFailure(`${name}: ${(error as Error).message}`);
        await sleep(25);
      }
    }
  }

  status(connection: WireConnection) {
    return call(connection, this.nextId(connection.name), "status", {}, this.options);
  }

  expectRunning(daemon: DaemonProcess, when: string): void {
    const exit = daemon.exitStatus;
    if (exit) throw new CaseFailure(`the daemon exited (${describeExit(exit)}) ${when}`);
  }

  async expectCleanExit(daemon: DaemonProcess, withinMs: number, when: string): Promise<void> {
    const exit = await daemon.waitExit(withinMs);
    if (!exit) throw new CaseFailure(`the daemon was still running ${withinMs} ms ${when}`);
    if (exit.code !== 0)
      throw new CaseFailure(`the daemon exited with ${describeExit(exit)} ${when}, expected code 0`);
    if (await lstat(daemon.sandbox.socketPath).catch(() => undefined))
      throw new CaseFailure(`socket file ${daemon.sandbox.socketPath} still exists after the exit`);
  }

  async signalWithClients(signal: NodeJS.Signals): Promise<void> {
    const sandbox = await this.launcher.createSandbox();
    let daemon: DaemonProcess;
    try {
      daemon = await this.launcher.start(sandbox);
    } catch (error) {
      throw new CaseFailure((error as Error).message);
    }
    const idle = await this.client(sandbox, "idle");
    // The pid: status.pid in the seed dialect, initialize's server_pid in zeroclaw's.
    const pid =
      this.options.dialect === "zeroclaw" ? this.serverPids.get(idle) : (await this.status(idle)).pid;
    if (typeof pid !== "number" || !Number.isInteger(pid) || pid <= 0)
      throw new CaseFailure(`the daemon's pid is not a pid: ${JSON.stringify(pid)}`);
    const midFrame = await this.client(sandbox, "mid-frame");
    await midFrame.send(
      new TextEncoder().encode('{"jsonrpc":"2.0","id":"unfinished",'),
      1,
      this.options.timeoutMs,
    );
    const uninitialized = await WireConnection.open(
      sandbox.socketPath,
      "uninitialized",
      this.context.transcript,
      this.options.timeoutMs,
    );
    await sleep(100); // let the daemon take in the partial frame and the third connection
    // The daemon itself, not the group: a wrapping shell would die of the signal instead.
    process.kill(pid, signal);
    const exit = await daemon.waitExit(SIGNAL_EXIT_MS);
    if (!exit)
      throw new CaseFailure(
        `daemon still running ${SIGNAL_EXIT_MS} ms after ${signal} with 3 clients connected`,
      );
    if (exit.code !== 0)
      throw new CaseFailure(`daemon exited with ${describeExit(exit)} after ${signal}, expected code 0`);
    if (await lstat(sandbox.socketPath).catch(() => undefined))
      throw new CaseFailure(`socket file ${sandbox.socketPath} still exists after ${signal}`);
    for (const connection of [idle, midFrame, uninitialized])
      await expectDrainClose(connection, this.options.timeoutMs);
  }

  private nextId(name: string): string {
    this.requests += 1;
    return `${name}-${this.requests}`;
  }
}
