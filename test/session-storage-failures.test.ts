// SPEC §8 when SQLite writes fail (in-process daemon, real socket, fake OpenAI-compatible provider).
// A second better-sqlite3 connection holds `BEGIN EXCLUSIVE` on the daemon's file, so with
// `storage.busy_timeout_ms = 50` every daemon write fails fast while reads (WAL) still work. This
// works as root too, where a read-only file mode would not stop writes.
//
// - session/kill and session/delete signal cancellation first, then try the SQLite step: on an idle
//   target a failure answers -32603 and the live session stays as it was; if a running turn was
//   cancelled, that live generation is gone, yet the durable rows stay usable once storage works.
// - Trimming commits snapshot + boundary, then notifies: no commit, no history_trimmed, and the retained
//   context stays untrimmed. Rows already written are never lost when a later write fails.
import { afterEach, describe, expect, it } from "vitest";
import { FakeOpenAi, type RecordedBody, step, textReply } from "./helpers/fake-openai-server.js";
import { RawClient } from "./helpers/raw-client.js";
import { DatabaseLock, dbPath, exec, query, readSurface } from "./helpers/recovery-db.js";
import {
  brief,
  call,
  listed,
  liveIds,
  PromptCall,
  promptTurn,
  resultOf,
  type TranscriptMessage,
  transcript,
  type Update,
} from "./helpers/recovery-rpc.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let d: TestDaemon | undefined;
let fake: FakeOpenAi | undefined;
const clients: RawClient[] = [];
const locks: DatabaseLock[] = [];

afterEach(async () => {
  for (const l of locks.splice(0)) l.release();
  for (const c of clients.splice(0)) c.close();
  await d?.stop();
  d = undefined;
  await fake?.close();
  fake = undefined;
});

async function setup(): Promise<{ c: RawClient; db: string; fake: FakeOpenAi }> {
  const f = await FakeOpenAi.start();
  fake = f;
  d = await startTestDaemon(
    [
      "[storage]",
      "busy_timeout_ms = 50",
      "",
      "[providers.fake]",
      'kind = "openai"',
      `base_url = "${f.baseUrl}"`,
      'model = "m"',
      "",
      "[agents.slow]",
      'provider = "fake"',
      "",
      "[agents.trim]",
      'provider = "fake"',
      "max_context_tokens = 40",
      "",
    ].join("\n"),
  );
  const c = await RawClient.connect(d.endpoint);
  clients.push(c);
  await c.initialize();
  return { c, db: dbPath(d.daemon.paths.dataDir), fake: f };
}

function lock(db: string): DatabaseLock {
  const l = DatabaseLock.take(db);
  locks.push(l);
  return l;
}

const sent = (body: RecordedBody | undefined): [string, unknown][] =>
  (body?.messages ?? []).map((m) => [m.role, m.content]);
const ofType = (updates: readonly Update[], type: string): Update[] => updates.filter((u) => u.type === type);
const markers = (rows: readonly TranscriptMessage[]) => rows.filter((r) => r.kind === "marker");
const storageFailed = { code: -32603, data: { reason: "internal_error" } };

/** A session on `agent` with one completed turn "first question" → "first answer". */
async function sessionWithOneTurn(c: RawClient, f: FakeOpenAi, id: string, agent = "slow"): Promise<void> {
  await call(c, "session/new", { session_id: id, agent });
  f.enqueue(textReply("first answer"));
  expect((await promptTurn(c, id, "first question")).result).toMatchObject({
    turn_id: "t_1",
    outcome: "completed",
  });
}

/** Starts a turn whose stream stalls after one chunk (until the client hangs up); resolves on that chunk. */
async function stalledTurn(c: RawClient, f: FakeOpenAi, id: string, prompt: string): Promise<PromptCall> {
  f.enqueue([step.text("partial "), step.delay(30_000), step.text("never"), step.finish("stop")]);
  const p = await PromptCall.send(c, id, prompt);
  await p.waitUpdate("agent_message_chunk");
  return p;
}

describe("session/kill and session/delete on an idle session while the database is locked", () => {
  for (const method of ["session/kill", "session/delete"] as const) {
    it(`${method} answers -32603 and the session stays live and usable`, async () => {
      const { c, db, fake: f } = await setup();
      await sessionWithOneTurn(c, f, "idle");
      const rowsBefore = readSurface(db, "acp", "idle");

      const held = lock(db);
      expect((await c.request(method, { session_id: "idle" })).error).toMatchObject(storageFailed);
      // Still registered and live (reads work under the write lock).
      expect(await liveIds(c)).toEqual(["idle"]);
      expect(await listed(c, "idle")).toEqual([expect.objectContaining({ state: "idle", message_count: 2 })]);
      held.release();
      expect(readSurface(db, "acp", "idle")).toEqual(rowsBefore);

      // The same live generation goes on: no rehydration, no marker, the whole context is sent.
      f.enqueue(textReply("still here"));
      expect((await promptTurn(c, "idle", "are you there")).result).toMatchObject({
        turn_id: "t_2",
        outcome: "completed",
        content: "still here",
      });
      expect(sent(f.requests[1]!.body)).toEqual([
        ["user", "first question"],
        ["assistant", "first answer"],
        ["user", "are you there"],
      ]);
      expect(brief(await transcript(c, "idle"))).toEqual([
        [1, "user", "message", "first question", "t_1"],
        [2, "assistant", "message", "first answer", "t_1"],
        [3, "user", "message", "are you there", "t_2"],
        [4, "assistant", "message", "still here", "t_2"],
      ]);

      // And now the storage step works.
      if (method === "session/kill") {
        expect(await call(c, method, { session_id: "idle" })).toEqual({ session_id: "idle", killed: true });
        expect((await c.request("session/prompt", { session_id: "idle", prompt: "x" })).error).toMatchObject({
          code: -32000,
          data: { reason: "session_killed" },
        });
        expect(await listed(c, "idle")).toEqual([expect.objectContaining({ state: "killed" })]);
      } else {
        expect(await call(c, method, { session_id: "idle" })).toEqual({ session_id: "idle", deleted: true });
        expect((await c.request("session/messages", { session_id: "idle" })).error?.code).toBe(-32000);
        expect(await listed(c, "idle")).toEqual([]);
      }
      expect(await liveIds(c)).toEqual([]);
    });

    it(`${method} of a closed (persisted, not live) session answers -32603 and leaves it resumable`, async () => {
      const { c, db, fake: f } = await setup();
      await sessionWithOneTurn(c, f, "shut");
      await call(c, "session/close", { session_id: "shut" });
      const rowsBefore = readSurface(db, "acp", "shut");

      const held = lock(db);
      expect((await c.request(method, { session_id: "shut" })).error).toMatchObject(storageFailed);
      expect(await listed(c, "shut")).toEqual([
        expect.objectContaining({ state: "closed", message_count: 2 }),
      ]);
      held.release();
      expect(readSurface(db, "acp", "shut")).toEqual(rowsBefore);

      f.enqueue(textReply("back again"));
      expect((await promptTurn(c, "shut", "hello again")).result).toMatchObject({
        turn_id: "t_2",
        outcome: "completed",
      });
      expect(sent(f.requests[1]!.body)).toEqual([
        ["user", "first question"],
        ["assistant", "first answer"],
        ["user", "hello again"],
      ]);
      expect(markers(await transcript(c, "shut"))).toEqual([]);
      expect(resultOf(await c.request(method, { session_id: "shut" }))).toMatchObject({ session_id: "shut" });
    });
  }
});

describe("session/kill and session/delete on a running turn while the database is locked", () => {
  for (const method of ["session/kill", "session/delete"] as const) {
    it(`${method} cancels the turn and answers -32603; the durable rows stay usable`, async () => {
      const { c, db, fake: f } = await setup();
      await sessionWithOneTurn(c, f, "busy");
      const turn = await stalledTurn(c, f, "busy", "second question");
      const before = await transcript(c, "busy");
      expect(brief(before)).toEqual([
        [1, "user", "message", "first question", "t_1"],
        [2, "assistant", "message", "first answer", "t_1"],
        [3, "user", "message", "second question", "t_2"],
      ]);

      const held = lock(db);
      expect((await c.request(method, { session_id: "busy" })).error).toMatchObject(storageFailed);
      const { response, updates } = await turn.finish();
      expect(resultOf(response)).toMatchObject({
        session_id: "busy",
        turn_id: "t_2",
        outcome: "cancelled",
        stop_reason: "cancelled",
      });
      expect(updates.at(-1)).toMatchObject({ type: "turn_complete", turnId: "t_2", outcome: "cancelled" });
      expect(await f.requests[1]!.outcome).toBe("client_closed");
      // That live generation is gone; the session is persisted and resumable.
      expect(await liveIds(c)).toEqual([]);
      expect(await listed(c, "busy")).toEqual([
        expect.objectContaining({ state: "closed", message_count: 3 }),
      ]);
      held.release();

      // Nothing written before the failure was lost or renumbered.
      expect(await transcript(c, "busy")).toEqual(before);
      expect(readSurface(db, "acp", "busy").sessions).toHaveLength(1);

      // A prompt rehydrates it from the durable rows.
      f.enqueue(textReply("third answer"));
      expect((await promptTurn(c, "busy", "third question")).result).toMatchObject({
        turn_id: "t_3",
        outcome: "completed",
        content: "third answer",
      });
      expect(sent(f.requests[2]!.body)).toEqual([
        ["user", "first question"],
        ["assistant", "first answer"],
        ["user", "second question"],
        ["user", "third question"],
      ]);
      expect(JSON.stringify(f.requests[2]!.body)).not.toMatch(/interrupted/i);
      const resumed = await transcript(c, "busy");
      expect(resumed.slice(0, 3)).toEqual(before);
      // The reclaimed generation's turn may be marked interrupted, once, before the new turn's rows.
      const found = markers(resumed);
      expect(found.length).toBeLessThanOrEqual(1);
      for (const m of found) expect(m).toMatchObject({ seq: 4, role: "system", turn_id: "t_2" });
      expect(brief(resumed.slice(3 + found.length))).toEqual([
        [4 + found.length, "user", "message", "third question", "t_3"],
        [5 + found.length, "assistant", "message", "third answer", "t_3"],
      ]);

      // With storage back, the operation itself works.
      expect(resultOf(await c.request(method, { session_id: "busy" }))).toMatchObject({ session_id: "busy" });
      expect(await liveIds(c)).toEqual([]);
    });
  }
});

/** Long enough that one turn alone outgrows `max_context_tokens = 40` (160 bytes). */
const long = (tag: string): string => `${tag} ${"lorem ipsum dolor sit amet ".repeat(5)}`.trim();
const snapshotCount = (db: string): number =>
  Number(query(db, "SELECT count(*) AS n FROM context_snapshots")[0]!.n);

describe("trimming when its write fails", () => {
  it("control: with storage working, a turn over budget trims and the next request is trimmed", async () => {
    const { c, db, fake: f } = await setup();
    await call(c, "session/new", { session_id: "t", agent: "trim" });
    f.enqueue(textReply(long("a1")));
    const one = await promptTurn(c, "t", long("q1"));
    expect(one.result).toMatchObject({ outcome: "completed" });
    expect(ofType(one.updates, "history_trimmed")).toEqual([
      {
        sessionId: "t",
        type: "history_trimmed",
        droppedMessages: 2,
        keptTurns: 0,
        checkpoint: expect.any(Number),
      },
    ]);
    expect(one.updates.at(-1)?.type).toBe("turn_complete");
    expect(snapshotCount(db)).toBe(1);
    f.enqueue(textReply("a2"));
    await promptTurn(c, "t", "q2");
    expect(sent(f.requests[1]!.body)).toEqual([["user", "q2"]]);
    // Trimming never touches the display transcript.
    expect((await transcript(c, "t")).map((r) => r.seq)).toEqual([1, 2, 3, 4]);
  });

  it("a failing snapshot write sends no history_trimmed, the turn completes, the context stays untrimmed", async () => {
    const { c, db, fake: f } = await setup();
    await call(c, "session/new", { session_id: "t", agent: "trim" });
    // Fault injection from a second connection: only the snapshot insert fails.
    exec(
      db,
      "CREATE TRIGGER zc_test_no_snapshot BEFORE INSERT ON context_snapshots " +
        "BEGIN SELECT RAISE(ABORT, 'injected: snapshot write fails'); END;",
    );
    f.enqueue(textReply(long("a1")));
    const one = await promptTurn(c, "t", long("q1"));
    expect(one.result).toMatchObject({ turn_id: "t_1", outcome: "completed", content: long("a1") });
    expect(ofType(one.updates, "history_trimmed")).toEqual([]);
    expect(one.updates.at(-1)).toMatchObject({ type: "turn_complete", outcome: "completed" });
    expect(snapshotCount(db)).toBe(0);
    // The turn's rows were written before the failed write and stay.
    expect(brief(await transcript(c, "t"))).toEqual([
      [1, "user", "message", long("q1"), "t_1"],
      [2, "assistant", "message", long("a1"), "t_1"],
    ]);

    exec(db, "DROP TRIGGER zc_test_no_snapshot");
    f.enqueue(textReply(long("a2")));
    const two = await promptTurn(c, "t", long("q2"));
    expect(sent(f.requests[1]!.body)).toEqual([
      ["user", long("q1")],
      ["assistant", long("a1")],
      ["user", long("q2")],
    ]);
    // With storage back, the next turn trims the whole untrimmed context.
    expect(ofType(two.updates, "history_trimmed")).toEqual([
      expect.objectContaining({ droppedMessages: 4, keptTurns: 0 }),
    ]);
    f.enqueue(textReply("a3"));
    await promptTurn(c, "t", "q3");
    expect(sent(f.requests[2]!.body)).toEqual([["user", "q3"]]);
  });

  it("the database locked as the turn ends: no history_trimmed, earlier rows intact, next request untrimmed", async () => {
    const { c, db, fake: f } = await setup();
    await call(c, "session/new", { session_id: "t", agent: "trim" });
    f.enqueue(textReply("hi back"));
    const one = await promptTurn(c, "t", "hi");
    expect(ofType(one.updates, "history_trimmed")).toEqual([]); // under budget
    // The last chunk is held back (the delay only orders events: the lock is taken on the first chunk).
    const reply = long("a2");
    f.enqueue([
      step.text(reply.slice(0, 10)),
      step.delay(1_000),
      step.text(reply.slice(10)),
      step.finish("stop"),
    ]);
    const turn = await PromptCall.send(c, "t", long("q2"));
    await turn.waitUpdate("agent_message_chunk");
    const held = lock(db);
    const { response, updates } = await turn.finish();
    // The reply row is itself written after the stream, under the lock, so the turn cannot record its
    // answer (today it ends "failed"); what must hold is that it ends, is reported, and never trims.
    const result = resultOf<{ turn_id: string; outcome: string }>(response);
    expect(result.turn_id).toBe("t_2");
    expect(ofType(updates, "history_trimmed")).toEqual([]);
    expect(updates.at(-1)).toMatchObject({ type: "turn_complete", turnId: "t_2", outcome: result.outcome });
    held.release();
    expect(snapshotCount(db)).toBe(0);

    // Rows written before the lock are all there, unchanged.
    const rows = await transcript(c, "t");
    expect(brief(rows.slice(0, 3))).toEqual([
      [1, "user", "message", "hi", "t_1"],
      [2, "assistant", "message", "hi back", "t_1"],
      [3, "user", "message", long("q2"), "t_2"],
    ]);

    f.enqueue(textReply("a3"));
    const three = await promptTurn(c, "t", "q3");
    expect(three.result).toMatchObject({ turn_id: "t_3", outcome: "completed" });
    const context = sent(f.requests[2]!.body);
    expect(context.slice(0, 3)).toEqual([
      ["user", "hi"],
      ["assistant", "hi back"],
      ["user", long("q2")],
    ]);
    expect(context.at(-1)).toEqual(["user", "q3"]);
  });

  it("a turn that ended while the database was locked is not later reported as interrupted", async () => {
    const { c, db, fake: f } = await setup();
    await sessionWithOneTurn(c, f, "s");
    const reply = "second answer, held back";
    f.enqueue([step.text("second "), step.delay(1_000), step.text(reply.slice(7)), step.finish("stop")]);
    const turn = await PromptCall.send(c, "s", "second question");
    await turn.waitUpdate("agent_message_chunk");
    const held = lock(db);
    const { response } = await turn.finish();
    const ended = resultOf<{ outcome: string }>(response).outcome;
    held.release();
    const durable = JSON.stringify(query(db, "SELECT turn_id, state FROM turns WHERE session_id = 's'"));

    // The live daemon went on and reported that turn as ended; it was never interrupted.
    f.enqueue(textReply("third answer"));
    await promptTurn(c, "s", "third question");
    await call(c, "session/close", { session_id: "s" });
    f.enqueue(textReply("fourth answer"));
    await promptTurn(c, "s", "fourth question"); // rehydration runs recovery
    const rows = await transcript(c, "s");
    expect(
      markers(rows),
      `turn t_2 ended "${ended}" in the live daemon; durable turns right after it: ${durable}`,
    ).toEqual([]);
  });
});
