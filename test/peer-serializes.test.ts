// A request the router says serializes (the daemon's initialize, SPEC §2) holds every later message of
// the connection inside the Peer until its answer is queued, then those are handled in arrival order;
// a half-close meanwhile still ends the connection only after all of them are answered. Over a real
// Unix socket pair, the far end a raw NDJSON client.
import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Peer, type Router } from "../src/jsonrpc/peer.js";
import { silentLogger } from "../src/log.js";
import { NdjsonSocketTransport } from "../src/transport/ndjson-socket-transport.js";
import { RawClient } from "./helpers/raw-client.js";

const limits = {
  maxFrameBytes: 1 << 20,
  frameTimeoutMs: 30_000,
  writeStallTimeoutMs: 30_000,
  outputHighWaterBytes: 1 << 20,
};
let dir: string | undefined;
let server: Server | undefined;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A Peer on the server end of a fresh Unix socket, and a raw client on the other end. */
async function peerAndClient(router: Router): Promise<{ peer: Peer; raw: RawClient }> {
  dir = mkdtempSync(join(tmpdir(), "zc-serial-"));
  const path = join(dir, "s.sock");
  const accepted = new Promise<Socket>((resolve) => {
    // Half-open allowed, as the daemon's local listener does: a client's end() is a half-close.
    server = createServer({ allowHalfOpen: true }, resolve);
  });
  await new Promise<void>((r) => server!.listen(path, r));
  const c = connect(path);
  await new Promise((r) => c.once("connect", r));
  const s = await accepted;
  sockets.push(c, s);
  // The client only ever half-closes here, never hangs up: the daemon asks the kernel (peerHungUp).
  const transport = new NdjsonSocketTransport(s, "local", "test", limits, () => false);
  const peer = new Peer(transport, router, silentLogger());
  peer.start();
  return { peer, raw: RawClient.over(c) };
}

/** A router whose "init" answers only when the test says so; every call is recorded as it is handled. */
function gatedRouter() {
  const handled: string[] = [];
  let open!: (v: string) => void;
  const gate = new Promise<string>((r) => (open = r));
  const router: Router = {
    serializes: (method) => method === "init",
    request: (r) => {
      handled.push(r.method);
      return r.method === "init" ? gate : `done ${r.method}`;
    },
    notification: (method) => {
      handled.push(method);
    },
  };
  return { router, handled, open: (v: string) => open(v) };
}

describe("Peer: a serializing request", () => {
  it("holds later requests and notifications until it is answered, then handles them in order", async () => {
    const g = gatedRouter();
    const { raw } = await peerAndClient(g.router);
    await raw.write(
      `${[
        { jsonrpc: "2.0", id: 1, method: "init" },
        { jsonrpc: "2.0", id: 2, method: "a" },
        { jsonrpc: "2.0", method: "note" },
        { jsonrpc: "2.0", id: 3, method: "b" },
      ]
        .map((m) => JSON.stringify(m))
        .join("\n")}\n`,
    );
    expect(await raw.silentFor(100)).toBe(true);
    expect(g.handled).toEqual(["init"]);
    g.open("ready");
    expect(await raw.next()).toEqual({ jsonrpc: "2.0", id: 1, result: "ready" });
    expect(await raw.next()).toEqual({ jsonrpc: "2.0", id: 2, result: "done a" });
    expect(await raw.next()).toEqual({ jsonrpc: "2.0", id: 3, result: "done b" });
    expect(g.handled).toEqual(["init", "a", "note", "b"]);
  });

  it("answers its error first when it fails, then the held requests", async () => {
    const handled: string[] = [];
    let fail!: (e: Error) => void;
    const { raw } = await peerAndClient({
      serializes: (m) => m === "init",
      request: (r) => {
        handled.push(r.method);
        return r.method === "init" ? new Promise((_, reject) => (fail = reject)) : "later";
      },
      notification() {},
    });
    await raw.send({ jsonrpc: "2.0", id: 1, method: "init" });
    await raw.send({ jsonrpc: "2.0", id: 2, method: "after" });
    expect(await raw.silentFor(50)).toBe(true);
    fail(new Error("not an RpcError"));
    expect((await raw.next()).error).toMatchObject({ code: -32603 });
    expect(await raw.next()).toEqual({ jsonrpc: "2.0", id: 2, result: "later" });
    expect(handled).toEqual(["init", "after"]);
  });

  it("a request that does not serialize holds nothing back", async () => {
    let release!: (v: string) => void;
    const { raw } = await peerAndClient({
      serializes: (m) => m === "init",
      request: (r) => (r.method === "slow" ? new Promise<string>((res) => (release = res)) : "fast"),
      notification() {},
    });
    await raw.send({ jsonrpc: "2.0", id: 1, method: "slow" });
    await raw.send({ jsonrpc: "2.0", id: 2, method: "quick" });
    expect(await raw.next()).toEqual({ jsonrpc: "2.0", id: 2, result: "fast" });
    release("slow");
    expect(await raw.next()).toEqual({ jsonrpc: "2.0", id: 1, result: "slow" });
  });

  it("after a half-close, ends the connection only once the held requests are answered too", async () => {
    const g = gatedRouter();
    const { raw } = await peerAndClient(g.router);
    await raw.send({ jsonrpc: "2.0", id: 1, method: "init" });
    await raw.send({ jsonrpc: "2.0", id: 2, method: "a" });
    raw.socket.end();
    expect(await raw.silentFor(50)).toBe(true);
    g.open("ready");
    expect(await raw.waitClosed()).toBe(true);
    expect(raw.messages.map((m) => m.id)).toEqual([1, 2]);
  });
});
