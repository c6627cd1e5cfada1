// SPEC §2: every connection limit over a real Unix socket, each with a short configured value, plus
// the frame limit at its real 8 MiB default. Each test fails (or hangs to its timeout) if its limit goes.
import { afterEach, describe, expect, it } from "vitest";
import { RawClient } from "./helpers/raw-client.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let daemon: TestDaemon | undefined;
const clients: RawClient[] = [];
async function start(toml = ""): Promise<TestDaemon> {
  daemon = await startTestDaemon(toml);
  return daemon;
}
async function client(): Promise<RawClient> {
  const c = await RawClient.connect(daemon!.endpoint);
  clients.push(c);
  return c;
}
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await daemon?.stop();
  daemon = undefined;
});

/** A status request padded (through its string id) to exactly `bytes` bytes before the newline. */
function statusFrameOf(bytes: number): string {
  const bare = JSON.stringify({ jsonrpc: "2.0", method: "status", id: "" });
  return JSON.stringify({ jsonrpc: "2.0", method: "status", id: "x".repeat(bytes - bare.length) });
}

const waitFor = async (check: () => boolean, what: string): Promise<void> => {
  for (let i = 0; i < 500; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe("frame size", () => {
  it("accepts a frame of exactly rpc.max_frame_bytes and rejects one byte more, then ends the stream", async () => {
    await start("[rpc]\nmax_frame_bytes = 256\n");
    const c = await client();
    await c.initialize();
    const exact = statusFrameOf(256);
    expect(Buffer.byteLength(exact)).toBe(256);
    await c.write(`${exact}\n`);
    expect((await c.next()).result).toBeDefined();

    await c.write(`${statusFrameOf(257)}\n`);
    expect(await c.next()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: {
        code: -32600,
        message: expect.any(String),
        data: { reason: "frame_too_large", limit_bytes: 256 },
      },
    });
    expect(await c.waitClosed()).toBe(true);
    expect(c.messages).toHaveLength(0);
  });

  it("rejects an oversized frame before the newline, without waiting for the rest, before initialize too", async () => {
    await start("[rpc]\nmax_frame_bytes = 1024\n");
    const c = await client();
    await c.write("x".repeat(1025)); // no newline ever sent
    const msg = await c.next();
    expect(msg.error?.data).toEqual({ reason: "frame_too_large", limit_bytes: 1024 });
    expect(await c.waitClosed()).toBe(true);
  });

  it("enforces the 8 MiB default: 8,388,608 bytes accepted, 8,388,609 rejected", async () => {
    await start();
    const c = await client();
    await c.initialize();
    await c.write(`${statusFrameOf(8_388_608)}\n`);
    const ok = await c.next(20_000);
    expect(ok.result).toBeDefined();
    await c.write(`${statusFrameOf(8_388_609)}\n`);
    expect((await c.next(20_000)).error?.data).toEqual({ reason: "frame_too_large", limit_bytes: 8_388_608 });
    expect(await c.waitClosed()).toBe(true);
  });
});

describe("unfinished frame", () => {
  it("times out a frame that trickles in steadily past rpc.frame_timeout_ms", async () => {
    await start("[rpc]\nframe_timeout_ms = 200\n");
    const c = await client();
    await c.initialize();
    await c.write('{"jsonrpc":"2.0",');
    const trickle = setInterval(() => void c.write(" "), 40);
    try {
      const msg = await c.next();
      expect(msg).toEqual({
        jsonrpc: "2.0",
        id: null,
        error: {
          code: -32600,
          message: expect.any(String),
          data: { reason: "frame_timeout", limit_ms: 200 },
        },
      });
      expect(await c.waitClosed()).toBe(true);
    } finally {
      clearInterval(trickle);
    }
  });

  it("runs each frame's clock from that frame's own first byte, even when it starts in the same write", async () => {
    await start("[rpc]\nframe_timeout_ms = 400\n");
    const c = await client();
    await c.initialize();
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    await c.write('{"jsonrpc":"2.0","id":1,');
    await sleep(300);
    // Frame 1 ends and frame 2 begins in one write; frame 2 then completes 200 ms later, when frame 1
    // would be 500 ms old.
    await c.write('"method":"status"}\n{"jsonrpc":"2.0","id":2,');
    await sleep(200);
    await c.write('"method":"status"}\n');
    expect((await c.next()).id).toBe(1);
    expect((await c.next()).id).toBe(2);
    expect(c.isClosed).toBe(false);
  });

  it("does not limit the time between frames", async () => {
    await start("[rpc]\nframe_timeout_ms = 100\ninitialize_timeout_ms = 100\n");
    const c = await client();
    await c.initialize();
    expect(await c.silentFor(400)).toBe(true);
    expect((await c.request("status", {})).result).toBeDefined();
  });
});

describe("initialize deadline", () => {
  it("closes a connection that sends nothing, with no response", async () => {
    await start("[rpc]\ninitialize_timeout_ms = 150\n");
    const c = await client();
    expect(await c.waitClosed()).toBe(true);
    expect(c.rawLines).toEqual([]);
  });

  it("closes a connection that only sent part of a frame, with no response", async () => {
    await start("[rpc]\ninitialize_timeout_ms = 150\n");
    const c = await client();
    await c.write('{"jsonrpc":"2.0","method":"initialize"');
    expect(await c.waitClosed()).toBe(true);
    expect(c.rawLines).toEqual([]);
  });

  it("closes a connection whose calls before initialize were all refused", async () => {
    await start("[rpc]\ninitialize_timeout_ms = 150\n");
    const c = await client();
    const refused = await c.request("status", {});
    expect(refused.error?.code).toBe(-32010);
    expect(await c.waitClosed()).toBe(true);
  });

  it("keeps a connection that initialized in time", async () => {
    await start("[rpc]\ninitialize_timeout_ms = 150\n");
    const c = await client();
    await c.initialize();
    expect(await c.silentFor(400)).toBe(true);
    expect((await c.request("status", {})).result).toBeDefined();
  });
});

describe("write stall", () => {
  it("disconnects a client that stops reading while output is queued; others are unaffected", async () => {
    const d = await start("[rpc]\nwrite_stall_timeout_ms = 300\noutput_high_water_bytes = 65536\n");
    const stuck = await client();
    const other = await client();
    await stuck.initialize();
    await other.initialize();
    stuck.socket.pause(); // like a client stopped with Ctrl-Z
    const burst = Array.from(
      { length: 200 },
      (_, i) => `{"jsonrpc":"2.0","id":${i + 10},"method":"rpc.discover"}\n`,
    );
    void stuck.write(burst.join(""));
    await waitFor(
      () => d.logs.some((l) => l.msg === "disconnected" && l.reason === "write stall"),
      "the stall",
    );
    expect((await other.request("status", {})).result).toMatchObject({ connections: { local: 1 } });
    stuck.socket.resume();
    expect(await stuck.waitClosed()).toBe(true);
  });

  it("keeps a client that reads slowly but steadily", async () => {
    await start("[rpc]\nwrite_stall_timeout_ms = 400\noutput_high_water_bytes = 65536\n");
    const slow = await client();
    await slow.initialize();
    const n = 40;
    slow.socket.pause();
    await slow.write(
      Array.from({ length: n }, (_, i) => `{"jsonrpc":"2.0","id":${i + 10},"method":"rpc.discover"}\n`).join(
        "",
      ),
    );
    // Read in small sips, each well inside the stall timeout, until every answer arrived.
    while (slow.messages.length < n && !slow.isClosed) {
      slow.socket.resume();
      await new Promise((r) => setImmediate(r));
      slow.socket.pause();
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(slow.isClosed).toBe(false);
    expect(slow.messages).toHaveLength(n);
  });
});

describe("output high-water mark", () => {
  it("stops reading a client that does not read, so its requests back up in its own buffers", async () => {
    await start("[rpc]\nwrite_stall_timeout_ms = 60000\noutput_high_water_bytes = 65536\n");
    const c = await client();
    await c.initialize();
    c.socket.pause();
    // 40,000 status calls (~2 MB in, ~12 MB out): a daemon that kept reading would take them all.
    const n = 40_000;
    const burst = Array.from({ length: n }, (_, i) => `{"jsonrpc":"2.0","id":${i + 10},"method":"status"}\n`);
    void c.write(burst.join(""));
    await new Promise((r) => setTimeout(r, 500));
    // The daemon stopped reading: most of the burst is still queued on the client side.
    expect(c.socket.writableLength).toBeGreaterThan(0);
    c.socket.resume();
    // Reading again lets everything through, in order of arrival.
    for (let i = 0; i < n; i++) expect((await c.next(10_000)).id).toBe(i + 10);
  });
});

describe("open connections", () => {
  it("refuses connection N+1 with -32004, warns once per episode, and recovers when one leaves", async () => {
    const d = await start("[rpc]\nmax_local_connections = 2\n");
    const a = await client();
    const b = await client();
    await a.initialize();
    await b.initialize();
    const refused = await client();
    expect(await refused.next()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32004, message: expect.any(String), data: { reason: "connection_limit", limit: 2 } },
    });
    expect(await refused.waitClosed()).toBe(true);
    const again = await client();
    expect((await again.next()).error?.code).toBe(-32004);
    const warnings = (): number => d.logs.filter((l) => l.msg.startsWith("connection limit reached")).length;
    expect(warnings()).toBe(1);

    a.close();
    await waitFor(() => d.logs.some((l) => l.msg === "disconnected"), "the disconnect");
    const c = await client();
    await c.initialize();
    const over = await client();
    expect((await over.next()).error?.data).toEqual({ reason: "connection_limit", limit: 2 });
    expect(warnings()).toBe(2);
    expect((await b.request("status", {})).result).toMatchObject({ connections: { local: 2, limit: 2 } });
  });
});
