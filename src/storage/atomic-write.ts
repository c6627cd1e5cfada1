// Every file the daemon writes goes through here (SPEC §19 "atomic writes never follow links"): the
// bytes go to a fresh temp file in the target's directory, created with O_CREAT | O_EXCL | O_NOFOLLOW,
// mode 0600 and a random name (so nothing planted in advance can be in the way, and a link at that
// name is an error, never followed), fsynced, then renamed over the target and the directory fsynced:
// a crash leaves the old or the new file, never a mix. A link at the target itself is refused too
// (unless the caller owns the name outright: `atTarget: "replace"`) — rename would replace the link
// rather than follow it, but a link at config.toml means someone arranged it (a dotfiles checkout), and
// silently cutting it is no better than writing through it. Any failure leaves the target and everything a link
// points at exactly as they were. Why not write-file-atomic (npm): it names the temp file predictably
// (target + murmurhash of pid and a counter), opens it without O_EXCL | O_NOFOLLOW and follows a link at
// the target (it writes to the link's destination): the two things this file exists to prevent.
import { randomBytes } from "node:crypto";
import { closeSync, constants, fsyncSync, lstatSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { type FileHandle, lstat, open, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

const CREATE_FRESH = constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW | constants.O_WRONLY;

/** A symbolic link (or another non-file) where the daemon was to write a file: never followed. */
export class LinkInTheWayError extends Error {
  readonly code = "ELINKINWAY";
  constructor(
    readonly path: string,
    what: string,
  ) {
    super(`${path} is ${what}: a link in the way is never followed (SPEC §19); nothing was written`);
    this.name = "LinkInTheWayError";
  }
}

/** The temp name for `target`: hidden, in the same directory, random, ending in `suffix`. */
export function tempNameFor(target: string, suffix = ".tmp"): string {
  return join(dirname(target), `.${basename(target)}.${randomBytes(8).toString("hex")}${suffix}`);
}

function refuseNonFile(path: string, st: { isSymbolicLink(): boolean; isFile(): boolean } | undefined): void {
  if (st === undefined || st.isFile()) return;
  throw new LinkInTheWayError(path, st.isSymbolicLink() ? "a symbolic link" : "not a regular file");
}

const lstatOrUndefined = (path: string) => {
  try {
    return lstatSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
};

/** Throws LinkInTheWayError when `path` is a link or anything but a regular file; a missing path is fine. */
export function refuseLink(path: string): void {
  refuseNonFile(path, lstatOrUndefined(path));
}

/** An O_EXCL | O_NOFOLLOW temp file: a name taken (by anything, link or not) is retried with a new one. */
function openFreshSync(
  target: string,
  suffix: string,
  name: (target: string, suffix: string) => string = tempNameFor,
): { fd: number; tmp: string } {
  for (let attempt = 0; ; attempt++) {
    const tmp = name(target, suffix);
    try {
      return { fd: openSync(tmp, CREATE_FRESH, 0o600), tmp };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 4) throw err;
    }
  }
}

async function openFresh(
  target: string,
  suffix: string,
  name: (target: string, suffix: string) => string = tempNameFor,
): Promise<{ handle: FileHandle; tmp: string }> {
  for (let attempt = 0; ; attempt++) {
    const tmp = name(target, suffix);
    try {
      return { handle: await open(tmp, CREATE_FRESH, 0o600), tmp };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 4) throw err;
    }
  }
}

export type AtomicWriteOptions = {
  /** Ending of the temp file's name (a store sweeps its leftovers by it). Default ".tmp". */
  tempSuffix?: string;
  /**
   * A link (or other non-file) at the target: "refuse" (default) throws LinkInTheWayError; "replace"
   * renames over it — still never followed — for a store that owns the name outright (the
   * content-addressed file store restores a tampered file in place).
   */
  atTarget?: "refuse" | "replace";
  /** Picks each temp name (default tempNameFor): a test plants a link at exactly the name tried first. */
  tempName?: (target: string, suffix: string) => string;
};

/** Writes `data` to `target` atomically (see the top of this file). Asynchronous: an fsync never stalls the daemon. */
export async function writeFileAtomic(
  target: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<void> {
  let st: Awaited<ReturnType<typeof lstat>> | undefined;
  try {
    st = await lstat(target);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  if (options.atTarget !== "replace") refuseNonFile(target, st);
  const { handle, tmp } = await openFresh(target, options.tempSuffix ?? ".tmp", options.tempName);
  let open_: FileHandle | undefined = handle;
  try {
    await handle.writeFile(data);
    await handle.sync();
    await handle.close();
    open_ = undefined;
    await rename(tmp, target);
  } catch (err) {
    if (open_ !== undefined) await open_.close().catch(() => undefined);
    await rm(tmp, { force: true }).catch(() => undefined);
    throw err;
  }
  await syncDir(dirname(target));
}

/** The synchronous twin, for stores whose callers are synchronous. */
export function writeFileAtomicSync(
  target: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
): void {
  if (options.atTarget !== "replace") refuseLink(target);
  const { fd, tmp } = openFreshSync(target, options.tempSuffix ?? ".tmp", options.tempName);
  try {
    try {
      const bytes = typeof data === "string" ? Buffer.from(data) : data;
      for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, target);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

async function syncDir(dir: string): Promise<void> {
  try {
    const handle = await open(dir, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some platforms cannot fsync a directory; the rename itself is already atomic.
  }
}

/**
 * Creates `path` empty with mode 0600 if missing, refusing a link there (O_NOFOLLOW): for files another
 * library then opens by name (SQLite's database, WAL and lock files).
 */
export function ensurePrivateFile(path: string): void {
  refuseLink(path);
  try {
    closeSync(openSync(path, constants.O_CREAT | constants.O_WRONLY | constants.O_NOFOLLOW, 0o600));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ELOOP") throw new LinkInTheWayError(path, "a symbolic link");
    throw err;
  }
}
