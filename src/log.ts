// Structured JSON logs on stderr (SPEC §10). Payload contents and secrets are never passed in.
import pino, { type Logger } from "pino";

export type { Logger };

export function createLogger(level = process.env.ZEROCLAW_LOG_LEVEL ?? "info"): Logger {
  // Synchronous writes: log lines are rare (connections, refusals) and must survive a prompt exit.
  return pino(
    { level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime },
    pino.destination({ fd: 2, sync: true }),
  );
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
