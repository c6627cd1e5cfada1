// The durable side of sessions (SPEC §8), over the one SQLite database. Every multi-row change is one
// transaction; every method is synchronous (better-sqlite3), so a caller either sees it done or sees
// it throw with nothing changed. The SQL is prepared once (session-statements.ts says why not drizzle).
import type Database from "better-sqlite3";
import type { Storage } from "../storage/database.js";
import type { sessions, transcriptRows } from "../storage/schema.js";
import type { ChatMessage } from "./provider.js";
import { replayTranscript } from "./retained-context.js";
import { prepareSessionStatements, type SessionStatements } from "./session-statements.js";

export type Surface = "acp" | "chat";
/** The surfaces RPC prompt recovery may touch; rows of any other surface are left exactly as they are. */
export const RPC_SURFACES: readonly string[] = ["acp", "chat"];

export type SessionRow = typeof sessions.$inferSelect;
export type TranscriptRow = typeof transcriptRows.$inferSelect;
export type NewTranscriptRow = Pick<TranscriptRow, "role" | "kind" | "content" | "turnId">;
export type ListedSession = SessionRow & {
  messageCount: number;
  /** The newest transcript row's time (markers aside), else the creation time. */
  lastActivity: string;
  firstPrompt: string | null;
};
export type Snapshot = { messages: ChatMessage[]; boundary: number };
export type TurnEndState = "completed" | "cancelled" | "failed";
/** What a closed session needs to go live again: its retained context and how many turns it had. */
export type Resumed = { context: ChatMessage[]; turnCount: number };

/**
 * What a turn writes at one step, committed as one transaction: its start (the "running" row that
 * recovery looks for), transcript rows, checkpoint events, and its end. A turn without tools commits
 * twice: start + prompt row + prompt checkpoint, then the reply's rows + checkpoint + end.
 */
export type TurnWrites = {
  start?: string;
  rows: readonly NewTranscriptRow[];
  checkpoints: readonly { turnId: string; message: ChatMessage }[];
  end?: { turnId: string; state: TurnEndState };
};

export const INTERRUPTED_MARKER =
  "The previous turn was interrupted before it finished (the daemon stopped).";
/** The last row of a cancelled turn, so a transcript shows where a turn was cut off and why. */
export const CANCELLED_MARKER = "The turn was cancelled.";

const now = (): string => new Date().toISOString();

export class SessionStore {
  private readonly q: SessionStatements;
  private readonly sqlite: Database.Database;
  // Transaction wrappers made once: better-sqlite3 builds (and drizzle re-built per call) a wrapper
  // with its own BEGIN/COMMIT statements. IMMEDIATE takes the write lock up front, so a transaction
  // that reads the last seq then writes waits out another writer (busy_timeout) instead of failing.
  private readonly commitTx: (surface: string, id: string, w: TurnWrites) => number;
  private readonly recoverTx: (surface: string, id: string) => number;
  private readonly deleteTx: (surface: string, id: string) => void;

  constructor(storage: Storage) {
    this.sqlite = storage.sqlite;
    this.q = prepareSessionStatements(this.sqlite);
    const immediate = <A extends unknown[], R>(fn: (...a: A) => R): ((...a: A) => R) => {
      const tx = this.sqlite.transaction(fn);
      return (...a: A) => tx.immediate(...a);
    };
    this.commitTx = immediate((surface: string, id: string, w: TurnWrites) =>
      this.applyWrites(surface, id, w),
    );
    this.recoverTx = immediate((surface: string, id: string) => this.recoverRunning(surface, id));
    this.deleteTx = immediate((surface: string, id: string) => {
      for (const stmt of this.q.deleteSession) stmt.run(surface, id);
    });
  }

  create(row: Omit<SessionRow, "state" | "createdAt" | "updatedAt">): SessionRow {
    const at = now();
    const full: SessionRow = { ...row, state: "open", createdAt: at, updatedAt: at };
    this.q.insertSession.run(
      full.surface,
      full.sessionId,
      full.agent,
      full.owner,
      full.workspaceDir,
      "open",
      at,
      at,
    );
    return full;
  }

  get(surface: string, id: string): SessionRow | undefined {
    return this.q.getSession.get(surface, id) as SessionRow | undefined;
  }

  /** Every RPC session (acp and chat), newest first, with its transcript length, last activity and first prompt. */
  list(): ListedSession[] {
    return this.q.listSessions.all() as ListedSession[];
  }

  countPersisted(): number {
    return (this.q.countSessions.get() as { n: number }).n;
  }

  /** Sessions of one owner (a non-admin's status). */
  countPersistedOf(owner: string): number {
    return this.q.countSessionsOf.get(owner) as number;
  }

  /** Workspaces of the sessions other owners hold (a non-admin's session/new.cwd check). */
  workspacesNotOf(owner: string): string[] {
    return this.q.workspacesNotOf.all(owner) as string[];
  }

  setState(surface: string, id: string, state: "open" | "closed" | "killed"): void {
    const changed = this.q.setState.run(state, now(), surface, id);
    if (changed.changes === 0) throw new Error(`no session ${surface}/${id}`);
  }

  /** One step of a turn in one transaction (see TurnWrites); returns the last checkpoint id written. */
  commitTurnWrites(surface: string, id: string, writes: TurnWrites): number {
    return this.commitTx(surface, id, writes);
  }

  private applyWrites(surface: string, id: string, w: TurnWrites): number {
    const at = now();
    if (w.start !== undefined) this.q.startTurn.run(surface, id, w.start, at);
    if (w.rows.length > 0) {
      // Read inside the transaction, on this connection: it sees this transaction's own writes.
      let seq = this.lastSeq(surface, id);
      for (const r of w.rows)
        this.q.insertRow.run(surface, id, ++seq, r.role, r.kind, r.content, r.turnId, at);
      this.q.touchSession.run(at, surface, id);
    }
    let checkpoint = 0;
    for (const c of w.checkpoints) {
      const res = this.q.insertCheckpoint.run(surface, id, c.turnId, JSON.stringify(c.message), at);
      checkpoint = Number(res.lastInsertRowid);
    }
    if (w.end) this.q.endTurn.run(w.end.state, at, surface, id, w.end.turnId);
    return checkpoint;
  }

  /** The last transcript seq of a session: also its row count (rows are 1, 2, … and never removed singly). */
  lastSeq(surface: string, id: string): number {
    return (this.q.lastSeq.get(surface, id) as number | undefined) ?? 0;
  }

  transcript(surface: string, id: string, afterSeq = 0, limit = 1000): TranscriptRow[] {
    return this.q.page.all(surface, id, afterSeq, limit) as TranscriptRow[];
  }

  /** A real COUNT(*): tests and tools; the request paths use lastSeq. */
  transcriptCount(surface: string, id: string): number {
    return this.q.countRows.get(surface, id) as number;
  }

  startTurn(surface: string, id: string, turnId: string): void {
    this.q.startTurn.run(surface, id, turnId, now());
  }

  endTurn(surface: string, id: string, turnId: string, state: TurnEndState): void {
    this.q.endTurn.run(state, now(), surface, id, turnId);
  }

  turnCount(surface: string, id: string): number {
    return this.q.turnCount.get(surface, id) as number;
  }

  latestCheckpointId(surface: string, id: string): number {
    return (this.q.latestCheckpointId.get(surface, id) as number | undefined) ?? 0;
  }

  latestSnapshot(surface: string, id: string): Snapshot | undefined {
    const row = this.q.latestSnapshot.get(surface, id) as { messages: string; boundary: number } | undefined;
    return row ? { messages: JSON.parse(row.messages) as ChatMessage[], boundary: row.boundary } : undefined;
  }

  checkpointsAfter(surface: string, id: string, boundary: number): ChatMessage[] {
    return (this.q.checkpointsAfter.all(surface, id, boundary) as string[]).map(
      (m) => JSON.parse(m) as ChatMessage,
    );
  }

  /** Trimming: the new snapshot and its checkpoint boundary, committed together (one insert). */
  writeSnapshot(
    surface: string,
    id: string,
    snap: Snapshot & { droppedMessages: number; keptTurns: number },
  ): void {
    this.q.insertSnapshot.run(
      surface,
      id,
      JSON.stringify(snap.messages),
      snap.boundary,
      snap.droppedMessages,
      snap.keptTurns,
      now(),
    );
  }

  /**
   * Recovery after an interruption: every turn still "running" gets exactly one visible marker row and
   * becomes "interrupted", in one transaction, so however often this runs there is one marker per
   * interrupted turn. Only RPC surfaces are touched. Returns how many turns it recovered.
   */
  recoverInterrupted(surface: string, id: string): number {
    if (!RPC_SURFACES.includes(surface)) return 0;
    // Nothing running (the common case): no write transaction at all.
    if ((this.q.runningTurns.all(surface, id) as string[]).length === 0) return 0;
    return this.recoverTx(surface, id);
  }

  private recoverRunning(surface: string, id: string): number {
    const running = this.q.runningTurns.all(surface, id) as string[];
    if (running.length === 0) return 0;
    let seq = this.lastSeq(surface, id);
    const at = now();
    for (const turnId of running) {
      this.q.insertRow.run(surface, id, ++seq, "system", "marker", INTERRUPTED_MARKER, turnId, at);
      this.q.endTurn.run("interrupted", at, surface, id, turnId);
    }
    return running.length;
  }

  /**
   * Rehydration, in one call: interrupted turns recovered (one marker each), the retained context
   * rebuilt (SPEC §8: the latest snapshot plus the checkpoints after its boundary, or, for a session
   * never trimmed, its replayed transcript), the session marked open, and its turn count.
   */
  resume(surface: string, id: string): Resumed {
    this.recoverInterrupted(surface, id);
    const context = this.retainedContext(surface, id);
    this.setState(surface, id, "open");
    return { context, turnCount: this.turnCount(surface, id) };
  }

  /** The retained provider context; never markers, thoughts or the system prompt. */
  retainedContext(surface: string, id: string): ChatMessage[] {
    const snapshot = this.latestSnapshot(surface, id);
    if (snapshot) return [...snapshot.messages, ...this.checkpointsAfter(surface, id, snapshot.boundary)];
    return replayTranscript(this.transcript(surface, id, 0, Number.MAX_SAFE_INTEGER));
  }

  /** RPC sessions whose live owner is gone (the daemon stopped or crashed): to be treated as closed. */
  orphaned(): SessionRow[] {
    return this.q.orphaned.all() as SessionRow[];
  }

  /** session/delete's storage step: every row of this surface's session, in one transaction. */
  deleteSession(surface: string, id: string): void {
    this.deleteTx(surface, id);
  }
}
