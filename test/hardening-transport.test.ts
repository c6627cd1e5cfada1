// SPEC §12 and §1 at the transport edge, with real sockets: fatal frame errors end cleanly (the error
// line, then a clean end of stream, even for a client still writing), the gateway refuses foreign
// Origins (403) and caps connections before initialize (the oldest is closed for a new one, SPEC §17), a
// connect burst is answered rather than
// refused by the kernel, and the write-stall clock cuts within 10 % of the limit after the last progress.
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { StallClock } from "../src/transport/stall-clock.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let d: TestDaemon | undefined;
const cleanups: (() => void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) c();
  vi.useRealTimers();
  await d?.stop();
  d = undefined;
});

type Ending = { lines: string[]; ended: boolean; errors: string[] };

/**
 * Connects, writes `first`, then keeps writing `more` as fast as the socket takes it for up to
 * `writeMs`, as a client still busy sending would. On the daemon's end of stream it stops writing and
 * closes its side, as a well-behaved client does; reports the lines read and every socket error seen
 * up to the final close (a reset shows up there as ECONNRESET or EPIPE).
 */
function writeUntilEnd(path: string, first: Buffer, more: Buffer, writeMs: number): Promise<Ending> {
  return new Promise((resolve) => {
    const s: Socket = connect(path);
    let text = "";
    let writing = true;
    let ended = false;
    const errors: string[] = [];
    s.on("data", (b) => {
      text += b.toString("utf8");
    });
    s.on("end", () => {
      ended = true;
      writing = false;
      s.end();
    });
    s.on("error", (err: NodeJS.ErrnoException) => errors.push(err.code ?? err.message));
    s.on("close", () => resolve({ lines: text.split("\n").filter(Boolean), ended, errors }));
    s.on("connect", () => {
      const until = Date.now() + writeMs;
      const pump = (): void => {
        while (writing && Date.now() < until) {
          if (!s.write(more)) {
            s.once("drain", pump);
            return;
          }
        }
        if (writing && Date.now() < until) setTimeout(pump, 5);
      };
      s.write(first);
      pump();
    });
    cleanups.push(() => s.destroy());
  });
}

describe("fatal frame errors end cleanly (SPEC §12)", () => {
  it("frame_too_large: a client still writing reads the error line and a clean end of stream, not a reset", async () => {
    d = await startTestDaemon("[rpc]\nmax_frame_bytes = 1024\nfatal_linger_ms = 5000\n");
    const ending = await writeUntilEnd(d.endpoint, Buffer.alloc(4096, "x"), Buffer.alloc(16_384, "y"), 2000);
    expect(ending).toMatchObject({ ended: true, errors: [] });
    expect(ending.lines.map((l) => JSON.parse(l))).toEqual([
      {
        jsonrpc: "2.0",
        id: null,
        error: {
          code: -32600,
          message: expect.any(String),
          data: { reason: "frame_too_large", limit_bytes: 1024 },
        },
      },
    ]);
  });

  it("frame_timeout: the same for a client trickling a frame past the deadline and beyond", async () => {
    d = await startTestDaemon("[rpc]\nframe_timeout_ms = 100\nfatal_linger_ms = 5000\n");
    const ending = await writeUntilEnd(d.endpoint, Buffer.from('{"jsonrpc":"2.0",'), Buffer.from(" "), 2000);
    expect(ending).toMatchObject({ ended: true, errors: [] });
    expect(ending.lines.map((l) => JSON.parse(l).error.data)).toEqual([
      { reason: "frame_timeout", limit_ms: 100 },
    ]);
  });

  it("what the client sends after the error is never parsed or answered", async () => {
    d = await startTestDaemon("[rpc]\nmax_frame_bytes = 64\nfatal_linger_ms = 5000\n");
    const ending = await writeUntilEnd(
      d.endpoint,
      Buffer.from(`${"x".repeat(100)}\n`),
      Buffer.from('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}\n'),
      200,
    );
    expect(ending.lines).toHaveLength(1);
    expect(JSON.parse(ending.lines[0]!).error.data.reason).toBe("frame_too_large");
  });
});

/** Opens a WebSocket; resolves with the HTTP status of a refused upgrade, or the open socket. */
function upgrade(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; ws?: WebSocket }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { perMessageDeflate: false, headers });
    ws.on("error", () => {});
    ws.once("unexpected-response", (_req, res) => {
      resolve({ status: res.statusCode ?? 0 });
      res.resume();
    });
    ws.once("open", () => {
      cleanups.push(() => ws.terminate());
      resolve({ status: 101, ws });
    });
    // Closed before the upgrade completed (e.g. the daemon stopping): no status at all.
    ws.once("close", () => resolve({ status: 0 }));
  });
}

const GATEWAY = (extra = ""): string => `[gateway]\nenabled = true\nport = 0\n${extra}`;

describe("gateway upgrades (SPEC §12)", () => {
  it("refuses a foreign Origin with 403, admits its own origin, listed origins and clients without one", async () => {
    d = await startTestDaemon(GATEWAY('allowed_origins = ["https://Dash.Example.com:8443"]\n'));
    const url = d.daemon.services.gatewayUrl()!;
    const own = url.replace(/^ws:/, "http:").replace(/\/rpc$/, "");
    expect((await upgrade(url, { Origin: "https://evil.example" })).status).toBe(403);
    expect((await upgrade(url, { Origin: "null" })).status).toBe(403);
    expect((await upgrade(url, { Origin: own.replace("http:", "https:") })).status).toBe(403);
    expect((await upgrade(url, { Origin: `${own}0` })).status).toBe(403);
    expect((await upgrade(url, { Origin: own })).status).toBe(101);
    expect((await upgrade(url, { Origin: `${own.toUpperCase().replace("HTTP:", "http:")}/` })).status).toBe(
      101,
    );
    expect((await upgrade(url, { Origin: "https://dash.example.com:8443" })).status).toBe(101);
    expect((await upgrade(url)).status).toBe(101);
  });

  it("admits Origin null only when listed", async () => {
    d = await startTestDaemon(GATEWAY('allowed_origins = ["null"]\n'));
    expect((await upgrade(d.daemon.services.gatewayUrl()!, { Origin: "null" })).status).toBe(101);
  });

  it("caps connections before initialize at max_pending_connections by closing the oldest (SPEC §17), so paired peers still get in", async () => {
    d = await startTestDaemon(
      GATEWAY("max_pending_connections = 2\nmax_connections = 8\npending_timeout_ms = 600000\n") +
        '[permission_profiles.p]\ngrants = { system = ["read"] }\n[users.remote]\npermission_profiles = ["p"]\n',
    );
    const { token } = d.daemon.services.pairing.create("remote", "pending test");
    d.daemon.services.authority.tokensChanged();
    const url = d.daemon.services.gatewayUrl()!;
    const closed = (ws: WebSocket): Promise<void> =>
      ws.readyState === WebSocket.CLOSED
        ? Promise.resolve()
        : new Promise((r) => ws.once("close", () => r()));
    const reply = (ws: WebSocket): Promise<{ result?: unknown; error?: unknown }> =>
      new Promise((resolve) => ws.once("message", (data) => resolve(JSON.parse(String(data)))));
    const a = await upgrade(url);
    const b = await upgrade(url);
    // A third upgrade is accepted, and the oldest pending connection (a) is closed for it.
    const c = await upgrade(url);
    expect([a.status, b.status, c.status]).toEqual([101, 101, 101]);
    await closed(a.ws!);
    expect(b.ws!.readyState).toBe(WebSocket.OPEN);
    // An initialized connection is not pending: it is never evicted.
    const answer = reply(c.ws!);
    c.ws!.send(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: 1, auth_token: token },
      }),
    );
    expect((await answer).result).toBeDefined();
    const e = await upgrade(url);
    const f = await upgrade(url);
    expect([e.status, f.status]).toEqual([101, 101]);
    await closed(b.ws!);
    expect(c.ws!.readyState).toBe(WebSocket.OPEN);
  });

  it("a paired peer gets in on every try while 16 sockets that never initialize are reopened as soon as closed", async () => {
    d = await startTestDaemon(
      GATEWAY("pending_timeout_ms = 600000\n") +
        '[permission_profiles.p]\ngrants = { system = ["read"] }\n[users.remote]\npermission_profiles = ["p"]\n',
    );
    const { token } = d.daemon.services.pairing.create("remote", "pending attack");
    d.daemon.services.authority.tokensChanged();
    const url = d.daemon.services.gatewayUrl()!;
    let attacking = true;
    const hold = async (): Promise<void> => {
      while (attacking) {
        const h = await upgrade(url);
        if (!h.ws) continue;
        if (!attacking) {
          h.ws.terminate();
          return;
        }
        await new Promise((r) => h.ws!.once("close", r));
      }
    };
    const holders = Array.from({ length: 16 }, () => hold());
    let admitted = 0;
    for (let i = 0; i < 30; i++) {
      const peer = await upgrade(url);
      expect(peer.status).toBe(101);
      const answer = new Promise<{ result?: unknown }>((resolve) => {
        peer.ws!.once("message", (data) => resolve(JSON.parse(String(data))));
        peer.ws!.once("close", () => resolve({}));
      });
      peer.ws!.send(
        JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: { protocolVersion: 1, auth_token: token },
        }),
      );
      if ((await answer).result !== undefined) admitted++;
      peer.ws!.terminate();
    }
    attacking = false;
    for (const conn of d.daemon.openConnections) conn.transport.close("test over");
    await Promise.all(holders);
    expect(admitted).toBe(30);
  });
});

describe("listen backlog (SPEC §1)", () => {
  it("a burst of 2,000 simultaneous connects is served or refused with -32004, never failed in connect()", async () => {
    d = await startTestDaemon("[rpc]\nmax_local_connections = 200\n");
    const outcomes = await Promise.all(
      Array.from(
        { length: 2000 },
        () =>
          new Promise<string>((resolve) => {
            const s = connect(d!.endpoint);
            cleanups.push(() => s.destroy());
            let text = "";
            s.on("error", (err: NodeJS.ErrnoException) => resolve(`error ${err.code}`));
            s.on("data", (b) => {
              text += b.toString("utf8");
              if (!text.includes("\n")) return;
              const first = JSON.parse(text.split("\n")[0]!) as {
                result?: unknown;
                error?: { code: number };
              };
              resolve(first.error?.code === -32004 ? "refused" : first.result ? "served" : "other");
            });
            // Served connections get nothing until they speak: ask once connected.
            s.on("connect", () =>
              s.write('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}\n'),
            );
          }),
      ),
    );
    const counts = outcomes.reduce<Record<string, number>>((acc, o) => {
      acc[o] = (acc[o] ?? 0) + 1;
      return acc;
    }, {});
    expect(Object.keys(counts).filter((k) => k.startsWith("error"))).toEqual([]);
    expect(counts.served).toBe(200);
    expect(counts.refused).toBe(1800);
  }, 60_000);
});

describe("the write-stall clock (SPEC §12)", () => {
  it("cuts no earlier than the limit after the last progress and within 10 % after it", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    const limit = 1000;
    for (const lastProgressAt of [0, 37, 500, 999, 1001, 1999, 4321]) {
      let unsent = 1_000_000;
      let stalledAt: number | undefined;
      const start = performance.now();
      const clock = new StallClock(limit, {
        unsent: () => unsent,
        writesDone: () => 0,
        settled: () => false,
        stalled: () => {
          stalledAt = performance.now() - start;
        },
      });
      clock.arm();
      // The kernel takes a little every millisecond until lastProgressAt, then nothing.
      for (let t = 1; t <= lastProgressAt; t++) {
        vi.advanceTimersByTime(1);
        unsent -= 10;
      }
      vi.advanceTimersByTime(3 * limit);
      expect(stalledAt, `progress until ${lastProgressAt}`).toBeDefined();
      expect(stalledAt!).toBeGreaterThanOrEqual(lastProgressAt + limit);
      expect(stalledAt!).toBeLessThanOrEqual(lastProgressAt + limit * 1.1);
      clock.disarm();
    }
  });

  it("a completed write is progress even when the byte count did not move; settling stops the clock", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    let writes = 0;
    let settled = false;
    let stalled = 0;
    const clock = new StallClock(100, {
      unsent: () => 50,
      writesDone: () => writes,
      settled: () => settled,
      stalled: () => stalled++,
    });
    clock.arm();
    for (let i = 0; i < 20; i++) {
      vi.advanceTimersByTime(50);
      writes++;
    }
    expect(stalled).toBe(0);
    settled = true;
    vi.advanceTimersByTime(1000);
    expect(stalled).toBe(0);
    expect(clock.armed).toBe(false);
  });
});
