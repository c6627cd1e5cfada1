// SPEC §3 and §4 over a real socket: envelope rules, handshake and principal, as a client sees them.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addonAvailable } from "../src/auth/peer-credentials.js";
import { RawClient } from "./helpers/raw-client.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let d: TestDaemon;
beforeAll(async () => {
  d = await startTestDaemon();
});
afterAll(async () => {
  await d.stop();
});

async function ready(): Promise<RawClient> {
  const c = await RawClient.connect(d.endpoint);
  await c.initialize();
  return c;
}

const err = (id: unknown, code: number, data: unknown) => ({
  jsonrpc: "2.0",
  id,
  error: { code, message: expect.any(String), data },
});

describe("envelope rules", () => {
  it.each([
    ["invalid JSON", "{nope", err(null, -32700, { reason: "parse_error" })],
    [
      "bytes that are not UTF-8",
      Buffer.from([0x7b, 0xff, 0x7d]),
      err(null, -32700, { reason: "parse_error" }),
    ],
    [
      "a batch",
      '[{"jsonrpc":"2.0","id":1,"method":"status"}]',
      err(null, -32600, { reason: "invalid_request" }),
    ],
    ["a number", "42", err(null, -32600, { reason: "invalid_request" })],
    ["a string", '"status"', err(null, -32600, { reason: "invalid_request" })],
    ["null", "null", err(null, -32600, { reason: "invalid_request" })],
    ["no jsonrpc member", '{"id":7,"method":"status"}', err(7, -32600, { reason: "invalid_request" })],
    [
      'jsonrpc "1.0"',
      '{"jsonrpc":"1.0","id":"a","method":"status"}',
      err("a", -32600, { reason: "invalid_request" }),
    ],
    [
      "params null",
      '{"jsonrpc":"2.0","id":3,"method":"status","params":null}',
      err(3, -32600, { reason: "invalid_request" }),
    ],
    [
      "params a string",
      '{"jsonrpc":"2.0","id":3,"method":"status","params":"x"}',
      err(3, -32600, { reason: "invalid_request" }),
    ],
    [
      "an object id",
      '{"jsonrpc":"2.0","id":{},"method":"status"}',
      err(null, -32600, { reason: "invalid_request" }),
    ],
    [
      "a boolean id",
      '{"jsonrpc":"2.0","id":true,"method":"status"}',
      err(null, -32600, { reason: "invalid_request" }),
    ],
    [
      "a malformed notification",
      '{"jsonrpc":"2.0","method":"status","params":null}',
      err(null, -32600, { reason: "invalid_request" }),
    ],
    [
      "method and result",
      '{"jsonrpc":"2.0","id":1,"method":"status","result":1}',
      err(null, -32600, { reason: "invalid_request" }),
    ],
    ["no method, no result", '{"jsonrpc":"2.0","id":1}', err(null, -32600, { reason: "invalid_request" })],
    [
      "unknown method",
      '{"jsonrpc":"2.0","id":9,"method":"nope"}',
      err(9, -32601, { reason: "method_not_found", method: "nope" }),
    ],
    [
      "__proto__ as a method",
      '{"jsonrpc":"2.0","id":9,"method":"__proto__"}',
      err(9, -32601, { reason: "method_not_found", method: "__proto__" }),
    ],
    [
      "a daemon → client method",
      '{"jsonrpc":"2.0","id":9,"method":"elicitation/create","params":{}}',
      err(9, -32601, { reason: "method_not_found", method: "elicitation/create" }),
    ],
    [
      "by-position params",
      '{"jsonrpc":"2.0","id":4,"method":"status","params":[]}',
      err(4, -32602, { reason: "invalid_params", errors: [{ path: "", message: expect.any(String) }] }),
    ],
    [
      "an unknown param",
      '{"jsonrpc":"2.0","id":4,"method":"status","params":{"verbose":true}}',
      err(4, -32602, {
        reason: "invalid_params",
        errors: [{ path: "/verbose", message: expect.any(String) }],
      }),
    ],
  ])("%s", async (_name, frame, expected) => {
    const c = await ready();
    await c.write(typeof frame === "string" ? `${frame}\n` : Buffer.concat([frame, Buffer.from("\n")]));
    expect(await c.next()).toEqual(expected);
    // The connection survives every envelope error.
    expect((await c.request("status", {})).result).toBeDefined();
    c.close();
  });

  it.each([
    ["both result and error", '{"jsonrpc":"2.0","id":5,"result":1,"error":{"code":1,"message":"x"}}'],
    ["an error that is not an object", '{"jsonrpc":"2.0","id":5,"error":"x"}'],
    ["a response without an id", '{"jsonrpc":"2.0","result":1}'],
    ["a valid response to nothing pending", '{"jsonrpc":"2.0","id":"zc-out-0","result":null}'],
    ["a valid error to nothing pending", '{"jsonrpc":"2.0","id":77,"error":{"code":-1,"message":"x"}}'],
    ["a notification of an unknown method", '{"jsonrpc":"2.0","method":"nope","params":{}}'],
    ["a notification of a request method", '{"jsonrpc":"2.0","method":"status","params":{}}'],
  ])("%s gets no reply", async (_name, frame) => {
    const c = await ready();
    await c.write(`${frame}\n`);
    const probe = await c.request("status", {});
    expect(probe.result).toBeDefined();
    expect(c.messages).toEqual([]);
    c.close();
  });

  it("echoes ids exactly: strings, numbers and null", async () => {
    const c = await ready();
    for (const id of ["abc", 0, -1, 1.5, 12345678901, null]) {
      await c.send({ jsonrpc: "2.0", id, method: "status", params: {} });
      const msg = await c.next();
      expect(msg.id).toEqual(id);
      expect(msg.result).toBeDefined();
    }
    c.close();
  });

  it("logs malformed responses without their contents", async () => {
    const c = await ready();
    await c.write('{"jsonrpc":"2.0","id":5,"error":"secret-payload-123"}\n');
    await c.request("status", {});
    expect(JSON.stringify(d.logs)).not.toContain("secret-payload-123");
    expect(d.logs.some((l) => l.msg === "dropped a malformed response")).toBe(true);
    c.close();
  });
});

describe("handshake", () => {
  it("refuses every other method before initialize with -32010 and drops notifications", async () => {
    const c = await RawClient.connect(d.endpoint);
    expect(await c.request("status", {})).toEqual(err(1, -32010, { reason: "not_initialized" }));
    expect(await c.request("rpc.discover", {})).toEqual(err(2, -32010, { reason: "not_initialized" }));
    expect(await c.request("nope", {})).toEqual(
      err(3, -32601, { reason: "method_not_found", method: "nope" }),
    );
    await c.write('{"jsonrpc":"2.0","method":"status"}\n');
    await c.initialize();
    expect(c.messages).toEqual([]);
    c.close();
  });

  it("answers initialize with the protocol version, server version, capabilities and principal", async () => {
    const c = await RawClient.connect(d.endpoint);
    const res = await c.request("initialize", {
      protocolVersion: 1,
      clientInfo: { name: "test", version: "1" },
      clientCapabilities: { elicitation: { form: {} } },
    });
    expect(res.result).toEqual({
      protocolVersion: 1,
      serverVersion: expect.stringMatching(/^\d+\.\d+\.\d+/),
      capabilities: expect.arrayContaining(["initialize", "status", "rpc.discover"]),
      principal: { id: "owner", admin: true },
      // zerocode's spellings (SPEC §13), the same values in the seed dialect
      protocol_version: 1,
      server_version: (res.result as { serverVersion: string }).serverVersion,
      server_pid: expect.any(Number),
      commands: [],
      implementation: {
        name: "zeroclaw-rpc",
        version: (res.result as { serverVersion: string }).serverVersion,
      },
    });
    c.close();
  });

  it("accepts protocol_version as an alias, which chooses the zeroclaw dialect (SPEC §13)", async () => {
    const c = await RawClient.connect(d.endpoint);
    const result = (await c.request("initialize", { protocol_version: 1 })).result as Record<string, unknown>;
    expect(result).toMatchObject({ protocol_version: 1, server_version: "0.8.4" });
    expect(result).not.toHaveProperty("protocolVersion");
    c.close();
  });

  it("refuses another version with -32011 and lets the client retry on the same connection", async () => {
    const c = await RawClient.connect(d.endpoint);
    expect(await c.request("initialize", { protocolVersion: 2 })).toEqual(
      err(1, -32011, { reason: "version_mismatch", requested: 2, supported: [1] }),
    );
    expect((await c.request("status", {})).error?.code).toBe(-32010);
    expect((await c.request("initialize", { protocolVersion: 1 })).result).toBeDefined();
    c.close();
  });

  it("refuses initialize without a version, or with one of the wrong type, as -32602", async () => {
    const c = await RawClient.connect(d.endpoint);
    expect((await c.request("initialize", {})).error).toMatchObject({
      code: -32602,
      data: { reason: "invalid_params" },
    });
    expect((await c.request("initialize", { protocolVersion: "1" })).error).toMatchObject({
      code: -32602,
      data: { reason: "invalid_params", errors: [{ path: "/protocolVersion" }] },
    });
    c.close();
  });

  it("refuses a second initialize with -32600 already_initialized", async () => {
    const c = await ready();
    expect(await c.request("initialize", { protocolVersion: 1 })).toEqual(
      err(2, -32600, { reason: "already_initialized" }),
    );
    c.close();
  });

  it("handles initialize before the frames written with it in one burst (the seed's pasted lines)", async () => {
    const c = await RawClient.connect(d.endpoint);
    await c.write(
      '{"jsonrpc":"2.0","method":"initialize","params":{"protocolVersion":1},"id":1}\n' +
        '{"jsonrpc":"2.0","method":"status","params":{},"id":2}\n' +
        '{"jsonrpc":"2.0","method":"rpc.discover","id":3}\n',
    );
    expect((await c.next()).id).toBe(1);
    const status = await c.next();
    expect(status.id).toBe(2);
    expect(status.result).toMatchObject({ protocol_version: 1, pid: process.pid });
    expect((await c.next()).result).toMatchObject({ openrpc: "1.3.2" });
    c.close();
  });

  it("answers a client that half-closes after writing (e.g. `socat` fed from a pipe), then ends", async () => {
    const c = await RawClient.connect(d.endpoint);
    c.socket.end(
      '{"jsonrpc":"2.0","method":"initialize","params":{"protocolVersion":1},"id":1}\n' +
        '{"jsonrpc":"2.0","method":"status","params":{},"id":2}\n',
    );
    expect(await c.waitClosed()).toBe(true);
    expect(c.messages.map((m) => m.id)).toEqual([1, 2]);
    expect(c.messages[1]?.result).toMatchObject({ protocol_version: 1 });
  });

  it("logs each connection with its peer label", async () => {
    const c = await ready();
    await c.request("status", {});
    const line = d.logs.find((l) => l.msg === "connected");
    expect(line?.peer).toBe(`unix:pid=${process.pid},uid=${process.getuid?.()}`);
    c.close();
  });
});

describe("status and discovery", () => {
  it("reports the daemon's state", async () => {
    const c = await ready();
    const res = await c.request("status", {});
    expect(res.result).toEqual({
      server_version: expect.any(String),
      protocol_version: 1,
      pid: process.pid,
      uptime_ms: expect.any(Number),
      endpoint: d.endpoint,
      data_dir: d.daemon.paths.dataDir,
      connections: { local: expect.any(Number), gateway: 0, limit: 512 },
      sessions: { live: 0, persisted: 0 },
      session_ids: [],
      gateway_url: null,
      peer_identity: addonAvailable() ? "peercred" : "assumed_owner",
      tools: { bash_sandbox: expect.stringMatching(/^(bwrap|off)$/) },
      active_sessions: 0,
      config_dir: d.daemon.paths.configDir,
      config_file: join(d.daemon.paths.configDir, "config.toml"),
      config_kind: "toml",
      local_ipc_endpoint: d.endpoint,
      // The owner holds config:read: the start-up-only settings as this daemon runs them (SPEC §18 decision).
      in_effect: expect.objectContaining({
        "gateway.enabled": false,
        "gateway.port": 42617,
        "rpc.max_local_connections": 512,
        "rpc.max_frame_bytes": 8388608,
      }),
    });
    c.close();
  });

  it("serves the OpenRPC document through rpc.discover", async () => {
    const c = await ready();
    const doc = (await c.request("rpc.discover")).result as { openrpc: string; methods: { name: string }[] };
    expect(doc.openrpc).toBe("1.3.2");
    expect(doc.methods.map((m) => m.name)).toEqual(
      expect.arrayContaining(["initialize", "status", "rpc.discover"]),
    );
    c.close();
  });
});
