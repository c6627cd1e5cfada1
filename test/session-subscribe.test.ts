// SPEC §14 session/subscribe and session/unsubscribe against the real daemon on a real socket, with
// its openai provider talking to the scripted fake server: a watcher gets every update of the turn in
// the turn connection's order, may answer its approval, loses its subscription with its connection or
// unsubscribe, is refused sessions it may not read, and a watcher that stops reading is cut by the
// write-stall rule while the turn completes.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FakeOpenAi, step, textReply } from "./helpers/fake-openai-server.js";
import { WsRpcClient } from "./helpers/proc-ws-client.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";
import { TurnClient, type Update, waitFor } from "./helpers/turn-client.js";

let d: TestDaemon | undefined;
let fake: FakeOpenAi;
const closers: (() => void)[] = [];

beforeEach(async () => {
  fake = await FakeOpenAi.start();
});
afterEach(async () => {
  for (const close of closers.splice(0)) close();
  await d?.stop();
  d = undefined;
  await fake.close();
});

const config = (extra = ""): string => `
[providers.fake]
kind = "openai"
base_url = "${fake.baseUrl}"
api_key = "sk-test-subscribe"
model = "m1"

[agents.coder]
provider = "fake"
allowed_tools = ["ask_user"]
${extra}
`;

async function connect(): Promise<TurnClient> {
  const c = await TurnClient.connect(d!.endpoint);
  closers.push(() => c.close());
  return c;
}

const updatesOf = (c: TurnClient, sid: string): Update[] =>
  c
    .wire()
    .filter((m) => m.method === "session/update" && (m.params as Update).sessionId === sid)
    .map((m) => m.params as Update);

const bashCall = (command: string) => [
  ...step.toolCallSplit(0, "call_1", "bash", JSON.stringify({ command }), 2),
  step.finish("tool_calls"),
];

describe("session/subscribe", () => {
  it("a watcher gets every update of a turn another connection runs, in the same order", async () => {
    d = await startTestDaemon(config());
    const runner = await connect();
    const watcher = await connect();
    const { session_id: sid } = await runner.call<{ session_id: string }>("session/new", {
      agent: "coder",
      session_id: "watched",
    });
    expect(await watcher.call("session/subscribe", { session_id: sid })).toEqual({
      session_id: sid,
      subscribed: true,
      running_turn: null,
    });
    // Subscribing twice is the same as once, and the turn's own connection watching too changes
    // nothing for it: no update arrives twice.
    await watcher.call("session/subscribe", { session_id: sid });
    await runner.call("session/subscribe", { session_id: sid });
    fake.enqueue([step.reasoning("thinking "), ...textReply("Hello there, watcher.")]);
    const turn = runner.prompt(sid, "hello");
    const result = await turn.result();
    expect(result.outcome).toBe("completed");
    await watcher.update(sid, "turn_complete");
    const own = turn.updates();
    expect(own.map((u) => u.type)).toContain("agent_thought_chunk");
    expect(updatesOf(watcher, sid)).toEqual(own);
    expect(updatesOf(runner, sid)).toEqual(own);
  });

  it("a watcher may answer the approval; the turn connection sees the same approval_request", async () => {
    d = await startTestDaemon(config());
    const runner = await connect();
    const watcher = await connect();
    await runner.call("session/new", { agent: "coder", session_id: "approve-me" });
    await watcher.call("session/subscribe", { session_id: "approve-me" });
    fake.enqueue(bashCall("echo approved-by-watcher"));
    fake.enqueue(textReply("Done."));
    const turn = runner.prompt("approve-me", "run it");
    const asked = await watcher.update("approve-me", "approval_request");
    expect(asked).toMatchObject({ toolName: "bash" });
    expect(
      await watcher.call("session/approve", {
        session_id: "approve-me",
        request_id: asked.requestId,
        decision: "allow_once",
      }),
    ).toEqual({ acknowledged: true });
    const result = await turn.result();
    expect(result.outcome).toBe("completed");
    const toolResult = turn.updates().find((u) => u.type === "tool_result");
    expect((toolResult?.rawOutput as { stdout?: string } | undefined)?.stdout).toBe("approved-by-watcher\n");
    expect(turn.updates().filter((u) => u.type === "approval_request")).toHaveLength(1);
  });

  it("unsubscribe stops the stream; a closed connection's subscriptions are dropped", async () => {
    d = await startTestDaemon(config());
    const runner = await connect();
    const watcher = await connect();
    const leaver = await connect();
    await runner.call("session/new", { agent: "coder", session_id: "s1" });
    await watcher.call("session/subscribe", { session_id: "s1" });
    await leaver.call("session/subscribe", { session_id: "s1" });
    expect(d.daemon.services.subscriptions.count("s1")).toBe(2);
    leaver.close();
    await waitFor(
      () => d!.daemon.services.subscriptions.count("s1") === 1,
      "the closed watcher to be dropped",
    );
    expect(await watcher.call("session/unsubscribe", { session_id: "s1" })).toEqual({
      session_id: "s1",
      subscribed: false,
    });
    expect(d.daemon.services.subscriptions.count("s1")).toBe(0);
    fake.enqueue(textReply("Nobody watches."));
    await runner.prompt("s1", "quiet").result();
    expect(updatesOf(watcher, "s1")).toEqual([]);
  });

  it("a deleted session's watchers go with it: a session re-created with that id starts unwatched", async () => {
    d = await startTestDaemon(config());
    const owner = await connect();
    const watcher = await connect();
    await owner.call("session/new", { session_id: "reused" });
    await watcher.call("session/subscribe", { session_id: "reused" });
    await owner.call("session/delete", { session_id: "reused" });
    await owner.call("session/new", { session_id: "reused" });
    await owner.prompt("reused", "private words").result();
    // A request after the turn: had the watcher kept its subscription, the updates would be queued
    // before this answer.
    await watcher.call("status", {});
    expect(updatesOf(watcher, "reused")).toEqual([]);
  });

  it("an unknown session is -32000; a session of another principal is -32003", async () => {
    d = await startTestDaemon(
      config(`
[gateway]
enabled = true
port = 0

[permission_profiles.member]
grants = { sessions = ["*"] }
allowed_agents = ["coder"]

[users.alice]
permission_profiles = ["member"]
`),
    );
    const owner = await connect();
    const unknown = await owner.request("session/subscribe", { session_id: "no-such-session" });
    expect(unknown.error).toMatchObject({
      code: -32000,
      data: { reason: "session_not_found", session_id: "no-such-session" },
    });
    await owner.call("session/new", { agent: "coder", session_id: "owners" });
    const { token } = await owner.call<{ token: string }>("pairing/create", { user: "alice" });
    const alice = await WsRpcClient.open(d.daemon.services.gatewayUrl()!);
    closers.push(() => alice.close());
    expect(
      (await alice.request("initialize", { protocolVersion: 1, auth_token: token })).result,
    ).toBeDefined();
    const notOwned = { code: -32003, data: { reason: "session_not_owned", session_id: "owners" } };
    expect((await alice.request("session/subscribe", { session_id: "owners" })).error).toMatchObject(
      notOwned,
    );
    expect((await alice.request("session/unsubscribe", { session_id: "owners" })).error).toMatchObject(
      notOwned,
    );
    // Her own session she may watch.
    await alice.request("session/new", { agent: "coder", session_id: "alices" });
    expect((await alice.request("session/subscribe", { session_id: "alices" })).result).toEqual({
      session_id: "alices",
      subscribed: true,
      running_turn: null,
    });
  });

  it("a watcher that stops reading is cut by the write stall; the turn and its connection carry on", async () => {
    d = await startTestDaemon(
      `${config()}\n[rpc]\nwrite_stall_timeout_ms = 300\noutput_high_water_bytes = 65536\n`,
    );
    const runner = await connect();
    const stuck = await connect();
    await runner.call("session/new", { agent: "coder", session_id: "flood" });
    await stuck.call("session/subscribe", { session_id: "flood" });
    stuck.raw.socket.pause(); // a dashboard that stopped reading
    const big = "x".repeat(8000);
    // Enough output to fill the stuck watcher's socket buffers, then a pause so the stall fires mid-turn.
    fake.enqueue([
      ...Array.from({ length: 300 }, () => step.text(big)),
      step.delay(1500),
      step.text(" end"),
      step.finish("stop"),
    ]);
    const turn = runner.prompt("flood", "flood the watchers", 30_000);
    await waitFor(
      () => d!.logs.some((l) => l.msg === "disconnected" && l.reason === "write stall"),
      "the watcher's write stall",
    );
    const result = await turn.result();
    expect(result.outcome).toBe("completed");
    expect(result.content.endsWith(" end")).toBe(true);
    expect(d.daemon.services.subscriptions.count("flood")).toBe(0);
    expect(await runner.call<{ connections: { local: number } }>("status")).toMatchObject({
      connections: { local: 1 },
    });
  });
});
