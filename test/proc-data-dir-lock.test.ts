// SPEC §17 "one daemon per data dir" against real `zeroclaw daemon` processes: a second daemon on the
// same data dir exits 4 naming the live pid, whatever its socket; a SIGKILLed daemon never blocks a
// restart (the OS lock dies with the process).
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  childEnv,
  type DaemonProcess,
  requireBuild,
  spawnDaemon,
  tempDirs,
  waitConnectable,
} from "./helpers/proc-daemon.js";
import { RawClient } from "./helpers/raw-client.js";

const dirs = tempDirs();
const running: DaemonProcess[] = [];

beforeAll(() => requireBuild());

afterEach(async () => {
  await Promise.all(running.splice(0).map((d) => d.kill()));
  dirs.cleanup();
});

afterAll(() => dirs.cleanup());

/** One data dir, and a socket of our choosing for each daemon (outside the data dir). */
function layout(): {
  home: string;
  dataDir: string;
  env(socket: string): NodeJS.ProcessEnv;
  sock(n: string): string;
} {
  const home = dirs.make();
  const dataDir = join(home, "data");
  const configDir = join(home, "config");
  mkdirSync(configDir);
  mkdirSync(join(home, "run"));
  return {
    home,
    dataDir,
    env: (socket) =>
      childEnv(home, { ZEROCLAW_CONFIG_DIR: configDir, ZEROCLAW_DATA_DIR: dataDir, ZEROCLAW_SOCKET: socket }),
    sock: (n) => join(home, "run", `${n}.sock`),
  };
}

async function start(env: NodeJS.ProcessEnv, socket: string): Promise<DaemonProcess> {
  const d = spawnDaemon(env);
  running.push(d);
  await waitConnectable(d, socket);
  return d;
}

async function statusPid(socket: string): Promise<unknown> {
  const c = await RawClient.connect(socket);
  try {
    await c.initialize();
    return ((await c.request("status", {})).result as { pid?: number } | undefined)?.pid;
  } finally {
    c.close();
  }
}

describe("one daemon per data dir", () => {
  it("a second daemon on another socket exits 4 naming the data dir and the live pid; the first serves on", async () => {
    const l = layout();
    const first = await start(l.env(l.sock("a")), l.sock("a"));
    const second = spawnDaemon(l.env(l.sock("b")));
    running.push(second);
    const exit = await second.waitExit();
    expect(exit.code).toBe(4);
    expect(second.stderr).toContain(`data dir ${l.dataDir} is in use by zeroclaw daemon (pid ${first.pid})`);
    // It never got as far as its own socket, and the first daemon is untouched.
    expect(existsSync(l.sock("b"))).toBe(false);
    expect(await statusPid(l.sock("a"))).toBe(first.pid);
  });

  it("a second daemon on the same socket is refused the same way, before it touches the endpoint", async () => {
    const l = layout();
    const first = await start(l.env(l.sock("a")), l.sock("a"));
    const second = spawnDaemon(l.env(l.sock("a")));
    running.push(second);
    expect((await second.waitExit()).code).toBe(4);
    expect(second.stderr).toContain(`is in use by zeroclaw daemon (pid ${first.pid})`);
    expect(await statusPid(l.sock("a"))).toBe(first.pid);
  });

  it("a SIGKILLed daemon never blocks a restart, on any socket", async () => {
    const l = layout();
    const first = await start(l.env(l.sock("a")), l.sock("a"));
    first.child.kill("SIGKILL");
    expect((await first.waitExit()).signal).toBe("SIGKILL");
    // The lock file stays behind (nobody removed it) and names the dead daemon.
    expect(readFileSync(join(l.dataDir, "daemon.lock")).readUInt32BE(60)).toBe(first.pid);
    const next = await start(l.env(l.sock("b")), l.sock("b"));
    expect(await statusPid(l.sock("b"))).toBe(next.pid);
    // And the one after it is refused again: the restarted daemon holds the lock.
    const third = spawnDaemon(l.env(l.sock("c")));
    running.push(third);
    expect((await third.waitExit()).code).toBe(4);
    expect(third.stderr).toContain(`(pid ${next.pid})`);
  });

  it("a daemon that stopped cleanly leaves the data dir free", async () => {
    const l = layout();
    const first = await start(l.env(l.sock("a")), l.sock("a"));
    first.child.kill("SIGTERM");
    expect(await first.waitExit()).toEqual({ code: 0, signal: null });
    const next = await start(l.env(l.sock("a")), l.sock("a"));
    expect(await statusPid(l.sock("a"))).toBe(next.pid);
  });
});
