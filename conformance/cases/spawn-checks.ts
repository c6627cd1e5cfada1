import { execFile } from "node:child_process";
import { chmod, lstat, mkdir, readFile, stat, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { call, type ExpectOptions, initialize } from "../judge/expectations.js";
import {
  type DaemonLauncher,
  type DaemonProcess,
  type DaemonSandbox,
  describeExit,
} from "../runner/spawn.js";
import type { JsonObject } from "../wire/json.js";
import { WireConnection } from "../wire/wire-client.js";
import { type CaseContext, CaseFailure, type ConformanceCase, expectOptionsOf } from "./case.js";

/**
 * SPEC §1 endpoint rules, which no fixture can express: they need file modes,
 * exit codes, stderr and a second daemon. Each check starts its own daemons.
 */

const REFUSAL_TIMEOUT_MS = 5_000;
const SHUTDOWN_TIMEOUT_MS = 10_000;
const FOREIGN_FILE_TEXT = "not a socket: the daemon must leave this file alone\n";

export function spawnCheckCases(): ConformanceCase[] {
  const check = (
    name: string,
    title: string,
    run: (context: Checks) => Promise<void>,
    seedOnly?: string,
  ): ConformanceCase => ({
    name: `endpoint/${name}`,
    area: "endpoint",
    methods: ["status"],
    title: `${title} (SPEC §1)`,
    needs: { kind: "daemon-launcher" },
    // zeroclaw's local.rs keeps SPEC §1's endpoint rules but for the ones `seedOnly` names.
    dialects: seedOnly === undefined ? ["seed", "zeroclaw"] : ["seed"],
    ...(seedOnly === undefined ? {} : { notApplicable: seedOnly }),
    run: (context) => run(new Checks(context)),
  });
  return [
    check(
      "socket-and-data-dir-modes",
      "socket file is 0600 and the data dir the daemon created is 0700",
      async (c) => {
        const sandbox = await c.sandbox();
        await c.start(sandbox);
        await c.expectMode(sandbox.socketPath, 0o600, "socket file");
        await c.expectMode(sandbox.dataDir, 0o700, "data dir");
      },
    ),
    check("existing-data-dir-tightened", "an existing data dir is tightened to 0700", async (c) => {
      const sandbox = await c.sandbox();
      await mkdir(sandbox.dataDir);
      await chmod(sandbox.dataDir, 0o755);
      await c.start(sandbox);
      await c.expectMode(sandbox.dataDir, 0o700, "data dir");
    }),
    check("missing-socket-dir-created-0700", "a missing socket directory is created 0700", async (c) => {
      const sandbox = await c.sandbox();
      sandbox.socketPath = join(sandbox.root, "run", "nested", "daemon.sock");
      await c.start(sandbox);
      await c.expectMode(join(sandbox.root, "run", "nested"), 0o700, "socket dir");
      await c.expectMode(sandbox.socketPath, 0o600, "socket file");
    }),
    check(
      "foreign-socket-dir-left-alone",
      "a socket directory the daemon did not create keeps its mode",
      async (c) => {
        const sandbox = await c.sandbox();
        const shared = join(sandbox.root, "shared");
        await mkdir(shared);
        await chmod(shared, 0o755);
        sandbox.socketPath = join(shared, "daemon.sock");
        await c.start(sandbox);
        await c.expectMode(shared, 0o755, "foreign socket dir");
        await c.expectMode(sandbox.socketPath, 0o600, "socket file");
      },
      "zeroclaw's prepare_parent chmods the socket's directory to 0700 whoever created it (local.rs); only a directory it may not chmod is left alone",
    ),
    check(
      "status-reports-endpoint",
      "status reports the endpoint and data dir the environment named",
      async (c) => {
        const sandbox = await c.sandbox();
        await c.start(sandbox);
        await c.expectEndpoint(sandbox, sandbox.socketPath, sandbox.dataDir);
      },
    ),
    check(
      "default-endpoint",
      "without ZEROCLAW_DATA_DIR and ZEROCLAW_SOCKET the socket is <config_dir>/data/daemon.sock",
      async (c) => {
        const sandbox = await c.sandbox();
        sandbox.unsetVariables = ["ZEROCLAW_DATA_DIR", "ZEROCLAW_SOCKET"];
        const dataDir = join(sandbox.configDir, "data");
        sandbox.socketPath = join(dataDir, "daemon.sock");
        await c.start(sandbox);
        await c.expectEndpoint(sandbox, sandbox.socketPath, dataDir);
        await c.expectMode(dataDir, 0o700, "data dir");
      },
    ),
    check(
      "second-instance-refused",
      "a second daemon on a live endpoint exits non-zero naming the live pid",
      (c) => c.secondInstanceRefused(),
    ),
    check(
      "second-instance-own-data-dir-refused",
      "a second daemon with a data dir of its own, pointed at a live socket, exits non-zero naming the live pid and leaves the socket alone",
      (c) => c.secondInstanceRefused({ ownDataDir: true }),
    ),
    check("stale-socket-replaced", "a socket file nobody listens on is replaced", async (c) => {
      const sandbox = await c.sandbox();
      await mkdir(sandbox.dataDir, { mode: 0o700 });
      await leaveStaleSocket(sandbox.socketPath);
      await c.start(sandbox);
      await c.status(sandbox);
    }),
    check("sigterm-clean-exit", "SIGTERM: exit code 0 and the socket file is gone", (c) =>
      c.cleanExit("SIGTERM"),
    ),
    check("sigint-clean-exit", "SIGINT: exit code 0 and the socket file is gone", (c) =>
      c.cleanExit("SIGINT"),
    ),
    check(
      "regular-file-at-socket-path-kept",
      "a regular file at the socket path is never deleted",
      async (c) => {
        const sandbox = await c.sandbox();
        await mkdir(sandbox.dataDir, { mode: 0o700 });
        await writeFile(sandbox.socketPath, FOREIGN_FILE_TEXT);
        const daemon = c.launch(sandbox);
        await c.expectRefusal(daemon);
        await c.expectForeignFile(sandbox.socketPath);
      },
      "zeroclaw's remove_stale unlinks whatever sits at the socket path when a connect to it is refused, a regular file included (local.rs)",
    ),
    check(
      "exit-keeps-replaced-socket-path",
      "on exit the daemon unlinks only the socket it bound",
      async (c) => {
        const sandbox = await c.sandbox();
        const daemon = await c.start(sandbox);
        const pid = await c.daemonPid(sandbox);
        await unlink(sandbox.socketPath);
        await writeFile(sandbox.socketPath, FOREIGN_FILE_TEXT);
        process.kill(pid, "SIGTERM");
        if (!(await daemon.waitExit(SHUTDOWN_TIMEOUT_MS)))
          throw new CaseFailure("daemon still running after SIGTERM");
        await c.expectForeignFile(sandbox.socketPath);
      },
    ),
  ];
}

/** The steps the checks share, bound to one case's context. */
export class Checks {
  private readonly launcher: DaemonLauncher;
  private readonly options: ExpectOptions;
  private connections = 0;

  constructor(private readonly context: CaseContext) {
    if (!context.launcher) throw new Error("spawn checks need a daemon launcher");
    this.launcher = context.launcher;
    this.options = expectOptionsOf(context);
  }

  sandbox(): Promise<DaemonSandbox> {
    return this.launcher.createSandbox();
  }

  launch(sandbox: DaemonSandbox): DaemonProcess {
    return this.launcher.launch(sandbox);
  }

  async start(sandbox: DaemonSandbox): Promise<DaemonProcess> {
    try {
      return await this.launcher.start(sandbox);
    } catch (error) {
      throw new CaseFailure((error as Error).message);
    }
  }

  /** `status` on a new, initialized connection. */
  async status(sandbox: DaemonSandbox): Promise<JsonObject> {
    return (await this.initializeAndStatus(sandbox)).status;
  }

  private async initializeAndStatus(
    sandbox: DaemonSandbox,
  ): Promise<{ initialized: JsonObject; status: JsonObject }> {
    this.connections += 1;
    const name = `check-${this.connections}`;
    const connection = await WireConnection.open(
      sandbox.socketPath,
      name,
      this.context.transcript,
      this.options.timeoutMs,
    );
    try {
      const initialized = await initialize(connection, `${name}-init`, this.options);
      const status = await call(connection, `${name}-status`, "status", {}, this.options);
      return { initialized, status };
    } finally {
      connection.destroy();
    }
  }

  private get zeroclaw(): boolean {
    return this.options.dialect === "zeroclaw";
  }

  /** The daemon's pid: status.pid in the seed dialect, initialize's server_pid in zeroclaw's. */
  async daemonPid(sandbox: DaemonSandbox): Promise<number> {
    const { initialized, status } = await this.initializeAndStatus(sandbox);
    const [pid, what] = this.zeroclaw
      ? [initialized.server_pid, "initialize.server_pid"]
      : [status.pid, "status.pid"];
    if (typeof pid !== "number" || !Number.isInteger(pid) || pid <= 0) {
      throw new CaseFailure(`${what} is not a pid: ${JSON.stringify(pid)}`);
    }
    return pid;
  }

  /**
   * status names the endpoint (and, in the seed dialect, the data dir): `endpoint` and `data_dir`
   * in the seed's, `local_ipc_endpoint` in zeroclaw's, whose status has no data dir.
   */
  async expectEndpoint(sandbox: DaemonSandbox, endpoint: string, dataDir: string): Promise<void> {
    const status = await this.status(sandbox);
    if (this.zeroclaw) {
      this.expectEqual(status.local_ipc_endpoint, endpoint, "status.local_ipc_endpoint");
      return;
    }
    this.expectEqual(status.endpoint, endpoint, "status.endpoint");
    this.expectEqual(status.data_dir, dataDir, "status.data_dir");
  }

  expectEqual(actual: unknown, expected: string, what: string): void {
    if (actual !== expected)
      throw new CaseFailure(`${what} is ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
  }

  async expectMode(path: string, mode: number, what: string): Promise<void> {
    const actual = (await stat(path)).mode & 0o777;
    if (actual !== mode)
      throw new CaseFailure(`${what} ${path} has mode ${octal(actual)}, expected ${octal(mode)}`);
  }

  /** The daemon must give up quickly, non-zero, instead of taking over the endpoint. */
  async expectRefusal(daemon: DaemonProcess): Promise<void> {
    const exit = await daemon.waitExit(REFUSAL_TIMEOUT_MS);
    if (!exit)
      throw new CaseFailure(`daemon still running ${REFUSAL_TIMEOUT_MS} ms after start, expected a refusal`);
    if (exit.code === 0 || exit.code === null) {
      throw new CaseFailure(`daemon exited with ${describeExit(exit)}, expected a non-zero exit code`);
    }
  }

  async expectForeignFile(path: string): Promise<void> {
    const info = await lstat(path).catch(() => undefined);
    if (!info?.isFile()) throw new CaseFailure(`the regular file at ${path} was removed or replaced`);
    if ((await readFile(path, "utf8")) !== FOREIGN_FILE_TEXT) throw new CaseFailure(`${path} was rewritten`);
  }

  /**
   * `ownDataDir`: the second daemon gets fresh config and data dirs and only the live socket in common,
   * so the one-daemon-per-data-dir lock (§17) cannot refuse it first: only the endpoint rule (§1) can.
   */
  async secondInstanceRefused(o: { ownDataDir?: boolean } = {}): Promise<void> {
    const sandbox = await this.sandbox();
    await this.start(sandbox);
    const livePid = await this.daemonPid(sandbox);
    const boundInode = (await lstat(sandbox.socketPath)).ino;
    let secondSandbox = sandbox;
    if (o.ownDataDir) {
      secondSandbox = await this.sandbox();
      secondSandbox.socketPath = sandbox.socketPath;
    }
    const second = this.launch(secondSandbox);
    await this.expectRefusal(second);
    // zeroclaw's refusal names the endpoint, not the pid that holds it (local.rs EndpointLock).
    if (!this.zeroclaw && !new RegExp(`\\b${livePid}\\b`).test(second.stderr())) {
      const tail = second.stderrTail(3).join(" | ");
      throw new CaseFailure(
        `second daemon's stderr does not name the live pid ${livePid}: ${tail || "(empty)"}`,
      );
    }
    const inode = (await lstat(sandbox.socketPath).catch(() => undefined))?.ino;
    if (inode !== boundInode)
      throw new CaseFailure("the second daemon removed or replaced the live socket file");
    await this.status(sandbox);
  }

  async cleanExit(signal: NodeJS.Signals): Promise<void> {
    const sandbox = await this.sandbox();
    const daemon = await this.start(sandbox);
    const pid = await this.daemonPid(sandbox);
    // The daemon itself, not the group: a wrapping shell would die of the signal
    // instead of passing on the daemon's own exit code.
    process.kill(pid, signal);
    const exit = await daemon.waitExit(SHUTDOWN_TIMEOUT_MS);
    if (!exit) throw new CaseFailure(`daemon still running ${SHUTDOWN_TIMEOUT_MS} ms after ${signal}`);
    if (exit.code !== 0)
      throw new CaseFailure(`daemon exited with ${describeExit(exit)} after ${signal}, expected code 0`);
    if (await lstat(sandbox.socketPath).catch(() => undefined)) {
      throw new CaseFailure(`socket file ${sandbox.socketPath} still exists after ${signal}`);
    }
  }
}

/** A socket file with nothing behind it: a listener that SIGKILLs itself cannot unlink its path. */
async function leaveStaleSocket(socketPath: string): Promise<void> {
  const script = `require("node:net").createServer().listen(process.argv[1], () => process.kill(process.pid, "SIGKILL"))`;
  await promisify(execFile)(process.execPath, ["-e", script, socketPath]).catch(() => undefined);
  if (!(await lstat(socketPath).catch(() => undefined))?.isSocket()) {
    throw new Error(`could not leave a stale socket at ${socketPath}`);
  }
}

function octal(mode: number): string {
  return `0${mode.toString(8).padStart(3, "0")}`;
}
