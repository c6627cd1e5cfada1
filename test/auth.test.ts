// SPEC §4 principals and grants, with the real daemon: peer-uid mapping (this process's uid mapped to
// a configured user by turning security.trust_daemon_uid off), deny by default, grants and config
// paths, and policy changes that take effect on the next call of an open connection.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ownerPrincipal } from "../src/auth/principal.js";
import { RawClient } from "./helpers/raw-client.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

const uid = process.getuid!();
let d: TestDaemon | undefined;
const clients: RawClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await d?.stop();
  d = undefined;
});

const operator = `
[security]
trust_daemon_uid = false

[permission_profiles.operator]
grants = { system = ["read"], config = ["read", "update"] }
config_write_paths = ["sessions.*", "gateway.port"]

[users.me]
uid = ${uid}
permission_profiles = ["operator"]
`;

async function connect(): Promise<RawClient> {
  const c = await RawClient.connect(d!.endpoint);
  clients.push(c);
  return c;
}
async function ready(): Promise<RawClient> {
  const c = await connect();
  await c.initialize();
  return c;
}
/** Changes config as the owner, through the same service config/set-many uses. */
const asOwner = (sets: { prop: string; value: unknown }[]) =>
  d!.daemon.services.config.setMany(sets, () => ownerPrincipal());
const configBytes = () => readFileSync(join(d!.dir, "config", "config.toml"), "utf8");

describe("principal resolution", () => {
  it("maps the peer uid to the configured user", async () => {
    d = await startTestDaemon(operator);
    const c = await connect();
    expect((await c.request("initialize", { protocolVersion: 1 })).result).toMatchObject({
      principal: { id: "me", admin: false },
    });
  });

  it("treats the daemon's own uid as the admin owner while trust_daemon_uid holds", async () => {
    d = await startTestDaemon(operator.replace("trust_daemon_uid = false", "trust_daemon_uid = true"));
    const c = await connect();
    expect((await c.request("initialize", { protocolVersion: 1 })).result).toMatchObject({
      principal: { id: "owner", admin: true },
    });
  });

  it("refuses an unmapped uid at initialize with -32010 unknown_peer", async () => {
    d = await startTestDaemon(operator.replace(`uid = ${uid}`, `uid = ${uid + 4242}`));
    const c = await connect();
    expect((await c.request("initialize", { protocolVersion: 1 })).error).toMatchObject({
      code: -32010,
      data: { reason: "unknown_peer" },
    });
    expect(d.logs.some((l) => l.msg === "authentication refused" && l.reason === "unknown_peer")).toBe(true);
  });

  it("ignores an auth_token on the local socket", async () => {
    d = await startTestDaemon(operator);
    const c = await connect();
    expect(
      (await c.request("initialize", { protocolVersion: 1, auth_token: "zc_bogus" })).result,
    ).toMatchObject({
      principal: { id: "me" },
    });
  });
});

describe("grants", () => {
  it("denies by default and names the missing grant and method", async () => {
    d = await startTestDaemon(
      operator.replace('grants = { system = ["read"], config = ["read", "update"] }', ""),
    );
    const c = await ready();
    expect((await c.request("status", {})).error).toEqual({
      code: -32012,
      message: expect.any(String),
      data: { reason: "not_granted", grant: "system:read", method: "status" },
    });
    expect(d.logs.some((l) => l.msg === "forbidden: grant missing")).toBe(true);
  });

  it("allows what the profiles grant, by union and wildcard", async () => {
    d = await startTestDaemon(
      `${operator}
[permission_profiles.pairer]
grants = { pairing = ["*"] }
`.replace('permission_profiles = ["operator"]', 'permission_profiles = ["operator", "pairer"]'),
    );
    const c = await ready();
    expect((await c.request("status", {})).result).toBeDefined();
    expect((await c.request("pairing/list", {})).result).toEqual({ tokens: [] });
    expect((await c.request("config/get", { prop: "sessions.max_live" })).result).toBeDefined();
  });

  it("refuses a method outside the grants", async () => {
    d = await startTestDaemon(operator);
    const c = await ready();
    expect((await c.request("pairing/list", {})).error?.data).toEqual({
      reason: "not_granted",
      grant: "pairing:manage",
      method: "pairing/list",
    });
  });
});

describe("config write paths", () => {
  it("allows listed paths and refuses the whole batch at the first forbidden index, writing nothing", async () => {
    d = await startTestDaemon(operator);
    const c = await ready();
    expect((await c.request("config/set", { prop: "sessions.max_live", value: 9 })).result).toBeDefined();
    expect((await c.request("config/set", { prop: "gateway.port", value: 9000 })).result).toBeDefined();
    const before = configBytes();
    expect((await c.request("config/set", { prop: "rpc.max_frame_bytes", value: 1 })).error?.data).toEqual({
      reason: "config_path_forbidden",
      index: 0,
      prop: "rpc.max_frame_bytes",
    });
    const batch = await c.request("config/set-many", {
      sets: [
        { prop: "sessions.max_live", value: 10 },
        { prop: "gateway.port", value: 9001 },
        { prop: "users.me.permission_profiles", value: ["operator", "admin"] },
        { prop: "rpc.max_frame_bytes", value: 1 },
      ],
    });
    expect(batch.error).toMatchObject({
      code: -32012,
      data: { reason: "config_path_forbidden", index: 2, prop: "users.me.permission_profiles" },
    });
    expect(configBytes()).toBe(before);
  });

  it("checks paths before the entries' values: a forbidden path wins over an invalid value", async () => {
    d = await startTestDaemon(operator);
    const c = await ready();
    const res = await c.request("config/set-many", {
      sets: [
        { prop: "sessions.max_live", value: "not a number" },
        { prop: "rpc.max_frame_bytes", value: 1 },
      ],
    });
    expect(res.error?.data).toMatchObject({ reason: "config_path_forbidden", index: 1 });
  });
});

describe("policy changes on an open connection", () => {
  it("applies a grant revoked between two calls to the next call, without reconnecting", async () => {
    d = await startTestDaemon(operator);
    const c = await ready();
    expect((await c.request("config/set", { prop: "sessions.max_live", value: 5 })).result).toBeDefined();
    await asOwner([
      { prop: "permission_profiles.operator.grants", value: { system: ["read"], config: ["read"] } },
    ]);
    expect((await c.request("config/set", { prop: "sessions.max_live", value: 6 })).error?.data).toEqual({
      reason: "not_granted",
      grant: "config:update",
      method: "config/set",
    });
    expect((await c.request("status", {})).result).toBeDefined();
    await asOwner([{ prop: "permission_profiles.operator.grants", value: { config: ["*"], system: ["*"] } }]);
    expect((await c.request("config/set", { prop: "sessions.max_live", value: 7 })).result).toBeDefined();
  });

  it("fails the next call with -32010 when the peer's uid no longer maps to a user", async () => {
    d = await startTestDaemon(operator);
    const c = await ready();
    await asOwner([{ prop: "users.me.uid", value: uid + 1 }]);
    expect((await c.request("status", {})).error).toMatchObject({
      code: -32010,
      data: { reason: "unknown_peer" },
    });
    // The connection is back to uninitialized; it may initialize again once the mapping returns.
    expect((await c.request("status", {})).error?.data).toEqual({ reason: "not_initialized" });
  });

  it("rejects a batch whose caller lost its rights while it waited for the config lock", async () => {
    d = await startTestDaemon(operator);
    const c = await ready();
    await c.request("status", {});
    const { config, authority } = d.daemon.services;
    const credential = { kind: "local" as const, uid };
    // Queued in this order: the revocation holds the lock first; the operator's batch is authorized
    // only once it gets the lock, against the policy that revocation installed.
    const revoke = config.setMany(
      [{ prop: "permission_profiles.operator.config_write_paths", value: [] }],
      () => ownerPrincipal(),
    );
    const waiting = config.setMany([{ prop: "sessions.max_live", value: 3 }], () =>
      authority.resolve(credential),
    );
    await revoke;
    await expect(waiting).rejects.toMatchObject({
      code: -32012,
      data: { reason: "config_path_forbidden", index: 0 },
    });
    expect((await c.request("config/get", { prop: "sessions.max_live" })).result).toMatchObject({
      value: 64,
    });
  });
  it("a grant revoked while a config/set waited for the lock is refused naming config/set", async () => {
    d = await startTestDaemon(operator);
    const { config, authority } = d.daemon.services;
    const credential = { kind: "local" as const, uid };
    const revoke = config.setMany(
      [{ prop: "permission_profiles.operator.grants", value: { system: ["read"], config: ["read"] } }],
      () => ownerPrincipal(),
    );
    for (const method of ["config/set", "config/set-many"] as const) {
      const waiting = config.setMany(
        [{ prop: "sessions.max_live", value: 3 }],
        () => authority.resolve(credential),
        method,
      );
      await expect(waiting).rejects.toMatchObject({
        code: -32012,
        data: { reason: "not_granted", grant: "config:update", method },
      });
    }
    await revoke;
    expect(config.live.effective.sessions.max_live).toBe(64);
  });
});
