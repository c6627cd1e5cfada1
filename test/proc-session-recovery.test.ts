// SPEC §8 recovery against real `zeroclaw daemon` child processes: a daemon SIGKILLed mid-turn, then
// restarted on the same dirs. The interrupted turn gets exactly one visible marker row, however often
// recovery runs (start-up, another restart, rehydration by a prompt); earlier rows keep their seq and
// content; the provider replay after it skips the marker. Rows of an interaction surface the RPC does
// not serve are never touched by any of this.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FakeOpenAi, type RecordedBody, step, textReply } from "./helpers/fake-openai-server.js";
import {
  childEnv,
  type DaemonProcess,
  requireBuild,
  spawnDaemon,
  tempDirs,
  waitConnectable,
} from "./helpers/proc-daemon.js";
import { RawClient } from "./helpers/raw-client.js";
import { dbPath, readSurface, seedForeignSession } from "./helpers/recovery-db.js";
import {
  brief,
  call,
  listed,
  liveIds,
  PromptCall,
  promptTurn,
  type TranscriptMessage,
  transcript,
} from "./helpers/recovery-rpc.js";

const dirs = tempDirs("zc-recovery-");
const running: DaemonProcess[] = [];
const clients: RawClient[] = [];
let fake: FakeOpenAi | undefined;

beforeAll(() => requireBuild());

afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await Promise.all(running.splice(0).map((d) => d.kill()));
  await fake?.close();
  fake = undefined;
  dirs.cleanup();
});

afterAll(() => dirs.cleanup());

type Layout = { env: NodeJS.ProcessEnv; socket: string; db: string };

/** A temp HOME whose config points the `slow` agent at the fake OpenAI server. */
function layout(baseUrl: string): Layout {
  const home = dirs.make();
  const configDir = join(home, "config");
  mkdirSync(configDir);
  writeFileSync(
    join(configDir, "config.toml"),
    [
      "[storage]",
      "busy_timeout_ms = 50",
      "",
      "[providers.fake]",
      'kind = "openai"',
      `base_url = "${baseUrl}"`,
      'model = "m"',
      "",
      "[agents.slow]",
      'provider = "fake"',
      "",
    ].join("\n"),
  );
  const dataDir = join(configDir, "data");
  return {
    env: childEnv(home, { ZEROCLAW_CONFIG_DIR: configDir }),
    socket: join(dataDir, "daemon.sock"),
    db: dbPath(dataDir),
  };
}

async function start(l: Layout): Promise<DaemonProcess> {
  const d = spawnDaemon(l.env);
  running.push(d);
  await waitConnectable(d, l.socket);
  return d;
}

async function connect(l: Layout): Promise<RawClient> {
  const c = await RawClient.connect(l.socket);
  clients.push(c);
  await c.initialize();
  return c;
}

/** SIGKILL: no shutdown code runs, exactly like a crash. */
async function crash(d: DaemonProcess): Promise<void> {
  d.child.kill("SIGKILL");
  expect((await d.exited).signal).toBe("SIGKILL");
}

/** Starts a turn whose provider stream stalls after its first text chunk; resolves once that chunk is seen. */
async function stalledTurn(c: RawClient, sessionId: string, prompt: string): Promise<PromptCall> {
  fake!.enqueue([step.text("partial "), step.delay(60_000), step.text("never"), step.finish("stop")]);
  const p = await PromptCall.send(c, sessionId, prompt);
  expect(await p.waitUpdate("agent_message_chunk")).toMatchObject({ text: "partial " });
  return p;
}

const markers = (rows: readonly TranscriptMessage[]) => rows.filter((r) => r.kind === "marker");

/** role/content of every message the provider was sent (system prompts aside: none is configured). */
const sent = (body: RecordedBody | undefined): [string, unknown][] =>
  (body?.messages ?? []).map((m) => [m.role, m.content]);

describe("a daemon killed mid-turn", () => {
  it("recovers the interrupted turn with exactly one marker, however often recovery runs", async () => {
    fake = await FakeOpenAi.start();
    const l = layout(fake.baseUrl);
    let d = await start(l);
    let c = await connect(l);
    await call(c, "session/new", { session_id: "rec", agent: "slow" });
    fake.enqueue(textReply("first answer"));
    expect((await promptTurn(c, "rec", "first question")).result).toMatchObject({
      turn_id: "t_1",
      outcome: "completed",
      content: "first answer",
    });
    fake.enqueue(textReply("second answer"));
    expect((await promptTurn(c, "rec", "second question")).result).toMatchObject({
      turn_id: "t_2",
      outcome: "completed",
    });

    // Turn 3 is mid-stream: its user row is durable, its reply is not.
    const cut = await stalledTurn(c, "rec", "third question");
    const before = await transcript(await connect(l), "rec");
    expect(brief(before)).toEqual([
      [1, "user", "message", "first question", "t_1"],
      [2, "assistant", "message", "first answer", "t_1"],
      [3, "user", "message", "second question", "t_2"],
      [4, "assistant", "message", "second answer", "t_2"],
      [5, "user", "message", "third question", "t_3"],
    ]);
    await crash(d);
    expect(await cut.settled()).toBe("closed");
    expect(await fake.requests[2]!.outcome).toBe("client_closed");

    // Restart 1: start-up recovery closes the session and appends one marker for t_3.
    d = await start(l);
    c = await connect(l);
    expect(await liveIds(c)).toEqual([]);
    expect(await listed(c, "rec")).toEqual([
      expect.objectContaining({
        session_id: "rec",
        agent: "slow",
        mode: "acp",
        state: "closed",
        message_count: 6,
      }),
    ]);
    const recovered = await transcript(c, "rec");
    expect(recovered.slice(0, 5)).toEqual(before); // same seq, content, turn_id and created_at
    expect(recovered).toHaveLength(6);
    expect(recovered[5]).toMatchObject({ seq: 6, role: "system", kind: "marker", turn_id: "t_3" });
    expect(recovered[5]!.content).toMatch(/interrupted/i);
    const markerText = recovered[5]!.content;

    // Restart 2 (another crash, nothing running): recovery runs again at start-up, adds nothing.
    await crash(d);
    d = await start(l);
    c = await connect(l);
    expect(await transcript(c, "rec")).toEqual(recovered);
    expect(await listed(c, "rec")).toEqual([expect.objectContaining({ state: "closed", message_count: 6 })]);

    // A prompt rehydrates the session (recovery runs once more): still one marker; the new turn follows.
    fake.enqueue(textReply("fourth answer"));
    expect((await promptTurn(c, "rec", "fourth question")).result).toMatchObject({
      turn_id: "t_4",
      outcome: "completed",
      content: "fourth answer",
    });
    const resumed = await transcript(c, "rec");
    expect(resumed.slice(0, 6)).toEqual(recovered);
    expect(brief(resumed.slice(6))).toEqual([
      [7, "user", "message", "fourth question", "t_4"],
      [8, "assistant", "message", "fourth answer", "t_4"],
    ]);
    expect(markers(resumed)).toHaveLength(1);

    // The provider replay: earlier turns and the interrupted turn's user message, never the marker.
    expect(fake.requests).toHaveLength(4);
    const replay = fake.requests[3]!.body;
    expect(sent(replay)).toEqual([
      ["user", "first question"],
      ["assistant", "first answer"],
      ["user", "second question"],
      ["assistant", "second answer"],
      ["user", "third question"],
      ["user", "fourth question"],
    ]);
    expect(JSON.stringify(replay)).not.toContain(markerText);
    expect(JSON.stringify(replay)).not.toMatch(/interrupted/i);

    // A second interruption, of the rehydrated session: one more marker, for t_5 only.
    const cut2 = await stalledTurn(c, "rec", "fifth question");
    await crash(d);
    expect(await cut2.settled()).toBe("closed");
    d = await start(l);
    c = await connect(l);
    const twice = await transcript(c, "rec");
    expect(twice.slice(0, 8)).toEqual(resumed);
    expect(brief(twice.slice(8)).map((r) => r.slice(0, 3).concat(r[4]))).toEqual([
      [9, "user", "message", "t_5"],
      [10, "system", "marker", "t_5"],
    ]);
    expect(markers(twice).map((m) => m.turn_id)).toEqual(["t_3", "t_5"]);

    fake.enqueue(textReply("sixth answer"));
    expect((await promptTurn(c, "rec", "sixth question")).result).toMatchObject({ turn_id: "t_6" });
    const final = await transcript(c, "rec");
    expect(final.slice(0, 10)).toEqual(twice);
    expect(markers(final)).toHaveLength(2);
    expect(sent(fake.requests[5]!.body)).toEqual([
      ["user", "first question"],
      ["assistant", "first answer"],
      ["user", "second question"],
      ["assistant", "second answer"],
      ["user", "third question"],
      ["user", "fourth question"],
      ["assistant", "fourth answer"],
      ["user", "fifth question"],
      ["user", "sixth question"],
    ]);
    expect(JSON.stringify(fake.requests[5]!.body)).not.toMatch(/interrupted/i);
  });
});

describe("rows of an interaction surface the RPC does not serve", () => {
  it("stay exactly as they were through start-up recovery, prompts, crashes, rehydration and delete", async () => {
    fake = await FakeOpenAi.start();
    const l = layout(fake.baseUrl);
    // A first start creates and migrates the database; then the daemon is stopped.
    let d = await start(l);
    // One answered request first: the socket accepts before the CLI installs its SIGTERM handler.
    await call(await connect(l), "status");
    d.child.kill("SIGTERM");
    expect((await d.waitExit()).code).toBe(0);

    seedForeignSession(l.db, "telegram", "shared");
    const original = readSurface(l.db, "telegram");
    expect(original.sessions).toEqual([expect.objectContaining({ session_id: "shared", state: "open" })]);
    expect(original.turns.map((t) => [t.turn_id, t.state])).toEqual([
      ["t_1", "completed"],
      ["t_2", "running"],
    ]);
    expect(original.transcript).toHaveLength(3);
    expect(original.checkpoints).toHaveLength(3);
    expect(original.snapshots).toHaveLength(1);
    const untouched = (): void => expect(readSurface(l.db, "telegram")).toEqual(original);

    // Start-up recovery sees an "open" session with a "running" turn, but not an RPC one.
    d = await start(l);
    let c = await connect(l);
    untouched();
    expect(await listed(c, "shared")).toEqual([]);
    expect((await call<{ sessions: { persisted: number } }>(c, "status")).sessions.persisted).toBe(0);
    expect((await c.request("session/messages", { session_id: "shared" })).error).toMatchObject({
      code: -32000,
    });
    expect((await c.request("session/prompt", { session_id: "shared", prompt: "x" })).error).toMatchObject({
      code: -32000,
    });
    untouched();

    // An RPC session with the same id: created, prompted.
    await call(c, "session/new", { session_id: "shared", agent: "slow" });
    fake.enqueue(textReply("acp answer"));
    expect((await promptTurn(c, "shared", "acp question")).result).toMatchObject({
      turn_id: "t_1",
      outcome: "completed",
    });
    untouched();

    // Crash it mid-turn: start-up recovery then recovers the acp session, and only that.
    await stalledTurn(c, "shared", "acp cut");
    await crash(d);
    d = await start(l);
    c = await connect(l);
    untouched();
    expect(markers(await transcript(c, "shared"))).toEqual([
      expect.objectContaining({ turn_id: "t_2", kind: "marker" }),
    ]);

    // Rehydration by a prompt runs recovery for the acp rows only.
    fake.enqueue(textReply("acp again"));
    expect((await promptTurn(c, "shared", "acp resumed")).result).toMatchObject({
      turn_id: "t_3",
      outcome: "completed",
    });
    untouched();
    // The acp session's own history, not the telegram one, was replayed to the provider.
    expect(sent(fake.requests.at(-1)!.body)).toEqual([
      ["user", "acp question"],
      ["assistant", "acp answer"],
      ["user", "acp cut"],
      ["user", "acp resumed"],
    ]);

    // Close, then delete: every acp row goes, the telegram rows stay.
    await call(c, "session/close", { session_id: "shared" });
    untouched();
    expect(await call(c, "session/delete", { session_id: "shared" })).toEqual({
      session_id: "shared",
      deleted: true,
    });
    untouched();
    expect(readSurface(l.db, "acp")).toEqual({
      sessions: [],
      turns: [],
      transcript: [],
      checkpoints: [],
      snapshots: [],
    });

    // A live acp session with that id, deleted while live; then one more start-up.
    await call(c, "session/new", { session_id: "shared", agent: "slow" });
    fake.enqueue(textReply("short-lived"));
    await promptTurn(c, "shared", "short-lived question");
    await call(c, "session/delete", { session_id: "shared" });
    untouched();
    await crash(d);
    d = await start(l);
    c = await connect(l);
    untouched();
    expect(await listed(c, "shared")).toEqual([]);
  });
});
