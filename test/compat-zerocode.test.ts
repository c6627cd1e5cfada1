// SPEC §13 (zerocode compatibility) and §12's reclaim of idle-detached live sessions, against the real
// daemon with a fake OpenAI-compatible server on 127.0.0.1 for turns that wait on an approval.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FakeOpenAi, step, textReply } from "./helpers/fake-openai-server.js";
import { WsRpcClient } from "./helpers/proc-ws-client.js";
import type { WireMessage } from "./helpers/raw-client.js";
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

const toml = (extra = ""): string => `
[providers.fake]
kind = "openai"
base_url = "${fake.baseUrl}"
api_key = "sk-test"
model = "m1"

[agents.coder]
provider = "fake"
allowed_tools = ["ask_user"]

[gateway]
enabled = true
port = 0

[permission_profiles.reader]
grants = { sessions = ["read", "create"], system = ["read"] }
allowed_agents = ["default"]

[users.viewer]
permission_profiles = ["reader"]
${extra}`;

async function connect(): Promise<TurnClient> {
  const c = await TurnClient.connect(d!.endpoint);
  closers.push(() => c.close());
  return c;
}

const bashCall = (id: string, command: string) => [
  ...step.toolCallSplit(0, id, "bash", JSON.stringify({ command })),
  step.finish("tool_calls"),
];

/** Sends a request-method as a notification (no id). */
const notify = (c: TurnClient, method: string, params: unknown): Promise<void> =>
  c.raw.write(`${JSON.stringify({ jsonrpc: "2.0", method, params })}\n`);

const turnCompletes = (c: TurnClient): Update[] =>
  c
    .wire()
    .filter((m) => m.method === "session/update" && (m.params as Update).type === "turn_complete")
    .map((m) => m.params as Update);

const responses = (c: TurnClient): WireMessage[] => c.wire().filter((m) => m.method === undefined);

describe("initialize and session/new in zerocode's words (SPEC §13)", () => {
  it("initialize accepts tui_id, tui_sig and env, answers the snake_case members, and never logs env", async () => {
    d = await startTestDaemon(toml());
    const c = await TurnClient.connect(d.endpoint);
    closers.push(() => c.close());
    const r = await c.request("initialize", {
      protocolVersion: 1,
      tui_id: "tui-7",
      tui_sig: "sig-abc",
      env: { ZC_SECRET_ENV_KEY: "zc-secret-env-value" },
    });
    // TurnClient.connect already initialized: a second one is refused, so use a fresh raw connection.
    expect(r.error?.data).toMatchObject({ reason: "already_initialized" });
    const { RawClient } = await import("./helpers/raw-client.js");
    const raw = await RawClient.connect(d.endpoint);
    closers.push(() => raw.close());
    const init = await raw.request("initialize", {
      protocolVersion: 1,
      tui_id: "tui-7",
      tui_sig: "sig-abc",
      env: { ZC_SECRET_ENV_KEY: "zc-secret-env-value" },
    });
    expect(init.result).toMatchObject({
      protocolVersion: 1,
      protocol_version: 1,
      server_version: (init.result as { serverVersion: string }).serverVersion,
      server_pid: process.pid,
      commands: [],
    });
    const logged = JSON.stringify(d.logs);
    expect(logged).not.toContain("ZC_SECRET_ENV_KEY");
    expect(logged).not.toContain("zc-secret-env-value");
  });

  it("session/new takes agent_alias and chat_mode, ignores tui_id/exclude_memory/keep_siblings, answers agent_alias and message_count", async () => {
    d = await startTestDaemon(toml());
    const c = await connect();
    const s = await c.call("session/new", {
      session_id: "zc-1",
      agent_alias: "coder",
      chat_mode: "chat",
      tui_id: "tui-7",
      exclude_memory: true,
      keep_siblings: false,
    });
    expect(s).toMatchObject({
      session_id: "zc-1",
      agent: "coder",
      agent_alias: "coder",
      mode: "chat",
      message_count: 0,
    });
    const both = await c.call("session/new", {
      agent: "default",
      agent_alias: "coder",
      mode: "acp",
      chat_mode: "chat",
    });
    expect(both).toMatchObject({ agent: "default", mode: "acp" });
  });

  it("session/approve takes reject_once as reject", async () => {
    d = await startTestDaemon(toml());
    const c = await connect();
    const { session_id } = await c.call<{ session_id: string }>("session/new", { agent: "coder" });
    fake.enqueue(bashCall("call_r", "touch rejected.txt"));
    fake.enqueue(textReply("Understood."));
    const turn = c.prompt(session_id, "make a file");
    const approval = await c.update(session_id, "approval_request");
    expect(
      await c.call("session/approve", {
        session_id,
        request_id: approval.requestId,
        decision: "reject_once",
      }),
    ).toEqual({
      acknowledged: true,
    });
    expect(await turn.result()).toMatchObject({ outcome: "completed" });
    const toolResult = turn.updates().find((u) => u.type === "tool_result");
    expect(JSON.stringify(toolResult?.rawOutput)).toMatch(/denied|reject/i);
  });
  it("session/approve takes reject_with_edit: bash's input cannot be edited, so it is rejected and the model is told so", async () => {
    d = await startTestDaemon(toml());
    const c = await connect();
    const { session_id } = await c.call<{ session_id: string }>("session/new", { agent: "coder" });
    fake.enqueue(bashCall("call_e", "touch edited.txt"));
    fake.enqueue(textReply("Understood."));
    const turn = c.prompt(session_id, "make a file");
    const approval = await c.update(session_id, "approval_request");
    expect(
      await c.call("session/approve", {
        session_id,
        request_id: approval.requestId,
        decision: "reject_with_edit",
        replacement: "touch zc-secret-replacement.txt",
      }),
    ).toEqual({ acknowledged: true });
    expect(await turn.result()).toMatchObject({ outcome: "completed" });
    const rawOutput = turn.updates().find((u) => u.type === "tool_result")?.rawOutput;
    expect(rawOutput).toEqual({
      denied: true,
      reason: expect.stringMatching(/edit.*cannot be edited.*not applied/),
      replacement: "touch zc-secret-replacement.txt",
    });
    const told = fake.requests[1]?.body?.messages?.find((m) => m.role === "tool")?.content;
    expect(JSON.parse(String(told))).toEqual(rawOutput);
    // Nothing ran, and the user's text is never logged.
    const { existsSync } = await import("node:fs");
    const { join } = await import("node:path");
    const workspace = d.daemon.services.sessions.liveSession(session_id)!.workspaceDir;
    expect(existsSync(join(workspace, "edited.txt"))).toBe(false);
    expect(JSON.stringify(d.logs)).not.toContain("zc-secret-replacement");
  });
});

describe("session/prompt as a notification (SPEC §13)", () => {
  it("runs the turn exactly like the request form; turn_complete is its only result", async () => {
    d = await startTestDaemon(toml());
    const c = await connect();
    const { session_id } = await c.call<{ session_id: string }>("session/new", {});
    const answered = responses(c).length;
    await notify(c, "session/prompt", { session_id, prompt: "hello zerocode" });
    const done = await c.update(session_id, "turn_complete");
    expect(done).toMatchObject({
      outcome: "completed",
      content: "hello zerocode",
      turnId: expect.any(String),
    });
    const text = c
      .wire()
      .filter((m) => m.method === "session/update" && (m.params as Update).type === "agent_message_chunk")
      .map((m) => (m.params as { text: string }).text)
      .join("");
    expect(text).toBe("hello zerocode");
    expect(responses(c)).toHaveLength(answered);
    const messages = await c.call<{ messages: { role: string }[] }>("session/messages", { session_id });
    expect(messages.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
  });

  it("a refused notification prompt gets one turn_complete {outcome failed, turnId null, error}", async () => {
    d = await startTestDaemon(toml());
    const c = await connect();
    const { session_id } = await c.call<{ session_id: string }>("session/new", { agent: "coder" });
    fake.enqueue(bashCall("call_b", "sleep 0"));
    fake.enqueue(textReply("ok"));
    const running = c.prompt(session_id, "start something");
    const approval = await c.update(session_id, "approval_request");

    await notify(c, "session/prompt", { session_id: "no-such-session", prompt: "x" });
    await notify(c, "session/prompt", { session_id, prompt: "while busy" });
    await notify(c, "session/prompt", { session_id });
    await notify(c, "session/prompt", { prompt: "no session id" });
    await waitFor(() => turnCompletes(c).length >= 4, "four refusals");
    // Refusals are answered as they happen, not in the order sent.
    const byCode = [...turnCompletes(c)].sort(
      (a, b) =>
        (b.error as { code: number }).code - (a.error as { code: number }).code ||
        String(b.sessionId).localeCompare(String(a.sessionId)),
    );
    expect(byCode).toEqual([
      {
        sessionId: "no-such-session",
        type: "turn_complete",
        turnId: null,
        outcome: "failed",
        content: expect.any(String),
        error: { code: -32000, data: expect.objectContaining({ reason: expect.any(String) }) },
      },
      {
        sessionId: session_id,
        type: "turn_complete",
        turnId: null,
        outcome: "failed",
        content: expect.any(String),
        error: { code: -32002, data: expect.objectContaining({ session_id }) },
      },
      expect.objectContaining({
        sessionId: session_id,
        turnId: null,
        error: expect.objectContaining({ code: -32602 }),
      }),
      expect.objectContaining({
        sessionId: null,
        turnId: null,
        error: expect.objectContaining({ code: -32602 }),
      }),
    ]);
    await c.call("session/approve", { session_id, request_id: approval.requestId, decision: "allow_once" });
    expect(await running.result()).toMatchObject({ outcome: "completed" });
  });

  it("a forbidden notification prompt over the gateway gets its turn_complete with -32012", async () => {
    d = await startTestDaemon(toml());
    const { token } = d.daemon.services.pairing.create("viewer", "compat");
    d.daemon.services.authority.tokensChanged();
    const g = await WsRpcClient.open(d.daemon.services.gatewayUrl()!);
    closers.push(() => g.close());
    expect((await g.request("initialize", { protocolVersion: 1, auth_token: token })).result).toBeDefined();
    const s = (await g.request("session/new", {})).result as { session_id: string };
    g.ws.send(
      JSON.stringify({
        jsonrpc: "2.0",
        method: "session/prompt",
        params: { session_id: s.session_id, prompt: "hi" },
      }),
    );
    const done = await g.take((m) => m.method === "session/update");
    expect(done.params).toMatchObject({
      sessionId: s.session_id,
      type: "turn_complete",
      turnId: null,
      outcome: "failed",
      error: { code: -32012, data: { reason: "not_granted", grant: "sessions:execute" } },
    });
  });

  it("no other request method runs as a notification", async () => {
    d = await startTestDaemon(toml());
    const c = await connect();
    await notify(c, "session/new", { session_id: "made-by-notification" });
    await notify(c, "config/set", { prop: "sessions.max_live", value: 3 });
    const list = await c.call<{ sessions: { session_id: string }[] }>("session/list", {});
    expect(list.sessions.map((s) => s.session_id)).not.toContain("made-by-notification");
    expect(await c.call("config/get", { prop: "sessions.max_live" })).toMatchObject({ value: 64 });
    expect(c.wire().filter((m) => m.method === "session/update")).toEqual([]);
  });
});

describe("idle-detached live sessions are reclaimed at sessions.max_live (SPEC §12)", () => {
  it("a closed connection's idle sessions make room, least recently used first; history stays resumable", async () => {
    d = await startTestDaemon(toml("[sessions]\nmax_live = 2\n"));
    const first = await connect();
    await first.call("session/new", { session_id: "old" });
    await first.call("session/new", { session_id: "newer" });
    await first.prompt("old", "first words").result();
    // "newer" has run a turn since, so "old" is the least recently used.
    await first.prompt("newer", "touch").result();
    first.close();
    await waitFor(() => d!.daemon.services.connectionCounts().local === 0, "the first connection to close");

    const second = await connect();
    await second.call("session/new", { session_id: "third" });
    const states = Object.fromEntries(
      (await second.call<{ sessions: { session_id: string; state: string }[] }>("session/list")).sessions.map(
        (s) => [s.session_id, s.state],
      ),
    );
    expect(states).toEqual({ old: "closed", newer: "idle", third: "idle" });
    // A second reclaim takes "newer"; now both live sessions belong to an open connection.
    await second.call("session/new", { session_id: "fourth" });
    expect((await second.request("session/prompt", { session_id: "old", prompt: "x" })).error).toMatchObject({
      code: -32001,
    });
    // Room made by hand: "old" is rehydrated with its history.
    await second.call("session/close", { session_id: "third" });
    expect(await second.prompt("old", "back again").result()).toMatchObject({ outcome: "completed" });
    const history = await second.call<{ messages: { content: string }[] }>("session/messages", {
      session_id: "old",
    });
    expect(history.messages.map((m) => m.content)).toEqual([
      "first words",
      "first words",
      "back again",
      "back again",
    ]);
  });

  it("-32001 while every live session is attached to an open connection or running a turn", async () => {
    d = await startTestDaemon(toml("[sessions]\nmax_live = 2\n"));
    const holder = await connect();
    await holder.call("session/new", { session_id: "held" });
    const runner = await connect();
    const { session_id } = await runner.call<{ session_id: string }>("session/new", { agent: "coder" });
    fake.enqueue(bashCall("call_w", "sleep 0"));
    fake.enqueue(textReply("ok"));
    runner.prompt(session_id, "wait for approval");
    await runner.update(session_id, "approval_request");
    const other = await connect();
    expect((await other.request("session/new", {})).error).toMatchObject({ code: -32001 });
  });
});
