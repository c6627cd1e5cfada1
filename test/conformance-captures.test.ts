// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${NAME} is the fixture DSL's capture reference, not a template.
import { describe, expect, it } from "vitest";
import {
  captureName,
  collectCaptures,
  declaredCaptures,
  referencedCaptures,
  substitute,
  withPlaceholders,
} from "../conformance/judge/captures.js";
import { isWildcard, matchMessage, matchValue } from "../conformance/judge/matcher.js";
import type { JsonValue } from "../conformance/wire/json.js";

describe("capture wildcards", () => {
  it("names only well-formed <capture:NAME> strings", () => {
    expect(captureName("<capture:token>")).toBe("token");
    expect(captureName("<capture:a_b-2>")).toBe("a_b-2");
    for (const text of ["<capture:>", "<capture:2x>", "<capture:a b>", " <capture:a>", "<any>"]) {
      expect(captureName(text)).toBeUndefined();
    }
  });

  it("match any present value, like <any>", () => {
    expect(isWildcard("<capture:x>")).toBe(true);
    for (const value of [null, 0, "", [], {}, false, "zc_abc"]) {
      expect(matchValue("<capture:x>", value)).toBeNull();
    }
    const expected = { jsonrpc: "2.0", id: 1, result: { token: "<capture:t>" } };
    expect(matchMessage(expected, { jsonrpc: "2.0", id: 1, result: {} })?.reason).toBe("missing");
  });

  it("are declared in document order, and never inside <each>", () => {
    expect(declaredCaptures({ a: "<capture:one>", b: [1, { c: "<capture:two>" }] })).toEqual(["one", "two"]);
    expect(() => declaredCaptures({ list: ["<each>", { id: "<capture:id>" }] })).toThrow(/inside/);
    expect(() => declaredCaptures({ list: ["<some>", { id: "<capture:id>" }] })).toThrow(/inside/);
  });

  it("store the actual values at their places", () => {
    const captured = new Map<string, JsonValue>();
    collectCaptures(
      { result: { token_id: "<capture:id>", list: [1, "<capture:second>"], n: "<capture:n>" } },
      { result: { token_id: "tok_1", list: [1, { deep: true }], n: 7, extra: "x" } },
      captured,
    );
    expect(Object.fromEntries(captured)).toEqual({ id: "tok_1", second: { deep: true }, n: 7 });
  });
});

describe("substitution", () => {
  const captured = new Map<string, JsonValue>([
    ["token", 'zc_a"b\\c'],
    ["n", 42],
    ["obj", { a: [1] }],
  ]);

  it("inserts a string as its JSON string contents, other values as JSON text", () => {
    const text = '{"auth_token":"${token}","id":${n},"x":${obj}}';
    const line = substitute(text, captured);
    expect(line).toBe('{"auth_token":"zc_a\\"b\\\\c","id":42,"x":{"a":[1]}}');
    expect(JSON.parse(line)).toEqual({ auth_token: 'zc_a"b\\c', id: 42, x: { a: [1] } });
  });

  it("leaves lines without references alone and fails on a name never captured", () => {
    expect(substitute('{"a":"$token {x}"}', captured)).toBe('{"a":"$token {x}"}');
    expect(() => substitute("${missing}", captured)).toThrow(/nothing was captured/);
  });

  it("lists references and fills them with a dummy for syntax checks", () => {
    expect(referencedCaptures('{"a":"${x}","b":${y-2}}')).toEqual(["x", "y-2"]);
    expect(JSON.parse(withPlaceholders('{"a":"${x}","b":${y}}'))).toEqual({ a: "0", b: 0 });
  });
});
