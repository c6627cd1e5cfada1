// SPEC §10 gateway with the SPEC §2 limits: real ws clients against a real GatewayListener on
// 127.0.0.1, whose connections are served by a Peer with a tiny router. Short limits, waits on events.
import type { Socket } from "node:net";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { GatewayListener } from "../src/daemon/gateway-listener.js";
import { Peer } from "../src/jsonrpc/peer.js";
import { silentLogger } from "../src/log.js";
import type { TransportLimits, WsTransport } from "../src/transport/ws-transport.js";
import type { WireMessage } from "./helpers/raw-client.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const waitFor = async (check: () => boolean, what: string): Promise<void> => {
  for (let i = 0; i < 1000; i++) {
    if (check()) return;
    await sleep(10);
  }
  throw new Error(`timed out waiting for ${what}`);
};

/** A ws client that keeps every message; `socket` is its raw TCP socket, for stalling and raw frames. */
class Client {
  readonly frames: string[] = [];
  private read = 0;
  private nextId = 1;
  private waiters: (() => void)[] = [];
  closeCode: number | undefined;
  readonly closed: Promise<number>;

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      this.frames.push(String(data));
      this.wake();
    });
    ws.on("error", () => {});
    this.closed = new Promise((resolve) =>
      ws.on("close", (code) => {
        this.closeCode = code;
        this.wake();
        resolve(code);
      }),
    );
  }

  static open(url: string): Promise<Client> {
    const ws = new WebSocket(url);
    const client = new Client(ws); // listening before "open": a refusal arrives right after it
    return new Promise((resolve, reject) => {
      ws.once("open", () => resolve(client));
      ws.once("error", reject);
    });
  }

  get socket(): Socket {
    return (this.ws as unknown as { _socket: Socket })._socket;
  }

  send(message: unknown): void {
    this.ws.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  async next(): Promise<WireMessage> {
    while (this.frames.length <= this.read) {
      if (this.closeCode !== undefined) throw new Error(`closed (${this.closeCode}) with no message`);
      await new Promise<void>((r) => this.waiters.push(r));
    }
    return JSON.parse(this.frames[this.read++]!) as WireMessage;
  }

  async request(method: string, params: unknown = {}): Promise<WireMessage> {
    const id = this.nextId++;
    this.send({ jsonrpc: "2.0", id, method, params });
    const reply = await this.next();
    expect(reply.id).toBe(id);
    return reply;
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }
}

/** A masked client frame built by hand (zero mask: the payload goes as is). */
function rawFrame(opcode: number, payload: Buffer, fin = true): Buffer {
  const first = (fin ? 0x80 : 0) | opcode;
  const n = payload.length;
  const head =
    n < 126 ? Buffer.from([first, 0x80 | n]) : Buffer.from([first, 0x80 | 126, (n >> 8) & 0xff, n & 0xff]);
  return Buffer.concat([head, Buffer.alloc(4), payload]);
}

type Gateway = {
  listener: GatewayListener;
  url: string;
  http: string;
  transports: WsTransport[];
  reasons: string[];
  logs: { msg: string }[];
  handled: () => number;
};

const defaults: TransportLimits = {
  maxFrameBytes: 1 << 20,
  frameTimeoutMs: 30_000,
  writeStallTimeoutMs: 30_000,
  outputHighWaterBytes: 1 << 20,
};
const document = { openrpc: "1.3.2", info: { title: "zeroclaw", version: "0" }, methods: [] };
let gateway: Gateway | undefined;
const clients: Client[] = [];

async function start(limits: Partial<TransportLimits> = {}, maxConnections = 16): Promise<Gateway> {
  const logs: { msg: string }[] = [];
  const log = pino({ level: "info" }, { write: (line: string) => logs.push(JSON.parse(line)) });
  const transports: WsTransport[] = [];
  const reasons: string[] = [];
  let handled = 0;
  const listener: GatewayListener = new GatewayListener({
    host: "127.0.0.1",
    port: 0,
    maxConnections,
    maxPendingConnections: maxConnections + 1, // these bare peers never initialize
    pendingTimeoutMs: 600_000,
    headerTimeoutMs: 10_000,
    allowedOrigins: [],
    backlog: 511,
    limits: { ...defaults, ...limits },
    log,
    document,
    accept(transport) {
      transports.push(transport);
      const peer = new Peer(
        transport,
        {
          request: ({ method, params }) => {
            handled++;
            if (method !== "flood") return params;
            const { count, size } = params as { count: number; size: number };
            const blob = `{"jsonrpc":"2.0","method":"blob","params":{"data":"${"x".repeat(size)}"}}`;
            for (let i = 0; i < count; i++) transport.send(blob);
            return count;
          },
          notification() {},
          closed(reason) {
            reasons.push(reason);
            listener.released(transport);
          },
        },
        silentLogger(),
      );
      peer.start();
    },
  });
  const { url, port } = await listener.listen();
  gateway = {
    listener,
    url,
    http: `http://127.0.0.1:${port}`,
    transports,
    reasons,
    logs,
    handled: () => handled,
  };
  return gateway;
}

async function client(): Promise<Client> {
  const c = await Client.open(gateway!.url);
  clients.push(c);
  return c;
}

afterEach(async () => {
  for (const c of clients.splice(0)) c.ws.terminate();
  await gateway?.listener.close();
  gateway = undefined;
});

const errorOf = (reason: string, figures: Record<string, number> = {}, code = -32600) => ({
  jsonrpc: "2.0",
  id: null,
  error: { code, message: expect.any(String), data: { reason, ...figures } },
});

describe("HTTP endpoints", () => {
  it("serves /health and /openrpc.json, 404 elsewhere, 405 for other methods, 426 for plain GET /rpc", async () => {
    const g = await start();
    const health = await fetch(`${g.http}/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get("content-type")).toBe("application/json");
    expect(await health.json()).toEqual({ status: "ok" });
    const doc = await fetch(`${g.http}/openrpc.json?x=1`);
    expect(doc.status).toBe(200);
    expect(await doc.json()).toEqual(document);
    expect((await fetch(`${g.http}/nope`)).status).toBe(404);
    const post = await fetch(`${g.http}/health`, { method: "POST", body: "{}" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    expect((await fetch(`${g.http}/rpc`)).status).toBe(426);
  });

  it("refuses a WebSocket upgrade on any path but /rpc with 404", async () => {
    const g = await start();
    const ws = new WebSocket(g.url.replace(/\/rpc$/, "/other"));
    const err = await new Promise<Error>((resolve) => ws.once("error", resolve));
    expect(err.message).toContain("404");
    expect(g.transports).toHaveLength(0);
    expect(g.listener.openConnections).toBe(0);
  });
});

describe("messages", () => {
  it("answers a request, labels the peer by address and port, and reports the real port", async () => {
    const g = await start();
    expect(g.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/rpc$/);
    const c = await client();
    expect(await c.request("echo", { a: 1 })).toEqual({ jsonrpc: "2.0", id: 1, result: { a: 1 } });
    expect(g.transports[0]!.kind).toBe("gateway");
    expect(g.transports[0]!.peerLabel).toBe(`ws:127.0.0.1:${c.socket.localPort}`);
  });

  it("takes one message per text frame and sends one per frame: no NDJSON splitting either way", async () => {
    await start();
    const c = await client();
    for (const id of [1, 2, 3]) c.send({ jsonrpc: "2.0", id, method: "echo", params: { id } });
    for (const id of [1, 2, 3]) expect(await c.next()).toMatchObject({ id, result: { id } });
    expect(c.frames.every((f) => !f.includes("\n"))).toBe(true);
    // Two messages in one frame are one message, and not JSON.
    c.send('{"jsonrpc":"2.0","id":7,"method":"echo"}\n{"jsonrpc":"2.0","id":8,"method":"echo"}');
    expect(await c.next()).toEqual(errorOf("parse_error", {}, -32700));
    // A message fragmented over several frames is still one message.
    c.ws.send('{"jsonrpc":"2.0","id":9,', { fin: false });
    c.ws.send('"method":"echo","params":[9]}', { fin: true });
    expect(await c.next()).toMatchObject({ id: 9, result: [9] });
  });

  it("answers a binary frame with -32600 and id null, and carries on", async () => {
    await start();
    const c = await client();
    c.ws.send(Buffer.from('{"jsonrpc":"2.0","id":1,"method":"echo"}'), { binary: true });
    expect(await c.next()).toEqual(errorOf("invalid_request"));
    expect((await c.request("echo", [1])).result).toEqual([1]);
  });

  it("closes with 1007 on a text frame that is not UTF-8", async () => {
    const g = await start();
    const c = await client();
    c.ws.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false });
    expect(await c.closed).toBe(1007);
    await waitFor(() => g.reasons.length === 1, "the server-side close");
    expect(g.reasons[0]).toContain("WS_ERR_INVALID_UTF8");
  });

  it("holds messages while paused and hands them over in order on resume", async () => {
    const g = await start();
    const c = await client();
    await c.request("echo");
    g.transports[0]!.pauseMessages(true);
    for (const id of [10, 11, 12]) c.send({ jsonrpc: "2.0", id, method: "echo" });
    await sleep(100);
    expect(c.frames).toHaveLength(1);
    g.transports[0]!.pauseMessages(false);
    for (const id of [10, 11, 12]) expect((await c.next()).id).toBe(id);
  });

  it("finish sends its message, then closes normally", async () => {
    const g = await start();
    const c = await client();
    await c.request("echo");
    g.transports[0]!.finish('{"jsonrpc":"2.0","method":"bye"}', "done here");
    expect((await c.next()).method).toBe("bye");
    expect(await c.closed).toBe(1000);
    await waitFor(() => g.reasons.length === 1, "the server-side close");
    expect(g.reasons).toEqual(["done here"]);
  });
});

/** A request padded (through its string id) to exactly `bytes` bytes. */
function requestOf(bytes: number): string {
  const bare = JSON.stringify({ jsonrpc: "2.0", method: "echo", id: "" });
  return JSON.stringify({ jsonrpc: "2.0", method: "echo", id: "x".repeat(bytes - bare.length) });
}

describe("frame size", () => {
  it("accepts a message of exactly max_frame_bytes; one byte more gets frame_too_large, then close 1009", async () => {
    const g = await start({ maxFrameBytes: 256 });
    const c = await client();
    const exact = requestOf(256);
    expect(Buffer.byteLength(exact)).toBe(256);
    c.send(exact);
    expect((await c.next()).result).toBeNull(); // no params, echoed
    c.send(requestOf(257));
    expect(await c.next()).toEqual(errorOf("frame_too_large", { limit_bytes: 256 }));
    expect(await c.closed).toBe(1009);
    expect(c.frames).toHaveLength(2);
    await waitFor(() => g.reasons.length === 1, "the server-side close");
    expect(g.reasons).toEqual(["frame too large"]);
  });

  it("counts every fragment of a message, and refuses a far larger one from its header", async () => {
    await start({ maxFrameBytes: 1024 });
    const fragmented = await client();
    fragmented.ws.send("x".repeat(600), { fin: false });
    fragmented.ws.send("x".repeat(600), { fin: true });
    expect(await fragmented.next()).toEqual(errorOf("frame_too_large", { limit_bytes: 1024 }));
    expect(await fragmented.closed).toBe(1009);

    const huge = await client();
    huge.send("x".repeat(4 << 20));
    expect(await huge.next()).toEqual(errorOf("frame_too_large", { limit_bytes: 1024 }));
    expect(await huge.closed).toBe(1009);
  });
});

describe("unfinished message", () => {
  it("times out a fragmented message never finished, pings in between notwithstanding", async () => {
    const g = await start({ frameTimeoutMs: 200 });
    const c = await client();
    c.ws.send('{"jsonrpc":"2.0",', { fin: false });
    const pings = setInterval(() => c.ws.ping(), 40);
    try {
      expect(await c.next()).toEqual(errorOf("frame_timeout", { limit_ms: 200 }));
      expect(await c.closed).toBe(1000);
    } finally {
      clearInterval(pings);
    }
    await waitFor(() => g.reasons.length === 1, "the server-side close");
    expect(g.reasons).toEqual(["frame timeout"]);
  });

  it("times out a single frame whose payload trickles in steadily", async () => {
    await start({ frameTimeoutMs: 200 });
    const c = await client();
    const frame = rawFrame(0x1, Buffer.from(requestOf(120)));
    c.socket.write(frame.subarray(0, 10));
    let at = 10;
    const trickle = setInterval(() => {
      if (at < frame.length - 1) c.socket.write(frame.subarray(at, ++at));
    }, 40);
    try {
      expect(await c.next()).toEqual(errorOf("frame_timeout", { limit_ms: 200 }));
      await c.closed;
    } finally {
      clearInterval(trickle);
    }
  });

  it("times out a frame whose header arrived with none of its payload", async () => {
    await start({ frameTimeoutMs: 200 });
    const c = await client();
    const frame = rawFrame(0x1, Buffer.from(requestOf(120)));
    c.socket.write(frame.subarray(0, 6)); // 2 header + 4 mask bytes: ws now waits for the payload
    expect(await c.next()).toEqual(errorOf("frame_timeout", { limit_ms: 200 }));
    await c.closed;
  });

  it("never runs the clock on pings alone, nor between messages", async () => {
    await start({ frameTimeoutMs: 100 });
    const c = await client();
    for (let i = 0; i < 10; i++) {
      c.ws.ping();
      await sleep(40);
    }
    expect(c.frames).toHaveLength(0);
    expect((await c.request("echo", [1])).result).toEqual([1]);
    expect(c.closeCode).toBeUndefined();
  });

  it("restarts the clock for a message that begins in the read where the previous one ends", async () => {
    await start({ frameTimeoutMs: 400 });
    const c = await client();
    const one = rawFrame(0x1, Buffer.from('{"jsonrpc":"2.0","id":1,"method":"echo"}'));
    const two = rawFrame(0x1, Buffer.from('{"jsonrpc":"2.0","id":2,"method":"echo"}'));
    c.socket.write(one.subarray(0, 20));
    await sleep(300);
    // Message 1 ends and message 2 begins in one write; message 2 completes when 1 would be 500 ms old.
    c.socket.write(Buffer.concat([one.subarray(20), two.subarray(0, 20)]));
    await sleep(200);
    c.socket.write(two.subarray(20));
    expect((await c.next()).id).toBe(1);
    expect((await c.next()).id).toBe(2);
    expect(c.closeCode).toBeUndefined();
  });
});

describe("output", () => {
  it("disconnects a client that stops reading while output is queued; others are unaffected", async () => {
    const g = await start({ writeStallTimeoutMs: 300, outputHighWaterBytes: 65536 });
    const stuck = await client();
    const other = await client();
    stuck.socket.pause(); // like a client stopped with Ctrl-Z
    stuck.send({ jsonrpc: "2.0", id: 1, method: "flood", params: { count: 24, size: 1 << 20 } });
    await waitFor(() => g.reasons.includes("write stall"), "the stall");
    expect((await other.request("echo", [2])).result).toEqual([2]);
    stuck.socket.resume();
    await stuck.closed;
    expect(g.reasons).toEqual(["write stall"]);
  });

  it("stops reading a client that does not read, and serves everything in order once it does", async () => {
    const g = await start({ writeStallTimeoutMs: 60_000, outputHighWaterBytes: 65536 });
    const c = await client();
    c.socket.pause();
    const n = 30_000;
    const pad = "x".repeat(1000);
    for (let i = 0; i < n; i++) c.send({ jsonrpc: "2.0", id: i, method: "echo", params: [pad] });
    const t = g.transports[0]!;
    await waitFor(() => t.outputBlocked, "reading to stop");
    let writable = false;
    void t.whenWritable().then(() => (writable = true));
    const handled = g.handled();
    await sleep(200);
    // Nothing more was read: the rest of the burst waits in the client's own buffers.
    expect(g.handled()).toBe(handled);
    expect(handled).toBeLessThan(n);
    expect(c.ws.bufferedAmount).toBeGreaterThan(0);
    expect(writable).toBe(false);
    c.socket.resume();
    for (let i = 0; i < n; i++) expect((await c.next()).id).toBe(i);
    expect(writable).toBe(true);
    expect(c.closeCode).toBeUndefined();
  });
});

describe("open connections", () => {
  const limitWarnings = (g: Gateway): number =>
    g.logs.filter((l) => l.msg.startsWith("connection limit reached")).length;

  it("refuses connection N+1 with -32004, warns once per episode, and recovers when one leaves", async () => {
    const g = await start({}, 2);
    const a = await client();
    const b = await client();
    const refused = await client();
    expect(await refused.next()).toEqual(errorOf("connection_limit", { limit: 2 }, -32004));
    expect(await refused.closed).toBe(1013);
    const again = await client();
    expect((await again.next()).error?.code).toBe(-32004);
    expect(limitWarnings(g)).toBe(1);
    expect(g.transports).toHaveLength(2);

    a.ws.close();
    await waitFor(() => g.listener.openConnections === 1, "the release");
    const c = await client();
    expect((await c.request("echo", [3])).result).toEqual([3]);
    const over = await client();
    expect((await over.next()).error?.data).toEqual({ reason: "connection_limit", limit: 2 });
    expect(limitWarnings(g)).toBe(2);
    expect((await b.request("echo", [4])).result).toEqual([4]);
  });

  it("close() ends every WebSocket and the server", async () => {
    const g = await start();
    const a = await client();
    const b = await client();
    await g.listener.close();
    gateway = undefined;
    await Promise.all([a.closed, b.closed]);
    expect(g.reasons).toEqual(["gateway closing", "gateway closing"]);
    await expect(fetch(`${g.http}/health`)).rejects.toThrow();
  });
});
