// Opening the daemon's one SQLite database (SPEC §8): private file, WAL, checked-in drizzle migrations.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { ensurePrivateFile, refuseLink } from "./atomic-write.js";
import * as schema from "./schema.js";
import { type CheckpointTiming, WalCheckpointer } from "./wal-checkpointer.js";

export const DEFAULT_DB_FILE = "zeroclaw.db";

const MIGRATIONS = join("src", "storage", "migrations");
const JOURNAL = join(MIGRATIONS, "meta", "_journal.json");
// drizzle's default bookkeeping table; named here only to recognise a concurrent opener's work.
const MIGRATIONS_TABLE = "__drizzle_migrations";

export type Storage = {
  db: BetterSQLite3Database<typeof schema>;
  sqlite: Database.Database;
  /** Absolute path of the database file. */
  path: string;
  /** The idle checkpointer, when opened with `checkpoints` (the daemon); else SQLite auto-checkpoints. */
  checkpointer?: WalCheckpointer;
  close(): void;
};

/** Opening or migrating the database failed; `path` names the file so the operator knows what to inspect. */
export class StorageError extends Error {
  override name = "StorageError";
  constructor(
    message: string,
    readonly path: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * The migrations live in the source tree, and tsc does not copy .sql files into dist/, so both
 * src/storage/ (vitest, tsx) and dist/src/storage/ (compiled) must resolve to the same folder: walk up
 * to the first ancestor that holds the checked-in journal.
 */
export function findMigrationsFolder(fromDir: string = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = resolve(fromDir); ; dir = dirname(dir)) {
    if (existsSync(join(dir, JOURNAL))) return join(dir, MIGRATIONS);
    if (dirname(dir) === dir) {
      throw new Error(`storage migrations not found: no ${JOURNAL} above ${fromDir}`);
    }
  }
}

let migrationsFolder: string | undefined;

export function openDatabase(
  dataDir: string,
  options: { fileName?: string; busyTimeoutMs?: number; checkpoints?: CheckpointTiming } = {},
): Storage {
  const path = resolve(dataDir, options.fileName ?? DEFAULT_DB_FILE);
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  // better-sqlite3 would create the file with the umask's mode (often 0644); creating it ourselves first
  // means it is never world-readable, not even for an instant. SQLite gives -wal and -shm the same mode.
  // A link at the database or its WAL files is refused, never followed (SPEC §19): SQLite opens them by
  // name and would write through a planted link.
  for (const suffix of ["-wal", "-shm", "-journal"]) refuseLink(`${path}${suffix}`);
  ensurePrivateFile(path);

  let sqlite: Database.Database | undefined;
  try {
    sqlite = new Database(path);
    // busy_timeout first, so that switching to WAL and migrating wait for another connection's lock.
    sqlite.pragma(`busy_timeout = ${Math.max(0, Math.trunc(options.busyTimeoutMs ?? 5000))}`);
    sqlite.pragma("journal_mode = WAL");
    // NORMAL is durable across application crashes in WAL mode; only a power loss can drop the last commits.
    sqlite.pragma("synchronous = NORMAL");
    sqlite.pragma("foreign_keys = ON");
    const db = drizzle(sqlite, { schema });
    runMigrations(db, sqlite);
    const conn = sqlite;
    let checkpointer: WalCheckpointer | undefined;
    if (options.checkpoints) {
      // Checkpoints run in the background (wal-checkpointer.ts); the one inside a commit is a rare net.
      sqlite.pragma(`wal_autocheckpoint = ${Math.max(1, Math.trunc(options.checkpoints.safetyPages))}`);
      checkpointer = new WalCheckpointer(sqlite, path, options.checkpoints);
    }
    return {
      db,
      sqlite: conn,
      path,
      checkpointer,
      close: () => {
        void checkpointer?.stop();
        if (conn.open) conn.close();
      },
    };
  } catch (err) {
    sqlite?.close();
    const reason = err instanceof Error ? err.message : String(err);
    throw new StorageError(`cannot open database ${path}: ${reason}`, path, { cause: err });
  }
}

function runMigrations(db: BetterSQLite3Database<typeof schema>, sqlite: Database.Database): void {
  migrationsFolder ??= findMigrationsFolder();
  try {
    migrate(db, { migrationsFolder });
  } catch (err) {
    // drizzle reads its bookkeeping before taking the write lock, so two processes opening a fresh file
    // at once can both try the same migration; the loser fails, yet the schema it wanted is in place.
    if (!isUpToDate(sqlite, migrationsFolder)) {
      const reason = err instanceof Error ? err.message : String(err);
      throw new Error(`migration failed: ${reason}`, { cause: err });
    }
  }
}

function isUpToDate(sqlite: Database.Database, folder: string): boolean {
  const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  const latest = Math.max(0, ...journal.entries.map((e) => e.when));
  try {
    const row = sqlite.prepare(`SELECT max(created_at) AS applied FROM ${MIGRATIONS_TABLE}`).get() as
      | { applied: number | null }
      | undefined;
    return Number(row?.applied ?? -1) >= latest;
  } catch {
    return false;
  }
}
