// SPEC §13: the two dialects, fixed per connection by initialize, and what depends on them —
// initialize, status, session/new's reattach, and every session/update written per connection in its
// own dialect (a watcher in one, the turn's owner in the other), one serialization per dialect in use.
// What each dialect sends is checked with the generated validators of openrpc.json.
import { afterEach, describe, expect, it } from "vitest";
import * as V from "../generated/validators.js";
import { RawClient, type WireMessage } from "./helpers/raw-client.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let d: TestDaemon | undefined;
const clients: RawClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await d?.stop();
  d = undefined;
});

async function connect(
  dialect: "seed" | "zeroclaw",
  extra: Record<string, unknown> = {},
): Promise<RawClient> {
  const c = await RawClient.connect(d!.endpoint);
  clients.push(c);
  const version = dialect === "seed" ? { protocolVersion: 1 } : { protocol_version: 1 };
  const init = await c.request("initialize", { ...version, ...extra });
  expect(init.error).toBeUndefined();
  return c;
}
const result = async (c: RawClient, method: string, params: unknown = {}) => {
  const r = await c.request(method, params);
  expect(r.error, JSON.stringify(r.error)).toBeUndefined();
  return r.result as Record<string, unknown>;
};
const CAMEL =
  /"(sessionId|turnId|toolCallId|rawInput|rawOutput|requestId|toolName|timeoutMs|protocolVersion|serverVersion)"/;

describe("initialize and status in each dialect", () => {
  it("protocol_version alone is the zeroclaw dialect: snake_case only, server_version from compat.zeroclaw_version", async () => {
    d = await startTestDaemon();
    const zc = await RawClient.connect(d.endpoint);
    clients.push(zc);
    const zcInit = (await zc.request("initialize", { protocol_version: 1, protocolVersion: null })).result;
    expect(V.ZeroclawInitializeResult(zcInit)).toBe(true);
    expect(zcInit).toEqual({
      protocol_version: 1,
      server_version: "0.8.4",
      server_pid: process.pid,
      commands: [],
      capabilities: expect.arrayContaining(["health", "agents/status", "session/new"]),
      principal: { id: "owner", admin: true },
      implementation: { name: "zeroclaw-rpc", version: d.daemon.services.serverVersion },
    });
    const seed = await RawClient.connect(d.endpoint);
    clients.push(seed);
    // protocolVersion alongside protocol_version: still the seed dialect.
    const seedInit = (await seed.request("initialize", { protocolVersion: 1, protocol_version: 1 })).result;
    expect(V.InitializeResult(seedInit)).toBe(true);
    expect(seedInit).toMatchObject({
      protocolVersion: 1,
      serverVersion: d.daemon.services.serverVersion,
      server_version: d.daemon.services.serverVersion,
      implementation: { name: "zeroclaw-rpc", version: d.daemon.services.serverVersion },
    });

    const zcStatus = await result(zc, "status");
    expect(V.ZeroclawStatusResult(zcStatus) && V.StatusResult(zcStatus)).toBe(true);
    expect(zcStatus.server_version).toBe("0.8.4");
    expect((await result(seed, "status")).server_version).toBe(d.daemon.services.serverVersion);
  });

  it("compat.zeroclaw_version is what a later zeroclaw-dialect connection is told; the seed dialect keeps the truth", async () => {
    d = await startTestDaemon('[compat]\nzeroclaw_version = "0.9.1"\n');
    expect((await result(await connect("zeroclaw"), "status")).server_version).toBe("0.9.1");
    const seed = await connect("seed");
    await result(seed, "config/set", { prop: "compat.zeroclaw_version", value: "1.0.0" });
    const later = await RawClient.connect(d.endpoint);
    clients.push(later);
    expect((await later.request("initialize", { protocol_version: 1 })).result).toMatchObject({
      server_version: "1.0.0",
    });
    expect((await result(seed, "status")).server_version).toBe(d.daemon.services.serverVersion);
  });

  it("status counts active_sessions the caller may see, live or stored, and names its config", async () => {
    d = await startTestDaemon();
    const c = await connect("zeroclaw");
    await result(c, "session/new", { session_id: "a" });
    await result(c, "session/new", { session_id: "b" });
    await result(c, "session/close", { session_id: "b" });
    expect(await result(c, "status")).toMatchObject({
      active_sessions: 2,
      sessions: { live: 1, persisted: 2 },
      config_dir: d.daemon.paths.configDir,
      config_file: `${d.daemon.paths.configDir}/config.toml`,
      config_kind: "toml",
      local_ipc_endpoint: d.endpoint,
    });
  });
});

describe("session/new's reattach (zeroclaw dialect only)", () => {
  it("names an existing session: the zeroclaw dialect resumes it, live or closed; the seed dialect refuses it", async () => {
    d = await startTestDaemon();
    const zc = await connect("zeroclaw");
    const made = await result(zc, "session/new", {
      agent_alias: "default",
      cwd: null,
      session_id: "r1",
      tui_id: null,
    });
    await result(zc, "session/prompt", { session_id: "r1", prompt: "remember" });
    const again = await result(zc, "session/new", {
      agent_alias: "default",
      cwd: null,
      session_id: "r1",
      tui_id: null,
    });
    expect(again).toEqual({ ...made, message_count: 2 });
    await result(zc, "session/close", { session_id: "r1" });
    expect(d.daemon.services.sessions.liveSession("r1")).toBeUndefined();
    expect(await result(zc, "session/new", { session_id: "r1" })).toEqual({ ...made, message_count: 2 });
    expect(d.daemon.services.sessions.liveSession("r1")).toBeDefined();

    const seed = await connect("seed");
    expect((await seed.request("session/new", { session_id: "r1" })).error).toMatchObject({
      code: -32602,
      data: { errors: [{ path: "/session_id" }] },
    });
  });

  it("does not reattach to another principal's session, nor to a killed one", async () => {
    d = await startTestDaemon(
      '[permission_profiles.user]\ngrants = { sessions = ["*"], system = ["read"] }\nallowed_agents = ["default"]\n' +
        '[users.bob]\npermission_profiles = ["user"]\n[gateway]\nenabled = true\nport = 0\n',
    );
    const owner = await connect("zeroclaw");
    await result(owner, "session/new", { session_id: "mine" });
    await result(owner, "session/new", { session_id: "dead" });
    await result(owner, "session/kill", { session_id: "dead" });
    expect((await owner.request("session/new", { session_id: "dead" })).error).toMatchObject({
      code: -32000,
    });
    const { token } = d.daemon.services.pairing.create("bob", "t");
    d.daemon.services.authority.tokensChanged();
    const { WsRpcClient } = await import("./helpers/proc-ws-client.js");
    const bob = await WsRpcClient.open(d.daemon.services.gatewayUrl()!);
    try {
      expect(
        (await bob.request("initialize", { protocol_version: 1, auth_token: token })).result,
      ).toBeDefined();
      expect((await bob.request("session/new", { session_id: "mine" })).error).toMatchObject({
        code: -32003,
      });
    } finally {
      bob.close();
    }
  });
});

describe("updates in each connection's dialect (SPEC §13, §14)", () => {
  const updatesOf = (c: RawClient, sid: string) =>
    c.rawLines.filter((l) => l.includes('"method":"session/update"') && l.includes(`"${sid}"`));

  it("a zeroclaw-dialect turn: its owner and zeroclaw watchers get snake_case, seed watchers the seed form", async () => {
    d = await startTestDaemon();
    const owner = await connect("zeroclaw");
    await result(owner, "session/new", { session_id: "w" });
    const seedWatcher = await connect("seed");
    const zcWatcher = await connect("zeroclaw");
    for (const w of [seedWatcher, zcWatcher]) await result(w, "session/subscribe", { session_id: "w" });
    await result(owner, "session/prompt", { session_id: "w", prompt: "one two three" });
    const done = (m: WireMessage) => (m.params as { type?: string } | undefined)?.type === "turn_complete";
    for (const w of [seedWatcher, zcWatcher]) await w.take((m) => m.method === "session/update" && done(m));

    const ownerLines = updatesOf(owner, "w");
    expect(ownerLines).toHaveLength(4);
    // Zeroclaw-dialect connections get the very same bytes; none carries a camelCase member.
    expect(updatesOf(zcWatcher, "w")).toEqual(ownerLines);
    for (const line of ownerLines) {
      expect(line).not.toMatch(CAMEL);
      expect(V.ZeroclawSessionUpdateParams(JSON.parse(line).params)).toBe(true);
    }
    const seedLines = updatesOf(seedWatcher, "w");
    expect(seedLines.map((l) => JSON.parse(l).params)).toEqual([
      { sessionId: "w", type: "agent_message_chunk", text: "one " },
      { sessionId: "w", type: "agent_message_chunk", text: "two " },
      { sessionId: "w", type: "agent_message_chunk", text: "three" },
      {
        sessionId: "w",
        type: "turn_complete",
        turnId: "t_1",
        outcome: "completed",
        content: "one two three",
      },
    ]);
    for (const line of seedLines) expect(V.SessionUpdateParams(JSON.parse(line).params)).toBe(true);
  });

  it("a seed turn: seed watchers get the owner's exact bytes, zeroclaw watchers their own form", async () => {
    d = await startTestDaemon();
    const owner = await connect("seed");
    await result(owner, "session/new", { session_id: "s" });
    const seedWatcher = await connect("seed");
    const zcWatcher = await connect("zeroclaw");
    for (const w of [seedWatcher, zcWatcher]) await result(w, "session/subscribe", { session_id: "s" });
    await result(owner, "session/prompt", { session_id: "s", prompt: "hi there" });
    const done = (m: WireMessage) => (m.params as { type?: string } | undefined)?.type === "turn_complete";
    for (const w of [seedWatcher, zcWatcher]) await w.take((m) => m.method === "session/update" && done(m));
    expect(updatesOf(seedWatcher, "s")).toEqual(updatesOf(owner, "s"));
    expect(updatesOf(zcWatcher, "s").map((l) => JSON.parse(l).params)).toEqual([
      { session_id: "s", type: "agent_message_chunk", text: "hi " },
      { session_id: "s", type: "agent_message_chunk", text: "there" },
      { session_id: "s", type: "turn_complete", outcome: "completed", content: "hi there" },
    ]);
  });
});
