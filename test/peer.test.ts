// The Peer in both roles over an in-memory linked transport pair (src/transport/linked-transport.ts):
// per-direction correlation with zc-out-N ids, concurrent handling, responses to nothing, and pending
// calls rejected when the connection ends. The typed client runs over a real Unix socket.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { RpcError, rpcErrors } from "../generated/errors.js";
import { connectClient } from "../src/client/connect.js";
import { ConnectionClosedError, Peer, type Router } from "../src/jsonrpc/peer.js";
import { silentLogger } from "../src/log.js";
import { linkedTransports } from "../src/transport/linked-transport.js";
import type { RpcTransport } from "../src/transport/transport.js";
import { RawClient } from "./helpers/raw-client.js";

let dir: string;
let server: Server | undefined;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Two linked in-memory transports: what one sends, the other receives. */
const transportPair = (): [RpcTransport, RpcTransport] => linkedTransports();

const peerOn = (transport: RpcTransport, router: Router): Peer => {
  const p = new Peer(transport, router, silentLogger());
  p.start();
  return p;
};

describe("Peer", () => {
  it("correlates per direction: the same zc-out-0 in flight both ways resolves independently", async () => {
    const [sa, sb] = transportPair();
    const seen: unknown[] = [];
    const answering = (who: string): Router => ({
      request: (r) => {
        seen.push(r.id);
        return `from ${who}`;
      },
      notification() {},
    });
    const a = peerOn(sa, answering("A"));
    const b = peerOn(sb, answering("B"));
    const [toB, toA] = await Promise.all([a.request("m", {}), b.request("m", {})]);
    expect(toB).toBe("from B");
    expect(toA).toBe("from A");
    expect(seen).toEqual(["zc-out-0", "zc-out-0"]);
    expect(await a.request("m", {})).toBe("from B");
    expect(seen[2]).toBe("zc-out-1");
  });

  it("resolves result: null as success and an error as an RpcError", async () => {
    const [sa, sb] = transportPair();
    const a = peerOn(sa, { request: () => null, notification() {} });
    peerOn(sb, {
      request: (r) => {
        if (r.method === "fail") throw rpcErrors.sessionBusy({ session_id: "s1" });
        return null;
      },
      notification() {},
    });
    expect(await a.request("ok", {})).toBeNull();
    const e = await a.request("fail", {}).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(RpcError);
    expect((e as RpcError).code).toBe(-32002);
    expect((e as RpcError).data).toEqual({ reason: "session_busy", session_id: "s1" });
  });

  it("handles requests concurrently: a slow call does not hold back a fast one", async () => {
    const [sa, sb] = transportPair();
    let release: (v: string) => void = () => {};
    const a = peerOn(sa, { request: () => null, notification() {} });
    peerOn(sb, {
      request: (r) => (r.method === "slow" ? new Promise<string>((res) => (release = res)) : "fast"),
      notification() {},
    });
    const order: string[] = [];
    const slow = a.request("slow", {}).then((v) => order.push(v as string));
    await a.request("fast", {}).then((v) => order.push(v as string));
    release("slow");
    await slow;
    expect(order).toEqual(["fast", "slow"]);
  });

  it("rejects pending outbound requests when the connection closes", async () => {
    const [sa, sb] = transportPair();
    const a = peerOn(sa, { request: () => null, notification() {} });
    peerOn(sb, { request: () => new Promise(() => {}), notification() {} });
    const pending = a.request("never", {});
    await new Promise((r) => setTimeout(r, 20));
    sb.close("gone");
    await expect(pending).rejects.toBeInstanceOf(ConnectionClosedError);
    expect(a.pendingOutbound).toBe(0);
  });

  it("answers an internal error for a handler that throws something other than an RpcError", async () => {
    const [sa, sb] = transportPair();
    const a = peerOn(sa, { request: () => null, notification() {} });
    peerOn(sb, {
      request: () => {
        throw new Error("boom with secret sk-123");
      },
      notification() {},
    });
    const e = (await a.request("x", {}).catch((x: unknown) => x)) as RpcError;
    expect(e.code).toBe(-32603);
    expect(e.data).toEqual({ reason: "internal_error" });
    expect(e.message).not.toContain("sk-123");
  });
});

describe("typed client over ClientConnection", () => {
  it("serves daemon → client requests and notifications through the generated registration", async () => {
    dir = mkdtempSync(join(tmpdir(), "zc-client-"));
    const path = join(dir, "fake-daemon.sock");
    const accepted = new Promise<Socket>((resolve) => {
      server = createServer(resolve);
    });
    await new Promise<void>((r) => server!.listen(path, r));
    const { client, connection } = await connectClient(path);
    const serverSide = await accepted;
    sockets.push(serverSide);
    const updates: unknown[] = [];
    client.onSessionUpdate((u) => updates.push(u));
    client.handleElicitationCreate((p) => ({ action: "accept", content: { answer: `yes to ${p.message}` } }));

    // Drive the client from a raw daemon stand-in on the server end of the socket.
    const raw = RawClient.over(serverSide);
    await raw.send({
      jsonrpc: "2.0",
      method: "session/update",
      params: { sessionId: "s", type: "agent_message_chunk", text: "hi" },
    });
    await raw.send({
      jsonrpc: "2.0",
      id: "zc-out-0",
      method: "elicitation/create",
      params: { sessionId: "s", mode: "form", message: "go?" },
    });
    expect(await raw.next()).toEqual({
      jsonrpc: "2.0",
      id: "zc-out-0",
      result: { action: "accept", content: { answer: "yes to go?" } },
    });
    expect(updates).toEqual([{ sessionId: "s", type: "agent_message_chunk", text: "hi" }]);

    await raw.send({
      jsonrpc: "2.0",
      id: "zc-out-1",
      method: "elicitation/create",
      params: { message: "no session id" },
    });
    expect((await raw.next()).error).toMatchObject({ code: -32602, data: { reason: "invalid_params" } });

    // The client's own calls use its own zc-out-N sequence, independent of the daemon's.
    const call = client.status();
    const req = await raw.next();
    expect(req).toMatchObject({ jsonrpc: "2.0", id: "zc-out-0", method: "status" });
    await raw.send({ jsonrpc: "2.0", id: "zc-out-0", result: { pid: 1 } });
    expect(await call).toEqual({ pid: 1 });
    connection.close();
  });
});
