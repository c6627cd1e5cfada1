// SPEC §16: `--socket` against a running daemon is non-destructive and repeatable. Two runs in a row
// on one of our daemons give the same per-case results, leave config.toml byte-identical, skip (and
// say so) every case that would change settings, and leave no session behind.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  childEnv,
  type DaemonProcess,
  REPO_ROOT,
  requireBuild,
  run,
  startDaemon,
  tempDirs,
} from "./helpers/proc-daemon.js";

const SUITE = join(REPO_ROOT, "conformance", "dist", "cli.js");
// Formatting a rewrite would not reproduce: any write to the file shows.
const CONFIG = "# kept exactly as written\n[rpc]\nmax_local_connections   =  512 # default, spelled out\n";

const dirs = tempDirs("zc-socket-repeat-");
let daemon: DaemonProcess;
let configFile: string;
let socketPath: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  requireBuild();
  execFileSync(process.execPath, [join(REPO_ROOT, "conformance", "build.mjs")]);
  const home = dirs.make();
  const configDir = join(home, "config");
  mkdirSync(configDir);
  configFile = join(configDir, "config.toml");
  writeFileSync(configFile, CONFIG);
  socketPath = join(home, "data", "daemon.sock");
  env = childEnv(home, { ZEROCLAW_CONFIG_DIR: configDir, ZEROCLAW_DATA_DIR: join(home, "data") });
  daemon = await startDaemon(env, socketPath);
});

afterAll(async () => {
  await daemon?.kill();
  dirs.cleanup();
});

/** Per-case lines with the run's token blanked: what must agree between runs. */
function verdicts(stdout: string): string[] {
  return stdout
    .split("\n")
    .filter((line) => /^(ok|FAIL|skip|n\/i) /.test(line))
    .map((line) => line.replaceAll(/r[0-9a-f]{8}/g, "RUN"));
}

async function sessionIds(): Promise<string[]> {
  const lines = [
    { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: 1 } },
    { jsonrpc: "2.0", id: 2, method: "session/list", params: {} },
  ];
  const script = `const s=require("node:net").connect(process.argv[1]);let b="";s.on("data",d=>{b+=d;if(b.split("\\n").length>2){process.stdout.write(b);s.end()}});s.write(process.argv[2])`;
  const result = await run(
    process.execPath,
    ["-e", script, socketPath, lines.map((l) => `${JSON.stringify(l)}\n`).join("")],
    env,
  );
  const list = result.stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { id: number; result: { sessions?: { session_id: string }[] } })
    .find((message) => message.id === 2);
  return (list?.result.sessions ?? []).map((session) => session.session_id);
}

describe("two --socket runs in a row on one daemon", () => {
  it("agree case by case, skip settings writes, and leave config.toml and the sessions as they were", async () => {
    const sessionsBefore = await sessionIds();
    const first = await run(process.execPath, [SUITE, "--socket", socketPath], env);
    const second = await run(process.execPath, [SUITE, "--socket", socketPath], env);
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(second.code, second.stdout + second.stderr).toBe(0);
    expect(verdicts(second.stdout)).toEqual(verdicts(first.stdout));
    expect(verdicts(first.stdout).filter((line) => line.startsWith("ok ")).length).toBeGreaterThan(50);
    expect(first.stdout).not.toMatch(/^FAIL /m);
    // The replayed config/set and config/set-many examples that a daemon accepts are skipped, with
    // the reason; those it refuses run (and check that nothing changed).
    for (const example of ["openrpc/config/set/set a limit", "openrpc/config/set-many/two limits"]) {
      expect(first.stdout).toContain(`skip ${example}: would change the daemon's settings`);
    }
    for (const example of [
      "openrpc/config/set/a value of the wrong type",
      "openrpc/config/set-many/an invalid entry",
      "openrpc/pairing/create/an unknown user",
    ]) {
      expect(first.stdout).toContain(`ok   ${example}\n`);
    }
    expect(first.stdout).toMatch(/run with --allow-writes/);
    // Nine in ten of the cases a running daemon can host run against it (issue 21).
    const coverage = /^live daemon: (\d+) of the (\d+) cases a running daemon can host ran/m.exec(
      first.stdout,
    );
    expect(coverage, first.stdout).not.toBeNull();
    const [ran, eligible] = [Number(coverage?.[1]), Number(coverage?.[2])];
    expect(eligible).toBeGreaterThan(120);
    expect(ran / eligible).toBeGreaterThanOrEqual(0.9);
    expect(readFileSync(configFile, "utf8")).toBe(CONFIG);
    expect(await sessionIds()).toEqual(sessionsBefore);
    // Same closing line, table included.
    const tail = (stdout: string) => stdout.trim().split("\n").slice(-15).join("\n");
    expect(tail(second.stdout)).toBe(tail(first.stdout));
    expect(first.stdout.trim().split("\n").pop()).toMatch(/^\d+ passed, 0 failed, \d+ skipped$/);
  }, 240_000);
});
