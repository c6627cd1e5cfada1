// SPEC §12 config rules over a real socket: map keys that reach prototype machinery are refused in a
// prop and inside a value, deep values are refused as invalid_entry (never -32603), and the built-in
// provider and agent are real entries a first write can edit. A refused write leaves the file and the
// live config exactly as they were.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { parse } from "smol-toml";
import { afterEach, describe, expect, it } from "vitest";
import { RawClient, type WireMessage } from "./helpers/raw-client.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let d: TestDaemon | undefined;
const clients: RawClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await d?.stop();
  d = undefined;
});

async function ready(toml = ""): Promise<RawClient> {
  d ??= await startTestDaemon(toml);
  const c = await RawClient.connect(d.endpoint);
  clients.push(c);
  await c.initialize();
  return c;
}
const configFile = (): string => join(d!.dir, "config", "config.toml");
const fileBytes = (): string => (existsSync(configFile()) ? readFileSync(configFile(), "utf8") : "<none>");

/** The JSON text of a value nested `depth` levels deep (arrays and objects each count one). */
const nested = (depth: number, object: boolean): string =>
  object
    ? `${'{"k":'.repeat(depth)}"leaf"${"}".repeat(depth)}`
    : `${"[".repeat(depth)}"leaf"${"]".repeat(depth)}`;

/** config/set with a value given as JSON text (too deep for JSON.stringify on this side). */
async function setRaw(c: RawClient, prop: string, valueText: string): Promise<WireMessage> {
  const id = `raw-${Math.random()}`;
  await c.write(
    `{"jsonrpc":"2.0","id":"${id}","method":"config/set","params":{"prop":"${prop}","value":${valueText}}}\n`,
  );
  return c.take((m) => m.id === id, 15_000);
}

describe("map keys that would reach the prototype (SPEC §12)", () => {
  for (const key of ["__proto__", "constructor", "prototype"]) {
    it(`config/set providers.${key}.kind → -32602 invalid_entry index 0; nothing stored`, async () => {
      const c = await ready();
      const before = await c.request("config/get", {});
      const fileBefore = fileBytes();
      const r = await c.request("config/set", { prop: `providers.${key}.kind`, value: "echo" });
      expect(r.error).toMatchObject({
        code: -32602,
        data: { reason: "invalid_entry", index: 0, prop: `providers.${key}.kind` },
      });
      expect((await c.request("config/get", {})).result).toEqual(before.result);
      expect(fileBytes()).toBe(fileBefore);
      expect(({} as Record<string, unknown>).kind).toBeUndefined();
    });

    it(`a value holding a ${key} key is refused, at any depth, with its index in a batch`, async () => {
      const c = await ready();
      const fileBefore = fileBytes();
      // Written by hand: JSON.stringify of an object literal would drop a __proto__ key.
      const value = `{"base":{"${key}":{"polluted":true}}}`;
      await c.write(
        `{"jsonrpc":"2.0","id":"p","method":"config/set-many","params":{"sets":[{"prop":"sessions.max_live","value":3},{"prop":"permission_profiles.x.grants","value":${value}}]}}\n`,
      );
      const r = await c.take((m) => m.id === "p");
      expect(r.error).toMatchObject({
        code: -32602,
        data: { reason: "invalid_entry", index: 1, prop: "permission_profiles.x.grants" },
      });
      expect(fileBytes()).toBe(fileBefore);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  }
});

describe("value nesting (SPEC §12)", () => {
  for (const object of [false, true]) {
    it(`65 levels of ${object ? "objects" : "arrays"} → invalid_entry, never -32603, nothing logged as an error`, async () => {
      const c = await ready();
      const fileBefore = fileBytes();
      for (const depth of [65, 1000, 100_000]) {
        const r = await setRaw(c, "agents.default.allowed_tools", nested(depth, object));
        expect(r.error).toMatchObject({ code: -32602, data: { reason: "invalid_entry", index: 0 } });
      }
      expect(fileBytes()).toBe(fileBefore);
      expect(d!.logs.filter((l) => l.level >= 50)).toEqual([]);
    });
  }

  it("64 levels are not refused for depth: the schema decides (here: not a list of strings)", async () => {
    const c = await ready();
    const r = await setRaw(c, "agents.default.allowed_tools", nested(64, false));
    expect(r.error).toMatchObject({ code: -32602, data: { reason: "invalid_entry" } });
    expect(JSON.stringify(r.error?.data)).not.toContain("nested deeper");
  });
});

describe("built-in entries are real entries (SPEC §12)", () => {
  it("config/set agents.default.system_prompt on a fresh daemon works; the agent keeps the echo provider", async () => {
    const c = await ready();
    const r = await c.request("config/set", { prop: "agents.default.system_prompt", value: "Be brief." });
    expect(r.result).toEqual({ prop: "agents.default.system_prompt", set: true });
    expect((await c.request("config/get", { prop: "agents.default" })).result).toMatchObject({
      value: { provider: "echo", system_prompt: "Be brief." },
    });
    const stored = parse(fileBytes()) as { agents?: Record<string, unknown>; providers?: unknown };
    expect(stored.agents?.default).toMatchObject({ provider: "echo", system_prompt: "Be brief." });
    // The untouched built-in provider is not copied into the file.
    expect(stored.providers).toBeUndefined();
    const s = (await c.request("session/new", {})).result as { session_id: string };
    expect(
      (await c.request("session/prompt", { session_id: s.session_id, prompt: "hi" })).result,
    ).toMatchObject({
      outcome: "completed",
      content: "hi",
    });
  });

  it("providers.echo.model on a fresh daemon works too, and restarting reads it back", async () => {
    const c = await ready();
    expect(
      (await c.request("config/set", { prop: "providers.echo.model", value: "m1" })).result,
    ).toMatchObject({
      set: true,
    });
    expect((await c.request("config/get", { prop: "providers.echo" })).result).toMatchObject({
      value: { kind: "echo", model: "m1" },
    });
    expect(parse(fileBytes())).toMatchObject({ providers: { echo: { kind: "echo", model: "m1" } } });
  });
});

describe("property: refused values never change anything", () => {
  it("any value with a forbidden key or past the depth limit is invalid_entry and the file is unchanged", async () => {
    const c = await ready();
    const fileBefore = fileBytes();
    const bad = fc.oneof(
      fc
        .tuple(fc.constantFrom("__proto__", "constructor", "prototype"), fc.jsonValue(), fc.nat(4))
        .map(([key, inner, depth]) => {
          let text = `{"${key}":${JSON.stringify(inner)}}`;
          for (let i = 0; i < depth; i++) text = `[${text}]`;
          return text;
        }),
      fc.integer({ min: 65, max: 300 }).map((n) => `${"[".repeat(n)}${"]".repeat(n)}`),
    );
    let id = 0;
    await fc.assert(
      fc.asyncProperty(bad, async (value) => {
        const key = `q${id++}`;
        await c.write(
          `{"jsonrpc":"2.0","id":"${key}","method":"config/set","params":{"prop":"agents.default.allowed_tools","value":${value}}}\n`,
        );
        const r = await c.take((m) => m.id === key);
        expect(r.error).toMatchObject({ code: -32602, data: { reason: "invalid_entry", index: 0 } });
      }),
      { numRuns: 80 },
    );
    expect(fileBytes()).toBe(fileBefore);
  });
});
