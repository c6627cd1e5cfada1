// A JSON-RPC 2.0 server over HTTP POST (and WebSocket) on 127.0.0.1 that answers an OpenRPC document's methods from
// its example pairings: the example whose params equal the call's (by position or by name), else
// the method's first example with a result. Every request body is kept, so a test can check what a
// generated client put on the wire. `failWith` makes a method answer with an error instead.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { isDeepStrictEqual } from "node:util";
import { WebSocketServer } from "ws";
import type { Json, Model } from "../../codegen/model/types.js";

export type MockServer = {
  url: string;
  /** The same server as a WebSocket endpoint. */
  wsUrl: string;
  /** Every JSON-RPC message received, parsed. */
  received: { method: string; params: unknown; id?: unknown }[];
  /** Makes `method` answer with this error object. */
  failWith(method: string, error: { code: number; message: string; data?: Json }): void;
  /** Answers `method` with `result` (overrides the examples). */
  answer(method: string, result: string): void;
  close(): Promise<void>;
};

export async function startMockServer(model: Model): Promise<MockServer> {
  const received: MockServer["received"] = [];
  const failures = new Map<string, { code: number; message: string; data?: Json }>();
  const answers = new Map<string, string>();

  const reply = (msg: { id?: unknown; method?: unknown; params?: unknown }): string | undefined => {
    const method = model.methods.find((m) => m.name === msg.method);
    received.push({
      method: String(msg.method),
      params: msg.params,
      ...(msg.id !== undefined ? { id: msg.id } : {}),
    });
    if (msg.id === undefined) return undefined; // a notification: no answer
    const id = JSON.stringify(msg.id);
    const error = (e: object): string => `{"jsonrpc":"2.0","id":${id},"error":${JSON.stringify(e)}}`;
    if (!method) return error({ code: -32601, message: "Method not found" });
    const failure = failures.get(method.name);
    if (failure) return error(failure);
    const fixed = answers.get(method.name);
    if (fixed !== undefined) return `{"jsonrpc":"2.0","id":${id},"result":${fixed}}`;
    const sent = msg.params;
    const matches = method.examples.find((e) => {
      const values = e.params.map((p) => p.value);
      if (Array.isArray(sent)) return isDeepStrictEqual(sent, values.slice(0, sent.length)) && e.result;
      return isDeepStrictEqual(sent, Object.fromEntries(e.params.map((p) => [p.name, p.value]))) && e.result;
    });
    const example = matches ?? method.examples.find((e) => e.result);
    if (!example?.result) return error({ code: -32603, message: `no example result for ${method.name}` });
    return `{"jsonrpc":"2.0","id":${id},"result":${JSON.stringify(example.result.value ?? null)}}`;
  };

  /** The answer to one request text (a message or a batch), or undefined when nothing is owed. */
  const respond = (body: string): string | undefined => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}';
    }
    const out = (Array.isArray(parsed) ? parsed : [parsed]).flatMap((m) => reply(m as object) ?? []);
    if (out.length === 0) return undefined;
    return Array.isArray(parsed) ? `[${out.join(",")}]` : out[0];
  };

  const server: Server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => {
      body += c;
    });
    req.on("end", () => {
      const answer = respond(body);
      if (answer === undefined) res.writeHead(204).end();
      else res.writeHead(200, { "content-type": "application/json" }).end(answer);
    });
  });
  // The same answers over WebSocket on the same port (one JSON-RPC message per frame).
  const wss = new WebSocketServer({ server });
  wss.on("connection", (ws) => {
    ws.on("message", (data) => {
      const answer = respond(data.toString());
      if (answer !== undefined) ws.send(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    wsUrl: `ws://127.0.0.1:${port}/`,
    received,
    failWith: (method, error) => failures.set(method, error),
    answer: (method, result) => answers.set(method, result),
    close: () =>
      new Promise((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close();
        server.close(() => resolve());
      }),
  };
}
