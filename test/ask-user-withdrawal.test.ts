// Per-request cancellation reaching a nested daemon → client request (issue 14, item 2): an ask_user
// that timed out or whose turn was cancelled withdraws its elicitation/create. The daemon's Peer holds
// nothing pending afterwards, and the client's late answer is logged and ignored as unknown: never
// answered, and it changes neither the turn's result nor the transcript. The real daemon on a real
// socket, its openai provider talking HTTP to the scripted fake server. Every wait is on an event.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FakeOpenAi, type Step, step, textReply } from "./helpers/fake-openai-server.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";
import { ELICITATION, TurnClient, waitFor } from "./helpers/turn-client.js";

let d: TestDaemon | undefined;
let fake: FakeOpenAi;
const clients: TurnClient[] = [];

beforeEach(async () => {
  fake = await FakeOpenAi.start();
});
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await d?.stop();
  d = undefined;
  await fake.close();
});

async function start(askUserTimeoutMs: number): Promise<TurnClient> {
  d = await startTestDaemon(`
[providers.fake]
kind = "openai"
base_url = "${fake.baseUrl}"
api_key = "sk-test"
model = "m1"

[agents.asker]
provider = "fake"
allowed_tools = ["ask_user"]

[sessions]
ask_user_timeout_ms = ${askUserTimeoutMs}
`);
  const c = await TurnClient.connect(d.endpoint, ELICITATION);
  clients.push(c);
  await c.call("session/new", { agent: "asker", session_id: "q" });
  return c;
}

const askUser: Step[] = [
  ...step.toolCallSplit(0, "call_q", "ask_user", JSON.stringify({ question: "Proceed?" }), 2),
  step.finish("tool_calls"),
];

/** The daemon-side Peer of the (only) connection. */
const daemonPeer = () => {
  const conns = d!.daemon.openConnections;
  expect(conns).toHaveLength(1);
  return conns[0]!.peer;
};

const ignoredLogs = () => d!.logs.filter((l) => l.msg === "ignored a response matching no pending request");

type Row = { seq: number; kind: string; content: string };
const transcript = (c: TurnClient) =>
  c.call<{ messages: Row[]; total: number }>("session/messages", { session_id: "q" });

/** Answers the withdrawn request late; checks it is ignored, unanswered, and changes nothing. */
async function answerLate(c: TurnClient, requestId: unknown): Promise<void> {
  const before = await transcript(c);
  const linesBefore = c.wire().length;
  await c.respond(requestId, { action: "accept", content: { answer: "yes, too late" } });
  await waitFor(() => ignoredLogs().length === 1, "the late answer to be logged as unknown");
  // A request after it is answered next: nothing was sent in reply to the late answer.
  expect(await c.call("status")).toBeDefined();
  const since = c.wire().slice(linesBefore);
  expect(since).toHaveLength(1);
  expect(since[0]).toMatchObject({ jsonrpc: "2.0", result: expect.any(Object) });
  expect(await transcript(c)).toEqual(before);
  expect(JSON.stringify(before)).not.toContain("too late");
  expect(daemonPeer().pendingOutbound).toBe(0);
}

describe("a withdrawn ask_user leaves nothing pending", () => {
  it("ask timeout: the elicitation/create is withdrawn, the turn completes, a late answer is ignored", async () => {
    const c = await start(300);
    fake.enqueue(askUser);
    fake.enqueue(textReply("No answer then."));
    const turn = c.prompt("q", "ask me");
    const req = await c.inbound("elicitation/create");
    expect(daemonPeer().pendingOutbound).toBe(1);
    expect(await turn.result()).toMatchObject({ outcome: "completed", content: "No answer then." });
    expect(turn.updates().find((u) => u.type === "tool_result")?.rawOutput).toEqual({ action: "timeout" });
    expect(daemonPeer().pendingOutbound).toBe(0);
    await answerLate(c, req.id);
  });

  it("turn cancelled: session/cancel withdraws the elicitation/create, a late answer is ignored", async () => {
    const c = await start(60_000);
    fake.enqueue(askUser);
    const turn = c.prompt("q", "ask me");
    const req = await c.inbound("elicitation/create");
    expect(daemonPeer().pendingOutbound).toBe(1);
    expect(await c.call("session/cancel", { session_id: "q" })).toEqual({ session_id: "q", cancelled: true });
    expect(await turn.result()).toMatchObject({ outcome: "cancelled" });
    expect(daemonPeer().pendingOutbound).toBe(0);
    await answerLate(c, req.id);
  });

  it("an answer in time still settles the request (the withdrawal after it is a no-op)", async () => {
    const c = await start(60_000);
    fake.enqueue(askUser);
    fake.enqueue(textReply("Proceeding."));
    const turn = c.prompt("q", "ask me");
    const req = await c.inbound("elicitation/create");
    await c.respond(req.id, { action: "accept", content: { answer: "yes" } });
    expect(await turn.result()).toMatchObject({ outcome: "completed", content: "Proceeding." });
    expect(turn.updates().find((u) => u.type === "tool_result")?.rawOutput).toEqual({
      action: "accept",
      content: { answer: "yes" },
    });
    expect(daemonPeer().pendingOutbound).toBe(0);
    expect(ignoredLogs()).toEqual([]);
  });
});
