// SPEC §17 "peer identity without credentials" against real daemon processes. ZEROCLAW_PEERCRED=off
// runs the daemon exactly as if the native addon had not built (peer-credentials.ts never loads it):
// a local peer is then taken to be the daemon's own uid, so with [users] configured the owner's own
// CLI is still the admin owner; the daemon says so once at start, and status.peer_identity tells.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { addonAvailable } from "../src/auth/peer-credentials.js";
import {
  childEnv,
  type DaemonProcess,
  requireBuild,
  spawnDaemon,
  tempDirs,
  waitConnectable,
} from "./helpers/proc-daemon.js";
import { RawClient } from "./helpers/raw-client.js";

const dirs = tempDirs("zc-peerid-");
const running: DaemonProcess[] = [];

beforeAll(() => requireBuild());
afterEach(async () => {
  await Promise.all(running.splice(0).map((d) => d.kill()));
  dirs.cleanup();
});
afterAll(() => dirs.cleanup());

const uid = process.getuid?.() ?? 0;

/** [users] holds somebody else, so a peer nobody can identify would be refused (-32010). */
const USERS_TOML = `
[users.someone]
uid = ${uid + 4242}
permission_profiles = ["viewer"]

[permission_profiles.viewer]
grants = { system = ["read"] }
`;

async function start(extraEnv: Record<string, string>): Promise<{ daemon: DaemonProcess; socket: string }> {
  const home = dirs.make();
  const configDir = join(home, "config");
  mkdirSync(configDir);
  writeFileSync(join(configDir, "config.toml"), USERS_TOML);
  const socket = join(configDir, "data", "daemon.sock");
  const daemon = spawnDaemon({ ...childEnv(home, { ZEROCLAW_CONFIG_DIR: configDir }), ...extraEnv });
  running.push(daemon);
  await waitConnectable(daemon, socket);
  return { daemon, socket };
}

async function initializeAndStatus(
  socket: string,
): Promise<{ init: unknown; status: Record<string, unknown> }> {
  const c = await RawClient.connect(socket);
  try {
    const init = await c.initialize();
    const status = (await c.request("status", {})).result as Record<string, unknown>;
    return { init: init.result ?? init.error, status };
  } finally {
    c.close();
  }
}

const assumedLines = (d: DaemonProcess) =>
  d.logs.filter((l) => /peer credentials are not available/.test(l.msg ?? ""));

describe.skipIf(process.platform === "win32")("local peers without peer credentials", () => {
  it("are the daemon's own uid: the owner's CLI is the admin owner; logged once; status says assumed_owner", async () => {
    const { daemon, socket } = await start({ ZEROCLAW_PEERCRED: "off" });
    for (let i = 0; i < 2; i++) {
      const { init, status } = await initializeAndStatus(socket);
      expect(init).toMatchObject({ principal: { id: "owner", admin: true } });
      expect(status.peer_identity).toBe("assumed_owner");
    }
    const lines = assumedLines(daemon);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, uid, peer_identity: "assumed_owner" });
    // The audit label stays honest: the daemon did not learn who connected.
    expect(daemon.logs.some((l) => l.msg === "connected" && l.peer === "unix:unknown")).toBe(true);
  });

  it.skipIf(!addonAvailable())(
    "with the addon, peers are identified by SO_PEERCRED and nothing is assumed",
    async () => {
      const { daemon, socket } = await start({});
      const { init, status } = await initializeAndStatus(socket);
      expect(init).toMatchObject({ principal: { id: "owner", admin: true } });
      expect(status.peer_identity).toBe("peercred");
      expect(assumedLines(daemon)).toEqual([]);
    },
  );
});
