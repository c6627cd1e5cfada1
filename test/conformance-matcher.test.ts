import { describe, expect, it } from "vitest";
import { matchMessage, matchValue, withPresenceOnly } from "../conformance/judge/matcher.js";
import type { JsonValue } from "../conformance/wire/json.js";

const parse = (text: string): JsonValue => JSON.parse(text) as JsonValue;
const matches = (expected: string, actual: string): boolean =>
  matchMessage(parse(expected), parse(actual)) === null;

describe("wildcards", () => {
  const cases: [string, JsonValue, JsonValue][] = [
    ["<string>", "x", 1],
    ["<integer>", 3, 3.5],
    ["<number>", 3.5, "3.5"],
    ["<boolean>", false, 0],
    ["<object>", { a: 1 }, [1]],
    ["<array>", [1], { 0: 1 }],
    ["<null>", null, "null"],
  ];
  it.each(cases)("%s accepts %j and rejects %j", (wildcard, good, bad) => {
    expect(matchValue(wildcard, good)).toBeNull();
    expect(matchValue(wildcard, bad)).not.toBeNull();
  });

  it("<any> accepts every value, null included", () => {
    for (const value of [null, 0, "", [], {}, false]) expect(matchValue("<any>", value)).toBeNull();
  });

  it("<object> rejects null", () => {
    expect(matchValue("<object>", null)).not.toBeNull();
  });

  it("is not fooled by names on Object.prototype", () => {
    expect(matchValue("constructor", "x")).not.toBeNull();
    expect(matchValue("__proto__", "__proto__")).toBeNull();
  });
});

describe("structural comparison", () => {
  it("ignores key order and compares numbers numerically", () => {
    expect(
      matches(
        '{"jsonrpc":"2.0","id":1,"result":{"a":1.0,"b":2}}',
        '{"result":{"b":2e0,"a":1},"id":1.0,"jsonrpc":"2.0"}',
      ),
    ).toBe(true);
  });

  it("tells a string id from a number id", () => {
    const mismatch = matchMessage(
      parse('{"jsonrpc":"2.0","id":"1","result":1}'),
      parse('{"jsonrpc":"2.0","id":1,"result":1}'),
    );
    expect(mismatch).toEqual({ path: "/id", reason: 'expected "1", got 1' });
  });

  it("wants the envelope's key set exactly", () => {
    expect(
      matches('{"jsonrpc":"2.0","id":1,"result":1}', '{"jsonrpc":"2.0","id":1,"result":1,"extra":true}'),
    ).toBe(false);
    expect(matches('{"jsonrpc":"2.0","id":1,"result":1}', '{"jsonrpc":"2.0","result":1}')).toBe(false);
  });

  it("lets a result carry extra keys, at any depth, but not miss any", () => {
    const expected = '{"jsonrpc":"2.0","id":1,"result":{"a":{"b":1}}}';
    expect(matches(expected, '{"jsonrpc":"2.0","id":1,"result":{"a":{"b":1,"c":2},"d":3}}')).toBe(true);
    expect(matches(expected, '{"jsonrpc":"2.0","id":1,"result":{"a":{"c":2}}}')).toBe(false);
  });

  it("compares arrays by length and position", () => {
    expect(matchValue([1, 2], [1, 2])).toBeNull();
    expect(matchValue([1, 2], [2, 1])).not.toBeNull();
    expect(matchValue([1], [1, 1])).not.toBeNull();
  });

  it('matches ["<each>", pattern] against non-empty arrays whose items all match', () => {
    const pattern = parse('["<each>",{"path":"<string>","message":"<string>"}]');
    expect(matchValue(pattern, parse('[{"path":"/a","message":"m"},{"path":"","message":"n"}]'))).toBeNull();
    expect(matchValue(pattern, [])).not.toBeNull();
    expect(matchValue(pattern, parse('[{"path":"/a"}]'))).not.toBeNull();
  });

  it('matches ["<some>", pattern] against arrays with at least one matching item, whatever else they hold', () => {
    const pattern = parse('["<some>",{"session_id":"s1","state":"closed"}]');
    expect(
      matchValue(
        pattern,
        parse('[{"session_id":"s0","state":"idle"},{"session_id":"s1","state":"closed"}]'),
        "at-least",
      ),
    ).toBeNull();
    expect(matchValue(pattern, parse('[{"session_id":"s1","state":"idle"}]'), "at-least")).not.toBeNull();
    expect(matchValue(pattern, [], "at-least")).not.toBeNull();
    expect(matchValue(pattern, parse('{"session_id":"s1"}'), "at-least")).not.toBeNull();
  });

  it("compares the params of daemon-initiated messages exactly", () => {
    const expected = '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"<string>"}}';
    expect(matches(expected, '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s"}}')).toBe(
      true,
    );
    expect(
      matches(expected, '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","x":1}}'),
    ).toBe(false);
  });
});

describe("errors", () => {
  const expected =
    '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"<any>","data":{"reason":"frame_too_large","limit_bytes":256}}}';

  it("never compares error.message", () => {
    expect(
      matches(
        expected,
        '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"whatever","data":{"reason":"frame_too_large","limit_bytes":256}}}',
      ),
    ).toBe(true);
    const withoutMessage =
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"data":{"reason":"frame_too_large","limit_bytes":256}}}';
    expect(
      matches(
        withoutMessage,
        '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"m","data":{"reason":"frame_too_large","limit_bytes":256}}}',
      ),
    ).toBe(true);
  });

  it("still requires error.message to be a string", () => {
    expect(
      matches(
        expected,
        '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"data":{"reason":"frame_too_large","limit_bytes":256}}}',
      ),
    ).toBe(false);
    expect(
      matches(
        expected,
        '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":7,"data":{"reason":"frame_too_large","limit_bytes":256}}}',
      ),
    ).toBe(false);
  });

  it("wants error.data's key set exactly", () => {
    expect(
      matches(
        expected,
        '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"m","data":{"reason":"frame_too_large","limit_bytes":256,"extra":1}}}',
      ),
    ).toBe(false);
    expect(
      matches(
        expected,
        '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"m","data":{"reason":"frame_too_large"}}}',
      ),
    ).toBe(false);
  });

  it("compares the code and rejects unknown error members", () => {
    expect(
      matches(
        expected,
        '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"m","data":{"reason":"frame_too_large","limit_bytes":256}}}',
      ),
    ).toBe(false);
    expect(
      matches(
        expected,
        '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"m","data":{"reason":"frame_too_large","limit_bytes":256},"stack":"x"}}',
      ),
    ).toBe(false);
  });
});

describe("withPresenceOnly (x-match)", () => {
  it("turns the named places into presence checks", () => {
    const expected = withPresenceOnly(parse('{"pid":4242,"nested":{"a/b":1,"keep":2},"list":[1,2]}'), [
      "/pid",
      "/nested/a~1b",
      "/list/1",
    ]);
    expect(expected).toEqual(parse('{"pid":"<any>","nested":{"a/b":"<any>","keep":2},"list":[1,"<any>"]}'));
  });

  it('reads "" as the whole value and leaves its input alone', () => {
    const input = parse('{"a":1}');
    expect(withPresenceOnly(input, [""])).toBe("<any>");
    expect(input).toEqual({ a: 1 });
  });

  it("requires presence of a key the example left out", () => {
    const expected = withPresenceOnly(parse("{}"), ["/version"]);
    expect(matchValue(expected, {}, "at-least")).not.toBeNull();
    expect(matchValue(expected, { version: "1.2.3" }, "at-least")).toBeNull();
  });

  it("rejects pointers that lead nowhere", () => {
    expect(() => withPresenceOnly(parse('{"a":1}'), ["/b/c"])).toThrow(/leads nowhere/);
    expect(() => withPresenceOnly(parse('{"a":1}'), ["a"])).toThrow(/not a JSON pointer/);
  });
});
