// SPEC §10 --ephemeral against a real daemon process with rpc.ephemeral_grace_ms = 200. Readiness is
// taken from the "daemon listening" log line, never from a probe connection: a probe would count as
// the first client.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { childEnv, type DaemonProcess, requireBuild, spawnDaemon, tempDirs } from "./helpers/proc-daemon.js";
import { RawClient } from "./helpers/raw-client.js";

const GRACE_MS = 200;
const dirs = tempDirs("zc-eph-");
const running: DaemonProcess[] = [];
const clients: RawClient[] = [];

beforeAll(() => requireBuild());

afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await Promise.all(running.splice(0).map((d) => d.kill()));
  dirs.cleanup();
});

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function launch(args: string[]): Promise<{ daemon: DaemonProcess; socket: string }> {
  const home = dirs.make();
  const configDir = join(home, "config");
  mkdirSync(configDir);
  writeFileSync(join(configDir, "config.toml"), `[rpc]\nephemeral_grace_ms = ${GRACE_MS}\n`);
  const daemon = spawnDaemon(childEnv(home, { ZEROCLAW_CONFIG_DIR: configDir }), args);
  running.push(daemon);
  await daemon.waitForLog((l) => l.msg === "daemon listening");
  return { daemon, socket: join(configDir, "data", "daemon.sock") };
}

async function client(socket: string): Promise<RawClient> {
  const c = await RawClient.connect(socket);
  clients.push(c);
  await c.initialize();
  return c;
}

async function statusOk(c: RawClient): Promise<void> {
  const res = await c.request("status", {});
  expect(res.error).toBeUndefined();
  expect(res.result).toMatchObject({ protocol_version: 1 });
}

/** Waits until the daemon has logged `count` disconnects. */
const disconnects = (d: DaemonProcess, count: number): Promise<unknown> =>
  d.waitForLog(() => d.logs.filter((l) => l.msg === "disconnected").length >= count);

describe("--ephemeral", () => {
  it("never exits before a first client has connected", async () => {
    const { daemon, socket } = await launch(["--ephemeral"]);
    await sleep(GRACE_MS * 5);
    expect(daemon.running).toBe(true);

    // Still serving, and the ephemeral rule applies from the first client on.
    const c = await client(socket);
    await statusOk(c);
    c.close();
    expect(await daemon.waitExit()).toEqual({ code: 0, signal: null });
    expect(existsSync(socket)).toBe(false);
  });

  it("exits 0 only after the last of two clients has disconnected", async () => {
    const { daemon, socket } = await launch(["--ephemeral"]);
    const a = await client(socket);
    const b = await client(socket);

    a.close();
    await disconnects(daemon, 1);
    await sleep(GRACE_MS * 3);
    expect(daemon.running).toBe(true);
    await statusOk(b);

    b.close();
    expect(await daemon.waitExit()).toEqual({ code: 0, signal: null });
    expect(existsSync(socket)).toBe(false);
    expect(existsSync(`${socket}.lock`)).toBe(false);
  });

  it("a reconnect during the grace period cancels the exit", async () => {
    const { daemon, socket } = await launch(["--ephemeral"]);
    const a = await client(socket);
    a.close();
    await disconnects(daemon, 1); // the grace timer is running from here
    const b = await RawClient.connect(socket);
    clients.push(b);

    await sleep(GRACE_MS * 3);
    expect(daemon.running).toBe(true);
    await b.initialize();
    await statusOk(b);

    b.close();
    expect(await daemon.waitExit()).toEqual({ code: 0, signal: null });
  });

  it("without --ephemeral keeps running after every client has left", async () => {
    const { daemon, socket } = await launch([]);
    const a = await client(socket);
    await statusOk(a);
    a.close();
    await disconnects(daemon, 1);
    await sleep(GRACE_MS * 5);
    expect(daemon.running).toBe(true);

    const b = await client(socket);
    await statusOk(b);
    b.close();
    daemon.child.kill("SIGTERM");
    expect(await daemon.waitExit()).toEqual({ code: 0, signal: null });
  });
});
