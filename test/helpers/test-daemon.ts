// Starts the real daemon in this process on a real Unix socket in a fresh temp dir, with a config.toml
// written from `toml`, and captures its structured log lines for assertions.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { Daemon, type DaemonOptions } from "../../src/daemon/daemon.js";

export type LogLine = { level: number; msg: string; [key: string]: unknown };

export type TestDaemon = {
  daemon: Daemon;
  dir: string;
  endpoint: string;
  logs: LogLine[];
  stop(): Promise<void>;
};

export async function startTestDaemon(
  toml = "",
  options: Pick<DaemonOptions, "ephemeral" | "onSelfStop" | "gateway"> & {
    env?: NodeJS.ProcessEnv;
    /** Where the temp dir goes (default the OS temp dir). */
    parentDir?: string;
  } = {},
): Promise<TestDaemon> {
  const dir = mkdtempSync(join(options.parentDir ?? tmpdir(), "zc-test-"));
  const configDir = join(dir, "config");
  mkdirSync(configDir);
  writeFileSync(join(configDir, "config.toml"), toml);
  const logs: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString("utf8").split("\n")) if (line) logs.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const log = pino({ level: "debug" }, sink);
  const { env, parentDir: _parentDir, ...rest } = options;
  const daemon = await Daemon.start({
    env: { ZEROCLAW_CONFIG_DIR: configDir, ZEROCLAW_DATA_DIR: join(dir, "data"), ...env },
    log,
    ...rest,
  });
  return {
    daemon,
    dir,
    endpoint: daemon.paths.endpoint,
    logs,
    async stop() {
      await daemon.stop("test done");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
