// zeroclaw daemon [--config-dir DIR] [--ephemeral] [--gateway[=HOST:PORT]] [--log-level LEVEL]: runs in the
// foreground until SIGINT/SIGTERM (or, with --ephemeral, until the last client leaves), then exits 0.
// A daemon that cannot start says why in one line and what to change (exit 4).
import { join } from "node:path";
import { ConfigError } from "../config/config-file.js";
import { resolvePaths } from "../config/paths.js";
import { Daemon, type GatewayOverride } from "../daemon/daemon.js";
import { DataDirBusyError } from "../daemon/data-dir-lock.js";
import { EndpointBlockedError, EndpointBusyError } from "../daemon/endpoint-lock.js";
import { createDaemonLogger, type Logger, LogSetupError } from "../log.js";
import { CliError, Exit, usageError } from "./exit-codes.js";

/** The logger, or a usage error (exit 2) for a level or format that does not exist. */
async function daemonLogger(level: string | undefined): Promise<Logger> {
  try {
    return await createDaemonLogger(level);
  } catch (err) {
    if (err instanceof LogSetupError) throw new CliError(err.message, Exit.usage);
    throw err;
  }
}

export async function daemonCommand(opts: {
  configDir?: string;
  ephemeral: boolean;
  gateway: boolean | GatewayOverride;
  logLevel?: string;
}): Promise<number> {
  const log = await daemonLogger(opts.logLevel);
  // Node ends the process on an unhandled rejection. In the daemon one would almost always come from
  // one connection's request (a hostile or broken client hitting a bug), and ending the process would
  // end every other client's turns with it: log it as the bug it is and keep serving.
  process.on("unhandledRejection", (reason) => {
    log.error({ err: reason }, "unhandled promise rejection (a bug): the daemon goes on");
  });
  let daemon: Daemon | undefined;
  let stopRequested: string | undefined;
  let exit: (code: number) => void = () => {};
  const done = new Promise<number>((resolve) => {
    exit = resolve;
  });
  const stop = (reason: string): void => {
    if (!daemon) {
      // Still starting: stop as soon as start-up has finished (the socket may already accept).
      stopRequested ??= reason;
      return;
    }
    daemon.stop(reason).then(
      () => exit(0),
      (err: unknown) => {
        log.error({ err }, "shutdown failed");
        exit(1);
      },
    );
  };
  // Installed before start-up, so a signal during it still ends in a clean stop.
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
  try {
    daemon = await Daemon.start({
      configDir: opts.configDir,
      ephemeral: opts.ephemeral,
      gateway: opts.gateway,
      log,
      onSelfStop: () => stop("ephemeral"),
    });
  } catch (err) {
    throw startFailure(err, opts.configDir);
  }
  if (stopRequested) stop(stopRequested);
  return done;
}

/**
 * --gateway=HOST:PORT, HOST:, :PORT or PORT (an IPv6 host in brackets: [::1]:8080); what is left out
 * comes from gateway.host / gateway.port.
 */
export function parseGatewayAddress(text: string): GatewayOverride {
  const m = /^(?:\[([0-9A-Fa-f:.]+)\]|([^:[\]]*))(?::(\d*))?$/.exec(text);
  const bad = (): never => {
    throw usageError(
      `--gateway=${text}: expected HOST:PORT, :PORT or PORT (e.g. --gateway=127.0.0.1:42617, --gateway=:8080)`,
    );
  };
  if (!m) return bad();
  let host = m[1] ?? m[2] ?? "";
  let portText = m[3];
  // A lone number is a port: --gateway=8080.
  if (portText === undefined && m[1] === undefined && /^\d+$/.test(host)) {
    portText = host;
    host = "";
  }
  const out: GatewayOverride = {};
  if (host !== "") out.host = host;
  if (portText !== undefined && portText !== "") {
    const port = Number(portText);
    if (!Number.isInteger(port) || port < 0 || port > 65535) return bad();
    out.port = port;
  }
  if (out.host === undefined && out.port === undefined) return bad();
  return out;
}

/** Why the daemon could not start, as one line that names the setting to change. */
function startFailure(err: unknown, configDir: string | undefined): CliError {
  if (
    err instanceof EndpointBusyError ||
    err instanceof EndpointBlockedError ||
    err instanceof DataDirBusyError ||
    err instanceof ConfigError
  )
    return new CliError(err.message, Exit.cannotStart);
  const e = err as NodeJS.ErrnoException & { address?: string; port?: number };
  const configFile = join(resolvePaths(configDir).configDir, "config.toml");
  if (e.code === "EADDRINUSE" && e.syscall === "listen" && e.port !== undefined)
    return new CliError(
      `gateway port ${e.address ?? ""}:${e.port} is already in use: set gateway.port in ${configFile} to a free port (0 picks one), start with --gateway=:PORT, or stop what listens there`,
      Exit.cannotStart,
    );
  if ((e.code === "EACCES" || e.code === "EADDRNOTAVAIL") && e.syscall === "listen" && e.port !== undefined)
    return new CliError(
      `cannot listen on ${e.address ?? ""}:${e.port} (${e.code}): change gateway.host / gateway.port in ${configFile}`,
      Exit.cannotStart,
    );
  if (e.code === "EACCES" || e.code === "EPERM" || e.code === "ENOENT" || e.code === "ENOTDIR")
    return new CliError(
      `cannot start: ${e.message} (check ZEROCLAW_CONFIG_DIR, ZEROCLAW_DATA_DIR and ZEROCLAW_SOCKET)`,
      Exit.cannotStart,
    );
  return err instanceof CliError
    ? err
    : new CliError(`cannot start: ${e.message ?? String(err)}`, Exit.cannotStart);
}
