// The content-addressed store of SPEC §9 and §12, shared by file/attach and upload commits: files live
// in the session's workspace under `.zeroclaw/files/<sha256>` (a client's filename never chooses the
// path), indexed per session, so the same bytes sent twice are stored once. The store never removes or
// replaces anything it did not create: a directory on that path that is a file or a link fails the
// store with -32603. Files indexed before that layout keep their indexed path. Every step is synchronous: the caller's checks
// and this write happen in one turn of the event loop, so no policy change can land in between.
import { createHash } from "node:crypto";
import { lstatSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { and, eq } from "drizzle-orm";
import { rpcErrors } from "../../generated/errors.js";
import type { FileEntry } from "../../generated/types.js";
import { writeFileAtomicSync } from "../storage/atomic-write.js";
import type { Storage } from "../storage/database.js";
import { sessionFiles } from "../storage/schema.js";

export type FileOwner = { surface: string; sessionId: string; workspaceDir: string };

const PARTIAL = ".partial";
export const sha256Hex = (bytes: Buffer): string => createHash("sha256").update(bytes).digest("hex");
export const markerFor = (filename: string, size: number, hex: string): string =>
  `[file ${filename}, ${size} bytes, sha256:${hex}]`;

export class FileStore {
  constructor(private readonly storage: Storage) {}

  store(owner: FileOwner, filename: string, bytes: Buffer): FileEntry {
    const hex = sha256Hex(bytes);
    const indexed = this.indexed(owner, hex);
    // A re-sent file is compared with what is on disk: edited, deleted or replaced by a link, the
    // indexed file itself (never anything around it) is written back from the bytes just received.
    const dir = indexed ? undefined : storeDir(owner.workspaceDir);
    const path = indexed?.path ?? join(dir!, hex);
    if (!intact(path, hex, bytes.length)) {
      realDirectory(dir ?? dirname(path));
      writeAtomically(path, bytes);
    }
    if (!indexed) {
      this.storage.db
        .insert(sessionFiles)
        .values({
          surface: owner.surface,
          sessionId: owner.sessionId,
          sha256: hex,
          filename,
          path,
          sizeBytes: bytes.length,
          createdAt: new Date().toISOString(),
        })
        .run();
    }
    return {
      ref_id: `sha256:${hex}`,
      filename,
      marker: markerFor(filename, bytes.length, hex),
      workspace_path: path,
      size_bytes: bytes.length,
      deduplicated: indexed !== undefined,
    };
  }

  /** The indexed file of this session with this ref_id (`sha256:<hex>`), if any. */
  find(
    owner: Pick<FileOwner, "surface" | "sessionId">,
    refId: string,
  ): { filename: string; path: string; sizeBytes: number; sha256: string } | undefined {
    const hex = refId.startsWith("sha256:") ? refId.slice(7).toLowerCase() : "";
    return this.indexed(owner, hex);
  }

  private indexed(owner: Pick<FileOwner, "surface" | "sessionId">, hex: string) {
    return this.storage.db
      .select({
        filename: sessionFiles.filename,
        path: sessionFiles.path,
        sizeBytes: sessionFiles.sizeBytes,
        sha256: sessionFiles.sha256,
      })
      .from(sessionFiles)
      .where(
        and(
          eq(sessionFiles.surface, owner.surface),
          eq(sessionFiles.sessionId, owner.sessionId),
          eq(sessionFiles.sha256, hex),
        ),
      )
      .get();
  }
}

const STORE_PATH = [".zeroclaw", "files"] as const;

/** The error for a store path that is not ours to use: nothing is removed or replaced. */
const notARealDirectory = (path: string) =>
  rpcErrors.internalError(`cannot store the file: ${path} exists and is not a directory`);

/** `dir` if it is a real directory (not a link to one); -32603 otherwise. */
function realDirectory(dir: string): string {
  let ok = false;
  try {
    ok = lstatSync(dir).isDirectory();
  } catch {
    ok = false;
  }
  if (!ok) throw notARealDirectory(dir);
  return dir;
}

/**
 * `<workspace>/.zeroclaw/files`, created lazily one level at a time, each private. A level that exists
 * as anything but a real directory (a file, a symlink) fails the store: it may be the user's.
 */
function storeDir(workspaceDir: string): string {
  let dir = realDirectory(workspaceDir);
  for (const name of STORE_PATH) {
    dir = join(dir, name);
    try {
      mkdirSync(dir, { mode: 0o700 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      realDirectory(dir);
    }
  }
  return dir;
}

function intact(path: string, hex: string, size: number): boolean {
  try {
    const st = lstatSync(path);
    return st.isFile() && st.size === size && sha256Hex(readFileSync(path)) === hex;
  } catch {
    return false;
  }
}

/**
 * Through the daemon's one atomic writer (SPEC §19): the temp file is O_EXCL | O_NOFOLLOW with a random
 * name; a link at the target (the store's own content-addressed name) is replaced, never followed.
 */
function writeAtomically(path: string, bytes: Buffer): void {
  writeFileAtomicSync(path, bytes, { tempSuffix: PARTIAL, atTarget: "replace" });
}

/** Removes temp files a crash left mid-write, so a restart leaves no partial file in a workspace. */
export function sweepPartials(workspaceDir: string): number {
  let removed = 0;
  // The current layout and the one before it (files indexed there are still written back there).
  for (const dir of [join(workspaceDir, ...STORE_PATH), join(workspaceDir, "files")]) {
    try {
      if (!lstatSync(dir).isDirectory()) continue;
      for (const name of readdirSync(dir)) {
        if (name.startsWith(".") && name.endsWith(PARTIAL)) {
          rmSync(join(dir, name), { force: true });
          removed++;
        }
      }
    } catch {
      // no such dir: nothing to sweep
    }
  }
  return removed;
}
