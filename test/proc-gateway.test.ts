// SPEC §4 and §10 gateway against a real `zeroclaw daemon --gateway` process with gateway.port = 0:
// the URL in status, GET /health, pairing-token authentication in initialize (tokens made with the real
// `zeroclaw pair`), local-only pairing management, revocation and policy changes at the next call,
// the gateway connection count, the loopback bind, and SIGTERM closing gateway clients.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { networkInterfaces } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  childEnv,
  type DaemonProcess,
  requireBuild,
  runCli,
  spawnDaemon,
  tempDirs,
  waitConnectable,
} from "./helpers/proc-daemon.js";
import { WsRpcClient } from "./helpers/proc-ws-client.js";
import { RawClient, type WireMessage } from "./helpers/raw-client.js";

const dirs = tempDirs("zc-gw-");
const running: DaemonProcess[] = [];
const sockets: { close(): void }[] = [];

beforeAll(() => requireBuild());

afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await Promise.all(running.splice(0).map((d) => d.kill()));
  dirs.cleanup();
});

const USERS_TOML = `
[users.alice]
permission_profiles = ["reader"]

[users.boss]
permission_profiles = ["admin"]

[permission_profiles.reader]
grants = { system = ["read"] }

[permission_profiles.admin]
admin = true
`;

const GATEWAY_TOML = `[gateway]\nport = 0\n${USERS_TOML}`;

type Started = {
  daemon: DaemonProcess;
  env: NodeJS.ProcessEnv;
  socket: string;
  /** A local (owner) connection, initialized. */
  local: RawClient;
  url: string;
  port: number;
};

const resultOf = (m: WireMessage | undefined): Record<string, unknown> => {
  if (!m || m.error || m.result === undefined) throw new Error(`expected a result: ${JSON.stringify(m)}`);
  return m.result as Record<string, unknown>;
};

async function start(toml = GATEWAY_TOML, args: string[] = ["--gateway"]): Promise<Started> {
  const home = dirs.make();
  const configDir = join(home, "config");
  mkdirSync(configDir);
  writeFileSync(join(configDir, "config.toml"), toml);
  const env = childEnv(home, { ZEROCLAW_CONFIG_DIR: configDir });
  const socket = join(configDir, "data", "daemon.sock");
  const daemon = spawnDaemon(env, args);
  running.push(daemon);
  await waitConnectable(daemon, socket);
  const local = await RawClient.connect(socket);
  sockets.push(local);
  await local.initialize();
  const url = resultOf(await local.request("status", {})).gateway_url as string | null;
  const port = url === null ? 0 : Number(new URL(url).port);
  return { daemon, env, socket, local, url: url ?? "", port };
}

async function status(s: Started): Promise<Record<string, unknown>> {
  return resultOf(await s.local.request("status", {}));
}

async function pair(s: Started, user: string): Promise<{ token_id: string; token: string }> {
  const r = await runCli(["pair", "--user", user, "--label", "gw-test"], s.env);
  if (r.code !== 0) throw new Error(`zeroclaw pair --user ${user} exited ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout) as { token_id: string; token: string };
}

async function openWs(s: Started): Promise<WsRpcClient> {
  const c = await WsRpcClient.open(s.url);
  sockets.push(c);
  return c;
}

async function wsAs(
  s: Started,
  token: string,
): Promise<{ client: WsRpcClient; init: Record<string, unknown> }> {
  const client = await openWs(s);
  const init = resultOf(await client.initialize(token));
  return { client, init };
}

/** The daemon's label for a gateway client: `ws:<client address>:<client port>`. */
const peerLabel = (c: WsRpcClient): string => `ws:${c.socket.localAddress}:${c.socket.localPort}`;

/** Hex local addresses of TCP sockets in LISTEN state on `port`, from /proc/net/tcp{,6}. */
function listeners(port: number): { v4: string[]; v6: string[] } {
  const read = (file: string): string[] => {
    if (!existsSync(file)) return [];
    return readFileSync(file, "utf8")
      .split("\n")
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols[3] === "0A" && Number.parseInt(cols[1]?.split(":")[1] ?? "", 16) === port)
      .map((cols) => cols[1]!.split(":")[0]!);
  };
  return { v4: read("/proc/net/tcp"), v6: read("/proc/net/tcp6") };
}

describe("gateway endpoint", () => {
  it("status.gateway_url is ws://127.0.0.1:PORT/rpc with a real port for gateway.port = 0; GET /health answers", async () => {
    const s = await start();
    expect(s.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/rpc$/);
    expect(s.port).toBeGreaterThan(0);
    const health = await fetch(`http://127.0.0.1:${s.port}/health`);
    expect(health.status).toBe(200);
    await health.arrayBuffer();
  });

  it("binds 127.0.0.1 by default: the listening socket's local address is loopback only", async () => {
    const s = await start();
    const c = await openWs(s);
    expect(c.socket.remoteAddress).toBe("127.0.0.1");
    expect(c.socket.remotePort).toBe(s.port);
    if (existsSync("/proc/net/tcp")) {
      // 0100007F is 127.0.0.1 in /proc/net/tcp's little-endian hex; nothing on IPv6 or 0.0.0.0.
      expect(listeners(s.port)).toEqual({ v4: ["0100007F"], v6: [] });
    }
    // Any non-loopback IPv4 address of this host refuses the port.
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === "IPv4" && !i.internal);
    if (external) {
      await expect(fetch(`http://${external.address}:${s.port}/health`)).rejects.toThrow();
    }
  });

  it("gateway.enabled = true serves it without --gateway; with neither, gateway_url is null", async () => {
    const enabled = await start(`[gateway]\nenabled = true\nport = 0\n${USERS_TOML}`, []);
    expect(enabled.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/rpc$/);
    const off = await start(GATEWAY_TOML, []);
    expect((await status(off)).gateway_url).toBeNull();
  });
});

describe("gateway authentication", () => {
  it("initialize without auth_token → -32010 auth_required; a wrong token → -32010 invalid_token", async () => {
    const s = await start();
    const c = await openWs(s);
    const bare = await c.initialize();
    expect(bare.error?.code).toBe(-32010);
    expect(bare.error?.data).toEqual({ reason: "auth_required" });
    // SPEC §17: the failed authentication ended the connection after its error line.
    expect(await c.waitClosed()).toBe(true);

    const wrong = "zc_this-is-not-a-token-0123456789";
    const bad = await (await openWs(s)).initialize(wrong);
    expect(bad.error?.code).toBe(-32010);
    expect(bad.error?.data).toEqual({ reason: "invalid_token" });
    expect(s.daemon.stderr).not.toContain(wrong);
  });

  it("with no [users] configured a gateway peer is still refused without a token (never the owner)", async () => {
    const s = await start("[gateway]\nport = 0\n");
    const c = await openWs(s);
    const init = await c.initialize();
    expect(init.result).toBeUndefined();
    expect(init.error?.code).toBe(-32010);
    expect(init.error?.data).toEqual({ reason: "auth_required" });
    // The local peer, meanwhile, is the owner.
    expect(resultOf(await s.local.request("pairing/list", {}))).toEqual({ tokens: [] });
  });

  it("a token made by `zeroclaw pair` initializes as alice (not admin); her grants apply", async () => {
    const s = await start();
    const { token } = await pair(s, "alice");
    const { client, init } = await wsAs(s, token);
    expect(init.principal).toEqual({ id: "alice", admin: false });
    expect(resultOf(await client.request("status")).pid).toBe(s.daemon.pid);
    const get = await client.request("config/get", {});
    expect(get.error?.code).toBe(-32012);
    expect(get.error?.data).toEqual({ reason: "not_granted", grant: "config:read", method: "config/get" });
    expect(s.daemon.stderr).not.toContain(token);
  });

  it("pairing/create and pairing/revoke over the gateway → -32012 local_only, even for an admin", async () => {
    const s = await start();
    const boss = await pair(s, "boss");
    const { client, init } = await wsAs(s, boss.token);
    expect(init.principal).toEqual({ id: "boss", admin: true });

    const create = await client.request("pairing/create", { user: "alice" });
    expect(create.error?.code).toBe(-32012);
    expect(create.error?.data).toEqual({ reason: "local_only", method: "pairing/create" });
    const revoke = await client.request("pairing/revoke", { token_id: boss.token_id });
    expect(revoke.error?.code).toBe(-32012);
    expect(revoke.error?.data).toEqual({ reason: "local_only", method: "pairing/revoke" });

    // Nothing was created or revoked: the boss token is still the only one and still works.
    const listed = resultOf(await s.local.request("pairing/list", {})).tokens as { token_id: string }[];
    expect(listed.map((t) => t.token_id)).toEqual([boss.token_id]);
    expect(resultOf(await client.request("status")).pid).toBe(s.daemon.pid);
  });

  it("pairing/list over the gateway is not local-only (SPEC §5): an admin gets the list, secrets excluded", async () => {
    const s = await start();
    const boss = await pair(s, "boss");
    const { client } = await wsAs(s, boss.token);
    const list = resultOf(await client.request("pairing/list", {}));
    expect(list.tokens).toEqual([
      { token_id: boss.token_id, user: "boss", label: "gw-test", created_at: expect.any(String) },
    ]);
    expect(JSON.stringify(list)).not.toContain(boss.token);
  });

  it("`zeroclaw unpair` fails the open gateway connection's next call with -32010; the token is dead", async () => {
    const s = await start();
    const alice = await pair(s, "alice");
    const other = await pair(s, "alice");
    const { client } = await wsAs(s, alice.token);
    const { client: otherClient } = await wsAs(s, other.token);
    expect(resultOf(await client.request("status")).pid).toBe(s.daemon.pid);

    const unpair = await runCli(["unpair", alice.token_id], s.env);
    expect(unpair.code, unpair.stderr).toBe(0);

    const next = await client.request("status");
    expect(next.error?.code).toBe(-32010);
    expect(next.error?.data).toEqual({ reason: "invalid_token" });

    const again = await openWs(s);
    const refused = await again.initialize(alice.token);
    expect(refused.error?.code).toBe(-32010);
    expect(refused.error?.data).toEqual({ reason: "invalid_token" });

    // Alice's other token, and the connection that uses it, are unaffected.
    expect(resultOf(await otherClient.request("status")).pid).toBe(s.daemon.pid);
  });

  it("a grant added to alice's profile applies to her open gateway connection's next call", async () => {
    const s = await start();
    const { client } = await wsAs(s, (await pair(s, "alice")).token);
    expect((await client.request("config/get", { prop: "gateway.port" })).error?.code).toBe(-32012);

    const set = await s.local.request("config/set", {
      prop: "permission_profiles.reader.grants.config",
      value: ["read"],
    });
    expect(resultOf(set).set).toBe(true);
    expect(resultOf(await client.request("config/get", { prop: "gateway.port" }))).toEqual({
      prop: "gateway.port",
      value: 0,
    });
  });
});

describe("gateway connections", () => {
  it("connections.gateway counts open WebSocket connections, initialized or not", async () => {
    const s = await start();
    const gatewayCount = async (): Promise<number> =>
      ((await status(s)).connections as { gateway: number }).gateway;
    expect(await gatewayCount()).toBe(0);

    const { client: a } = await wsAs(s, (await pair(s, "alice")).token);
    const b = await openWs(s);
    // b has been accepted (and counted) once it gets an answer.
    expect((await b.request("status")).error?.data).toEqual({ reason: "not_initialized" });
    expect(await gatewayCount()).toBe(2);
    expect(((await status(s)).connections as { local: number }).local).toBe(1);

    const bLabel = peerLabel(b);
    b.close();
    await b.waitClosed();
    await s.daemon.waitForLog((line) => line.peer === bLabel && line.msg === "disconnected");
    expect(await gatewayCount()).toBe(1);

    const aLabel = peerLabel(a);
    a.terminate();
    await s.daemon.waitForLog((line) => line.peer === aLabel && line.msg === "disconnected");
    expect(await gatewayCount()).toBe(0);
  });

  it("SIGTERM closes every gateway client and the daemon exits 0", async () => {
    const s = await start();
    const { client: a } = await wsAs(s, (await pair(s, "alice")).token);
    const b = await openWs(s);
    expect((await b.request("status")).error?.data).toEqual({ reason: "not_initialized" });

    s.daemon.child.kill("SIGTERM");
    expect(await a.waitClosed()).toBe(true);
    expect(await b.waitClosed()).toBe(true);
    expect(await s.daemon.waitExit()).toEqual({ code: 0, signal: null });
    await expect(fetch(`http://127.0.0.1:${s.port}/health`)).rejects.toThrow();
  });
});
