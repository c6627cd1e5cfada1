// SPEC §6 over a real socket with the real daemon: get/set/set-many, staging and coercion, whole-
// candidate validation, secrets, durable writes that change nothing when they fail, and the lock.
import { existsSync, readFileSync, renameSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { RawClient } from "./helpers/raw-client.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let d: TestDaemon | undefined;
const clients: RawClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await d?.stop();
  d = undefined;
});

async function start(toml = ""): Promise<TestDaemon> {
  d = await startTestDaemon(toml);
  return d;
}
async function ready(): Promise<RawClient> {
  const c = await RawClient.connect(d!.endpoint);
  clients.push(c);
  await c.initialize();
  return c;
}
const configFile = (): string => join(d!.dir, "config", "config.toml");
const fileBytes = (): string => (existsSync(configFile()) ? readFileSync(configFile(), "utf8") : "<none>");

describe("config/get", () => {
  it("returns the whole effective config with defaults and the built-in echo provider and default agent", async () => {
    await start();
    const c = await ready();
    const res = await c.request("config/get", {});
    expect(res.result).toMatchObject({
      prop: null,
      value: {
        rpc: { max_frame_bytes: 8388608, max_local_connections: 512 },
        gateway: { enabled: false, host: "127.0.0.1", port: 42617 },
        sessions: { max_live: 64 },
        providers: { echo: { kind: "echo" } },
        agents: { default: { provider: "echo", allowed_tools: ["ask_user"] } },
        security: { trust_daemon_uid: true },
      },
    });
  });

  it("returns one prop, null for an unset one under a known map, -32602 for one the schema lacks", async () => {
    await start("[rpc]\nmax_local_connections = 7\n");
    const c = await ready();
    expect((await c.request("config/get", { prop: "rpc.max_local_connections" })).result).toEqual({
      prop: "rpc.max_local_connections",
      value: 7,
    });
    expect((await c.request("config/get", { prop: "providers.nope.model" })).result).toEqual({
      prop: "providers.nope.model",
      value: null,
    });
    expect((await c.request("config/get", { prop: "rpc.nope" })).error).toMatchObject({
      code: -32602,
      data: { reason: "invalid_params", errors: [{ path: "/prop" }] },
    });
  });
});

describe("config/set and config/set-many", () => {
  it("runs the seed's example verbatim after a profile operator exists", async () => {
    await start();
    const c = await ready();
    const made = await c.request("config/set", {
      prop: "permission_profiles.operator.grants",
      value: { sessions: ["read"] },
    });
    expect(made.result).toEqual({ prop: "permission_profiles.operator.grants", set: true });
    await c.write(
      '{"jsonrpc":"2.0","method":"config/set-many","params":{"sets":[{"prop":"users.example.uid","value":1001},{"prop":"users.example.permission_profiles","value":["operator"]}]},"id":2}\n',
    );
    expect(await c.next()).toEqual({
      jsonrpc: "2.0",
      id: 2,
      result: { props: ["users.example.uid", "users.example.permission_profiles"], set: true },
    });
    expect((await c.request("config/get", { prop: "users.example" })).result).toEqual({
      prop: "users.example",
      value: { uid: 1001, permission_profiles: ["operator"] },
    });
    expect(fileBytes()).toContain("[users.example]");
  });

  it("coerces by field type and persists the result", async () => {
    await start();
    const c = await ready();
    await c.request("config/set-many", {
      sets: [
        { prop: "sessions.max_live", value: "12" },
        { prop: "gateway.enabled", value: "false" },
        { prop: "permission_profiles.p.allowed_tools", value: "bash" },
      ],
    });
    const got = (await c.request("config/get", {})).result as {
      value: Record<string, Record<string, unknown>>;
    };
    expect(got.value.sessions?.max_live).toBe(12);
    expect(got.value.gateway?.enabled).toBe(false);
    expect(got.value.permission_profiles?.p).toMatchObject({ allowed_tools: ["bash"] });
    expect(fileBytes()).toMatch(/max_live = 12/);
  });

  it("lets a later entry for the same prop win", async () => {
    await start();
    const c = await ready();
    const res = await c.request("config/set-many", {
      sets: [
        { prop: "sessions.max_live", value: 5 },
        { prop: "sessions.max_live", value: 9 },
      ],
    });
    expect(res.result).toEqual({ props: ["sessions.max_live", "sessions.max_live"], set: true });
    expect((await c.request("config/get", { prop: "sessions.max_live" })).result).toMatchObject({ value: 9 });
  });

  it("reports the 0-based index of an invalid entry and changes nothing", async () => {
    await start("[sessions]\nmax_live = 3\n");
    const c = await ready();
    const before = fileBytes();
    const res = await c.request("config/set-many", {
      sets: [
        { prop: "sessions.max_live", value: 10 },
        { prop: "gateway.port", value: 8080 },
        { prop: "rpc.max_frame_bytes", value: "big" },
        { prop: "gateway.host", value: "0.0.0.0" },
      ],
    });
    expect(res.error).toMatchObject({
      code: -32602,
      data: {
        reason: "invalid_entry",
        index: 2,
        prop: "rpc.max_frame_bytes",
        errors: [{ path: "/rpc/max_frame_bytes" }],
      },
    });
    expect(fileBytes()).toBe(before);
    expect((await c.request("config/get", { prop: "sessions.max_live" })).result).toMatchObject({ value: 3 });
  });

  it("refuses a prop that is not a dotted path through the params schema", async () => {
    await start();
    const c = await ready();
    const res = await c.request("config/set-many", {
      sets: [
        { prop: "sessions.max_live", value: 2 },
        { prop: "rpc..x", value: 1 },
      ],
    });
    expect(res.error).toMatchObject({
      code: -32602,
      data: { reason: "invalid_params", errors: [{ path: "/sets/1/prop" }] },
    });
  });

  it.each([
    ["an unknown prop", { prop: "rpc.bogus", value: 1 }],
    ["a value outside the field's range", { prop: "gateway.port", value: 70000 }],
    ["an invalid value later replaced by a valid one", { prop: "gateway.port", value: -5 }],
  ])("refuses %s as invalid_entry", async (_name, entry) => {
    await start();
    const c = await ready();
    const res = await c.request("config/set-many", {
      sets: [{ prop: "sessions.max_live", value: 2 }, entry, { prop: "gateway.port", value: 9000 }],
    });
    expect(res.error?.code).toBe(-32602);
    expect(res.error?.data).toMatchObject({ reason: "invalid_entry", index: 1, prop: entry.prop });
  });

  it.each([
    ["a user without permission_profiles", [{ prop: "users.ghost.uid", value: 4242 }]],
    [
      "a user naming a profile that does not exist",
      [{ prop: "users.ghost.permission_profiles", value: ["nope"] }],
    ],
    ["an agent naming a provider that does not exist", [{ prop: "agents.a.provider", value: "nope" }]],
    [
      "a provider that cannot be built",
      [
        { prop: "providers.x.kind", value: "openai" },
        { prop: "providers.x.base_url", value: "ftp://host/v1" },
      ],
    ],
    [
      "an openai agent without a model",
      [
        { prop: "providers.x.kind", value: "openai" },
        { prop: "agents.a.provider", value: "x" },
      ],
    ],
    [
      "two users with one uid",
      [
        { prop: "permission_profiles.p.admin", value: false },
        { prop: "users.a.permission_profiles", value: ["p"] },
        { prop: "users.a.uid", value: 7 },
        { prop: "users.b.permission_profiles", value: ["p"] },
        { prop: "users.b.uid", value: 7 },
      ],
    ],
  ])("refuses %s as invalid_config and changes nothing", async (_name, sets) => {
    await start();
    const c = await ready();
    const before = fileBytes();
    const res = await c.request("config/set-many", { sets });
    expect(res.error).toMatchObject({ code: -32602, data: { reason: "invalid_config" } });
    expect(fileBytes()).toBe(before);
  });

  it("refuses an empty batch and one of 257 entries", async () => {
    await start();
    const c = await ready();
    expect((await c.request("config/set-many", { sets: [] })).error?.code).toBe(-32602);
    const many = Array.from({ length: 257 }, () => ({ prop: "sessions.max_live", value: 1 }));
    expect((await c.request("config/set-many", { sets: many })).error?.code).toBe(-32602);
    const max = Array.from({ length: 256 }, (_, i) => ({ prop: "sessions.max_live", value: i + 1 }));
    expect((await c.request("config/set-many", { sets: max })).result).toMatchObject({ set: true });
  });
});

describe("secrets", () => {
  it("masks api keys on read, refuses the mask or an empty string, and keeps them out of logs and errors", async () => {
    await start();
    const c = await ready();
    await c.request("config/set-many", {
      sets: [
        { prop: "providers.cloud.kind", value: "openai" },
        { prop: "providers.cloud.model", value: "gpt-x" },
        { prop: "providers.cloud.api_key", value: "sk-very-secret-1" },
      ],
    });
    expect((await c.request("config/get", { prop: "providers.cloud.api_key" })).result).toEqual({
      prop: "providers.cloud.api_key",
      value: "****",
    });
    const whole = await c.request("config/get", {});
    expect(JSON.stringify(whole)).not.toContain("sk-very-secret-1");
    for (const value of ["****", ""]) {
      const res = await c.request("config/set", { prop: "providers.cloud.api_key", value });
      expect(res.error).toMatchObject({ code: -32602, data: { reason: "invalid_entry", index: 0 } });
    }
    const bad = await c.request("config/set-many", {
      sets: [
        { prop: "providers.cloud.api_key", value: "sk-other-secret-2" },
        { prop: "providers.cloud.base_url", value: "not a url" },
      ],
    });
    expect(bad.error?.code).toBe(-32602);
    expect(JSON.stringify(bad)).not.toContain("sk-other-secret-2");
    expect(fileBytes()).toContain("sk-very-secret-1"); // kept, not overwritten
    expect(JSON.stringify(d!.logs)).not.toMatch(/sk-very-secret-1|sk-other-secret-2/);
  });
});

describe("durable commit", () => {
  it("creates a missing config dir on the first write", async () => {
    const { rmSync } = await import("node:fs");
    await start();
    rmSync(join(d!.dir, "config"), { recursive: true });
    const c = await ready();
    expect((await c.request("config/set", { prop: "sessions.max_live", value: 8 })).result).toBeDefined();
    expect(fileBytes()).toMatch(/max_live = 8/);
  });

  it("leaves the file byte-identical and the live config unchanged when the write fails", async () => {
    await start("[sessions]\nmax_live = 4\n");
    const c = await ready();
    const before = fileBytes();
    // The temp file's name is random now (SPEC §19), so the failure is a link at config.toml itself,
    // which the writer refuses: the commit fails.
    renameSync(configFile(), `${configFile()}.real`);
    symlinkSync(`${configFile()}.real`, configFile());
    const res = await c.request("config/set", { prop: "sessions.max_live", value: 40 });
    expect(res.error).toMatchObject({ code: -32603, data: { reason: "internal_error" } });
    expect(fileBytes()).toBe(before);
    expect((await c.request("config/get", { prop: "sessions.max_live" })).result).toMatchObject({ value: 4 });
  });

  it("survives a restart: what was committed is what the next daemon loads", async () => {
    await start();
    const c = await ready();
    await c.request("config/set-many", { sets: [{ prop: "sessions.max_live", value: 21 }] });
    const dir = d!.dir;
    await d!.daemon.stop();
    const { Daemon } = await import("../src/daemon/daemon.js");
    const again = await Daemon.start({
      env: { ZEROCLAW_CONFIG_DIR: join(dir, "config"), ZEROCLAW_DATA_DIR: join(dir, "data") },
      log: (await import("../src/log.js")).silentLogger(),
    });
    try {
      expect(again.services.config.live.effective.sessions?.max_live).toBe(21);
    } finally {
      await again.stop();
    }
  });
});

describe("the config write lock", () => {
  it("two clients racing set-many both commit and nothing is lost", async () => {
    await start();
    const a = await ready();
    const b = await ready();
    const batch = (who: string) =>
      Array.from({ length: 40 }, (_, i) => ({ prop: `permission_profiles.${who}${i}.admin`, value: false }));
    const calls = [
      ...Array.from({ length: 5 }, (_, k) => a.request("config/set-many", { sets: batch(`a${k}_`) })),
      ...Array.from({ length: 5 }, (_, k) => b.request("config/set-many", { sets: batch(`b${k}_`) })),
    ];
    for (const r of await Promise.all(calls)) expect(r.result).toMatchObject({ set: true });
    const profiles = (
      (await a.request("config/get", { prop: "permission_profiles" })).result as { value: object }
    ).value;
    expect(Object.keys(profiles)).toHaveLength(400);
  });
});

describe("property: a batch is its entries applied in order, or nothing", () => {
  const props = [
    "sessions.max_live",
    "gateway.port",
    "gateway.max_connections",
    "rpc.ephemeral_grace_ms",
  ] as const;
  const entry = fc.record({ prop: fc.constantFrom(...props), value: fc.integer({ min: 1, max: 60000 }) });

  it("a valid batch equals the same config/set calls in order; an invalid one changes nothing", async () => {
    await start();
    const c = await ready();
    const batchDaemon = d!;
    const other = await startTestDaemon();
    try {
      const s = await RawClient.connect(other.endpoint);
      clients.push(s);
      await s.initialize();
      await fc.assert(
        fc.asyncProperty(
          fc.array(entry, { minLength: 1, maxLength: 8 }),
          fc.integer({ min: 0, max: 7 }),
          async (sets, bad) => {
            await c.request("config/set-many", { sets });
            for (const e of sets) await s.request("config/set", e);
            const x = (await c.request("config/get", {})).result;
            const y = (await s.request("config/get", {})).result;
            expect(x).toEqual(y);
            // Now the same batch with one entry made invalid: nothing at all changes.
            const before = readFileSync(join(batchDaemon.dir, "config", "config.toml"), "utf8");
            const broken = sets.map((e, i) =>
              i === bad % sets.length ? { ...e, value: -1 } : { ...e, value: e.value + 1 },
            );
            const res = await c.request("config/set-many", { sets: broken });
            expect(res.error?.data).toMatchObject({ reason: "invalid_entry", index: bad % sets.length });
            expect(readFileSync(join(batchDaemon.dir, "config", "config.toml"), "utf8")).toBe(before);
            expect((await c.request("config/get", {})).result).toEqual(x);
          },
        ),
        { numRuns: 25 },
      );
    } finally {
      await other.stop();
    }
  });
});
