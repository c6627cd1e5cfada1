// zeroclaw start / stop as a person runs them: start returns once the socket listens with the daemon in
// the background and its log in the data dir; a second start says one is running; stop sends SIGTERM
// and returns once the socket is gone; a daemon that cannot start shows its log's end and exits 4.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { canConnect, childEnv, requireBuild, runCli, tempDirs } from "./helpers/proc-daemon.js";

const dirs = tempDirs("zc-start-");
const started: { env: NodeJS.ProcessEnv }[] = [];
afterAll(async () => {
  for (const s of started) await runCli(["stop"], s.env);
  dirs.cleanup();
});

describe("zeroclaw start / stop", () => {
  it("starts in the background, says when one already runs, stops and waits for the socket to go", async () => {
    requireBuild();
    const home = dirs.make();
    const configDir = join(home, "config");
    const env = childEnv(home, { ZEROCLAW_CONFIG_DIR: configDir });
    delete env.ZEROCLAW_SOCKET;
    started.push({ env });
    const socket = join(configDir, "data", "daemon.sock");

    const first = await runCli(["start"], env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/zeroclaw daemon started \(pid \d+\)/);
    expect(await canConnect(socket)).toBe(true);
    const status = await runCli(["call", "status"], env);
    expect(status.code, status.stderr).toBe(0);
    const pid = (JSON.parse(status.stdout) as { pid: number }).pid;
    expect(first.stdout).toContain(`pid ${pid}`);
    expect(readFileSync(join(configDir, "data", "daemon.log"), "utf8")).toContain("daemon listening");

    const again = await runCli(["start"], env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`already running (pid ${pid})`);

    const stop = await runCli(["stop"], env);
    expect(stop.code, stop.stderr).toBe(0);
    expect(stop.stdout).toContain(`pid ${pid}`);
    expect(await canConnect(socket)).toBe(false);
    expect(existsSync(socket)).toBe(false);
    const none = await runCli(["stop"], env);
    expect(none.code).toBe(0);
    expect(none.stdout).toContain("no daemon is running");
  });

  it("a daemon that cannot start: the end of its log and exit 4", async () => {
    const home = dirs.make();
    const configDir = join(home, "config");
    mkdirSync(configDir);
    writeFileSync(join(configDir, "config.toml"), "[sesions]\nmax_live = 3\n");
    const env = childEnv(home, { ZEROCLAW_CONFIG_DIR: configDir });
    delete env.ZEROCLAW_SOCKET;
    const r = await runCli(["start"], env);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain("did you mean sessions?");
    expect(r.stderr).toContain("daemon.log");
  });
});
