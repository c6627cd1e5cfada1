// zeroclaw start / zeroclaw stop: the daemon in the background, as ollama users expect. `start` runs
// `zeroclaw daemon` detached, its log appended to <data dir>/daemon.log, and returns once the socket
// listens (or, if the daemon exits first, prints the end of its log and its exit code). `stop` asks the
// running daemon for its pid (status), sends SIGTERM and returns once the socket is gone.
import { spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { resolvePaths } from "../config/paths.js";
import { withDaemon } from "./daemon-client.js";
import { CliError, Exit } from "./exit-codes.js";

export type StartOptions = { configDir?: string; gateway?: string; timeoutMs?: number };

const canConnect = (endpoint: string): Promise<boolean> =>
  new Promise((resolve) => {
    const s = connect(endpoint);
    s.once("connect", () => {
      s.destroy();
      resolve(true);
    });
    s.once("error", () => resolve(false));
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function runningPid(configDir: string | undefined): Promise<number> {
  const status = await withDaemon(configDir, (d) => d.client.status({}));
  return status.pid;
}

export async function startCommand(o: StartOptions): Promise<number> {
  const paths = resolvePaths(o.configDir);
  if (await canConnect(paths.endpoint)) {
    const pid = await runningPid(o.configDir).catch(() => undefined);
    process.stdout.write(`a daemon is already running${pid ? ` (pid ${pid})` : ""} at ${paths.endpoint}\n`);
    return Exit.ok;
  }
  mkdirSync(paths.dataDir, { recursive: true, mode: 0o700 });
  const logFile = join(paths.dataDir, "daemon.log");
  const log = openSync(logFile, "a", 0o600);
  const args = [process.argv[1]!, "daemon"];
  if (o.configDir !== undefined) args.push("--config-dir", o.configDir);
  if (o.gateway !== undefined) args.push(o.gateway === "" ? "--gateway" : `--gateway=${o.gateway}`);
  const child = spawn(process.execPath, args, {
    detached: true,
    stdio: ["ignore", log, log],
    env: process.env,
  });
  closeSync(log);
  let exited: number | null | undefined;
  child.once("exit", (code) => {
    exited = code;
  });
  const deadline = Date.now() + (o.timeoutMs ?? 30_000);
  while (exited === undefined && Date.now() < deadline) {
    if (await canConnect(paths.endpoint)) {
      child.unref();
      process.stdout.write(
        `zeroclaw daemon started (pid ${child.pid}) at ${paths.endpoint}; log: ${logFile}\n`,
      );
      return Exit.ok;
    }
    await sleep(50);
  }
  if (exited === undefined) {
    child.unref();
    throw new CliError(
      `the daemon (pid ${child.pid}) is not listening yet; see ${logFile}`,
      Exit.cannotStart,
    );
  }
  const tail = readFileSync(logFile, "utf8").trimEnd().split("\n").slice(-5).join("\n");
  process.stderr.write(`${tail}\n`);
  throw new CliError(`the daemon exited with code ${exited}; its log: ${logFile}`, Exit.cannotStart);
}

export async function stopCommand(o: { configDir?: string; timeoutMs?: number }): Promise<number> {
  const paths = resolvePaths(o.configDir);
  if (!(await canConnect(paths.endpoint))) {
    process.stdout.write(`no daemon is running at ${paths.endpoint}\n`);
    return Exit.ok;
  }
  const pid = await runningPid(o.configDir);
  process.kill(pid, "SIGTERM");
  const deadline = Date.now() + (o.timeoutMs ?? 30_000);
  while (Date.now() < deadline) {
    if (!(await canConnect(paths.endpoint))) {
      process.stdout.write(`zeroclaw daemon (pid ${pid}) stopped\n`);
      return Exit.ok;
    }
    await sleep(50);
  }
  throw new CliError(
    `the daemon (pid ${pid}) is still listening after SIGTERM; \`kill ${pid}\` again or -9`,
    Exit.failed,
  );
}
