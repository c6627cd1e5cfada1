// SPEC §3 (ids echoed exactly as sent) and "every line the daemon writes is valid JSON", over both
// transports, with the real daemon on real sockets.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { ownerPrincipal } from "../src/auth/principal.js";
import { rawIdText, rawTopLevelId } from "../src/jsonrpc/raw-id.js";
import { RawClient } from "./helpers/raw-client.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let d: TestDaemon | undefined;
const closers: (() => void)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) c();
  await d?.stop();
  d = undefined;
});

async function local(init = true): Promise<RawClient> {
  const c = await RawClient.connect(d!.endpoint);
  closers.push(() => c.close());
  if (init) await c.initialize();
  return c;
}

/** Sends one raw line and resolves with the raw text of the next line the daemon writes. */
async function rawReply(c: RawClient, line: string): Promise<string> {
  const before = c.rawLines.length;
  await c.write(`${line}\n`);
  await c.take(() => true);
  return c.rawLines[before]!;
}

/** The text of the top-level "id" member of a line the daemon wrote (it always writes it first). */
const idText = (line: string): string => /^\{"jsonrpc":"2\.0","id":([^,]*),/.exec(line)?.[1] ?? "";

const NUMBER_IDS = [
  "12345678901234567890",
  "1e400",
  "-1e400",
  "1.0",
  "-0",
  "1E+2",
  "0.1e-999",
  "9007199254740993",
];

describe("numeric ids are echoed as the client wrote them (SPEC §3)", () => {
  for (const id of NUMBER_IDS) {
    it(`${id}: in a result, a method error, a not-initialized error and an invalid-request error`, async () => {
      d = await startTestDaemon();
      const fresh = await local(false);
      const notInit = await rawReply(fresh, `{"jsonrpc":"2.0","id":${id},"method":"status","params":{}}`);
      expect(idText(notInit)).toBe(id);
      expect(JSON.parse(notInit).error.code).toBe(-32010);

      const c = await local();
      const ok = await rawReply(c, `{"jsonrpc":"2.0","id":${id},"method":"status","params":{}}`);
      expect(idText(ok)).toBe(id);
      expect(JSON.parse(ok).result.pid).toBe(process.pid);
      const unknown = await rawReply(c, `{"jsonrpc":"2.0","method":"no/such","id":${id}}`);
      expect(idText(unknown)).toBe(id);
      expect(JSON.parse(unknown).error.code).toBe(-32601);
      const invalid = await rawReply(c, `{"jsonrpc":"1.0","id":${id},"method":"status"}`);
      expect(idText(invalid)).toBe(id);
      expect(JSON.parse(invalid).error.code).toBe(-32600);
    });
  }

  it("takes the top-level id, not one nested in params, and the last of duplicate ids", async () => {
    d = await startTestDaemon();
    const c = await local();
    const nested = await rawReply(
      c,
      `{"jsonrpc":"2.0","method":"status","params":{"id":1.5,"x":{"id":2}},"id":1.50}`,
    );
    expect(idText(nested)).toBe("1.50");
    const dup = await rawReply(c, `{"jsonrpc":"2.0","id":"a","method":"status","id":3.0}`);
    expect(idText(dup)).toBe("3.0");
  });

  it("over the gateway too", async () => {
    d = await startTestDaemon(`[gateway]\nenabled = true\nport = 0\n`);
    // The owner makes a user and pairs it, so the gateway peer can initialize.
    await d.daemon.services.config.setMany(
      [
        { prop: "permission_profiles.reader.grants", value: { system: ["read"] } },
        { prop: "users.remote.permission_profiles", value: ["reader"] },
      ],
      () => ownerPrincipal(),
    );
    const { token } = d.daemon.services.pairing.create("remote", "ids test");
    d.daemon.services.authority.tokensChanged();
    const ws = new WebSocket(d.daemon.services.gatewayUrl()!, { perMessageDeflate: false });
    closers.push(() => ws.terminate());
    const lines: string[] = [];
    const waiters: (() => void)[] = [];
    ws.on("message", (data) => {
      lines.push(String(data));
      for (const w of waiters.splice(0)) w();
    });
    await new Promise((r) => ws.once("open", r));
    const next = async (): Promise<string> => {
      while (lines.length === 0) await new Promise<void>((r) => waiters.push(r));
      return lines.shift()!;
    };
    ws.send(
      `{"jsonrpc":"2.0","id":1e400,"method":"initialize","params":{"protocolVersion":1,"auth_token":"${token}"}}`,
    );
    const init = await next();
    expect(idText(init)).toBe("1e400");
    expect(JSON.parse(init).result.protocolVersion).toBe(1);
    ws.send(`{"jsonrpc":"2.0","id":12345678901234567890,"method":"status"}`);
    expect(idText(await next())).toBe("12345678901234567890");
  });
});

describe("rawTopLevelId", () => {
  it("finds the exact number text of the top-level id wherever it sits, whatever else the frame holds", () => {
    const numberText = fc.oneof(
      fc.bigInt().map(String),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
      fc
        .tuple(
          fc.integer({ min: -9, max: 9 }),
          fc.nat(99),
          fc.constantFrom("e", "E", "e+", "e-", "E-"),
          fc.nat(999),
        )
        .map(([i, f, e, x]) => `${i}.${f}${e}${x}`),
    );
    const member = fc.tuple(
      fc.string().filter((k) => k !== "id"),
      fc.jsonValue(),
    );
    fc.assert(
      fc.property(numberText, fc.array(member, { maxLength: 5 }), fc.nat(5), (id, others, at) => {
        const parts = others.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
        parts.splice(Math.min(at, parts.length), 0, `"id" : ${id}`);
        const text = ` { ${parts.join(" , ")} } `;
        JSON.parse(text); // the scanner is only ever given JSON that parsed
        expect(rawTopLevelId(text)).toBe(id);
      }),
      { numRuns: 500 },
    );
  });

  it("rawIdText: the text to answer with is always exactly what was written (plain ids take a shortcut)", () => {
    const numberText = fc.oneof(
      fc.integer().map(String),
      fc.bigInt().map(String),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
      fc.constantFrom("1.0", "-0", "1E+2", "1e400", "0.10", "12345678901234567890"),
    );
    // Members that look like the id: a nested one, one named with an escape, a string value "id".
    const member = fc.oneof(
      fc
        .tuple(
          fc.string().filter((k) => k !== "id"),
          fc.jsonValue(),
        )
        .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`),
      numberText.map((n) => `"params":{"id":${n}}`),
      fc.constant('"method":"id"'),
      fc.constant('"x":"\\"id\\":1"'),
    );
    fc.assert(
      fc.property(
        numberText,
        fc.array(member, { maxLength: 4 }),
        fc.nat(4),
        fc.boolean(),
        (id, others, at, spaced) => {
          const parts = [...others];
          parts.splice(Math.min(at, parts.length), 0, spaced ? `"id" : ${id}` : `"id":${id}`);
          const text = `{${parts.join(",")}}`;
          const parsed = JSON.parse(text) as { id: number };
          if (typeof parsed.id !== "number") return; // a later member named id (with an escape) won
          expect(rawIdText(parsed.id, text) ?? String(parsed.id)).toBe(rawTopLevelId(text));
        },
      ),
      { numRuns: 1000 },
    );
    expect(rawIdText(1, '{"jsonrpc":"2.0","id":1,"method":"status"}')).toBeUndefined();
    expect(rawIdText(1, '{"params":{"id":1},"id":1.0}')).toBe("1.0");
    expect(rawIdText(7, '{"\\u0069d":7.0,"params":{"id":7}}')).toBe("7.0");
  });

  it("sees an id key written with escapes, as JSON.parse does", () => {
    expect(rawTopLevelId(`{"\\u0069d":7.0,"method":"x"}`)).toBe("7.0");
    expect(rawTopLevelId(`{"method":"x","params":{"id":1}}`)).toBeUndefined();
  });
});

describe("every line the daemon writes is valid JSON, for any input line (SPEC §3)", () => {
  it("fuzz: arbitrary lines, JSON values and near-envelopes, before and after initialize", async () => {
    d = await startTestDaemon();
    const before = await local(false);
    const after = await local();
    const numberish = fc.constantFrom("1e400", "-1e999", "12345678901234567890", "1.0", "-0", "0e0", "1E+2");
    const line = fc.oneof(
      fc.string({ unit: "binary" }).map((s) => s.replace(/\n/g, " ")),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc
        .tuple(
          fc.oneof(
            numberish,
            fc.jsonValue().map((v) => JSON.stringify(v)),
          ),
          fc.constantFrom("status", "initialize", "no/such", "session/prompt", "config/get", "__proto__"),
          fc.jsonValue(),
          fc.boolean(),
        )
        .map(
          ([id, method, params, withId]) =>
            `{"jsonrpc":"2.0",${withId ? `"id":${id},` : ""}"method":${JSON.stringify(method)},"params":${JSON.stringify(params)}}`,
        ),
      numberish.map((id) => `{"jsonrpc":"2.0","id":${id},"result":null}`),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 8 }), async (lines) => {
        for (const c of [before, after]) {
          await c.write(`${lines.join("\n")}\n{"jsonrpc":"2.0","id":"fence","method":"no/such"}\n`);
          await c.take((m) => m.id === "fence");
        }
      }),
      { numRuns: 60 },
    );
    // RawClient JSON.parses every line it receives: reaching here means every line parsed.
    for (const raw of [...before.rawLines, ...after.rawLines]) expect(() => JSON.parse(raw)).not.toThrow();
    expect(before.isClosed).toBe(false);
    expect(after.isClosed).toBe(false);
  });
});
