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

/** For tests and embedded use: nothing written. */
export const silentLogger = (): Logger => pino({ level: "silent" });
