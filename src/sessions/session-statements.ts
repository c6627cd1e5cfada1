// The session store's SQL, prepared once per database connection (issue 13). The statements use
// better-sqlite3 directly rather than drizzle-orm: drizzle built and prepared its SQL on every call
// (half of a turn's self time), and even its `.prepare()` maps every result row through its column
// table; here the column aliases already are the row type's field names, so rows come back as they
// are. drizzle stays the schema's single source (schema.ts) and runs the checked-in migrations.
import type Database from "better-sqlite3";

const SESSION_COLS =
  "interaction_surface AS surface, session_id AS sessionId, agent, owner, workspace_dir AS workspaceDir, state, created_at AS createdAt, updated_at AS updatedAt";
const ROW_COLS =
  "interaction_surface AS surface, session_id AS sessionId, seq, role, kind, content, turn_id AS turnId, created_at AS createdAt";
const OF_SESSION = "interaction_surface = ? AND session_id = ?";
/** The transcript rows of the outer query's session `s`. */
const ROWS_OF_S =
  "transcript_rows t WHERE t.interaction_surface = s.interaction_surface AND t.session_id = s.session_id";

type Statement = Database.Statement<unknown[], unknown>;
type Names =
  | "insertSession"
  | "getSession"
  | "listSessions"
  | "countSessions"
  | "countSessionsOf"
  | "workspacesNotOf"
  | "orphaned"
  | "setState"
  | "touchSession"
  | "lastSeq"
  | "insertRow"
  | "page"
  | "countRows"
  | "startTurn"
  | "endTurn"
  | "turnCount"
  | "runningTurns"
  | "insertCheckpoint"
  | "latestCheckpointId"
  | "checkpointsAfter"
  | "latestSnapshot"
  | "insertSnapshot";
export type SessionStatements = Record<Names, Statement> & { deleteSession: Statement[] };

export function prepareSessionStatements(db: Database.Database): SessionStatements {
  const p = (sql: string): Statement => db.prepare(sql);
  return {
    insertSession: p(
      "INSERT INTO sessions (interaction_surface, session_id, agent, owner, workspace_dir, state, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    ),
    getSession: p(`SELECT ${SESSION_COLS} FROM sessions WHERE ${OF_SESSION}`),
    // The transcript length is its last seq: rows are numbered 1, 2, … and never deleted one by one,
    // so max(seq), one step down the primary key, is the count without scanning the transcript.
    // Last activity is the newest transcript row's time, not updated_at: a close (a daemon stop closes
    // every session) or a kill touches updated_at without anyone doing anything in the session. The
    // daemon's own markers (an interrupted turn, found at a restart) are not activity either.
    listSessions: p(
      `SELECT ${SESSION_COLS}, coalesce((SELECT max(t.seq) FROM ${ROWS_OF_S}), 0) AS messageCount, coalesce((SELECT t.created_at FROM ${ROWS_OF_S} AND t.kind <> 'marker' ORDER BY t.seq DESC LIMIT 1), s.created_at) AS lastActivity, (SELECT t.content FROM ${ROWS_OF_S} AND t.role = 'user' AND t.kind = 'message' ORDER BY t.seq LIMIT 1) AS firstPrompt FROM sessions s WHERE interaction_surface IN ('acp', 'chat') ORDER BY created_at DESC`,
    ),
    countSessions: p("SELECT count(*) AS n FROM sessions WHERE interaction_surface IN ('acp', 'chat')"),
    countSessionsOf: p(
      "SELECT count(*) FROM sessions WHERE interaction_surface IN ('acp', 'chat') AND owner = ?",
    ).pluck(),
    workspacesNotOf: p(
      "SELECT workspace_dir FROM sessions WHERE interaction_surface IN ('acp', 'chat') AND owner <> ?",
    ).pluck(),
    orphaned: p(
      `SELECT ${SESSION_COLS} FROM sessions WHERE interaction_surface IN ('acp', 'chat') AND state = 'open'`,
    ),
    setState: p(`UPDATE sessions SET state = ?, updated_at = ? WHERE ${OF_SESSION}`),
    touchSession: p(`UPDATE sessions SET updated_at = ? WHERE ${OF_SESSION}`),
    lastSeq: p(`SELECT seq FROM transcript_rows WHERE ${OF_SESSION} ORDER BY seq DESC LIMIT 1`).pluck(),
    insertRow: p(
      "INSERT INTO transcript_rows (interaction_surface, session_id, seq, role, kind, content, turn_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    ),
    page: p(`SELECT ${ROW_COLS} FROM transcript_rows WHERE ${OF_SESSION} AND seq > ? ORDER BY seq LIMIT ?`),
    countRows: p(`SELECT count(*) FROM transcript_rows WHERE ${OF_SESSION}`).pluck(),
    startTurn: p(
      "INSERT INTO turns (interaction_surface, session_id, turn_id, state, started_at) VALUES (?, ?, ?, 'running', ?)",
    ),
    endTurn: p(`UPDATE turns SET state = ?, ended_at = ? WHERE ${OF_SESSION} AND turn_id = ?`),
    turnCount: p(`SELECT count(*) FROM turns WHERE ${OF_SESSION}`).pluck(),
    runningTurns: p(`SELECT turn_id FROM turns WHERE ${OF_SESSION} AND state = 'running'`).pluck(),
    insertCheckpoint: p(
      "INSERT INTO checkpoints (interaction_surface, session_id, turn_id, message, created_at) VALUES (?, ?, ?, ?, ?)",
    ),
    latestCheckpointId: p(`SELECT id FROM checkpoints WHERE ${OF_SESSION} ORDER BY id DESC LIMIT 1`).pluck(),
    checkpointsAfter: p(`SELECT message FROM checkpoints WHERE ${OF_SESSION} AND id > ? ORDER BY id`).pluck(),
    latestSnapshot: p(
      `SELECT messages, checkpoint_boundary AS boundary FROM context_snapshots WHERE ${OF_SESSION} ORDER BY id DESC LIMIT 1`,
    ),
    insertSnapshot: p(
      "INSERT INTO context_snapshots (interaction_surface, session_id, messages, checkpoint_boundary, dropped_messages, kept_turns, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    ),
    deleteSession: [
      "transcript_rows",
      "checkpoints",
      "context_snapshots",
      "turns",
      "session_files",
      "sessions",
    ].map((table) => p(`DELETE FROM ${table} WHERE ${OF_SESSION}`)),
  };
}
