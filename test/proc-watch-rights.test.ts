// SPEC §17 as `zeroclaw watch` shows it: real daemon and CLI processes. When the watcher's profile loses
// sessions:read, the daemon ends the subscription (subscription_ended, not_granted) and watch says so
// and exits 1 instead of sitting there receiving nothing.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BIN,
  childEnv,
  type DaemonProcess,
  requireBuild,
  runCli,
  startDaemon,
  tempDirs,
} from "./helpers/proc-daemon.js";

const dirs = tempDirs("zc-watch-rights-");
let daemon: DaemonProcess;
let env: NodeJS.ProcessEnv;
const uid = process.getuid?.() ?? 0;

beforeAll(async () => {
  requireBuild();
  const home = dirs.make();
  const configDir = join(home, "config");
  mkdirSync(configDir);
  // This uid is a plain user (not the owner) who may edit profiles: it takes its own right away.
  writeFileSync(
    join(configDir, "config.toml"),
    `[security]
trust_daemon_uid = false

[users.me]
uid = ${uid}
permission_profiles = ["p"]

[permission_profiles.p]
grants = { sessions = ["*"], system = ["read"], config = ["read", "update"] }
config_write_paths = ["permission_profiles.*"]
allowed_agents = ["default"]
`,
  );
  const socket = join(home, "zc.sock");
  env = childEnv(home, { ZEROCLAW_CONFIG_DIR: configDir, ZEROCLAW_SOCKET: socket });
  daemon = await startDaemon(env, socket);
});

afterAll(async () => {
  await daemon?.kill();
  dirs.cleanup();
});

describe("zeroclaw watch when the subscription is ended", () => {
  it("says why and exits 1 once its right to the session is gone", async () => {
    const created = await runCli(["call", "session/new", '{"session_id":"w"}'], env);
    expect(created.code, created.stderr).toBe(0);
    const watch: ChildProcess = spawn(process.execPath, [BIN, "watch", "w"], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let err = "";
    watch.stderr!.setEncoding("utf8").on("data", (t: string) => {
      err += t;
    });
    watch.stdout!.resume();
    const exited = new Promise<number | null>((r) => watch.once("close", (code) => r(code)));
    const deadline = Date.now() + 15_000;
    while (!err.includes("[watching] w")) {
      if (Date.now() > deadline) throw new Error(`watch did not subscribe: ${err}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    const revoked = await runCli(
      [
        "call",
        "config/set",
        '{"prop":"permission_profiles.p.grants","value":{"system":["read"],"config":["*"]}}',
      ],
      env,
    );
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(await exited).toBe(1);
    expect(err).toContain("the daemon ended the subscription (not_granted)");
  });
});
