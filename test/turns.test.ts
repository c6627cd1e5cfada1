// SPEC §5/§7/§8 turns against an OpenAI-compatible provider: the real daemon on a real socket, its
// openai provider talking HTTP to a scripted fake server. Streaming order, tools and approvals,
// ask_user elicitation, the retained context the model sees (and its rehydration), provider failures,
// cancellation from every source, trimming, ownership and rights, and the write-stall cancel.
// Every wait is on an event (an update, a response, a fake request, a state seen from another
// connection); nothing asserts a duration.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FakeOpenAi, type RecordedBody, type Step, step, textReply } from "./helpers/fake-openai-server.js";
import { WsRpcClient } from "./helpers/proc-ws-client.js";
import type { WireMessage } from "./helpers/raw-client.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";
import { ELICITATION, invalidUpdates, TurnClient, type Update, waitFor } from "./helpers/turn-client.js";

const API_KEY = "sk-test-7c1e5a9b3d2f";
const SYSTEM = "SYSTEM PROMPT TEXT";

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

type Knobs = { sessions?: Record<string, number>; rpc?: Record<string, number>; extra?: string };

const table = (name: string, values: Record<string, number> | undefined): string =>
  values
    ? `[${name}]\n${Object.entries(values)
        .map(([k, v]) => `${k} = ${v}`)
        .join("\n")}\n`
    : "";

/** coder: bash needs approval; runner: bash allowed outright; both on the fake provider. */
function toml(k: Knobs): string {
  return `
[providers.fake]
kind = "openai"
base_url = "${fake.baseUrl}"
api_key = "${API_KEY}"
model = "m1"

[agents.coder]
provider = "fake"
system_prompt = "${SYSTEM}"
allowed_tools = ["ask_user"]

[agents.runner]
provider = "fake"
system_prompt = "${SYSTEM}"
allowed_tools = ["bash", "ask_user"]

${table("sessions", k.sessions)}
${table("rpc", k.rpc)}
${k.extra ?? ""}
`;
}

async function start(k: Knobs = {}): Promise<TestDaemon> {
  d = await startTestDaemon(toml(k));
  return d;
}
async function connect(capabilities?: Record<string, unknown>): Promise<TurnClient> {
  const c = await TurnClient.connect(d!.endpoint, capabilities);
  closers.push(() => c.close());
  return c;
}
type NewSession = { session_id: string; workspace_dir: string };
const newSession = (c: TurnClient, agent: string, session_id: string) =>
  c.call<NewSession>("session/new", { agent, session_id });

type ProviderMessage = NonNullable<RecordedBody["messages"]>[number];
/** What the provider was sent in its n-th request (0-based). */
const sent = (n: number): ProviderMessage[] => {
  const body = fake.requests[n]?.body;
  if (!body?.messages) throw new Error(`no provider request #${n}`);
  return body.messages;
};
const types = (updates: readonly Update[]) => updates.map((u) => u.type);
const stateOf = async (c: TurnClient, sid: string): Promise<string | undefined> =>
  (await c.call<{ sessions: { session_id: string; state: string }[] }>("session/list")).sessions.find(
    (s) => s.session_id === sid,
  )?.state;
type Row = { seq: number; role: string; kind: string; content: string; turn_id: string };
const transcript = (c: TurnClient, sid: string) =>
  c.call<{ messages: Row[]; total: number }>("session/messages", { session_id: sid });

/** A model turn that calls one tool (arguments streamed in pieces), then the reply after its result. */
const callTool = (id: string, name: string, args: unknown, before: Step[] = []): Step[] => [
  ...before,
  ...step.toolCallSplit(0, id, name, JSON.stringify(args), 3),
  step.finish("tool_calls"),
];
const bash = (id: string, command: string, before: Step[] = []): Step[] =>
  callTool(id, "bash", { command }, before);
/** The tool message the provider got for `callId` in request n. */
const toolMessage = (n: number, callId: string): ProviderMessage | undefined =>
  sent(n).find((m) => m.role === "tool" && m.tool_call_id === callId);
/** Assistant tool calls in a request that no later tool message answers (OpenAI rejects such a request). */
const unansweredToolCalls = (messages: readonly ProviderMessage[]): string[] => {
  const answered = new Set(messages.filter((m) => m.role === "tool").map((m) => m.tool_call_id));
  return messages.flatMap((m) =>
    ((m.tool_calls as { id: string }[] | undefined) ?? []).map((c) => c.id).filter((id) => !answered.has(id)),
  );
};
const delayed = (): Step[] => [step.delay(60_000), ...textReply("too late")];

describe("1. streaming, tool calls and approval", () => {
  it("streams text and reasoning in order, asks approval for bash, runs it, and feeds the result back", async () => {
    await start({ sessions: { approval_timeout_ms: 10_000 } });
    const c = await connect();
    const { session_id: sid } = await newSession(c, "coder", "s1");
    fake.enqueue([
      step.reasoning("Thinking "),
      step.reasoning("it over", "reasoning"),
      step.text("Let me "),
      step.text("look."),
      ...bash("call_1", "echo hi-from-bash"),
    ]);
    fake.enqueue([step.text("All "), step.text("done "), step.text("here."), step.finish("stop")]);

    const turn = c.prompt(sid, "run something");
    const approval = await c.update(sid, "approval_request");
    expect(approval).toEqual({
      sessionId: sid,
      type: "approval_request",
      requestId: expect.any(String),
      toolName: "bash",
      rawInput: { command: "echo hi-from-bash" },
      timeoutMs: 10_000,
    });
    expect(
      await c.call("session/approve", {
        session_id: sid,
        request_id: approval.requestId,
        decision: "allow_once",
      }),
    ).toEqual({ acknowledged: true });

    expect(await turn.result()).toEqual({
      session_id: sid,
      turn_id: "t_1",
      outcome: "completed",
      stop_reason: "end_turn",
      content: "All done here.",
    });
    const updates = turn.updates();
    expect(invalidUpdates(updates)).toEqual([]);
    expect(types(updates)).toEqual([
      "agent_thought_chunk",
      "agent_thought_chunk",
      "agent_message_chunk",
      "agent_message_chunk",
      "tool_call",
      "approval_request",
      "tool_result",
      "agent_message_chunk",
      "agent_message_chunk",
      "agent_message_chunk",
      "turn_complete",
    ]);
    expect(updates.filter((u) => u.type === "agent_thought_chunk").map((u) => u.text)).toEqual([
      "Thinking ",
      "it over",
    ]);
    expect(updates.filter((u) => u.type === "agent_message_chunk").map((u) => u.text)).toEqual([
      "Let me ",
      "look.",
      "All ",
      "done ",
      "here.",
    ]);
    expect(updates[4]).toEqual({
      sessionId: sid,
      type: "tool_call",
      toolCallId: "call_1",
      name: "bash",
      rawInput: { command: "echo hi-from-bash" },
    });
    const result = updates[6]!;
    expect(result).toMatchObject({ type: "tool_result", toolCallId: "call_1", name: "bash" });
    expect(result.rawOutput).toMatchObject({ exit_code: 0, stdout: "hi-from-bash\n", timed_out: false });
    expect(updates.at(-1)).toEqual({
      sessionId: sid,
      type: "turn_complete",
      turnId: "t_1",
      outcome: "completed",
      content: "All done here.",
    });

    // Two provider requests: the first with the tools and the bare prompt, the second with the
    // assistant's call and the tool's answer appended.
    expect(fake.requests).toHaveLength(2);
    const first = fake.requests[0]!;
    expect(first.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(first.body).toMatchObject({ model: "m1", stream: true });
    expect(
      (first.body!.tools as { function: { name: string } }[]).map((t) => t.function.name).sort(),
    ).toEqual(["ask_user", "bash"]);
    expect(sent(0)).toEqual([
      { role: "system", content: SYSTEM },
      { role: "user", content: "run something" },
    ]);
    expect(sent(1)).toEqual([
      { role: "system", content: SYSTEM },
      { role: "user", content: "run something" },
      {
        role: "assistant",
        content: "Let me look.",
        tool_calls: [
          {
            id: "call_1",
            type: "function",
            function: { name: "bash", arguments: JSON.stringify({ command: "echo hi-from-bash" }) },
          },
        ],
      },
      { role: "tool", tool_call_id: "call_1", content: expect.any(String) },
    ]);
    expect(JSON.parse(toolMessage(1, "call_1")!.content as string)).toEqual(result.rawOutput);

    // Nothing of the turn trails its response (a round trip later, still nothing).
    await c.call("status");
    expect(turn.updatesAfter()).toEqual([]);

    const log = await transcript(c, sid);
    expect(log.messages.map((m) => [m.seq, m.role, m.kind, m.turn_id])).toEqual([
      [1, "user", "message", "t_1"],
      [2, "assistant", "thought", "t_1"],
      [3, "assistant", "message", "t_1"],
      [4, "assistant", "tool_call", "t_1"],
      [5, "tool", "tool_result", "t_1"],
      [6, "assistant", "message", "t_1"],
    ]);
  });
});

describe("2. approval decisions", () => {
  it("reject: the model is told the call was denied and the command never ran", async () => {
    await start({ sessions: { approval_timeout_ms: 10_000 } });
    const c = await connect();
    const s = await newSession(c, "coder", "rej");
    fake.enqueue(bash("call_r", "touch rejected.txt"));
    fake.enqueue(textReply("Understood."));
    const turn = c.prompt(s.session_id, "make a file");
    const approval = await c.update(s.session_id, "approval_request");
    await c.call("session/approve", {
      session_id: s.session_id,
      request_id: approval.requestId,
      decision: "reject",
    });
    expect(await turn.result()).toMatchObject({ outcome: "completed", content: "Understood." });
    const result = turn.updates().find((u) => u.type === "tool_result");
    expect(result?.rawOutput).toMatchObject({ denied: true });
    expect(toolMessage(1, "call_r")?.content).toMatch(/denied/);
    expect(existsSync(join(s.workspace_dir, "rejected.txt"))).toBe(false);
  });

  it("no answer within approval_timeout_ms: denied as well; a late answer finds nothing pending", async () => {
    await start({ sessions: { approval_timeout_ms: 300 } });
    const c = await connect();
    const s = await newSession(c, "coder", "late");
    fake.enqueue(bash("call_t", "touch timed-out.txt"));
    fake.enqueue(textReply("Never mind."));
    const turn = c.prompt(s.session_id, "make a file");
    const approval = await c.update(s.session_id, "approval_request");
    expect(approval.timeoutMs).toBe(300);
    expect(await turn.result()).toMatchObject({ outcome: "completed", content: "Never mind." });
    expect(turn.updates().find((u) => u.type === "tool_result")?.rawOutput).toMatchObject({ denied: true });
    expect(toolMessage(1, "call_t")?.content).toMatch(/denied/);
    expect(existsSync(join(s.workspace_dir, "timed-out.txt"))).toBe(false);
    const late = await c.request("session/approve", {
      session_id: s.session_id,
      request_id: approval.requestId,
      decision: "allow_once",
    });
    expect(late.error?.code).toBe(-32602);
  });

  it("allow_always covers bash for later turns of the same session, not for another session", async () => {
    await start({ sessions: { approval_timeout_ms: 10_000 } });
    const c = await connect();
    const s = await newSession(c, "coder", "always");
    fake.enqueue(bash("call_1", "touch one.txt"));
    fake.enqueue(textReply("One."));
    const first = c.prompt(s.session_id, "first");
    const approval = await c.update(s.session_id, "approval_request");
    await c.call("session/approve", {
      session_id: s.session_id,
      request_id: approval.requestId,
      decision: "allow_always",
    });
    expect(await first.result()).toMatchObject({ outcome: "completed" });
    expect(existsSync(join(s.workspace_dir, "one.txt"))).toBe(true);

    fake.enqueue(bash("call_2", "touch two.txt"));
    fake.enqueue(textReply("Two."));
    const second = c.prompt(s.session_id, "second");
    expect(await second.result()).toMatchObject({ outcome: "completed", turn_id: "t_2" });
    expect(types(second.updates())).not.toContain("approval_request");
    expect(second.updates().find((u) => u.type === "tool_result")?.rawOutput).toMatchObject({ exit_code: 0 });
    expect(existsSync(join(s.workspace_dir, "two.txt"))).toBe(true);

    const other = await newSession(c, "coder", "other");
    fake.enqueue(bash("call_3", "touch three.txt"));
    fake.enqueue(textReply("Three."));
    const third = c.prompt(other.session_id, "third");
    const asked = await c.update(other.session_id, "approval_request");
    await c.call("session/approve", {
      session_id: other.session_id,
      request_id: asked.requestId,
      decision: "reject",
    });
    expect(await third.result()).toMatchObject({ outcome: "completed" });
    expect(existsSync(join(other.workspace_dir, "three.txt"))).toBe(false);
  });

  it("a tool in the agent's allowed_tools runs with no approval_request", async () => {
    await start();
    const c = await connect();
    const s = await newSession(c, "runner", "free");
    fake.enqueue(bash("call_f", "touch free.txt && echo made"));
    fake.enqueue(textReply("Made it."));
    const turn = c.prompt(s.session_id, "make a file");
    expect(await turn.result()).toMatchObject({ outcome: "completed", content: "Made it." });
    expect(types(turn.updates())).toEqual([
      "tool_call",
      "tool_result",
      "agent_message_chunk",
      "agent_message_chunk",
      "turn_complete",
    ]);
    expect(existsSync(join(s.workspace_dir, "free.txt"))).toBe(true);
    expect(JSON.parse(toolMessage(1, "call_f")!.content as string)).toMatchObject({ stdout: "made\n" });
  });
});

describe("3. ask_user and elicitation/create", () => {
  const question = { question: "Proceed?", choices: ["yes", "no"] };

  it("asks the connection running the turn, and the answer reaches the model", async () => {
    await start({ sessions: { ask_user_timeout_ms: 10_000 } });
    const creator = await connect(ELICITATION);
    const runner = await connect(ELICITATION);
    const { session_id: sid } = await newSession(creator, "coder", "ask");
    fake.enqueue(callTool("call_q", "ask_user", question));
    fake.enqueue(textReply("Proceeding."));
    const turn = runner.prompt(sid, "ask me");
    const req = await runner.inbound("elicitation/create");
    expect(req).toEqual({
      jsonrpc: "2.0",
      id: "zc-out-0",
      method: "elicitation/create",
      params: {
        sessionId: sid,
        mode: "form",
        message: "Proceed?",
        requestedSchema: {
          type: "object",
          properties: {
            choice: {
              type: "string",
              title: "Choice",
              oneOf: [
                { const: "choice-0", title: "yes" },
                { const: "choice-1", title: "no" },
              ],
            },
          },
          required: ["choice"],
        },
      },
    });
    await runner.respond(req.id, { action: "accept", content: { choice: "choice-0" } });
    expect(await turn.result()).toMatchObject({ outcome: "completed", content: "Proceeding." });
    const updates = turn.updates();
    expect(invalidUpdates(updates)).toEqual([]);
    expect(types(updates)).not.toContain("approval_request");
    expect(updates.find((u) => u.type === "tool_result")).toEqual({
      sessionId: sid,
      type: "tool_result",
      toolCallId: "call_q",
      name: "ask_user",
      rawOutput: { action: "accept", content: { answer: "yes" } },
    });
    expect(JSON.parse(toolMessage(1, "call_q")!.content as string)).toEqual({
      action: "accept",
      content: { answer: "yes" },
    });
    // The other capable connection (which created the session) was never asked.
    expect(creator.wire().filter((m) => m.method === "elicitation/create")).toEqual([]);
  });

  it("a client without the capability is never asked; the model hears it cannot answer", async () => {
    await start({ sessions: { ask_user_timeout_ms: 10_000 } });
    const c = await connect();
    const { session_id: sid } = await newSession(c, "coder", "mute");
    fake.enqueue(callTool("call_q", "ask_user", question));
    fake.enqueue(textReply("I will guess."));
    const turn = c.prompt(sid, "ask me");
    expect(await turn.result()).toMatchObject({ outcome: "completed", content: "I will guess." });
    expect(c.wire().filter((m) => m.method === "elicitation/create")).toEqual([]);
    expect(turn.updates().find((u) => u.type === "tool_result")?.rawOutput).toEqual({
      error: expect.stringMatching(/cannot answer/),
    });
    expect(toolMessage(1, "call_q")?.content).toMatch(/cannot answer/);
  });

  it("a capable client that never answers: tool_result {action: timeout}, and the turn completes", async () => {
    await start({ sessions: { ask_user_timeout_ms: 300 } });
    const c = await connect(ELICITATION);
    const { session_id: sid } = await newSession(c, "coder", "silent");
    fake.enqueue(callTool("call_q", "ask_user", question));
    fake.enqueue(textReply("No answer then."));
    const turn = c.prompt(sid, "ask me");
    await c.inbound("elicitation/create"); // taken, never answered
    expect(await turn.result()).toMatchObject({ outcome: "completed", content: "No answer then." });
    expect(turn.updates().find((u) => u.type === "tool_result")?.rawOutput).toEqual({ action: "timeout" });
    expect(JSON.parse(toolMessage(1, "call_q")!.content as string)).toEqual({ action: "timeout" });
  });
});

describe("4. the retained context the provider sees", () => {
  it("is the system prompt, then earlier turns' user/assistant/tool messages, never thoughts or markers; the same after rehydration", async () => {
    const t = await start();
    const c = await connect();
    const { session_id: sid } = await newSession(c, "runner", "ctx");
    fake.enqueue(bash("call_a", "echo one", [step.reasoning("secret musing"), step.text("Checking.")]));
    fake.enqueue([step.reasoning("more musing"), ...textReply("Found one.")]);
    const t1 = c.prompt(sid, "first");
    expect(await t1.result()).toMatchObject({ outcome: "completed", content: "Found one." });
    const bashOutput = JSON.stringify(t1.updates().find((u) => u.type === "tool_result")?.rawOutput);

    fake.enqueue(textReply("Second answer."));
    expect(await c.prompt(sid, "second").result()).toMatchObject({ outcome: "completed" });
    const afterTurn1: ProviderMessage[] = [
      { role: "system", content: SYSTEM },
      { role: "user", content: "first" },
      {
        role: "assistant",
        content: "Checking.",
        tool_calls: [
          {
            id: "call_a",
            type: "function",
            function: { name: "bash", arguments: JSON.stringify({ command: "echo one" }) },
          },
        ],
      },
      { role: "tool", tool_call_id: "call_a", content: bashOutput },
      { role: "assistant", content: "Found one." },
    ];
    expect(sent(2)).toEqual([...afterTurn1, { role: "user", content: "second" }]);

    // Close, then a crash leaves a turn "running" in storage (as a killed daemon would): the next
    // prompt rehydrates, recovery adds one visible marker, and the model sees the same context.
    await c.call("session/close", { session_id: sid });
    t.daemon.services.sessions.store.startTurn("acp", sid, "t_crashed");
    fake.enqueue(textReply("Third answer."));
    expect(await c.prompt(sid, "third").result()).toMatchObject({ outcome: "completed" });
    expect(sent(3)).toEqual([
      ...afterTurn1,
      { role: "user", content: "second" },
      { role: "assistant", content: "Second answer." },
      { role: "user", content: "third" },
    ]);
    const log = await transcript(c, sid);
    expect(log.messages.filter((m) => m.kind === "marker")).toHaveLength(1);
    expect(log.messages.filter((m) => m.kind === "thought").map((m) => m.content)).toEqual([
      "secret musing",
      "more musing",
    ]);
    for (let n = 0; n < fake.requests.length; n++) {
      const wire = JSON.stringify(sent(n));
      expect(wire).not.toContain("musing");
      expect(wire).not.toContain("interrupted");
      expect(sent(n).filter((m) => m.role === "system")).toEqual([{ role: "system", content: SYSTEM }]);
      expect(sent(n)[0]).toEqual({ role: "system", content: SYSTEM });
    }
  });

  it("a tool output cut to the transcript cap (default limits) still rehydrates to the context the model saw", async () => {
    await start();
    const c = await connect();
    const { session_id: sid } = await newSession(c, "runner", "big");
    // 100 kB of output: bash keeps 64 KiB of stdout, and the tool row then exceeds transcript_max_bytes.
    fake.enqueue(bash("call_big", "head -c 100000 /dev/zero | tr '\\0' x"));
    fake.enqueue(textReply("Lots of x."));
    expect(await c.prompt(sid, "flood").result()).toMatchObject({ outcome: "completed" });
    fake.enqueue(textReply("Still here."));
    expect(await c.prompt(sid, "live").result()).toMatchObject({ outcome: "completed" });
    const live = sent(2);
    expect(toolMessage(2, "call_big")?.content).toContain("xxxx");

    await c.call("session/close", { session_id: sid });
    fake.enqueue(textReply("Back again."));
    const again = await c.prompt(sid, "rehydrated").response;
    expect(again.error).toBeUndefined();
    expect(again.result).toMatchObject({ outcome: "completed" });
    expect(sent(3)).toEqual([
      ...live,
      { role: "assistant", content: "Still here." },
      { role: "user", content: "rehydrated" },
    ]);
  });
});

describe("5. provider failure", () => {
  it("an HTTP 401 fails the turn with a clear message that names the provider, never the key; the session stays usable", async () => {
    const t = await start();
    const c = await connect();
    const { session_id: sid } = await newSession(c, "coder", "fail");
    fake.enqueue([step.httpError(401, `Incorrect API key provided: ${API_KEY}`)]);
    const turn = c.prompt(sid, "hello");
    const res = await turn.result();
    expect(res).toMatchObject({ session_id: sid, turn_id: "t_1", outcome: "failed", stop_reason: "error" });
    expect(res.content).toContain("fake");
    expect(res.content).toContain("401");
    expect(res.content).not.toContain(API_KEY);
    expect(turn.updates().at(-1)).toEqual({
      sessionId: sid,
      type: "turn_complete",
      turnId: "t_1",
      outcome: "failed",
      content: res.content,
    });
    expect(JSON.stringify(t.logs)).not.toContain(API_KEY);
    expect(await stateOf(c, sid)).toBe("idle");

    fake.enqueue(textReply("Better now."));
    expect(await c.prompt(sid, "again").result()).toMatchObject({
      turn_id: "t_2",
      outcome: "completed",
      content: "Better now.",
    });
  });
});

describe("6. busy sessions and cancellation", () => {
  it("a second prompt gets -32002 while status and session/list still answer; session/cancel ends the turn as cancelled", async () => {
    await start();
    const c = await connect();
    const { session_id: sid } = await newSession(c, "coder", "busy");
    fake.enqueue(delayed());
    const turn = c.prompt(sid, "slow");
    await fake.waitForRequests(1);

    const busy = await c.request("session/prompt", { session_id: sid, prompt: "again" });
    expect(busy.error).toMatchObject({ code: -32002, data: { reason: "session_busy", session_id: sid } });
    expect(await c.call<{ session_ids: string[] }>("status")).toMatchObject({ session_ids: [sid] });
    expect(await stateOf(c, sid)).toBe("active");

    expect(await c.call("session/cancel", { session_id: sid })).toEqual({ session_id: sid, cancelled: true });
    const res = await turn.response;
    expect(res.error).toBeUndefined();
    expect(res.result).toEqual({
      session_id: sid,
      turn_id: "t_1",
      outcome: "cancelled",
      stop_reason: "cancelled",
      content: "",
    });
    expect(turn.updates().at(-1)).toEqual({
      sessionId: sid,
      type: "turn_complete",
      turnId: "t_1",
      outcome: "cancelled",
      content: "",
    });
    expect(invalidUpdates(turn.updates())).toEqual([]);
    expect(await fake.requests[0]!.outcome).toBe("client_closed");
    expect(fake.requests).toHaveLength(1);
    expect(await stateOf(c, sid)).toBe("idle");
  });

  it("closing the connection that started a streaming turn cancels it", async () => {
    await start();
    const starter = await connect();
    const watcher = await connect();
    const { session_id: sid } = await newSession(watcher, "coder", "orphan");
    const ticks = Array.from({ length: 500 }, () => [step.text("tick "), step.delay(20)]).flat();
    fake.enqueue([...ticks, step.finish("stop")]);
    starter.prompt(sid, "keep talking");
    await starter.update(sid, "agent_message_chunk");
    expect(await stateOf(watcher, sid)).toBe("active");
    starter.close();
    await waitFor(async () => (await stateOf(watcher, sid)) === "idle", "the turn to end");
    expect(await fake.requests[0]!.outcome).toBe("client_closed");
    // The session outlives the connection and takes the next prompt.
    fake.enqueue(textReply("Hello again."));
    expect(await watcher.prompt(sid, "still there?").result()).toMatchObject({
      turn_id: "t_2",
      outcome: "completed",
    });
  });

  it("closing the connection that started a turn cancels it while the provider is still silent", async () => {
    await start();
    const starter = await connect();
    const watcher = await connect();
    const { session_id: sid } = await newSession(watcher, "coder", "quiet");
    fake.enqueue(delayed());
    starter.prompt(sid, "slow");
    await fake.waitForRequests(1);
    expect(await stateOf(watcher, sid)).toBe("active");
    starter.close();
    await waitFor(async () => (await stateOf(watcher, sid)) === "idle", "the turn to end", 5_000);
    expect(await fake.requests[0]!.outcome).toBe("client_closed");
  });

  it("session/kill of a running session cancels the turn, then leaves a tombstone", async () => {
    await start();
    const c = await connect();
    const { session_id: sid } = await newSession(c, "coder", "doomed");
    fake.enqueue(delayed());
    const turn = c.prompt(sid, "slow");
    await fake.waitForRequests(1);
    expect(await c.call("session/kill", { session_id: sid })).toEqual({ session_id: sid, killed: true });
    expect(await turn.result()).toMatchObject({ outcome: "cancelled", stop_reason: "cancelled" });
    expect(turn.updates().at(-1)).toMatchObject({ type: "turn_complete", outcome: "cancelled" });
    expect(await fake.requests[0]!.outcome).toBe("client_closed");
    expect(await stateOf(c, sid)).toBe("killed");
    expect((await transcript(c, sid)).messages[0]).toMatchObject({ role: "user", content: "slow" });
    expect((await c.request("session/prompt", { session_id: sid, prompt: "x" })).error).toMatchObject({
      code: -32000,
      data: { reason: "session_killed" },
    });
  });

  it("a turn cancelled while a tool call awaits approval leaves every tool call answered for the next request", async () => {
    await start({ sessions: { approval_timeout_ms: 10_000 } });
    const c = await connect();
    const s = await newSession(c, "coder", "halfway");
    fake.enqueue(bash("call_c", "touch cancelled.txt"));
    const turn = c.prompt(s.session_id, "first");
    await c.update(s.session_id, "approval_request");
    await c.call("session/cancel", { session_id: s.session_id });
    expect(await turn.result()).toMatchObject({ outcome: "cancelled" });
    expect(existsSync(join(s.workspace_dir, "cancelled.txt"))).toBe(false);

    // OpenAI refuses an assistant tool_calls message with no tool message after it, so the context
    // sent next must answer call_c (e.g. as cancelled/denied) or leave the call out.
    fake.enqueue(textReply("Next."));
    expect(await c.prompt(s.session_id, "second").result()).toMatchObject({ outcome: "completed" });
    expect(unansweredToolCalls(sent(1))).toEqual([]);
  });
});

describe("7. trimming the retained context", () => {
  const first = "alpha ".repeat(20).trim();

  it("history_trimmed before turn_complete; the transcript stays whole; the next request holds the kept turn and the new one", async () => {
    await start({
      extra:
        '[agents.small]\nprovider = "fake"\nsystem_prompt = "SYSTEM PROMPT TEXT"\nmax_context_tokens = 60\n',
    });
    const c = await connect();
    const { session_id: sid } = await newSession(c, "small", "trim");

    fake.enqueue(textReply("Reply one."));
    const t1 = c.prompt(sid, first);
    await t1.result();
    expect(types(t1.updates())).not.toContain("history_trimmed");

    fake.enqueue(textReply("Reply two."));
    const t2 = c.prompt(sid, "second question");
    expect(await t2.result()).toMatchObject({ outcome: "completed" });
    const u2 = t2.updates();
    expect(invalidUpdates(u2)).toEqual([]);
    const trimmed = u2.find((u) => u.type === "history_trimmed");
    expect(trimmed).toEqual({
      sessionId: sid,
      type: "history_trimmed",
      droppedMessages: 2,
      keptTurns: 1,
      checkpoint: expect.any(Number),
    });
    expect(trimmed!.checkpoint as number).toBeGreaterThan(0);
    expect(types(u2).slice(-2)).toEqual(["history_trimmed", "turn_complete"]);

    fake.enqueue(textReply("Reply three."));
    await c.prompt(sid, "third question").result();
    expect(sent(2)).toEqual([
      { role: "system", content: SYSTEM },
      { role: "user", content: "second question" },
      { role: "assistant", content: "Reply two." },
      { role: "user", content: "third question" },
    ]);
    const log = await transcript(c, sid);
    expect(log.total).toBe(6);
    expect(log.messages.map((m) => [m.seq, m.content])).toEqual([
      [1, first],
      [2, "Reply one."],
      [3, "second question"],
      [4, "Reply two."],
      [5, "third question"],
      [6, "Reply three."],
    ]);

    // Rehydration rebuilds the same context from the snapshot plus the checkpoints after it.
    await c.call("session/close", { session_id: sid });
    fake.enqueue(textReply("Reply four."));
    await c.prompt(sid, "fourth question").result();
    expect(sent(3)).toEqual([
      ...sent(2),
      { role: "assistant", content: "Reply three." },
      { role: "user", content: "fourth question" },
    ]);
  });

  it("a budget nothing fits in gives an empty snapshot, which is valid and distinct from no snapshot", async () => {
    await start({
      extra:
        '[agents.tiny]\nprovider = "fake"\nsystem_prompt = "SYSTEM PROMPT TEXT"\nmax_context_tokens = 1\n',
    });
    const c = await connect();
    const { session_id: sid } = await newSession(c, "tiny", "empty");
    fake.enqueue(textReply("Reply one."));
    const t1 = c.prompt(sid, "first question");
    await t1.result();
    expect(t1.updates().find((u) => u.type === "history_trimmed")).toMatchObject({
      droppedMessages: 2,
      keptTurns: 0,
    });

    fake.enqueue(textReply("Reply two."));
    expect(await c.prompt(sid, "second question").result()).toMatchObject({ outcome: "completed" });
    expect(sent(1)).toEqual([
      { role: "system", content: SYSTEM },
      { role: "user", content: "second question" },
    ]);

    // After a rehydration the empty snapshot still holds (a plain transcript replay would not).
    await c.call("session/close", { session_id: sid });
    fake.enqueue(textReply("Reply three."));
    expect(await c.prompt(sid, "third question").result()).toMatchObject({ outcome: "completed" });
    expect(sent(2)).toEqual([
      { role: "system", content: SYSTEM },
      { role: "user", content: "third question" },
    ]);
    expect((await transcript(c, sid)).total).toBe(6);
  });
});

describe("8. ownership and rights", () => {
  const GATEWAY = `
[gateway]
enabled = true
port = 0

[permission_profiles.member]
grants = { sessions = ["*"], system = ["read"] }
allowed_agents = ["runner"]
allowed_tools = ["ask_user"]

[permission_profiles.boss]
admin = true

[users.alice]
permission_profiles = ["member"]

[users.root]
permission_profiles = ["boss"]
`;

  async function paired(owner: TurnClient, user: string): Promise<WsRpcClient> {
    const { token } = await owner.call<{ token: string }>("pairing/create", { user });
    const g = await WsRpcClient.open(d!.daemon.services.gatewayUrl()!);
    closers.push(() => g.close());
    const init = await g.request("initialize", { protocolVersion: 1, auth_token: token });
    if (!init.result) throw new Error(`initialize failed: ${JSON.stringify(init)}`);
    return g;
  }
  const updatesOn = (g: WsRpcClient, sid: string): Update[] =>
    g.messages
      .filter((m: WireMessage) => m.method === "session/update")
      .map((m) => m.params as Update)
      .filter((u) => u.sessionId === sid);

  it("a paired user cannot prompt, read, cancel, approve or kill the owner's session; an admin can", async () => {
    await start({ extra: GATEWAY });
    const owner = await connect();
    const { session_id: sid } = await newSession(owner, "coder", "owned");
    fake.enqueue(textReply("Owner turn."));
    await owner.prompt(sid, "mine").result();

    const alice = await paired(owner, "alice");
    const notOwned = { code: -32003, data: { reason: "session_not_owned", session_id: sid } };
    expect((await alice.request("session/prompt", { session_id: sid, prompt: "x" })).error).toMatchObject(
      notOwned,
    );
    expect((await alice.request("session/messages", { session_id: sid })).error).toMatchObject(notOwned);
    expect((await alice.request("session/cancel", { session_id: sid })).error).toMatchObject(notOwned);
    expect(
      (
        await alice.request("session/approve", {
          session_id: sid,
          request_id: "ap_1",
          decision: "allow_once",
        })
      ).error,
    ).toMatchObject(notOwned);
    expect((await alice.request("session/kill", { session_id: sid })).error).toMatchObject(notOwned);
    expect((await alice.request("session/list", {})).result).toEqual({ sessions: [] });
    expect(fake.requests).toHaveLength(1);

    const root = await paired(owner, "root");
    expect((await root.request("session/messages", { session_id: sid })).result).toMatchObject({ total: 2 });
    fake.enqueue(textReply("Admin turn."));
    expect((await root.request("session/prompt", { session_id: sid, prompt: "admin" })).result).toMatchObject(
      {
        turn_id: "t_2",
        outcome: "completed",
        content: "Admin turn.",
      },
    );
    expect(types(updatesOn(root, sid)).at(-1)).toBe("turn_complete");

    fake.enqueue(delayed());
    const running = owner.prompt(sid, "slow");
    await fake.waitForRequests(3);
    expect((await root.request("session/cancel", { session_id: sid })).result).toEqual({
      session_id: sid,
      cancelled: true,
    });
    expect(await running.result()).toMatchObject({ outcome: "cancelled" });
    expect((await root.request("session/kill", { session_id: sid })).result).toEqual({
      session_id: sid,
      killed: true,
    });
    expect(await stateOf(owner, sid)).toBe("killed");
  });

  it("session/new refuses an agent missing from the user's allowed_agents with -32012 agent_not_allowed", async () => {
    await start({ extra: GATEWAY });
    const owner = await connect();
    const alice = await paired(owner, "alice");
    expect((await alice.request("session/new", { agent: "coder" })).error).toMatchObject({
      code: -32012,
      data: { reason: "agent_not_allowed", agent: "coder" },
    });
    expect((await alice.request("session/new", { agent: "runner" })).result).toMatchObject({
      agent: "runner",
    });
  });

  it("a tool missing from the user's allowed_tools is denied outright, with no approval_request", async () => {
    await start({ extra: GATEWAY });
    const owner = await connect();
    const alice = await paired(owner, "alice");
    const s = (await alice.request("session/new", { agent: "runner", session_id: "alices" }))
      .result as NewSession;
    fake.enqueue(bash("call_x", "touch forbidden.txt"));
    fake.enqueue(textReply("Cannot."));
    expect(
      (await alice.request("session/prompt", { session_id: s.session_id, prompt: "go" })).result,
    ).toMatchObject({ outcome: "completed", content: "Cannot." });
    const updates = updatesOn(alice, s.session_id);
    expect(types(updates)).not.toContain("approval_request");
    expect(updates.find((u) => u.type === "tool_result")?.rawOutput).toMatchObject({ denied: true });
    expect(toolMessage(1, "call_x")?.content).toMatch(/denied|may not/);
    expect(existsSync(join(s.workspace_dir, "forbidden.txt"))).toBe(false);
  });
});

describe("9. write stall", () => {
  it("a client that stops reading mid-reply is dropped after the stall timeout and its turn cancelled", async () => {
    const t = await start({ rpc: { write_stall_timeout_ms: 300, output_high_water_bytes: 65536 } });
    const stuck = await connect();
    const other = await connect();
    const { session_id: sid } = await newSession(other, "coder", "stall");
    const big = "x".repeat(8000);
    fake.enqueue([...Array.from({ length: 600 }, () => step.text(big)), ...delayed()]);
    stuck.prompt(sid, "flood me");
    stuck.raw.socket.pause(); // like a client stopped with Ctrl-Z
    await waitFor(
      () => t.logs.some((l) => l.msg === "disconnected" && l.reason === "write stall"),
      "the write stall",
    );
    await waitFor(async () => (await stateOf(other, sid)) === "idle", "the turn to end");
    const log = await transcript(other, sid);
    expect(log.messages[0]).toMatchObject({ role: "user", content: "flood me", turn_id: "t_1" });
    expect(log.messages.every((m) => m.turn_id === "t_1")).toBe(true);
    expect(await other.call<{ connections: { local: number } }>("status")).toMatchObject({
      connections: { local: 1 },
    });
  });
});
