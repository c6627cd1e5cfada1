// The durable side of sessions (SPEC §8), over the one SQLite database. Every multi-row change is one
// transaction; every method is synchronous (better-sqlite3), so a caller either sees it done or sees
// it throw with nothing changed.
import { and, asc, count, desc, eq, gt, inArray } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Storage } from "../storage/database.js";
import {
  checkpoints,
  contextSnapshots,
  sessionFiles,
  sessions,
  transcriptRows,
  turns,
} from "../storage/schema.js";
import type { ChatMessage } from "./provider.js";

export type Surface = "acp" | "chat";
/** The surfaces RPC prompt recovery may touch; rows of any other surface are left exactly as they are. */
export const RPC_SURFACES: readonly string[] = ["acp", "chat"];

export type SessionRow = typeof sessions.$inferSelect;
export type TranscriptRow = typeof transcriptRows.$inferSelect;
export type NewTranscriptRow = Pick<TranscriptRow, "role" | "kind" | "content" | "turnId">;
export type Snapshot = { messages: ChatMessage[]; boundary: number };

export const INTERRUPTED_MARKER =
  "The previous turn was interrupted before it finished (the daemon stopped).";

const now = (): string => new Date().toISOString();

/** Every session-owned table is keyed by (interaction_surface, session_id). */
type SessionKeyed = { surface: SQLiteColumn; sessionId: SQLiteColumn };
const ofSession = (t: SessionKeyed, surface: string, id: string) =>
  and(eq(t.surface, surface), eq(t.sessionId, id))!;
const key = (surface: string, id: string) => ofSession(sessions, surface, id);

export class SessionStore {
  constructor(private readonly storage: Storage) {}

  private get db() {
    return this.storage.db;
  }

  create(row: Omit<SessionRow, "state" | "createdAt" | "updatedAt">): SessionRow {
    const at = now();
    const full: SessionRow = { ...row, state: "open", createdAt: at, updatedAt: at };
    this.db.insert(sessions).values(full).run();
    return full;
  }

  get(surface: string, id: string): SessionRow | undefined {
    return this.db.select().from(sessions).where(key(surface, id)).get();
  }

  /** Every RPC session (acp and chat), newest first, with its transcript length. */
  list(): (SessionRow & { messageCount: number })[] {
    const rows = this.db
      .select()
      .from(sessions)
      .where(inArray(sessions.surface, [...RPC_SURFACES]))
      .orderBy(desc(sessions.createdAt))
      .all();
    return rows.map((r) => ({ ...r, messageCount: this.transcriptCount(r.surface, r.sessionId) }));
  }

  countPersisted(): number {
    return (
      this.db
        .select({ n: count() })
        .from(sessions)
        .where(inArray(sessions.surface, [...RPC_SURFACES]))
        .get()?.n ?? 0
    );
  }

  setState(surface: string, id: string, state: "open" | "closed" | "killed"): void {
    const changed = this.db.update(sessions).set({ state, updatedAt: now() }).where(key(surface, id)).run();
    if (changed.changes === 0) throw new Error(`no session ${surface}/${id}`);
  }

  /** Appends rows after the last seq, in one transaction; returns them numbered. */
  appendTranscript(surface: string, id: string, rows: readonly NewTranscriptRow[]): TranscriptRow[] {
    return this.db.transaction((tx) => {
      const last = this.lastSeq(surface, id);
      const at = now();
      const numbered = rows.map((r, i) => ({
        ...r,
        surface,
        sessionId: id,
        seq: last + 1 + i,
        createdAt: at,
      }));
      if (numbered.length > 0) tx.insert(transcriptRows).values(numbered).run();
      tx.update(sessions).set({ updatedAt: at }).where(key(surface, id)).run();
      return numbered;
    });
  }

  /**
   * The last transcript seq of a session. Called inside transactions too: better-sqlite3 is
   * synchronous and the transaction runs on this same connection, so the read sees its writes.
   */
  private lastSeq(surface: string, id: string): number {
    return (
      this.db
        .select({ seq: transcriptRows.seq })
        .from(transcriptRows)
        .where(ofSession(transcriptRows, surface, id))
        .orderBy(desc(transcriptRows.seq))
        .limit(1)
        .get()?.seq ?? 0
    );
  }

  transcript(surface: string, id: string, afterSeq = 0, limit = 1000): TranscriptRow[] {
    return this.db
      .select()
      .from(transcriptRows)
      .where(and(ofSession(transcriptRows, surface, id), gt(transcriptRows.seq, afterSeq)))
      .orderBy(asc(transcriptRows.seq))
      .limit(limit)
      .all();
  }

  transcriptCount(surface: string, id: string): number {
    return (
      this.db
        .select({ n: count() })
        .from(transcriptRows)
        .where(ofSession(transcriptRows, surface, id))
        .get()?.n ?? 0
    );
  }

  startTurn(surface: string, id: string, turnId: string): void {
    this.db
      .insert(turns)
      .values({ surface, sessionId: id, turnId, state: "running", startedAt: now() })
      .run();
  }

  endTurn(surface: string, id: string, turnId: string, state: "completed" | "cancelled" | "failed"): void {
    this.db
      .update(turns)
      .set({ state, endedAt: now() })
      .where(and(ofSession(turns, surface, id), eq(turns.turnId, turnId)))
      .run();
  }

  turnCount(surface: string, id: string): number {
    return (
      this.db
        .select({ n: count() })
        .from(turns)
        .where(ofSession(turns, surface, id))
        .get()?.n ?? 0
    );
  }

  appendCheckpoint(surface: string, id: string, turnId: string, message: ChatMessage): number {
    const res = this.db
      .insert(checkpoints)
      .values({ surface, sessionId: id, turnId, message: JSON.stringify(message), createdAt: now() })
      .run();
    return Number(res.lastInsertRowid);
  }

  latestCheckpointId(surface: string, id: string): number {
    return (
      this.db
        .select({ id: checkpoints.id })
        .from(checkpoints)
        .where(ofSession(checkpoints, surface, id))
        .orderBy(desc(checkpoints.id))
        .limit(1)
        .get()?.id ?? 0
    );
  }

  latestSnapshot(surface: string, id: string): Snapshot | undefined {
    const row = this.db
      .select()
      .from(contextSnapshots)
      .where(ofSession(contextSnapshots, surface, id))
      .orderBy(desc(contextSnapshots.id))
      .limit(1)
      .get();
    return row ? { messages: JSON.parse(row.messages) as ChatMessage[], boundary: row.boundary } : undefined;
  }

  checkpointsAfter(surface: string, id: string, boundary: number): ChatMessage[] {
    return this.db
      .select({ message: checkpoints.message })
      .from(checkpoints)
      .where(and(ofSession(checkpoints, surface, id), gt(checkpoints.id, boundary)))
      .orderBy(asc(checkpoints.id))
      .all()
      .map((r) => JSON.parse(r.message) as ChatMessage);
  }

  /** Trimming: the new snapshot and its checkpoint boundary, committed together (one insert). */
  writeSnapshot(
    surface: string,
    id: string,
    snap: Snapshot & { droppedMessages: number; keptTurns: number },
  ): void {
    this.db
      .insert(contextSnapshots)
      .values({
        surface,
        sessionId: id,
        messages: JSON.stringify(snap.messages),
        boundary: snap.boundary,
        droppedMessages: snap.droppedMessages,
        keptTurns: snap.keptTurns,
        createdAt: now(),
      })
      .run();
  }

  /**
   * Recovery after an interruption: every turn still "running" gets exactly one visible marker row and
   * becomes "interrupted", in one transaction, so however often this runs there is one marker per
   * interrupted turn. Only RPC surfaces are touched. Returns how many turns it recovered.
   */
  recoverInterrupted(surface: string, id: string): number {
    if (!RPC_SURFACES.includes(surface)) return 0;
    return this.db.transaction((tx) => {
      const running = tx
        .select({ turnId: turns.turnId })
        .from(turns)
        .where(and(ofSession(turns, surface, id), eq(turns.state, "running")))
        .all();
      if (running.length === 0) return 0;
      const last = this.lastSeq(surface, id);
      const at = now();
      running.forEach((t, i) => {
        tx.insert(transcriptRows)
          .values({
            surface,
            sessionId: id,
            seq: last + 1 + i,
            role: "system",
            kind: "marker",
            content: INTERRUPTED_MARKER,
            turnId: t.turnId,
            createdAt: at,
          })
          .run();
        tx.update(turns)
          .set({ state: "interrupted", endedAt: at })
          .where(and(ofSession(turns, surface, id), eq(turns.turnId, t.turnId)))
          .run();
      });
      return running.length;
    });
  }

  /** RPC sessions whose live owner is gone (the daemon stopped or crashed): to be treated as closed. */
  orphaned(): SessionRow[] {
    return this.db
      .select()
      .from(sessions)
      .where(and(inArray(sessions.surface, [...RPC_SURFACES]), eq(sessions.state, "open")))
      .all();
  }

  /** session/delete's storage step: every row of this surface's session, in one transaction. */
  deleteSession(surface: string, id: string): void {
    this.db.transaction((tx) => {
      tx.delete(transcriptRows)
        .where(ofSession(transcriptRows, surface, id))
        .run();
      tx.delete(checkpoints)
        .where(ofSession(checkpoints, surface, id))
        .run();
      tx.delete(contextSnapshots)
        .where(ofSession(contextSnapshots, surface, id))
        .run();
      tx.delete(turns)
        .where(ofSession(turns, surface, id))
        .run();
      tx.delete(sessionFiles)
        .where(ofSession(sessionFiles, surface, id))
        .run();
      tx.delete(sessions).where(key(surface, id)).run();
    });
  }
}
