// zeroclaw daemon [--config-dir DIR] [--ephemeral] [--gateway]: runs in the foreground until
// SIGINT/SIGTERM (or, with --ephemeral, until the last client leaves), then exits 0.
import { ConfigError } from "../config/config-file.js";
import { Daemon } from "../daemon/daemon.js";
import { EndpointBlockedError, EndpointBusyError } from "../daemon/endpoint-lock.js";
import { createLogger } from "../log.js";

export async function daemonCommand(opts: {
  configDir?: string;
  ephemeral: boolean;
  gateway: boolean;
}): Promise<number> {
  const log = createLogger();
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
    if (
      err instanceof EndpointBusyError ||
      err instanceof EndpointBlockedError ||
      err instanceof ConfigError
    ) {
      process.stderr.write(`zeroclaw daemon: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
  if (stopRequested) stop(stopRequested);
  return done;
}
