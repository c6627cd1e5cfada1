// SPEC §17 "live rights follow policy", against the real daemon with real sockets and WebSockets: when
// a pairing token is revoked or a grant, profile or user edited, every subscription whose watcher lost
// the right ends at once with one session/update subscription_ended (token_revoked, not_granted,
// session_not_owned) and nothing more of that session reaches it; a connection whose token was revoked
// gets -32010 on any call, its own turn is cancelled, and it is closed; a local peer that lost its
// user loses its staged uploads. The echo provider streams the turns.
import { afterEach, describe, expect, it } from "vitest";
import { WsRpcClient } from "./helpers/proc-ws-client.js";
import { RawClient, type WireMessage } from "./helpers/raw-client.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";
import { TurnClient, waitFor } from "./helpers/turn-client.js";

const POLICY = `
[gateway]
enabled = true
port = 0
revoked_close_ms = 300

[permission_profiles.worker]
grants = { sessions = ["*"], system = ["read"] }
allowed_agents = ["default"]

[permission_profiles.boss]
admin = true

[users.alice]
permission_profiles = ["worker"]

[users.ops]
permission_profiles = ["boss"]
`;

let d: TestDaemon | undefined;
const closers: (() => void)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) c();
  await d?.stop();
  d = undefined;
});

async function owner(): Promise<TurnClient> {
  const c = await TurnClient.connect(d!.endpoint);
  closers.push(() => c.close());
  return c;
}

/** A gateway connection signed in as `user` with a fresh token; returns it and the token id. */
async function remote(user: string): Promise<{ ws: WsRpcClient; tokenId: string }> {
  const { token, token_id } = d!.daemon.services.pairing.create(user, "live rights");
  d!.daemon.services.authority.tokensChanged();
  const ws = await WsRpcClient.open(d!.daemon.services.gatewayUrl()!);
  closers.push(() => ws.close());
  const init = await ws.request("initialize", { protocolVersion: 1, auth_token: token });
  if (!init.result) throw new Error(`initialize failed: ${JSON.stringify(init)}`);
  return { ws, tokenId: token_id };
}

const updatesOf = (messages: readonly WireMessage[], sid: string): Record<string, unknown>[] =>
  messages
    .filter((m) => m.method === "session/update" && (m.params as { sessionId?: string }).sessionId === sid)
    .map((m) => m.params as Record<string, unknown>);

/** Runs one echo turn on `sid` from the local owner and waits for its end. */
async function turn(runner: TurnClient, sid: string, text: string): Promise<void> {
  expect((await runner.prompt(sid, text).result()).outcome).toBe("completed");
}

/** Writes config entries as the owner would (config/set-many): the policy change under test. */
const edit = async (runner: TurnClient, sets: { prop: string; value: unknown }[]): Promise<void> => {
  await runner.call("config/set-many", { sets });
};

describe("a watcher whose rights lapse", () => {
  it("token revoked: one subscription_ended token_revoked, nothing after, -32010 on a call, then closed", async () => {
    d = await startTestDaemon(POLICY);
    const runner = await owner();
    const { ws: alice, tokenId } = await remote("alice");
    const sid = (
      (await alice.request("session/new", { session_id: "alices" })).result as { session_id: string }
    ).session_id;
    expect((await alice.request("session/subscribe", { session_id: sid })).result).toEqual({
      session_id: sid,
      subscribed: true,
      running_turn: null,
    });
    await turn(runner, sid, "before the revocation");
    await waitFor(() => updatesOf(alice.messages, sid).some((u) => u.type === "turn_complete"), "first turn");
    await runner.call("pairing/revoke", { token_id: tokenId });
    await waitFor(
      () => updatesOf(alice.messages, sid).some((u) => u.type === "subscription_ended"),
      "the end",
    );
    const denied = await alice.request("status", {});
    expect(denied.error).toMatchObject({ code: -32010 });
    await turn(runner, sid, "after the revocation: nobody else may see this");
    expect(await alice.waitClosed()).toBe(true);
    // The first turn, then exactly one subscription_ended, and nothing of the second turn.
    const updates = updatesOf(alice.messages, sid);
    expect(updates.at(-1)).toEqual({ sessionId: sid, type: "subscription_ended", reason: "token_revoked" });
    expect(updates.filter((u) => u.type === "subscription_ended")).toHaveLength(1);
    expect(updates.filter((u) => u.type === "turn_complete")).toHaveLength(1);
    expect(JSON.stringify(alice.messages)).not.toContain("nobody else may see this");
  });

  it("grant removed: subscription_ended not_granted; the connection stays and keeps its other rights", async () => {
    d = await startTestDaemon(POLICY);
    const runner = await owner();
    const { ws: alice } = await remote("alice");
    await alice.request("session/new", { session_id: "s-grant" });
    await alice.request("session/subscribe", { session_id: "s-grant" });
    await edit(runner, [{ prop: "permission_profiles.worker.grants", value: { system: ["read"] } }]);
    const ended = await alice.take((m) => m.method === "session/update");
    expect(ended.params).toEqual({ sessionId: "s-grant", type: "subscription_ended", reason: "not_granted" });
    await turn(runner, "s-grant", "secret after the grant went");
    // A round trip on the same connection: had anything been queued for it, it would have come first.
    expect((await alice.request("status", {})).result).toBeDefined();
    expect(updatesOf(alice.messages, "s-grant")).toEqual([]);
    expect((await alice.request("session/messages", { session_id: "s-grant" })).error).toMatchObject({
      code: -32012,
    });
    expect(alice.isClosed).toBe(false);
  });

  it("admin removed: a session it neither owns nor administers ends with session_not_owned", async () => {
    d = await startTestDaemon(POLICY);
    const runner = await owner();
    const sid = (await runner.call<{ session_id: string }>("session/new", { session_id: "owners" }))
      .session_id;
    const { ws: ops } = await remote("ops");
    await ops.request("session/new", { session_id: "ops-own" });
    await ops.request("session/subscribe", { session_id: sid });
    await ops.request("session/subscribe", { session_id: "ops-own" });
    await edit(runner, [
      { prop: "permission_profiles.boss.admin", value: false },
      { prop: "permission_profiles.boss.grants", value: { sessions: ["*"], system: ["read"] } },
    ]);
    const ended = await ops.take((m) => m.method === "session/update");
    expect(ended.params).toEqual({ sessionId: sid, type: "subscription_ended", reason: "session_not_owned" });
    await turn(runner, sid, "not for ops any more");
    await turn(runner, "ops-own", "ops still watches its own session");
    await waitFor(
      () => updatesOf(ops.messages, "ops-own").some((u) => u.type === "turn_complete"),
      "own turn",
    );
    expect(updatesOf(ops.messages, sid)).toEqual([]);
  });

  it("ends a subscription once, and a change that keeps the right ends nothing", async () => {
    d = await startTestDaemon(POLICY);
    const runner = await owner();
    const { ws: alice } = await remote("alice");
    await alice.request("session/new", { session_id: "s-once" });
    await alice.request("session/subscribe", { session_id: "s-once" });
    await edit(runner, [{ prop: "permission_profiles.worker.allowed_tools", value: ["bash"] }]);
    await edit(runner, [{ prop: "permission_profiles.worker.grants", value: { system: ["read"] } }]);
    await edit(runner, [{ prop: "permission_profiles.worker.grants", value: { system: ["*"] } }]);
    expect((await alice.request("status", {})).result).toBeDefined();
    const ended = alice.messages.filter((m) => m.method === "session/update");
    expect(ended.map((m) => m.params)).toEqual([
      { sessionId: "s-once", type: "subscription_ended", reason: "not_granted" },
    ]);
    expect(d.daemon.services.subscriptions.count("s-once")).toBe(0);
  });
});

describe("a connection whose token is revoked", () => {
  it("has its own running turn cancelled at once, before it is closed", async () => {
    d = await startTestDaemon(POLICY);
    const runner = await owner();
    const { ws: alice, tokenId } = await remote("alice");
    await alice.request("session/new", { session_id: "s-run" });
    // The echo provider never calls tools; a long prompt keeps the turn streaming while we revoke.
    alice.ws.send(
      JSON.stringify({
        jsonrpc: "2.0",
        id: "p",
        method: "session/prompt",
        params: { session_id: "s-run", prompt: "word ".repeat(400_000) },
      }),
    );
    await waitFor(() => alice.messages.some((m) => m.method === "session/update"), "streaming");
    await runner.call("pairing/revoke", { token_id: tokenId });
    const response = await alice.take((m) => m.id === "p");
    expect((response.result as { outcome: string }).outcome).toBe("cancelled");
    expect(await alice.waitClosed()).toBe(true);
  });
});

describe("a local peer whose user is gone", () => {
  it("loses its subscriptions (not_granted) and its staged uploads; its next call is -32010", async () => {
    const uid = process.getuid?.() ?? 0;
    d = await startTestDaemon(
      `${POLICY}\n[security]\ntrust_daemon_uid = false\n[users.me]\nuid = ${uid}\npermission_profiles = ["worker", "uploader"]\n[permission_profiles.uploader]\ngrants = { files = ["create"] }\n`,
    );
    const me = await RawClient.connect(d.endpoint);
    closers.push(() => me.close());
    await me.initialize();
    await me.request("session/new", { session_id: "mine" });
    await me.request("session/subscribe", { session_id: "mine" });
    const begun = await me.request("file/upload/begin", { session_id: "mine", size_bytes: 4 });
    const uploadId = (begun.result as { upload_id: string }).upload_id;
    await d.daemon.services.config.setMany([{ prop: "users.me.uid", value: uid + 1 }], () => ({
      id: "owner",
      admin: true,
      grants: new Set(),
      configWritePaths: ["*"],
      allowedAgents: ["*"],
      allowedTools: ["*"],
      workspaceRoots: [],
    }));
    const ended = await me.next();
    expect(ended.params).toEqual({ sessionId: "mine", type: "subscription_ended", reason: "not_granted" });
    expect((await me.request("status", {})).error).toMatchObject({
      code: -32010,
      data: { reason: "unknown_peer" },
    });
    const conn = d.daemon.openConnections.find((c) => c.principal === undefined || c.kind === "local")!;
    expect(() => d!.daemon.services.uploads.get(conn.id, uploadId)).toThrow(
      expect.objectContaining({ code: -32030 }),
    );
    expect(d.daemon.services.uploads.stagedBytes).toBe(0);
  });
});
