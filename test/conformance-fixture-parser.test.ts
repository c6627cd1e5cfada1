// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${NAME} is the fixture DSL's capture reference, not a template.
import { describe, expect, it } from "vitest";
import { type FixtureStep, FixtureSyntaxError, parseFixture } from "../conformance/cases/fixture-parser.js";

const text = (...lines: string[]): string => `${lines.join("\n")}\n`;
const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
const kinds = (steps: FixtureStep[]): string[] => steps.map((step) => step.kind);

function syntaxError(source: string): FixtureSyntaxError {
  try {
    parseFixture(source);
  } catch (error) {
    if (error instanceof FixtureSyntaxError) return error;
    throw error;
  }
  throw new Error("expected a syntax error");
}

describe("parseFixture", () => {
  it("opens a main connection when the first command is not @conn", () => {
    const fixture = parseFixture(text("// title", "// more", "", ">> {}", "<< {}"));
    expect(fixture.title).toBe("title");
    expect(fixture.descriptions).toEqual(["title", "more"]);
    expect(fixture.steps[0]).toEqual({ kind: "conn", name: "main", line: 4 });
    expect(kinds(fixture.steps)).toEqual(["conn", "send", "expect"]);
    expect(fixture.spawnOnly).toBe(false);
  });

  it("does not add main when the file starts with @conn", () => {
    const fixture = parseFixture(text("@conn a", "@conn b", "@use a", "@close", "<<close"));
    expect(kinds(fixture.steps)).toEqual(["conn", "conn", "use", "close", "expect-close"]);
  });

  it("collects #! lines as config and makes the case spawn-only", () => {
    const fixture = parseFixture(
      text("#! rpc.max_frame_bytes = 64", "#! rpc.frame_timeout_ms = 300", "@init"),
    );
    expect(fixture.configLines).toEqual(["rpc.max_frame_bytes = 64", "rpc.frame_timeout_ms = 300"]);
    expect(fixture.spawnOnly).toBe(true);
  });

  it("marks @spawn-only cases without config", () => {
    const fixture = parseFixture(text("@spawn-only", "@init"));
    expect(fixture.spawnOnly).toBe(true);
    expect(fixture.configLines).toEqual([]);
    expect(kinds(fixture.steps)).toEqual(["conn", "init"]);
  });

  it("sends >> text verbatim, broken JSON included, with a newline", () => {
    const [, send] = parseFixture(text('>> {"jsonrpc":  "2.0",')).steps;
    expect(send?.kind === "send" && decode(send.payload)).toBe('{"jsonrpc":  "2.0",\n');
  });

  it("decodes >>raw string literals and adds no newline", () => {
    const [, send] = parseFixture(text('>>raw "{\\"a\\":\\n\\u00e9"')).steps;
    expect(send?.kind === "send" && decode(send.payload)).toBe('{"a":\né');
  });

  it("sends >>hex bytes as they are, half UTF-8 sequences included", () => {
    const [, send] = parseFixture(text(">>hex e2 82ac f0")).steps;
    expect(send?.kind === "send" && [...send.payload]).toEqual([0xe2, 0x82, 0xac, 0xf0]);
  });

  it("keeps >>repeat as one payload and a count", () => {
    const [, send] = parseFixture(text('>>repeat 1000 "ab "')).steps;
    expect(send?.kind === "send" && [decode(send.payload), send.repeat]).toEqual(["ab ", 1000]);
  });

  it("groups the lines of <<unordered N", () => {
    const fixture = parseFixture(
      text("<<unordered 2", "// either order", '<< {"id":1}', '<< {"id":2}', "<<silence 100"),
    );
    expect(fixture.steps[1]).toEqual({ kind: "expect-unordered", messages: [{ id: 1 }, { id: 2 }], line: 1 });
    expect(kinds(fixture.steps)).toEqual(["conn", "expect-unordered", "expect-silence"]);
  });

  it("parses the timing commands", () => {
    const fixture = parseFixture(
      text("@sleep 20", "@pause", "@resume", "<<drain-close 5000", "<<silence 300"),
    );
    expect(fixture.steps.slice(1)).toEqual([
      { kind: "sleep", ms: 20, line: 1 },
      { kind: "pause", line: 2 },
      { kind: "resume", line: 3 },
      { kind: "expect-drain-close", ms: 5000, line: 4 },
      { kind: "expect-silence", ms: 300, line: 5 },
    ]);
  });

  it("tags each send with its command", () => {
    const fixture = parseFixture(text(">> {}", '>>raw "x"', ">>hex 00", '>>repeat 2 "y"'));
    expect(fixture.steps.slice(1).map((step) => step.kind === "send" && step.command)).toEqual([
      ">>",
      ">>raw",
      ">>hex",
      ">>repeat",
    ]);
  });

  it("opens WebSocket connections with @ws, sharing names with @conn", () => {
    const fixture = parseFixture(text("@ws g", "@conn local", "@use g", "@init"));
    expect(fixture.steps).toEqual([
      { kind: "ws", name: "g", line: 1 },
      { kind: "conn", name: "local", line: 2 },
      { kind: "use", name: "g", line: 3 },
      { kind: "init", line: 4 },
    ]);
  });

  it("parses @http and <<http, with or without an expected body", () => {
    const fixture = parseFixture(
      text("@http GET /health", '<<http 200 {"status":"ok"}', "@http HEAD /x?y=1", "<<http 404"),
    );
    expect(fixture.steps.slice(1)).toEqual([
      { kind: "http", method: "GET", path: "/health", line: 1 },
      { kind: "expect-http", status: 200, body: { status: "ok" }, line: 2 },
      { kind: "http", method: "HEAD", path: "/x?y=1", line: 3 },
      { kind: "expect-http", status: 404, line: 4 },
    ]);
  });

  it("keeps the text of << lines that reference captures, and of >> lines as sent", () => {
    const fixture = parseFixture(
      text(
        '<< {"result":{"token":"<capture:tok>","n":"<capture:n>"}}',
        '>> {"params":{"auth_token":"${tok}"},"id":${n}}',
        '<< {"id":${n},"result":{"token":"${tok}"}}',
      ),
    );
    const [, declare, send, use] = fixture.steps;
    expect(declare).toEqual({
      kind: "expect",
      message: { result: { token: "<capture:tok>", n: "<capture:n>" } },
      line: 1,
    });
    expect(send?.kind === "send" && decode(send.payload)).toBe(
      '{"params":{"auth_token":"${tok}"},"id":${n}}\n',
    );
    expect(use).toMatchObject({
      kind: "expect",
      template: '{"id":${n},"result":{"token":"${tok}"}}',
      line: 3,
    });
  });

  it("carries templates into <<unordered groups", () => {
    const fixture = parseFixture(
      text('<< {"id":"<capture:a>"}', "<<unordered 2", '<< {"id":"${a}"}', '<< {"id":2}'),
    );
    expect(fixture.steps[2]).toEqual({
      kind: "expect-unordered",
      messages: [{ id: "0" }, { id: 2 }],
      templates: ['{"id":"${a}"}', undefined],
      line: 2,
    });
  });

  it("tolerates CRLF line endings in the file", () => {
    const fixture = parseFixture("// t\r\n>> {}\r\n<< {}\r\n");
    const [, send] = fixture.steps;
    expect(send?.kind === "send" && decode(send.payload)).toBe("{}\n");
  });
});

describe("fixture syntax errors", () => {
  it.each([
    ["<< {not json", 1, /"<<" needs one JSON value/],
    ['>>raw {"a":1}', 1, /JSON string literal/],
    [">>hex e", 1, /pairs of hex digits/],
    ['>>repeat x "a"', 1, /positive integer/],
    ["@sleep -5", 1, /positive integer/],
    ["@frobnicate", 1, /unknown command/],
    ["@init now", 1, /takes no argument/],
    ["@use other", 1, /no such connection/],
    ["@conn a\n@conn a", 2, /already exists/],
    ["<<unordered 2\n<< {}\n@init", 3, /needs 2/],
    ["<<unordered 3\n<< {}", 1, /file ends/],
    ["// only words", 1, /no commands/],
    ["@ws", 1, /needs a connection name/],
    ["@conn a\n@ws a", 2, /already exists/],
    ["@http GET health", 1, /absolute path/],
    ["@http /health", 1, /method and an absolute path/],
    ["<<http 200", 1, /needs an @http line before it/],
    ["@http GET /\n<<http ok", 2, /status code/],
    ["@http GET /\n<<http 200 {x", 2, /needs one JSON value/],
    ['>> {"auth_token":"${token}"}', 1, /no earlier "<<" line has "<capture:token>"/],
    ['<< {"id":${n}}', 1, /\$\{n\}: no earlier/],
    ['<< {"a":"<capture:x>"}\n<< {"b":${y}}', 2, /\$\{y\}/],
    ['<< {"ids":["<each>","<capture:x>"]}', 1, /cannot be used inside/],
  ])("%j fails at line %i", (source, line, message) => {
    const error = syntaxError(`${source}\n`);
    expect(error.line).toBe(line);
    expect(error.message).toMatch(message);
  });

  it("rejects #! lines that are not TOML", () => {
    expect(syntaxError(text("#! rpc.max_frame_bytes = = 3", "@init")).message).toMatch(/not valid TOML/);
  });
});

describe("dialects in a fixture (SPEC §13)", () => {
  const source = text(
    "// both dialects",
    "@dialects seed zeroclaw",
    "@n/a not used: both dialects listed",
    '[seed] >> {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}',
    '[zeroclaw] >> {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocol_version":1}}',
    "[zeroclaw] // zeroclaw's own note",
    '<< {"jsonrpc":"2.0","id":1,"result":"<object>"}',
  );

  it("reads a [seed] or [zeroclaw] line only in its own dialect, without its tag", () => {
    const seed = parseFixture(source, "seed");
    const zeroclaw = parseFixture(source, "zeroclaw");
    const sent = (steps: FixtureStep[]) =>
      steps.flatMap((s) => (s.kind === "send" ? [decode(s.payload)] : []));
    expect(sent(seed.steps)).toEqual([
      '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}\n',
    ]);
    expect(sent(zeroclaw.steps)).toEqual([
      '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocol_version":1}}\n',
    ]);
    expect(zeroclaw.descriptions).toContain("zeroclaw's own note");
    expect(seed.descriptions).not.toContain("zeroclaw's own note");
  });

  it("takes @dialects and @n/a; a fixture without @dialects is the seed's alone", () => {
    expect(parseFixture(source).dialects).toEqual(["seed", "zeroclaw"]);
    expect(parseFixture(source).notApplicable).toBe("not used: both dialects listed");
    expect(parseFixture(text("// t", "@init")).dialects).toEqual(["seed"]);
  });

  it("refuses an unknown dialect, in a tag or in @dialects, naming the line", () => {
    expect(syntaxError(text("// t", "[acp] @init")).message).toMatch(/line 2: unknown dialect tag \[acp\]/);
    expect(syntaxError(text("// t", "@dialects seed acp", "@init")).message).toMatch(/line 2: .*"acp"/);
    expect(syntaxError(text("// t", "@dialects", "@init")).message).toMatch(/at least one dialect/);
  });
});
