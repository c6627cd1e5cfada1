// The content-addressed store of SPEC §9, shared by file/attach and upload commits: files live in the
// session's workspace under `files/<sha256>` (a client's filename never chooses the path), indexed per
// session, so the same bytes sent twice are stored once. Every step is synchronous: the caller's checks
// and this write happen in one turn of the event loop, so no policy change can land in between.
import { createHash, randomBytes } from "node:crypto";
import {
  closeSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import type { FileEntry } from "../../generated/types.js";
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
    const dir = filesDir(owner.workspaceDir);
    const path = join(dir, hex);
    const indexed = this.indexed(owner, hex);
    // A re-sent file is compared with what is on disk: edited, deleted or replaced by a link, it is
    // written back from the bytes just received.
    if (!intact(path, hex, bytes.length)) writeAtomically(dir, path, bytes);
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

/** `<workspace>/files`, made a real private directory even if something put a link or a file there. */
function filesDir(workspaceDir: string): string {
  const dir = join(workspaceDir, "files");
  try {
    if (!lstatSync(dir).isDirectory()) rmSync(dir, { force: true });
  } catch {
    // missing: created below
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
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

/** Temp file in the same directory, fsync, rename over the target (a link at the target is replaced, not followed). */
function writeAtomically(dir: string, path: string, bytes: Buffer): void {
  const tmp = join(dir, `.${randomBytes(8).toString("hex")}${PARTIAL}`);
  const fd = openSync(tmp, "wx", 0o600);
  try {
    writeSync(fd, bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(tmp, path);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

/** Removes temp files a crash left mid-write, so a restart leaves no partial file in a workspace. */
export function sweepPartials(workspaceDir: string): number {
  const dir = join(workspaceDir, "files");
  let removed = 0;
  try {
    for (const name of readdirSync(dir)) {
      if (name.startsWith(".") && name.endsWith(PARTIAL)) {
        rmSync(join(dir, name), { force: true });
        removed++;
      }
    }
  } catch {
    // no files dir: nothing to sweep
  }
  return removed;
}
