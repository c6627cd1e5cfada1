// Drizzle table definitions: the single source for drizzle-kit's checked-in migrations and for typed queries.
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

// Pairing tokens authenticate gateway peers (SPEC §4, §5). A token is shown to its owner once, at
// `pairing/create`; the database keeps only its sha256, so a copied database file, backup or WAL segment
// cannot be replayed as a credential. A 256-bit random token needs no salt or slow hash: there is nothing
// to brute-force, and an unsalted digest keeps lookup a single indexed equality.
export const pairingTokens = sqliteTable("pairing_tokens", {
  tokenId: text("token_id").primaryKey(),
  user: text("user").notNull(),
  label: text("label"),
  tokenHash: text("token_hash").notNull().unique(),
  // ISO 8601 UTC strings sort chronologically as text and read unambiguously in the sqlite3 shell.
  createdAt: text("created_at").notNull(),
  // Revocation keeps the row so `pairing/revoke` is auditable and a revoked id can never be reissued.
  revokedAt: text("revoked_at"),
});

export type PairingTokenRow = typeof pairingTokens.$inferSelect;

// Sessions (SPEC §8). Every session row is keyed by its interaction surface as well as its id: RPC
// sessions are "acp" or "chat" (stored apart, so one id may exist in both), and rows of surfaces this
// daemon does not serve are never touched by its recovery.
export const sessions = sqliteTable(
  "sessions",
  {
    surface: text("interaction_surface").notNull(),
    sessionId: text("session_id").notNull(),
    agent: text("agent").notNull(),
    owner: text("owner").notNull(),
    workspaceDir: text("workspace_dir").notNull(),
    // open: has (or had, until a crash) a live owner; closed: resumable; killed: tombstone.
    state: text("state").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.surface, t.sessionId] })],
);

// The display transcript: what session/messages returns. Trimming never deletes or renumbers rows.
export const transcriptRows = sqliteTable(
  "transcript_rows",
  {
    surface: text("interaction_surface").notNull(),
    sessionId: text("session_id").notNull(),
    seq: integer("seq").notNull(),
    role: text("role").notNull(),
    kind: text("kind").notNull(),
    content: text("content").notNull(),
    turnId: text("turn_id"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.surface, t.sessionId, t.seq] })],
);

// One row per turn; a turn still "running" after a crash is what recovery finds (once: it flips the
// state in the same transaction that writes the visible marker).
export const turns = sqliteTable(
  "turns",
  {
    surface: text("interaction_surface").notNull(),
    sessionId: text("session_id").notNull(),
    turnId: text("turn_id").notNull(),
    state: text("state").notNull(),
    startedAt: text("started_at").notNull(),
    endedAt: text("ended_at"),
  },
  (t) => [primaryKey({ columns: [t.surface, t.sessionId, t.turnId] })],
);

// Checkpoint events: the provider-context messages of every turn, in order. Retained context is the
// latest snapshot plus the checkpoints after its boundary.
export const checkpoints = sqliteTable(
  "checkpoints",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    surface: text("interaction_surface").notNull(),
    sessionId: text("session_id").notNull(),
    turnId: text("turn_id").notNull(),
    message: text("message").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("checkpoints_session").on(t.surface, t.sessionId, t.id)],
);

// Retained-context snapshots written by trimming, together with their checkpoint boundary. An empty
// `messages` array is a valid snapshot (everything before the boundary dropped), unlike no snapshot.
export const contextSnapshots = sqliteTable(
  "context_snapshots",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    surface: text("interaction_surface").notNull(),
    sessionId: text("session_id").notNull(),
    messages: text("messages").notNull(),
    boundary: integer("checkpoint_boundary").notNull(),
    droppedMessages: integer("dropped_messages").notNull(),
    keptTurns: integer("kept_turns").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("context_snapshots_session").on(t.surface, t.sessionId, t.id)],
);

// The per-session index of stored files (SPEC §9): one row per distinct content hash per session.
// The path is derived from the hash, never from the filename a client sent.
export const sessionFiles = sqliteTable(
  "session_files",
  {
    surface: text("interaction_surface").notNull(),
    sessionId: text("session_id").notNull(),
    sha256: text("sha256").notNull(),
    filename: text("filename").notNull(),
    path: text("path").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.surface, t.sessionId, t.sha256] })],
);
