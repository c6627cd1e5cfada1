// SPEC §4/§10 through the daemon's WebSocket gateway: pairing tokens in initialize, grants for paired
// users, local-only methods, and revocation taking effect on the next call.
import { afterEach, describe, expect, it } from "vitest";
import { WsRpcClient } from "./helpers/proc-ws-client.js";
import { RawClient } from "./helpers/raw-client.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

const CONFIG = `
[gateway]
enabled = true
port = 0

[permission_profiles.reader]
grants = { system = ["read"], config = ["read"] }

[permission_profiles.boss]
admin = true

[users.alice]
permission_profiles = ["reader"]

[users.root]
permission_profiles = ["boss"]
`;

let d: TestDaemon | undefined;
const closers: (() => void)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) c();
  await d?.stop();
  d = undefined;
});

async function local(): Promise<RawClient> {
  const c = await RawClient.connect(d!.endpoint);
  closers.push(() => c.close());
  await c.initialize();
  return c;
}
async function gateway(): Promise<WsRpcClient> {
  const url = d!.daemon.services.gatewayUrl();
  if (!url) throw new Error("gateway not running");
  const c = await WsRpcClient.open(url);
  closers.push(() => c.close());
  return c;
}
async function pair(owner: RawClient, user: string): Promise<{ token_id: string; token: string }> {
  const res = await owner.request("pairing/create", { user, label: "test" });
  return res.result as { token_id: string; token: string };
}

describe("gateway authentication", () => {
  it("reports the gateway in status and counts its connections", async () => {
    d = await startTestDaemon(CONFIG);
    const owner = await local();
    await gateway();
    const status = (await owner.request("status", {})).result as {
      gateway_url: string;
      connections: { gateway: number };
    };
    expect(status.gateway_url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/rpc$/);
    expect(status.connections.gateway).toBe(1);
  });

  it("requires a pairing token: none → auth_required, unknown → invalid_token, each ending its connection; then a good one works", async () => {
    d = await startTestDaemon(CONFIG);
    const owner = await local();
    const { token } = await pair(owner, "alice");
    const bare = await gateway();
    expect((await bare.request("initialize", { protocolVersion: 1 })).error).toMatchObject({
      code: -32010,
      data: { reason: "auth_required" },
    });
    // SPEC §17: a failed authentication ends the connection after its error line.
    expect(await bare.waitClosed()).toBe(true);
    const guess = await gateway();
    expect(
      (await guess.request("initialize", { protocolVersion: 1, auth_token: "zc_not-a-token" })).error,
    ).toMatchObject({
      code: -32010,
      data: { reason: "invalid_token" },
    });
    expect(await guess.waitClosed()).toBe(true);
    const g = await gateway();
    expect((await g.request("initialize", { protocolVersion: 1, auth_token: token })).result).toMatchObject({
      principal: { id: "alice", admin: false },
    });
    expect((await g.request("status", {})).result).toBeDefined();
    expect(JSON.stringify(d.logs)).not.toContain(token);
  });

  it("enforces the paired user's grants and refuses local-only methods even to an admin", async () => {
    d = await startTestDaemon(CONFIG);
    const owner = await local();
    const alice = await gateway();
    await alice.request("initialize", { protocolVersion: 1, auth_token: (await pair(owner, "alice")).token });
    expect((await alice.request("config/set", { prop: "sessions.max_live", value: 2 })).error?.data).toEqual({
      reason: "not_granted",
      grant: "config:update",
      method: "config/set",
    });
    const root = await gateway();
    await root.request("initialize", { protocolVersion: 1, auth_token: (await pair(owner, "root")).token });
    expect((await root.request("config/set", { prop: "sessions.max_live", value: 2 })).result).toBeDefined();
    expect((await root.request("pairing/list", {})).result).toBeDefined(); // not local-only
    expect((await root.request("pairing/create", { user: "alice" })).error).toMatchObject({
      code: -32012,
      data: { reason: "local_only", method: "pairing/create" },
    });
    expect((await root.request("pairing/revoke", { token_id: "tok_x" })).error?.data).toEqual({
      reason: "local_only",
      method: "pairing/revoke",
    });
  });

  it("fails the next call of a connection whose token was revoked, and refuses the token afterwards", async () => {
    d = await startTestDaemon(CONFIG);
    const owner = await local();
    const { token, token_id } = await pair(owner, "alice");
    const g = await gateway();
    await g.request("initialize", { protocolVersion: 1, auth_token: token });
    expect((await g.request("status", {})).result).toBeDefined();
    expect((await owner.request("pairing/revoke", { token_id })).result).toEqual({ token_id, revoked: true });
    expect((await g.request("status", {})).error).toMatchObject({
      code: -32010,
      data: { reason: "invalid_token" },
    });
    const again = await gateway();
    expect(
      (await again.request("initialize", { protocolVersion: 1, auth_token: token })).error?.data,
    ).toEqual({
      reason: "invalid_token",
    });
  });

  it("applies a profile change to an open gateway connection on its next call", async () => {
    d = await startTestDaemon(CONFIG);
    const owner = await local();
    const g = await gateway();
    await g.request("initialize", { protocolVersion: 1, auth_token: (await pair(owner, "alice")).token });
    expect((await g.request("config/get", { prop: "sessions" })).result).toBeDefined();
    await owner.request("config/set", {
      prop: "permission_profiles.reader.grants",
      value: { system: ["read"] },
    });
    expect((await g.request("config/get", { prop: "sessions" })).error?.data).toMatchObject({
      reason: "not_granted",
      grant: "config:read",
    });
  });
});

describe("pairing methods", () => {
  it("creates, lists (never showing the token) and revokes tokens; unknown users and tokens are -32602", async () => {
    d = await startTestDaemon(CONFIG);
    const owner = await local();
    const made = await pair(owner, "alice");
    expect(made.token_id).toMatch(/^tok_/);
    expect(made.token).toMatch(/^zc_/);
    const listed = (await owner.request("pairing/list", {})).result as { tokens: object[] };
    expect(listed.tokens).toEqual([
      { token_id: made.token_id, user: "alice", label: "test", created_at: expect.any(String) },
    ]);
    expect(JSON.stringify(listed)).not.toContain(made.token);
    expect((await owner.request("pairing/create", { user: "mallory" })).error).toMatchObject({
      code: -32602,
      data: { reason: "invalid_params", errors: [{ path: "/user" }] },
    });
    await owner.request("pairing/revoke", { token_id: made.token_id });
    expect(((await owner.request("pairing/list", {})).result as { tokens: object[] }).tokens).toEqual([]);
    expect((await owner.request("pairing/revoke", { token_id: made.token_id })).error?.code).toBe(-32602);
  });
});
