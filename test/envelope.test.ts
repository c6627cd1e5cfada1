import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classify } from "../src/jsonrpc/envelope.js";

describe("classify", () => {
  it.each([
    [[], { kind: "invalid", id: null }],
    [1, { kind: "invalid", id: null }],
    ["x", { kind: "invalid", id: null }],
    [null, { kind: "invalid", id: null }],
    [
      { method: "status", id: 1 },
      { kind: "invalid", id: 1 },
    ],
    [
      { jsonrpc: "1.0", method: "status", id: "a" },
      { kind: "invalid", id: "a" },
    ],
    [
      { jsonrpc: "2.0", method: "status", id: 3, params: null },
      { kind: "invalid", id: 3 },
    ],
    [
      { jsonrpc: "2.0", method: "status", id: 3, params: "x" },
      { kind: "invalid", id: 3 },
    ],
    [
      { jsonrpc: "2.0", method: "status", id: { a: 1 } },
      { kind: "invalid", id: null },
    ],
    [
      { jsonrpc: "2.0", method: "status", id: true },
      { kind: "invalid", id: null },
    ],
    [
      { jsonrpc: "2.0", method: "status", params: null },
      { kind: "invalid", id: null },
    ],
    [
      { jsonrpc: "2.0", method: "status", id: 1, result: 1 },
      { kind: "invalid", id: null },
    ],
    [
      { jsonrpc: "2.0", method: 5, id: 1 },
      { kind: "invalid", id: null },
    ],
    [
      { jsonrpc: "2.0", id: 1 },
      { kind: "invalid", id: null },
    ],
  ])("%j is an invalid envelope", (value, expected) => {
    expect(classify(value)).toMatchObject(expected);
  });

  it.each([
    [{ jsonrpc: "2.0", id: 5, result: 1, error: { code: 1, message: "x" } }],
    [{ jsonrpc: "2.0", id: 5, error: "bad" }],
    [{ jsonrpc: "2.0", id: 5, error: { code: 1.5, message: "x" } }],
    [{ jsonrpc: "2.0", id: 5, error: { code: 1 } }],
    [{ jsonrpc: "2.0", result: 1 }],
    [{ jsonrpc: "2.0", id: [], result: 1 }],
    [{ jsonrpc: "1.0", id: 1, result: 1 }],
  ])("%j is a malformed response and is dropped", (value) => {
    expect(classify(value).kind).toBe("drop");
  });

  it("classifies requests, notifications and responses", () => {
    expect(classify({ jsonrpc: "2.0", id: null, method: "status" })).toEqual({
      kind: "request",
      method: "status",
      params: undefined,
      id: null,
    });
    expect(classify({ jsonrpc: "2.0", method: "m", params: [1] })).toEqual({
      kind: "notification",
      method: "m",
      params: [1],
    });
    expect(classify({ jsonrpc: "2.0", id: "zc-out-0", result: null })).toEqual({
      kind: "result",
      id: "zc-out-0",
      result: null,
    });
    expect(classify({ jsonrpc: "2.0", id: 1, error: { code: -1, message: "m" } }).kind).toBe("error");
  });

  it("property: every JSON value classifies without throwing", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(() => classify(value)).not.toThrow();
      }),
    );
  });

  const envelopeLike = fc.record(
    {
      jsonrpc: fc.oneof(fc.constant("2.0"), fc.jsonValue()),
      id: fc.jsonValue(),
      method: fc.oneof(fc.string(), fc.jsonValue()),
      params: fc.jsonValue(),
      result: fc.jsonValue(),
      error: fc.oneof(fc.record({ code: fc.integer(), message: fc.string() }), fc.jsonValue()),
    },
    { requiredKeys: [] },
  );

  it("property: a response-shaped envelope (no method, has result or error) is never answered", () => {
    fc.assert(
      fc.property(envelopeLike, (value) => {
        fc.pre(!("method" in value) && ("result" in value || "error" in value));
        expect(["result", "error", "drop"]).toContain(classify(value).kind);
      }),
    );
  });

  it("property: an invalid envelope only echoes an id that is itself valid, and only for request-shaped input", () => {
    fc.assert(
      fc.property(envelopeLike, (value) => {
        const c = classify(value);
        if (c.kind !== "invalid" || c.id === null) return;
        expect(typeof value.method).toBe("string");
        expect(["string", "number"]).toContain(typeof c.id);
        expect(c.id).toBe(value.id);
      }),
    );
  });
});
