// SPEC §13: session/approve accepts zerocode's decision reject_once as reject. The conformance suite
// cannot reach a pending approval (its echo agent never asks for one), so this runs the real daemon
// with its openai provider against the scripted fake server: a bash call waits for approval, is
// answered with reject_once, and must be denied exactly like reject (and, like reject, only once).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FakeOpenAi, type Step, step, textReply } from "./helpers/fake-openai-server.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";
import { TurnClient } from "./helpers/turn-client.js";

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

const bash = (id: string, command: string): Step[] => [
  ...step.toolCallSplit(0, id, "bash", JSON.stringify({ command }), 2),
  step.finish("tool_calls"),
];

describe("session/approve reject_once (zerocode's spelling of reject)", () => {
  it("denies the pending call like reject: the model is told, the command never runs, the next call asks again", async () => {
    d = await startTestDaemon(`
[providers.fake]
kind = "openai"
base_url = "${fake.baseUrl}"
api_key = "sk-test-reject-once"
model = "m1"

[agents.coder]
provider = "fake"
allowed_tools = ["ask_user"]

[sessions]
approval_timeout_ms = 10000
`);
    const c = await TurnClient.connect(d.endpoint);
    closers.push(() => c.close());
    const s = await c.call<{ session_id: string; workspace_dir: string }>("session/new", {
      agent: "coder",
      session_id: "reject-once",
    });

    fake.enqueue(bash("call_1", "touch first.txt"));
    fake.enqueue(textReply("Understood."));
    const first = c.prompt(s.session_id, "make a file");
    const approval = await c.update(s.session_id, "approval_request");
    await expect(
      c.call("session/approve", {
        session_id: s.session_id,
        request_id: approval.requestId,
        decision: "reject_once",
      }),
    ).resolves.toEqual({ acknowledged: true });
    expect(await first.result()).toMatchObject({ outcome: "completed", content: "Understood." });
    expect(first.updates().find((u) => u.type === "tool_result")?.rawOutput).toMatchObject({ denied: true });
    const toolMessage = fake.requests[1]?.body?.messages?.find(
      (m) => m.role === "tool" && m.tool_call_id === "call_1",
    );
    expect(toolMessage?.content).toMatch(/denied/);
    expect(existsSync(join(s.workspace_dir, "first.txt"))).toBe(false);

    // Only this call was refused: the same tool in the next turn needs approval again.
    fake.enqueue(bash("call_2", "touch second.txt"));
    fake.enqueue(textReply("Done."));
    const second = c.prompt(s.session_id, "again");
    const again = await c.update(s.session_id, "approval_request");
    expect(again.requestId).not.toBe(approval.requestId);
    await c.call("session/approve", {
      session_id: s.session_id,
      request_id: again.requestId,
      decision: "allow_once",
    });
    expect(await second.result()).toMatchObject({ outcome: "completed", content: "Done." });
    expect(existsSync(join(s.workspace_dir, "second.txt"))).toBe(true);
  });
});
