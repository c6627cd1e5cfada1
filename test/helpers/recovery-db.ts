// Direct access to the daemon's SQLite file for the recovery and storage-failure tests (SPEC §8):
// read every durable row of one interaction surface, seed rows of a surface the RPC does not serve,
// and hold a write lock from a second connection so the daemon's writes fail.
import { join } from "node:path";
import Database from "better-sqlite3";

export const DB_FILE = "zeroclaw.db";
export const dbPath = (dataDir: string): string => join(dataDir, DB_FILE);

export type Row = Record<string, unknown>;

/** Every durable row of one surface (optionally one session), in a stable order. */
export type SurfaceRows = {
  sessions: Row[];
  turns: Row[];
  transcript: Row[];
  checkpoints: Row[];
  snapshots: Row[];
};

const TABLES: Record<keyof SurfaceRows, { table: string; order: string }> = {
  sessions: { table: "sessions", order: "session_id" },
  turns: { table: "turns", order: "session_id, turn_id" },
  transcript: { table: "transcript_rows", order: "session_id, seq" },
  checkpoints: { table: "checkpoints", order: "id" },
  snapshots: { table: "context_snapshots", order: "id" },
};

function open(path: string): Database.Database {
  const db = new Database(path, { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  return db;
}

export function readSurface(path: string, surface: string, sessionId?: string): SurfaceRows {
  const db = open(path);
  try {
    const read = (which: keyof SurfaceRows): Row[] => {
      const { table, order } = TABLES[which];
      const where =
        sessionId === undefined ? "interaction_surface = ?" : "interaction_surface = ? AND session_id = ?";
      const args = sessionId === undefined ? [surface] : [surface, sessionId];
      return db.prepare(`SELECT * FROM ${table} WHERE ${where} ORDER BY ${order}`).all(...args) as Row[];
    };
    return {
      sessions: read("sessions"),
      turns: read("turns"),
      transcript: read("transcript"),
      checkpoints: read("checkpoints"),
      snapshots: read("snapshots"),
    };
  } finally {
    db.close();
  }
}

/** Runs `sql` (with `args`) on a fresh connection and returns all rows. */
export function query(path: string, sql: string, ...args: unknown[]): Row[] {
  const db = open(path);
  try {
    return db.prepare(sql).all(...args) as Row[];
  } finally {
    db.close();
  }
}

/** Runs statements on a fresh connection (schema changes, fault-injection triggers). */
export function exec(path: string, sql: string): void {
  const db = open(path);
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}

/**
 * Seeds a session of another interaction surface (e.g. "telegram") as a crash would leave it: state
 * "open", one completed turn, one turn still "running", transcript rows, checkpoints and a snapshot.
 */
export function seedForeignSession(path: string, surface: string, sessionId: string): void {
  const db = open(path);
  const at = "2024-01-02T03:04:05.000Z";
  try {
    db.transaction(() => {
      db.prepare(
        `INSERT INTO sessions (interaction_surface, session_id, agent, owner, workspace_dir, state, created_at, updated_at)
         VALUES (?, ?, 'slow', 'telegram:42', '/nonexistent/telegram-workspace', 'open', ?, ?)`,
      ).run(surface, sessionId, at, at);
      const turn = db.prepare(
        `INSERT INTO turns (interaction_surface, session_id, turn_id, state, started_at, ended_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      );
      turn.run(surface, sessionId, "t_1", "completed", at, at);
      turn.run(surface, sessionId, "t_2", "running", at, null);
      const row = db.prepare(
        `INSERT INTO transcript_rows (interaction_surface, session_id, seq, role, kind, content, turn_id, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      row.run(surface, sessionId, 1, "user", "message", "telegram question one", "t_1", at);
      row.run(surface, sessionId, 2, "assistant", "message", "telegram answer one", "t_1", at);
      row.run(surface, sessionId, 3, "user", "message", "telegram question two", "t_2", at);
      const checkpoint = db.prepare(
        `INSERT INTO checkpoints (interaction_surface, session_id, turn_id, message, created_at)
         VALUES (?, ?, ?, ?, ?)`,
      );
      const first = checkpoint.run(
        surface,
        sessionId,
        "t_1",
        JSON.stringify({ role: "user", content: "telegram question one" }),
        at,
      );
      checkpoint.run(
        surface,
        sessionId,
        "t_1",
        JSON.stringify({ role: "assistant", content: "telegram answer one" }),
        at,
      );
      checkpoint.run(
        surface,
        sessionId,
        "t_2",
        JSON.stringify({ role: "user", content: "telegram question two" }),
        at,
      );
      db.prepare(
        `INSERT INTO context_snapshots (interaction_surface, session_id, messages, checkpoint_boundary,
           dropped_messages, kept_turns, created_at)
         VALUES (?, ?, '[]', ?, 1, 0, ?)`,
      ).run(surface, sessionId, Number(first.lastInsertRowid), at);
    })();
  } finally {
    db.close();
  }
}

/**
 * A second connection holding `BEGIN EXCLUSIVE` (in WAL mode: the write lock; readers still read).
 * Every write of the daemon fails with SQLITE_BUSY once its busy_timeout runs out, until `release()`.
 */
export class DatabaseLock {
  private readonly db: Database.Database;
  private held = true;

  private constructor(path: string) {
    this.db = open(path);
    this.db.exec("BEGIN EXCLUSIVE");
  }

  static take(path: string): DatabaseLock {
    return new DatabaseLock(path);
  }

  get isHeld(): boolean {
    return this.held;
  }

  release(): void {
    if (!this.held) return;
    this.held = false;
    this.db.exec("ROLLBACK");
    this.db.close();
  }
}
