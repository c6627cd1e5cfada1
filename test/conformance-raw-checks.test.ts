// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${NAME} is the fixture DSL's capture reference, not a template.
// The runner's checks below the JSON value: `<<id-text` (an id's exact number text, SPEC §3),
// `@upgrade` + `<<http` (an upgrade's HTTP status, SPEC §12) and `<<close` telling a reset from a
// clean end of stream (SPEC §12), each against a toy server that does right or wrong on purpose.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import { type AddressInfo, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocketServer } from "ws";
import type { CaseContext } from "../conformance/cases/case.js";
import { fixtureCase } from "../conformance/cases/fixture-cases.js";
import { FixtureSyntaxError, parseFixture } from "../conformance/cases/fixture-parser.js";
import { topLevelIdText } from "../conformance/judge/id-text.js";
import { Transcript } from "../conformance/wire/transcript.js";

describe("topLevelIdText", () => {
  it("returns the top-level id as written, whatever surrounds it", () => {
    expect(topLevelIdText('{"jsonrpc":"2.0","id":12345678901234567890,"result":{}}')).toBe(
      "12345678901234567890",
    );
    expect(topLevelIdText('{ "result" : {"id":1,"x":[{"id":2}]} , "id" : 1e400 }')).toBe("1e400");
    expect(topLevelIdText('{"id":"a\\"b","result":null}')).toBe('"a\\"b"');
    expect(topLevelIdText('{"id":null}')).toBe("null");
    expect(topLevelIdText('{"i\\u0064":-0}')).toBe("-0");
    expect(topLevelIdText('{"id":1,"id":1.0}')).toBe("1.0");
    expect(topLevelIdText('{"result":{"id":7}}')).toBeUndefined();
    expect(topLevelIdText('{"id":{"n":1}}')).toBeUndefined();
  });

  it("finds any number text at any position among arbitrary members", () => {
    const numberText = fc
      .tuple(
        fc.boolean(),
        fc.stringMatching(/^(?:0|[1-9]\d{0,30})$/),
        fc.option(fc.stringMatching(/^\.\d{1,5}$/)),
        fc.option(fc.stringMatching(/^[eE][+-]?\d{1,3}$/)),
      )
      .map(([negative, int, frac, exp]) => `${negative ? "-" : ""}${int}${frac ?? ""}${exp ?? ""}`);
    const member = fc.tuple(
      fc.string().filter((key) => key !== "id"),
      fc.jsonValue(),
    );
    fc.assert(
      fc.property(
        numberText,
        fc.array(member, { maxLength: 4 }),
        fc.nat(4),
        fc.constantFrom("", " ", "\n\t"),
        (text, members, at, space) => {
          const parts = members.map(
            ([key, value]) => `${JSON.stringify(key)}${space}:${JSON.stringify(value)}`,
          );
          parts.splice(Math.min(at, parts.length), 0, `"id"${space}:${space}${text}${space}`);
          expect(topLevelIdText(`{${space}${parts.join(`,${space}`)}}`)).toBe(text);
        },
      ),
    );
  });
});

describe("parsing the raw checks", () => {
  it("parses <<id-text, @upgrade with and without an origin, and <<http after @upgrade", () => {
    const fixture = parseFixture(
      [
        '<<id-text 1E+2 {"id":100}',
        "@upgrade",
        "<<http 101",
        "@upgrade https://app.example.com",
        "@upgrade <gateway>",
      ].join("\n"),
    );
    expect(fixture.steps.slice(1)).toEqual([
      { kind: "expect-id-text", idText: "1E+2", message: { id: 100 }, line: 1 },
      { kind: "upgrade", line: 2 },
      { kind: "expect-http", status: 101, line: 3 },
      { kind: "upgrade", origin: "https://app.example.com", line: 4 },
      { kind: "upgrade", origin: "<gateway>", line: 5 },
    ]);
  });

  it("refuses an id text that is not a JSON number, and ${NAME} references", () => {
    for (const line of ['<<id-text 01 {"id":1}', '<<id-text "x" {"id":"x"}', '<<id-text 1 {"id":"${n}"}']) {
      expect(() => parseFixture(line)).toThrow(FixtureSyntaxError);
    }
  });
});

/** Answers each line by its method: ids echoed exactly or rounded, status naming the toy gateway. */
function startToyServer(socketPath: string, gatewayUrl: () => string): Promise<Server> {
  const server = createServer((socket: Socket) => {
    socket.on("error", () => {});
    let buffered = "";
    socket.on("data", (chunk) => {
      buffered += chunk.toString("utf8");
      for (let newline = buffered.indexOf("\n"); newline !== -1; newline = buffered.indexOf("\n")) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        const { method } = JSON.parse(line) as { method: string };
        const exact = /"id":([^,}]+)/.exec(line)?.[1] ?? "null";
        const id = method === "rounded" ? JSON.stringify(JSON.parse(exact)) : exact;
        const result =
          method === "initialize"
            ? { protocolVersion: 1 }
            : method === "status"
              ? { gateway_url: gatewayUrl() }
              : {};
        socket.write(`{"jsonrpc":"2.0","id":${id},"result":${JSON.stringify(result)}}\n`);
        if (method === "bye") socket.end();
      }
    });
  });
  return new Promise((resolve) => server.listen(socketPath, () => resolve(server)));
}

/** Never reads, then closes: input left unread at close makes a Unix socket peer read ECONNRESET. */
function startResettingServer(socketPath: string): Promise<Server> {
  const server = createServer({ pauseOnConnect: true }, (socket: Socket) => {
    socket.on("error", () => {});
    setTimeout(() => socket.destroy(), 150);
  });
  return new Promise((resolve) => server.listen(socketPath, () => resolve(server)));
}

/** status names a toy gateway that admits no Origin, or only https://ok.example. */
function startToyGateway(): Promise<HttpServer> {
  const http = createHttpServer((_request, response) => response.end());
  new WebSocketServer({
    server: http,
    path: "/rpc",
    verifyClient: ({ origin }: { origin?: string }) =>
      origin === undefined || origin === "https://ok.example",
  });
  return new Promise((resolve) => http.listen(0, "127.0.0.1", () => resolve(http)));
}

describe("raw checks against toy servers", () => {
  const directory = mkdtempSync(join(tmpdir(), "zc-raw-checks-"));
  const socketPath = join(directory, "toy.sock");
  const resettingPath = join(directory, "resetting.sock");
  let server: Server;
  let resetting: Server;
  let gateway: HttpServer;

  beforeAll(async () => {
    gateway = await startToyGateway();
    const url = `ws://127.0.0.1:${(gateway.address() as AddressInfo).port}/rpc`;
    server = await startToyServer(socketPath, () => url);
    resetting = await startResettingServer(resettingPath);
  });
  afterAll(() => {
    server.close();
    resetting.close();
    gateway.closeAllConnections();
    gateway.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const runOn = (path: string, lines: string[]): Promise<void> => {
    const context: CaseContext = {
      socketPath: path,
      timeoutMs: 1000,
      transcript: new Transcript(),
      contract: undefined,
      launcher: undefined,
    };
    return fixtureCase("toy", `${lines.join("\n")}\n`).run(context);
  };
  const run = (...lines: string[]): Promise<void> => runOn(socketPath, lines);

  it("<<id-text passes on the exact text and fails on a rounded one", async () => {
    await run(
      '>> {"jsonrpc":"2.0","id":12345678901234567890,"method":"exact"}',
      '<<id-text 12345678901234567890 {"jsonrpc":"2.0","id":12345678901234567890,"result":{}}',
    );
    await expect(
      run(
        '>> {"jsonrpc":"2.0","id":12345678901234567890,"method":"rounded"}',
        '<<id-text 12345678901234567890 {"jsonrpc":"2.0","id":12345678901234567890,"result":{}}',
      ),
    ).rejects.toThrow(/id written as 12345678901234567000, expected exactly 12345678901234567890/);
    await expect(
      run(
        '>> {"jsonrpc":"2.0","id":1.0,"method":"rounded"}',
        '<<id-text 1.0 {"jsonrpc":"2.0","id":1,"result":{}}',
      ),
    ).rejects.toThrow(/id written as 1, expected exactly 1.0/);
  });

  it("<<close accepts a clean end of stream and fails on a reset", async () => {
    await run(
      '>> {"jsonrpc":"2.0","id":1,"method":"bye"}',
      '<< {"jsonrpc":"2.0","id":1,"result":{}}',
      "<<close",
    );
    await expect(
      runOn(resettingPath, ['>> {"jsonrpc":"2.0","id":1,"method":"status"}', "<<close"]),
    ).rejects.toThrow(/the stream was reset \(socket error ECONNRESET\)/);
  });

  it("@upgrade reports the upgrade's status to <<http, with the Origin it was given", async () => {
    await run(
      "@upgrade",
      "<<http 101",
      "@upgrade https://ok.example",
      "<<http 101",
      "@upgrade https://bad.example",
      "<<http 401",
    );
    await expect(run("@upgrade <gateway>", "<<http 101")).rejects.toThrow(/expected HTTP 101, got 401/);
  });
});
