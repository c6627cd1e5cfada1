// SPEC §18: session/subscribe answers the running turn so far (running_turn: its prompt and every
// update already sent, in order), and from the answer on the watcher gets the rest: none twice, none
// missing, whatever moment it joins. Real daemon, real sockets; the echo agent streams a long reply in
// thousands of chunks while watchers join at every stage of it, and the fake OpenAI-compatible server
// holds a turn at an approval so the snapshot's last update is the question still open.
import { afterEach, describe, expect, it } from "vitest";
import { methodTable } from "../generated/methods.js";
import * as V from "../generated/validators.js";
import { FakeOpenAi, step, textReply } from "./helpers/fake-openai-server.js";
import { RawClient } from "./helpers/raw-client.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";
import { TurnClient, type Update } from "./helpers/turn-client.js";

let d: TestDaemon | undefined;
let fake: FakeOpenAi | undefined;
const closers: (() => void)[] = [];

afterEach(async () => {
  for (const close of closers.splice(0)) close();
  await d?.stop();
  d = undefined;
  await fake?.close();
  fake = undefined;
});

async function connect(): Promise<TurnClient> {
  const c = await TurnClient.connect(d!.endpoint);
  closers.push(() => c.close());
  return c;
}

type RunningTurn = { turn_id: string; prompt: string; updates: Update[] } | null;
type Subscribed = { session_id: string; subscribed: true; running_turn: RunningTurn };

/** Every session/update of `sid` a client received after its subscribe answer (all of them without an id). */
function updatesAfter(c: TurnClient, sid: string, answerId?: unknown): Update[] {
  const wire = c.wire();
  const at = answerId === undefined ? -1 : wire.findIndex((m) => m.id === answerId && m.method === undefined);
  return wire
    .slice(at + 1)
    .filter((m) => m.method === "session/update" && (m.params as Update).sessionId === sid)
    .map((m) => m.params as Update);
}

const textOf = (updates: readonly Update[]): string =>
  updates
    .filter((u) => u.type === "agent_message_chunk")
    .map((u) => String(u.text))
    .join("");

describe("session/subscribe's running_turn", () => {
  it("watchers joining at any moment of a streaming turn see it whole: prompt, every chunk once, one end", async () => {
    d = await startTestDaemon();
    const runner = await connect();
    await runner.call("session/new", { session_id: "long" });
    // The echo agent replies with the prompt itself, one word per chunk: 6,000 chunks.
    const prompt = Array.from({ length: 6000 }, (_, i) => `w${i}`).join(" ");
    const watchers = await Promise.all(Array.from({ length: 12 }, () => connect()));
    const turn = runner.prompt("long", prompt, 60_000);
    // Watchers join one after another while the reply streams: early, midway, late.
    const joined: { c: TurnClient; id: number; result: Subscribed }[] = [];
    for (const c of watchers) {
      const answer = await c.request("session/subscribe", { session_id: "long" });
      joined.push({ c, id: answer.id as number, result: answer.result as Subscribed });
      await new Promise((r) => setImmediate(r));
    }
    const result = await turn.result();
    expect(result.outcome).toBe("completed");

    let midway = 0;
    for (const { c, id, result: r } of joined) {
      expect(methodTable["session/subscribe"].validateResult?.(r), JSON.stringify(r).slice(0, 300)).toBe(
        true,
      );
      await c.update("long", "turn_complete", 20_000);
      const after = updatesAfter(c, "long", id);
      const before = r.running_turn?.updates ?? [];
      if (r.running_turn) {
        expect(r.running_turn.prompt).toBe(prompt);
        expect(r.running_turn.turn_id).toBe(result.turn_id);
        if (before.length > 0) midway++;
      }
      // Nothing lost, nothing doubled: the snapshot's text and the later chunks are exactly the reply.
      expect(textOf(before) + textOf(after)).toBe(r.running_turn ? prompt : textOf(after));
      expect([...before, ...after].filter((u) => u.type === "turn_complete")).toHaveLength(1);
      // Merged chunks: the snapshot never has two text chunks in a row.
      for (let i = 1; i < before.length; i++)
        expect(
          before[i]!.type === "agent_message_chunk" && before[i - 1]!.type === "agent_message_chunk",
        ).toBe(false);
    }
    // The point of the test: some watchers really joined mid-stream.
    expect(midway).toBeGreaterThan(0);
    console.log(`running_turn: ${midway} of ${joined.length} watchers joined mid-stream`);

    // After the turn: nothing running.
    const late = await connect();
    const r = await late.call<Subscribed>("session/subscribe", { session_id: "long" });
    expect(r.running_turn).toBeNull();
  });

  it("a turn waiting for an approval: the snapshot ends with that approval_request, and the watcher may answer it", async () => {
    fake = await FakeOpenAi.start();
    d = await startTestDaemon(`
[providers.fake]
kind = "openai"
base_url = "${fake.baseUrl}"
model = "m1"

[agents.coder]
provider = "fake"
`);
    const runner = await connect();
    await runner.call("session/new", { agent: "coder", session_id: "held" });
    fake.enqueue([
      step.text("Let me "),
      step.text("look."),
      ...step.toolCallSplit(0, "call_1", "bash", JSON.stringify({ command: "echo joined" }), 2),
      step.finish("tool_calls"),
    ]);
    fake.enqueue(textReply("Seen."));
    const turn = runner.prompt("held", "run it");
    const request = await runner.update("held", "approval_request");

    const watcher = await connect();
    const r = await watcher.call<Subscribed>("session/subscribe", { session_id: "held" });
    expect(r.running_turn?.prompt).toBe("run it");
    expect(r.running_turn?.updates.map((u) => u.type)).toEqual([
      "agent_message_chunk",
      "tool_call",
      "approval_request",
    ]);
    expect(r.running_turn?.updates[0]).toEqual({
      sessionId: "held",
      type: "agent_message_chunk",
      text: "Let me look.",
    });
    expect(r.running_turn?.updates.at(-1)).toMatchObject({ requestId: request.requestId, toolName: "bash" });
    // A zerocode watcher (the zeroclaw dialect, SPEC §13) gets the same turn in its own dialect.
    const zc = await RawClient.connect(d!.endpoint);
    closers.push(() => zc.close());
    await zc.request("initialize", { protocol_version: 1 });
    const zr = (await zc.request("session/subscribe", { session_id: "held" })).result as {
      running_turn: { prompt: string; updates: Record<string, unknown>[] };
    };
    expect(V.ZeroclawSessionSubscribeResult(zr), JSON.stringify(zr)).toBe(true);
    expect(zr.running_turn.prompt).toBe("run it");
    expect(zr.running_turn.updates[0]).toEqual({
      session_id: "held",
      type: "agent_message_chunk",
      text: "Let me look.",
    });
    expect(zr.running_turn.updates.at(-1)).toMatchObject({
      session_id: "held",
      type: "approval_request",
      request_id: request.requestId,
      tool_name: "bash",
    });
    await watcher.call("session/approve", {
      session_id: "held",
      request_id: request.requestId,
      decision: "allow_once",
    });
    expect((await turn.result()).outcome).toBe("completed");
    const after = await watcher.update("held", "tool_result");
    expect(after.name).toBe("bash");
  });

  it("between the prompt and the first update the turn is there with no updates yet", async () => {
    fake = await FakeOpenAi.start();
    d = await startTestDaemon(`
[providers.fake]
kind = "openai"
base_url = "${fake.baseUrl}"
model = "m1"

[agents.coder]
provider = "fake"
`);
    const runner = await connect();
    await runner.call("session/new", { agent: "coder", session_id: "slow" });
    // The server is slow to answer at all: the turn runs, nothing streamed yet.
    fake.enqueue([step.delay(1500), ...textReply("late")]);
    const turn = runner.prompt("slow", "anyone there?");
    const watcher = await connect();
    let r: Subscribed | undefined;
    for (let i = 0; i < 100 && !r?.running_turn; i++) {
      r = await watcher.call<Subscribed>("session/subscribe", { session_id: "slow" });
      if (!r.running_turn) await new Promise((res) => setTimeout(res, 10));
    }
    expect(r?.running_turn).toMatchObject({ prompt: "anyone there?", updates: [] });
    await turn.result();
    await watcher.update("slow", "turn_complete");
    expect(textOf(updatesAfter(watcher, "slow"))).toBe("late");
  });
});
