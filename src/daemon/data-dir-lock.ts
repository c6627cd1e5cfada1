// One daemon per data dir (SPEC §17): an exclusive OS lock on `<data_dir>/daemon.lock`, held for the
// daemon's lifetime and released by the kernel when the process dies, however it dies. The lock is
// SQLite's own (a one-page database in exclusive locking mode: fcntl locks on Unix, LockFileEx on
// Windows) because better-sqlite3 is the one native module the daemon cannot run without; it needs no
// extra addon, no helper process and no binary on PATH. Why not flock or a pid file: src/daemon/README.md.
import { closeSync, openSync, readSync, realpathSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { refuseLink } from "../storage/atomic-write.js";

export const DATA_DIR_LOCK_FILE = "daemon.lock";

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number | undefined,
  ) {
    super(`data dir ${dataDir} is in use by zeroclaw daemon (pid ${pid ?? "unknown"})`);
    this.name = "DataDirBusyError";
  }
}

export type DataDirLock = { readonly path: string; release(): void };

/**
 * Data dirs this process holds, by real path. SQLite already refuses a second lock in the same
 * process; this only answers "whose pid" without opening the file: closing any descriptor of a file
 * drops every POSIX lock this process holds on it, so the holder's own process must never read it.
 */
const heldHere = new Set<string>();

/** SQLite keeps `PRAGMA user_version` as a big-endian 32-bit integer at this offset of its header. */
const USER_VERSION_OFFSET = 60;
/** A contender that read a pid no process has waits this long for the holder's first commit. */
const PID_SETTLE_MS = 1_000;

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
};

const isBusy = (err: unknown): boolean => {
  const code = (err as { code?: unknown }).code;
  return code === "SQLITE_BUSY" || code === "SQLITE_LOCKED";
};

/** The pid the holder wrote into the header (another process's file: reading it is harmless there). */
function headerPid(file: string): number | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, "r");
    const bytes = Buffer.alloc(4);
    if (readSync(fd, bytes, 0, 4, USER_VERSION_OFFSET) !== 4) return undefined;
    const pid = bytes.readUInt32BE(0);
    return pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The holder may be between taking the lock and committing its pid: wait briefly for a live one. */
async function holderPid(file: string): Promise<number | undefined> {
  const deadline = Date.now() + PID_SETTLE_MS;
  let pid = headerPid(file);
  while ((pid === undefined || !isAlive(pid)) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 25));
    pid = headerPid(file);
  }
  return pid;
}

/**
 * Takes the data dir's lock, or throws DataDirBusyError naming the holder's pid. The lock is the
 * exclusive lock SQLite takes on its first write in `locking_mode = EXCLUSIVE` and keeps until the
 * connection closes; that first write stores our pid in the header, where a contender reads it.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const path = join(dataDir, DATA_DIR_LOCK_FILE);
  const key = realpathSync(dataDir);
  if (heldHere.has(key)) throw new DataDirBusyError(dataDir, process.pid);
  // SQLite opens the lock file by name: a planted link there is refused, never followed (SPEC §19).
  for (const suffix of ["", "-journal"]) refuseLink(`${path}${suffix}`);
  const db = new Database(path, { timeout: 0 });
  try {
    db.pragma("locking_mode = EXCLUSIVE");
    db.pragma(`user_version = ${process.pid}`);
  } catch (err) {
    db.close();
    if (isBusy(err)) throw new DataDirBusyError(dataDir, await holderPid(path));
    throw err;
  }
  heldHere.add(key);
  let released = false;
  return {
    path,
    release() {
      if (released) return;
      released = true;
      heldHere.delete(key);
      db.close();
    },
  };
}
