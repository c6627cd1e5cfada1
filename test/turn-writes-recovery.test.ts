// Issue 13 / SPEC §8: a turn's durable writes are a few transactions (turn-writes.ts). Property: for
// any prefix of those commits that reached disk, recovery yields exactly one marker for the
// interrupted turn (none if it never started), however often it runs, and no committed row is lost
// or renumbered. "Reached disk" is literal: the crash image is a copy of the database and its WAL
// taken while the writer still has them open, right after the last commit of the prefix (what a
// SIGKILL leaves); the real SessionStore and TurnWriteBuffer write it and recover it.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replayTranscript } from "../src/sessions/retained-context.js";
import { INTERRUPTED_MARKER, type NewTranscriptRow, SessionStore } from "../src/sessions/session-store.js";
import { TurnWriteBuffer } from "../src/sessions/turn-writes.js";
import { DEFAULT_DB_FILE, openDatabase } from "../src/storage/database.js";

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "zc-turn-writes-"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Brief = [number, string, string, string, string | null];
const brief = (r: {
  seq: number;
  role: string;
  kind: string;
  content: string;
  turnId: string | null;
}): Brief => [r.seq, r.role, r.kind, r.content, r.turnId];

/**
 * The durable steps of one turn with `rounds` tool rounds, in the order the turn runner commits them:
 * start + prompt; per round the model's tool call (committed before the tool runs), then the tool's
 * result; the reply, its checkpoint and the end. Each step commits what it wrote.
 */
function turnSteps(
  buf: TurnWriteBuffer,
  turnId: string,
  rounds: number,
  log: NewTranscriptRow[][],
): (() => void)[] {
  const steps: (() => void)[] = [];
  let pending: NewTranscriptRow[] = [];
  const add = (row: NewTranscriptRow): void => {
    buf.row(row);
    pending.push(row);
  };
  const commit = (end?: "completed"): void => {
    buf.flush(end);
    log.push(pending);
    pending = [];
  };
  steps.push(() => {
    buf.begin();
    add({ role: "user", kind: "message", content: `prompt of ${turnId}`, turnId });
    buf.checkpoint({ role: "user", content: `prompt of ${turnId}` });
    commit();
  });
  for (let r = 0; r < rounds; r++) {
    steps.push(() => {
      const call = { id: `${turnId}-c${r}`, name: "bash", arguments: "{}" };
      add({ role: "assistant", kind: "tool_call", content: JSON.stringify(call), turnId });
      buf.checkpoint({ role: "assistant", content: "", tool_calls: [call] });
      commit();
    });
    steps.push(() => {
      const result = { id: `${turnId}-c${r}`, name: "bash", output: `out ${r}` };
      add({ role: "tool", kind: "tool_result", content: JSON.stringify(result), turnId });
      buf.checkpoint({ role: "tool", tool_call_id: result.id, name: result.name, content: result.output });
      commit();
    });
  }
  steps.push(() => {
    add({ role: "assistant", kind: "message", content: `reply of ${turnId}`, turnId });
    buf.checkpoint({ role: "assistant", content: `reply of ${turnId}` });
    commit("completed");
  });
  return steps;
}

let caseNo = 0;

describe("a turn's durable writes under a crash at any commit", () => {
  it("property: any committed prefix recovers to its rows plus exactly one marker, however often", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 3 }),
        fc.integer({ min: 0, max: 3 }),
        fc.nat(),
        fc.integer({ min: 1, max: 3 }),
        (priorRounds, crashRounds, cutSeed, recoveries) => {
          const dir = join(root, `case-${caseNo++}`);
          const storage = openDatabase(dir);
          const store = new SessionStore(storage);
          store.create({ surface: "acp", sessionId: "s", agent: "default", owner: "o", workspaceDir: dir });
          const committed: NewTranscriptRow[][] = [];
          priorRounds.forEach((rounds, i) => {
            for (const step of turnSteps(
              new TurnWriteBuffer(store, "acp", "s", `t_${i + 1}`),
              `t_${i + 1}`,
              rounds,
              committed,
            ))
              step();
          });
          const crashId = `t_${priorRounds.length + 1}`;
          const steps = turnSteps(
            new TurnWriteBuffer(store, "acp", "s", crashId),
            crashId,
            crashRounds,
            committed,
          );
          // Crash after `cut` of the turn's commits (0: before it started, all: after it ended).
          const cut = cutSeed % (steps.length + 1);
          for (const step of steps.slice(0, cut)) step();

          const image = join(dir, "crash");
          mkdirSync(image);
          for (const suffix of ["", "-wal"]) {
            const from = join(dir, `${DEFAULT_DB_FILE}${suffix}`);
            if (existsSync(from)) copyFileSync(from, join(image, `${DEFAULT_DB_FILE}${suffix}`));
          }
          storage.close();

          const expected = committed.flat();
          const after = openDatabase(image);
          try {
            let recovered = 0;
            for (let i = 0; i < recoveries; i++)
              recovered += new SessionStore(after).recoverInterrupted("acp", "s");
            const reader = new SessionStore(after);
            const rows = reader.transcript("acp", "s", 0, 1_000_000);
            const interrupted = cut > 0 && cut < steps.length;
            expect(recovered).toBe(interrupted ? 1 : 0);
            const want: Brief[] = expected.map((r, i) => [i + 1, r.role, r.kind, r.content, r.turnId]);
            if (interrupted) want.push([want.length + 1, "system", "marker", INTERRUPTED_MARKER, crashId]);
            expect(rows.map(brief)).toEqual(want);
            expect(reader.lastSeq("acp", "s")).toBe(reader.transcriptCount("acp", "s"));
            // The marker is display-only: the provider replay is the committed rows alone.
            expect(replayTranscript(rows)).toEqual(replayTranscript(rows.filter((r) => r.kind !== "marker")));
            const states = after.sqlite
              .prepare("SELECT turn_id AS id, state FROM turns ORDER BY started_at, turn_id")
              .all() as { id: string; state: string }[];
            const crashState = states.find((t) => t.id === crashId)?.state;
            expect(crashState).toBe(cut === 0 ? undefined : interrupted ? "interrupted" : "completed");
            expect(states.filter((t) => t.id !== crashId).every((t) => t.state === "completed")).toBe(true);
          } finally {
            after.close();
            rmSync(dir, { recursive: true, force: true });
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("a step that fails halfway leaves none of its rows, and the turn recovers with one marker", () => {
    const dir = join(root, "halfway");
    const storage = openDatabase(dir);
    const store = new SessionStore(storage);
    store.create({ surface: "acp", sessionId: "s", agent: "default", owner: "o", workspaceDir: dir });
    const log: NewTranscriptRow[][] = [];
    const steps = turnSteps(new TurnWriteBuffer(store, "acp", "s", "t_1"), "t_1", 0, log);
    steps[0]!();
    // The reply's transcript row is written first, then its checkpoint fails: the whole step must go.
    storage.sqlite.exec(
      "CREATE TEMP TRIGGER fail_reply BEFORE INSERT ON checkpoints WHEN NEW.message LIKE '%reply of%' BEGIN SELECT RAISE(ABORT, 'disk gone'); END",
    );
    expect(() => steps[1]!()).toThrow(/disk gone/);
    expect(store.transcript("acp", "s").map(brief)).toEqual([[1, "user", "message", "prompt of t_1", "t_1"]]);
    expect(store.recoverInterrupted("acp", "s")).toBe(1);
    expect(store.recoverInterrupted("acp", "s")).toBe(0);
    expect(store.transcript("acp", "s").map((r) => r.kind)).toEqual(["message", "marker"]);
    storage.close();
  });
});
