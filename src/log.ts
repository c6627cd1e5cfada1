// The daemon's log on stderr (SPEC §10): JSON lines, or, when stderr is a terminal, coloured
// human-readable lines through pino-pretty (loaded only then, so a daemon logging to a file or a
// pipe starts as fast as before). Payload contents and secrets are never passed in.
import pino, { type DestinationStream, type Logger } from "pino";

export type { Logger };

/** A log level or format that does not exist; the cli answers it as a usage error (exit 2). */
export class LogSetupError extends Error {
  override name = "LogSetupError";
}

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const options = (level: string) => ({
  level,
  base: { pid: process.pid },
  timestamp: pino.stdTimeFunctions.isoTime,
});

function checkedLevel(level: string): string {
  if (!(LOG_LEVELS as readonly string[]).includes(level))
    throw new LogSetupError(
      `unknown log level ${JSON.stringify(level)}: use one of ${LOG_LEVELS.join(", ")}`,
    );
  return level;
}

export function createLogger(level = process.env.ZEROCLAW_LOG_LEVEL || "info"): Logger {
  // Synchronous writes: log lines are few (connections, turns, refusals) and must survive a prompt exit.
  return pino(options(checkedLevel(level)), pino.destination({ fd: 2, sync: true }));
}

/**
 * The daemon's logger: level from --log-level, else ZEROCLAW_LOG_LEVEL, else info; format from
 * ZEROCLAW_LOG_FORMAT ("json" | "pretty"), else pretty on a TTY and JSON otherwise.
 */
export async function createDaemonLogger(
  levelFlag?: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Logger> {
  const level = checkedLevel(levelFlag ?? (env.ZEROCLAW_LOG_LEVEL || "info"));
  const format = env.ZEROCLAW_LOG_FORMAT || (process.stderr.isTTY ? "pretty" : "json");
  if (format !== "pretty" && format !== "json")
    throw new LogSetupError(`ZEROCLAW_LOG_FORMAT=${format}: use json or pretty`);
  if (format === "json") return createLogger(level);
  const { default: pretty } = await import("pino-pretty");
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== "";
  const stream: DestinationStream = pretty({
    destination: 2,
    sync: true,
    colorize: !noColor && (process.stderr.isTTY === true || (env.FORCE_COLOR ?? "0") !== "0"),
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname",
    singleLine: true,
  });
  return pino(options(level), stream);
}

/** The logging a connection's parts do: pino's methods, with the connection's fields bound. */
export type EventLog = {
  debug(obj: object, msg?: string): void;
  info(obj: object | string, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

/**
 * Binds fields to every line without a pino child per connection: idle connections are kept small
 * (SPEC §2), and a child logger costs more than the few lines a connection usually writes. A class,
 * so each connection holds two fields rather than four closures.
 */
class BoundLog implements EventLog {
  constructor(
    private readonly parent: Logger,
    private readonly bindings: Record<string, unknown>,
  ) {}

  private write(level: "debug" | "info" | "warn" | "error", obj: object | string, msg?: string): void {
    if (!this.parent.isLevelEnabled(level)) return;
    if (typeof obj === "string") this.parent[level](this.bindings, obj);
    else this.parent[level]({ ...this.bindings, ...obj }, msg);
  }

  debug(obj: object, msg?: string): void {
    this.write("debug", obj, msg);
  }
  info(obj: object | string, msg?: string): void {
    this.write("info", obj, msg);
  }
  warn(obj: object, msg?: string): void {
    this.write("warn", obj, msg);
  }
  error(obj: object, msg?: string): void {
    this.write("error", obj, msg);
  }
}

export const boundLog = (parent: Logger, bindings: Record<string, unknown>): EventLog =>
  new BoundLog(parent, bindings);

/** For tests and embedded use: nothing written. */
export const silentLogger = (): Logger => pino({ level: "silent" });
