// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${NAME} is the fixture DSL's capture reference, not a template.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocketServer } from "ws";
import type { CaseContext } from "../conformance/cases/case.js";
import { fixtureCase } from "../conformance/cases/fixture-cases.js";
import { Transcript } from "../conformance/wire/transcript.js";

type Request = { id?: unknown; method?: string; params?: { auth_token?: string } };

/** A toy daemon: a line socket whose status names the gateway, and a toy gateway (HTTP + WebSocket at /rpc). */
function startToySocket(socketPath: string, gatewayUrl: () => string | null): Promise<Server> {
  const server = createServer((socket) => {
    socket.on("error", () => {});
    let buffered = "";
    socket.on("data", (chunk) => {
      buffered += chunk.toString("utf8");
      for (let newline = buffered.indexOf("\n"); newline !== -1; newline = buffered.indexOf("\n")) {
        const { id, method } = JSON.parse(buffered.slice(0, newline)) as Request;
        buffered = buffered.slice(newline + 1);
        const result =
          method === "initialize"
            ? { protocolVersion: 1 }
            : method === "status"
              ? { gateway_url: gatewayUrl() }
              : { token_id: "tok_1", token: 'zc_"good"' };
        socket.write(`${JSON.stringify({ jsonrpc: "2.0", id, result })}\n`);
      }
    });
  });
  return new Promise((resolve) => server.listen(socketPath, () => resolve(server)));
}

function startToyGateway(): Promise<HttpServer> {
  const http = createHttpServer((request, response) => {
    const found = request.url === "/health";
    response.writeHead(found ? 200 : 404, { "Content-Type": "application/json" });
    response.end(found ? '{"status":"ok","extra":1}' : '{"error":"not_found"}');
  });
  const wss = new WebSocketServer({ server: http, path: "/rpc" });
  wss.on("connection", (ws) => {
    ws.on("message", (data, isBinary) => {
      const text = String(data);
      let request: Request;
      try {
        request = JSON.parse(text) as Request;
      } catch {
        ws.send(
          JSON.stringify({ jsonrpc: "2.0", id: null, result: { length: text.length, binary: isBinary } }),
        );
        return;
      }
      const { id, method, params } = request;
      if (method === "initialize") {
        const accepted = params?.auth_token === 'zc_"good"';
        const reply = accepted
          ? { result: { protocolVersion: 1, principal: { id: "alice", admin: false } } }
          : { error: { code: -32010, message: "no", data: { reason: "invalid_token" } } };
        ws.send(JSON.stringify({ jsonrpc: "2.0", id, ...reply }));
      }
      if (method === "binary") ws.send(Buffer.from("{}"), { binary: true });
      if (method === "bye") ws.close(1000);
    });
  });
  return new Promise((resolve) => http.listen(0, "127.0.0.1", () => resolve(http)));
}

describe("fixture runs against a toy gateway", () => {
  const directory = mkdtempSync(join(tmpdir(), "zc-gateway-run-"));
  const socketPath = join(directory, "toy.sock");
  let socketServer: Server;
  let gateway: HttpServer;
  let advertised: string | null = null;

  beforeAll(async () => {
    gateway = await startToyGateway();
    advertised = `ws://127.0.0.1:${(gateway.address() as AddressInfo).port}/rpc`;
    socketServer = await startToySocket(socketPath, () => advertised);
  });
  afterAll(() => {
    socketServer.close();
    gateway.closeAllConnections();
    gateway.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const run = (...lines: string[]): Promise<void> => {
    const context: CaseContext = {
      socketPath,
      timeoutMs: 500,
      transcript: new Transcript(),
      contract: undefined,
      launcher: undefined,
    };
    return fixtureCase("toy", `${lines.join("\n")}\n`).run(context);
  };

  it("captures a token on the socket and presents it over the WebSocket", async () => {
    await run(
      "@conn owner",
      "@init",
      '>> {"jsonrpc":"2.0","id":1,"method":"pairing/create","params":{"user":"alice"}}',
      '<< {"jsonrpc":"2.0","id":1,"result":{"token_id":"<capture:id>","token":"<capture:token>"}}',
      "@ws alice",
      '>> {"jsonrpc":"2.0","id":"${id}","method":"initialize","params":{"protocolVersion":1,"auth_token":"${token}"}}',
      '<< {"jsonrpc":"2.0","id":"${id}","result":{"principal":{"id":"alice","admin":false}}}',
      '>> {"jsonrpc":"2.0","id":2,"method":"bye"}',
      "<<close",
    );
  });

  it("fails where a substituted expectation does not hold", async () => {
    await expect(
      run(
        '>> {"jsonrpc":"2.0","id":1,"method":"pairing/create"}',
        '<< {"jsonrpc":"2.0","id":1,"result":{"token_id":"<capture:id>","token":"<string>"}}',
        "@ws g",
        '>> {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"auth_token":"${id}"}}',
        '<< {"jsonrpc":"2.0","id":1,"result":"<object>"}',
      ),
    ).rejects.toThrow(/^fixtures\/toy\.io:5: g: at \/result: missing/);
  });

  it("sends >>repeat as one text message on a WebSocket", async () => {
    await run(
      "@ws g",
      '>>repeat 5 "ab"',
      '<< {"jsonrpc":"2.0","id":null,"result":{"length":10,"binary":false}}',
    );
  });

  it("refuses raw-byte commands on a WebSocket, saying why", async () => {
    await expect(run("@ws g", '>>raw "{}"')).rejects.toThrow(/toy\.io:2: >>raw writes raw bytes.*WebSocket/);
    await expect(run("@ws g", ">>hex 7b7d")).rejects.toThrow(/toy\.io:2: >>hex writes raw bytes/);
  });

  it("reports a binary frame from the daemon as a bad message", async () => {
    await expect(run("@ws g", '>> {"jsonrpc":"2.0","id":1,"method":"binary"}', "<< {}")).rejects.toThrow(
      /binary frame/,
    );
  });

  it("checks HTTP status and body (extra keys allowed, like a result)", async () => {
    await run("@http GET /health", '<<http 200 {"status":"ok"}', "@http GET /nope", "<<http 404");
    await expect(run("@http GET /health", "<<http 500")).rejects.toThrow(
      /toy\.io:2: GET \/health: expected HTTP 500, got 200/,
    );
    await expect(run("@http GET /health", '<<http 200 {"status":"down"}')).rejects.toThrow(
      /body at \/status: expected "down", got "ok"/,
    );
  });

  it("fails clearly when status reports no gateway", async () => {
    const saved = advertised;
    advertised = null;
    try {
      await expect(run("@ws g")).rejects.toThrow(
        /toy\.io:1: status.gateway_url is null.*gateway.enabled = true/,
      );
    } finally {
      advertised = saved;
    }
  });
});
