// SPEC §4 principals from real peer uids (SO_PEERCRED) against a real daemon process: the daemon runs
// as uid 65534 (nobody) and the test, as root (uid 0), connects over the Unix socket, so the two ends
// have different uids. [users] maps uid 0 to a non-admin user; the daemon's own uid is the owner while
// security.trust_daemon_uid. Grants per method (§5), config write paths (§6), policy changes reaching an
// open connection at its next call. Needs root, to spawn under another uid.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseToml } from "smol-toml";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  childEnv,
  type DaemonProcess,
  requireBuild,
  tempDirs,
  waitConnectable,
} from "./helpers/proc-daemon.js";
import {
  callsAs,
  chownTree,
  NOBODY,
  runNodeAs,
  runningAsRoot,
  spawnDaemonAs,
  unreadableBy,
} from "./helpers/proc-identity.js";
import { RawClient, type WireMessage } from "./helpers/raw-client.js";

const ROOT = runningAsRoot();

const dirs = tempDirs("zc-uid-");
const running: DaemonProcess[] = [];
const clients: RawClient[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await Promise.all(running.splice(0).map((d) => d.kill()));
  dirs.cleanup();
});

afterAll(() => dirs.cleanup());

/** uid 0 is `rootuser`, a viewer: system and config read, config update limited to sessions.*. */
const VIEWER_TOML = `
[users.rootuser]
uid = 0
permission_profiles = ["viewer"]

[permission_profiles.viewer]
admin = false
grants = { system = ["read"], config = ["read", "update"] }
config_write_paths = ["sessions.*"]
`;

/** Nobody is mapped to uid 0, and the daemon's own uid is not trusted. */
const UNTRUSTING_TOML = `
[security]
trust_daemon_uid = false

[users.someone]
uid = 4242
permission_profiles = ["viewer"]

[permission_profiles.viewer]
grants = { system = ["read"] }
`;

type Layout = { home: string; configDir: string; configFile: string; socket: string };

/** A temp HOME owned by nobody, with ZEROCLAW_CONFIG_DIR=<home>/config holding `toml`. */
function layout(toml: string): Layout {
  const home = dirs.make();
  const configDir = join(home, "config");
  const configFile = join(configDir, "config.toml");
  mkdirSync(configDir);
  writeFileSync(configFile, toml);
  chownTree(home, NOBODY);
  return { home, configDir, configFile, socket: join(configDir, "data", "daemon.sock") };
}

async function startAsNobody(l: Layout): Promise<DaemonProcess> {
  const d = spawnDaemonAs(NOBODY, childEnv(l.home, { ZEROCLAW_CONFIG_DIR: l.configDir }));
  running.push(d);
  await waitConnectable(d, l.socket);
  return d;
}

/** A connection from this process (uid 0). */
async function connectAsRoot(socket: string): Promise<RawClient> {
  const c = await RawClient.connect(socket);
  clients.push(c);
  return c;
}

async function initializedAsRoot(socket: string): Promise<RawClient> {
  const c = await connectAsRoot(socket);
  const init = await c.request("initialize", { protocolVersion: 1 });
  expect(init.error, JSON.stringify(init)).toBeUndefined();
  return c;
}

const resultOf = (m: WireMessage | undefined): Record<string, unknown> => {
  if (!m || m.error || m.result === undefined) throw new Error(`expected a result: ${JSON.stringify(m)}`);
  return m.result as Record<string, unknown>;
};

describe.skipIf(!ROOT)(
  "peer uid → principal (needs root: runs the daemon as uid 65534 and connects as uid 0)",
  () => {
    beforeAll(async () => {
      requireBuild();
      const unreadable = await unreadableBy(NOBODY);
      if (unreadable.length > 0)
        throw new Error(
          `the daemon cannot run as uid ${NOBODY.uid}: these repository files are not readable by it:\n` +
            unreadable.join("\n"),
        );
    });

    describe("uid 0 mapped to the non-admin user rootuser", () => {
      it("the daemon really runs as 65534, and uid 0 initializes as {id: rootuser, admin: false}", async () => {
        const l = layout(VIEWER_TOML);
        const d = await startAsNobody(l);
        const procStatus = readFileSync(`/proc/${d.pid}/status`, "utf8");
        expect(procStatus).toMatch(/^Uid:\s+65534\s+65534\s+65534\s+65534$/m);

        const c = await connectAsRoot(l.socket);
        const init = resultOf(await c.request("initialize", { protocolVersion: 1 }));
        expect(init.principal).toEqual({ id: "rootuser", admin: false });
        await d.waitForLog(
          (line) => line.msg === "initialized" && line.peer === `unix:pid=${process.pid},uid=0`,
        );

        const status = resultOf(await c.request("status", {}));
        expect(status.pid).toBe(d.pid);
        expect(status.endpoint).toBe(l.socket);
      });

      it("pairing/* without pairing:manage → -32012 not_granted naming the grant and the method", async () => {
        const l = layout(VIEWER_TOML);
        await startAsNobody(l);
        const c = await initializedAsRoot(l.socket);
        for (const [method, params] of [
          ["pairing/list", {}],
          ["pairing/create", { user: "rootuser" }],
          ["pairing/revoke", { token_id: "tok_0000" }],
        ] as const) {
          const res = await c.request(method, params);
          expect(res.error?.code, method).toBe(-32012);
          expect(res.error?.data).toEqual({ reason: "not_granted", grant: "pairing:manage", method });
        }
        // The connection is still usable after the refusals.
        expect(resultOf(await c.request("status", {})).pid).toBeTypeOf("number");
      });

      it("config/set on an allowed path (sessions.*) is written to the live config and to config.toml", async () => {
        const l = layout(VIEWER_TOML);
        await startAsNobody(l);
        const c = await initializedAsRoot(l.socket);
        expect(resultOf(await c.request("config/set", { prop: "sessions.max_live", value: 3 }))).toEqual({
          prop: "sessions.max_live",
          set: true,
        });
        expect(resultOf(await c.request("config/get", { prop: "sessions.max_live" }))).toEqual({
          prop: "sessions.max_live",
          value: 3,
        });
        const persisted = parseToml(readFileSync(l.configFile, "utf8")) as {
          sessions?: { max_live?: number };
        };
        expect(persisted.sessions?.max_live).toBe(3);
      });

      it("config/set outside config_write_paths → -32012 config_path_forbidden index 0; config.toml untouched", async () => {
        const l = layout(VIEWER_TOML);
        await startAsNobody(l);
        const c = await initializedAsRoot(l.socket);
        const before = readFileSync(l.configFile);
        for (const prop of [
          "rpc.max_frame_bytes",
          "users.rootuser.permission_profiles",
          "security.trust_daemon_uid",
        ]) {
          const value = prop === "rpc.max_frame_bytes" ? 1024 : prop.startsWith("users") ? ["viewer"] : false;
          const res = await c.request("config/set", { prop, value });
          expect(res.error?.code, prop).toBe(-32012);
          expect(res.error?.data, prop).toEqual({ reason: "config_path_forbidden", index: 0, prop });
        }
        expect(readFileSync(l.configFile).equals(before)).toBe(true);
      });

      it("config/set-many [allowed, forbidden] → config_path_forbidden index 1 and nothing is written", async () => {
        const l = layout(VIEWER_TOML);
        await startAsNobody(l);
        const c = await initializedAsRoot(l.socket);
        const liveBefore = resultOf(await c.request("config/get", { prop: "sessions.max_live" })).value;
        const before = readFileSync(l.configFile);

        const res = await c.request("config/set-many", {
          sets: [
            { prop: "sessions.max_live", value: 7 },
            { prop: "gateway.port", value: 4321 },
          ],
        });
        expect(res.error?.code).toBe(-32012);
        expect(res.error?.data).toEqual({ reason: "config_path_forbidden", index: 1, prop: "gateway.port" });

        expect(readFileSync(l.configFile).equals(before)).toBe(true);
        const liveAfter = resultOf(await c.request("config/get", { prop: "sessions.max_live" })).value;
        expect(liveAfter).toEqual(liveBefore);
        expect(liveAfter).not.toBe(7);
      });
    });

    describe("the daemon's own uid", () => {
      it("is the admin owner while trust_daemon_uid (default true), even with [users] configured", async () => {
        const l = layout(VIEWER_TOML);
        const d = await startAsNobody(l);
        const [init, status, list] = await callsAs(NOBODY, l.socket, [
          ["status", {}],
          ["pairing/list", {}],
        ]);
        expect(resultOf(init).principal).toEqual({ id: "owner", admin: true });
        expect(resultOf(status).pid).toBe(d.pid);
        expect(resultOf(list)).toEqual({ tokens: [] });
        await d.waitForLog(
          (line) => line.msg === "initialized" && /^unix:pid=\d+,uid=65534$/.test(line.peer ?? ""),
        );
      });

      it("creates tokens; a token sent on the local socket is ignored (uid 0 stays rootuser)", async () => {
        const l = layout(
          `${VIEWER_TOML}\n[users.boss]\npermission_profiles = ["admin"]\n\n[permission_profiles.admin]\nadmin = true\n`,
        );
        await startAsNobody(l);
        const [, created] = await callsAs(NOBODY, l.socket, [["pairing/create", { user: "boss" }]]);
        const { token } = resultOf(created) as { token: string };
        const c = await connectAsRoot(l.socket);
        const init = resultOf(await c.request("initialize", { protocolVersion: 1, auth_token: token }));
        expect(init.principal).toEqual({ id: "rootuser", admin: false });
        expect((await c.request("pairing/list", {})).error?.data).toMatchObject({ reason: "not_granted" });
      });

      it("stops being the owner at its next call once trust_daemon_uid is set to false", async () => {
        const l = layout(VIEWER_TOML);
        await startAsNobody(l);
        const [init, set, status] = await callsAs(NOBODY, l.socket, [
          ["config/set", { prop: "security.trust_daemon_uid", value: false }],
          ["status", {}],
        ]);
        expect(resultOf(init).principal).toEqual({ id: "owner", admin: true });
        expect(resultOf(set)).toEqual({ prop: "security.trust_daemon_uid", set: true });
        expect(status?.error?.code).toBe(-32010);
        expect(status?.error?.data).toEqual({ reason: "unknown_peer" });

        // A new connection of the daemon's uid is refused at initialize; uid 0 is still rootuser.
        const [again] = await callsAs(NOBODY, l.socket);
        expect(again?.error?.code).toBe(-32010);
        expect(again?.error?.data).toEqual({ reason: "unknown_peer" });
        const c = await connectAsRoot(l.socket);
        expect(resultOf(await c.request("initialize", { protocolVersion: 1 })).principal).toEqual({
          id: "rootuser",
          admin: false,
        });
      });
    });

    describe("policy changes reach an open connection at its next call, without reconnecting", () => {
      it("a grant added by the owner applies to uid 0's next call; remapping its uid away fails the next call", async () => {
        const l = layout(VIEWER_TOML);
        const d = await startAsNobody(l);
        const c = await initializedAsRoot(l.socket);
        expect((await c.request("pairing/list", {})).error?.data).toMatchObject({ reason: "not_granted" });

        const [, grant] = await callsAs(NOBODY, l.socket, [
          ["config/set", { prop: "permission_profiles.viewer.grants.pairing", value: ["manage"] }],
        ]);
        expect(resultOf(grant)).toEqual({ prop: "permission_profiles.viewer.grants.pairing", set: true });
        expect(resultOf(await c.request("pairing/list", {}))).toEqual({ tokens: [] });

        const [, remap] = await callsAs(NOBODY, l.socket, [
          ["config/set", { prop: "users.rootuser.uid", value: 4242 }],
        ]);
        expect(resultOf(remap)).toEqual({ prop: "users.rootuser.uid", set: true });
        const refused = await c.request("status", {});
        expect(refused.error?.code).toBe(-32010);
        expect(refused.error?.data).toEqual({ reason: "unknown_peer" });
        expect(d.running).toBe(true);
      });
    });

    describe("without [users]", () => {
      it("any local peer is the admin owner, whatever its uid (uid 0 against a daemon running as 65534)", async () => {
        const l = layout("");
        await startAsNobody(l);
        const c = await connectAsRoot(l.socket);
        expect(resultOf(await c.request("initialize", { protocolVersion: 1 })).principal).toEqual({
          id: "owner",
          admin: true,
        });
        expect(resultOf(await c.request("pairing/list", {}))).toEqual({ tokens: [] });
      });
    });

    describe("the OS decides who may connect at all (SPEC §1, §4)", () => {
      it("a third uid cannot connect (socket 0600 in a 0700 dir), even when [users] maps it", async () => {
        const l = layout(`${VIEWER_TOML}\n[users.other]\nuid = 1234\npermission_profiles = ["viewer"]\n`);
        await startAsNobody(l);
        const script =
          "const s=require('node:net').connect(process.argv[1]);" +
          "s.on('connect',()=>{process.stdout.write('connected');s.destroy()});" +
          "s.on('error',e=>process.stdout.write(e.code))";
        const r = await runNodeAs({ uid: 1234, gid: 1234 }, ["-e", script, l.socket]);
        expect(r.stdout).toBe("EACCES");
      });
    });

    describe("security.trust_daemon_uid = false and no user for uid 0", () => {
      it("uid 0 gets -32010 unknown_peer at initialize, and so does the daemon's own uid", async () => {
        const l = layout(UNTRUSTING_TOML);
        const d = await startAsNobody(l);
        const c = await connectAsRoot(l.socket);
        const res = await c.request("initialize", { protocolVersion: 1 });
        expect(res.result).toBeUndefined();
        expect(res.error?.code).toBe(-32010);
        expect(res.error?.data).toEqual({ reason: "unknown_peer" });
        // Still not initialized: other calls are refused as such.
        expect((await c.request("status", {})).error?.data).toEqual({ reason: "not_initialized" });

        const [own] = await callsAs(NOBODY, l.socket);
        expect(own?.error?.code).toBe(-32010);
        expect(own?.error?.data).toEqual({ reason: "unknown_peer" });
        expect(d.running).toBe(true);
      });

      it("the daemon's own uid is then just the user it maps to, if any (not admin)", async () => {
        const l = layout(
          `${UNTRUSTING_TOML}\n[users.daemonuser]\nuid = 65534\npermission_profiles = ["viewer"]\n`,
        );
        await startAsNobody(l);
        const [init, list] = await callsAs(NOBODY, l.socket, [["pairing/list", {}]]);
        expect(resultOf(init).principal).toEqual({ id: "daemonuser", admin: false });
        expect(list?.error?.data).toEqual({
          reason: "not_granted",
          grant: "pairing:manage",
          method: "pairing/list",
        });
      });
    });
  },
);
