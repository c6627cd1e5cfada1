// SPEC §13: in the zeroclaw dialect a prompt for a session whose turn is running waits for it, as
// zeroclaw's daemon queues it (its SessionActorQueue), at most sessions.prompt_queue_depth per
// session and for at most sessions.prompt_queue_wait_ms; the seed dialect still refuses at once.
// A real daemon, a real socket, the fake OpenAI server on loopback holding the first turn open.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FakeOpenAi, step, textReply } from "./helpers/fake-openai-server.js";
import { RawClient, type WireMessage } from "./helpers/raw-client.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let fake: FakeOpenAi;
let d: TestDaemon | undefined;
const clients: RawClient[] = [];

beforeEach(async () => {
  fake = await FakeOpenAi.start();
});
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await d?.stop();
  d = undefined;
  await fake.close();
});

async function start(depth: number, waitMs: number): Promise<void> {
  d = await startTestDaemon(`
[providers.fake]
kind = "openai"
base_url = "${fake.baseUrl}"
api_key = "sk-test"
model = "m1"

[agents.coder]
provider = "fake"

[sessions]
prompt_queue_depth = ${depth}
prompt_queue_wait_ms = ${waitMs}
`);
}

async function zeroclawClient(): Promise<RawClient> {
  const c = await RawClient.connect(d!.endpoint);
  clients.push(c);
  const init = await c.request("initialize", { protocol_version: 1 });
  expect(init.result).toBeDefined();
  return c;
}

const turnComplete = (sid: string, content: string) => (m: WireMessage) =>
  m.method === "session/update" &&
  (m.params as { type?: string; session_id?: string; content?: string }).type === "turn_complete" &&
  (m.params as { session_id?: string }).session_id === sid &&
  (m.params as { content?: string }).content === content;

describe("zeroclaw dialect: a prompt during a running turn", () => {
  it("waits for the turn and then runs, in the order the prompts came", async () => {
    await start(32, 30_000);
    const c = await zeroclawClient();
    await c.request("session/new", { agent_alias: "coder", session_id: "q" });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    fake.enqueue([step.hold(held), ...textReply("one")]);
    fake.enqueue(textReply("two"));
    fake.enqueue(textReply("three"));
    const first = c.request("session/prompt", { session_id: "q", prompt: "1" });
    await fake.waitForRequests(1);
    const second = c.request("session/prompt", { session_id: "q", prompt: "2" });
    const third = c.request("session/prompt", { session_id: "q", prompt: "3" });
    release();
    for (const r of [await first, await second, await third]) expect(r.error).toBeUndefined();
    await c.take(turnComplete("q", "one"));
    await c.take(turnComplete("q", "two"));
    await c.take(turnComplete("q", "three"));
    expect(fake.requests).toHaveLength(3);
    const lastUser = (n: number) => fake.requests[n]?.body?.messages?.filter((m) => m.role === "user").at(-1);
    expect([0, 1, 2].map((n) => lastUser(n)?.content)).toEqual(["1", "2", "3"]);
  });

  it("one more than prompt_queue_depth, or a wait longer than prompt_queue_wait_ms, gets -32002", async () => {
    await start(1, 300);
    const c = await zeroclawClient();
    await c.request("session/new", { agent_alias: "coder", session_id: "full" });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    fake.enqueue([step.hold(held), ...textReply("slow")]);
    const first = c.request("session/prompt", { session_id: "full", prompt: "1" });
    await fake.waitForRequests(1);
    const waiting = c.request("session/prompt", { session_id: "full", prompt: "2" });
    const over = await c.request("session/prompt", { session_id: "full", prompt: "3" });
    expect(over.error).toMatchObject({ code: -32002 });
    // the waiting one gives up after prompt_queue_wait_ms; the first turn still runs
    expect((await waiting).error).toMatchObject({ code: -32002 });
    release();
    expect((await first).error).toBeUndefined();
    expect(fake.requests).toHaveLength(1);
  });

  it("the seed dialect still refuses at once", async () => {
    await start(32, 30_000);
    const c = await RawClient.connect(d!.endpoint);
    clients.push(c);
    await c.initialize();
    await c.request("session/new", { agent: "coder", session_id: "seed" });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    fake.enqueue([step.hold(held), ...textReply("slow")]);
    const first = c.request("session/prompt", { session_id: "seed", prompt: "1" });
    await fake.waitForRequests(1);
    expect((await c.request("session/prompt", { session_id: "seed", prompt: "2" })).error).toMatchObject({
      code: -32002,
      data: { reason: "session_busy" },
    });
    release();
    expect((await first).error).toBeUndefined();
  });
});
