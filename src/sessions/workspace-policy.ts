// Where a session may work (SPEC §12). A daemon-made workspace is always strictly inside
// `<data_dir>/workspaces/`, a real directory (never a symlink found there, SPEC §17); a client-chosen cwd is the owner's choice: admins may name any directory
// outside the data dir, other principals only one inside their profiles' workspace_roots and never a
// workspace of another principal's session. Symlinks are resolved before every comparison, so a link
// cannot smuggle the data dir or someone else's workspace past the check.
import { lstatSync, mkdirSync, realpathSync, statSync } from "node:fs";
import { isAbsolute, join, relative, sep } from "node:path";
import { rpcErrors } from "../../generated/errors.js";
import type { Principal } from "../auth/principal.js";

/** True when `path` is `dir` itself or anything below it (both already resolved). */
export const within = (path: string, dir: string): boolean =>
  path === dir || path.startsWith(dir.endsWith(sep) ? dir : `${dir}${sep}`);

const real = (path: string): string | undefined => {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
};

export type ForeignWorkspaces = () => Iterable<string>;

/**
 * Makes `path` a directory of the daemon's own (0700), or accepts one that is already a real directory.
 * A symlink or anything else there was not made by the daemon: refused with -32603 and left as it is
 * (SPEC §17), never followed, so a planted link cannot make some other directory a workspace.
 */
function realDirectory(path: string): void {
  try {
    mkdirSync(path, { mode: 0o700 });
    return;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  if (!lstatSync(path).isDirectory()) {
    throw rpcErrors.internalError(
      `${path} exists and is not a directory the daemon made; it was left as it is`,
    );
  }
}

export class WorkspacePolicy {
  constructor(private readonly dataDir: string) {}

  private get workspacesRoot(): string {
    return join(this.dataDir, "workspaces");
  }

  /** The daemon-made workspace of a session id the schema already vetted (no dots-only id, no slash). */
  managedWorkspace(id: string): string {
    const root = this.workspacesRoot;
    const dir = join(root, id);
    const rel = relative(root, dir);
    if (rel === "" || rel.startsWith("..") || rel.includes(sep) || isAbsolute(rel)) {
      throw rpcErrors.invalidParams({
        errors: [{ path: "/session_id", message: "a session id must name a directory of its own" }],
      });
    }
    realDirectory(root);
    realDirectory(dir);
    return dir;
  }

  /** Is `dir` one the daemon made for a session (so deleting the session may remove it)? */
  isManaged(dir: string): boolean {
    const rel = relative(this.workspacesRoot, dir);
    return rel !== "" && !rel.startsWith("..") && !rel.includes(sep) && !isAbsolute(rel);
  }

  /**
   * Checks a client-chosen cwd and returns it as given. `foreign` lists the workspaces of sessions
   * owned by other principals (only consulted for non-admins).
   */
  chosenWorkspace(cwd: string, principal: Principal, foreign: ForeignWorkspaces): string {
    let isDir = false;
    try {
      isDir = isAbsolute(cwd) && statSync(cwd).isDirectory();
    } catch {
      isDir = false;
    }
    if (!isDir) {
      throw rpcErrors.invalidParams({
        errors: [{ path: "/cwd", message: "cwd must be an existing absolute directory" }],
      });
    }
    const target = real(cwd);
    const data = real(this.dataDir) ?? this.dataDir;
    if (target === undefined || within(target, data)) throw rpcErrors.cwdForbidden({ cwd });
    if (principal.admin) return cwd;
    const roots = principal.workspaceRoots.map(real).filter((r): r is string => r !== undefined);
    if (!roots.some((root) => within(target, root))) throw rpcErrors.cwdForbidden({ cwd });
    for (const ws of foreign()) {
      const other = real(ws);
      if (other !== undefined && within(target, other)) throw rpcErrors.cwdForbidden({ cwd });
    }
    return cwd;
  }
}
