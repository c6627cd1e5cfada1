// A bug that leaves a promise rejected unhandled must not take the daemon (and every other client's
// turns) down: Node's default ends the process; the daemon logs the rejection as an error and goes on.
// The bug is planted from outside the daemon's code: a module preloaded with --import rejects a
// promise when the process gets SIGUSR2, so the test decides when it happens.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childEnv, type DaemonProcess, requireBuild, startDaemon, tempDirs } from "./helpers/proc-daemon.js";
import { RawClient } from "./helpers/raw-client.js";

const PLANT = `process.on("SIGUSR2", () => { Promise.reject(new Error("planted bug")); });`;

const dirs = tempDirs("zc-unhandled-");
let daemon: DaemonProcess | undefined;
beforeAll(() => requireBuild());
afterAll(async () => {
  await daemon?.kill();
  dirs.cleanup();
});

describe("an unhandled rejection in the daemon", () => {
  it("is logged as an error and the daemon keeps serving", async () => {
    const home = dirs.make();
    const socket = join(home, "zc.sock");
    const env = childEnv(home, {
      ZEROCLAW_CONFIG_DIR: join(home, "config"),
      ZEROCLAW_SOCKET: socket,
      NODE_OPTIONS: `--import=data:text/javascript,${encodeURIComponent(PLANT)}`,
    });
    daemon = await startDaemon(env, socket);
    daemon.child.kill("SIGUSR2");
    const line = await daemon.waitForLog((l) => /unhandled promise rejection/.test(l.msg ?? ""));
    expect(line.level).toBe(50);
    expect(JSON.stringify(line)).toContain("planted bug");
    const c = await RawClient.connect(socket);
    await c.initialize();
    expect((await c.request("status", {})).result).toMatchObject({ pid: daemon.pid });
    c.close();
    expect(daemon.running).toBe(true);
  });
});
