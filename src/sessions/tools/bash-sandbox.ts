// bash in a bubblewrap sandbox (SPEC §17, §19): the file system read-only, the session workspace and a
// private /tmp writable, the daemon's config dir, data dir, socket dir and the user's $HOME hidden, a
// pid namespace of its own (so /proc shows nothing of the daemon, whose environment holds provider
// keys, and killing bwrap ends every process the command started), and no network unless the agent
// allows it. §19 makes it hold for a daemon run as root: a user namespace and `--cap-drop ALL` (CapEff
// 0: no umount, no remount, no mount of its own), and every directory where a host Unix socket lives
// (/run, /var/run, the runtime dir, and the folder of every socket bound in the daemon's network
// namespace, read from /proc/net/unix at each call) under an empty tmpfs. What this does and does not
// stop: README.md, "bash and its sandbox".
import { execFile } from "node:child_process";
import { accessSync, constants as fsConstants, lstatSync, readFileSync, realpathSync } from "node:fs";
import { delimiter, dirname, join, resolve, sep } from "node:path";

/** tools.bash.sandbox as configured. */
export type SandboxSetting = "auto" | "bwrap" | "off";
/** What is in force (status.tools.bash_sandbox). */
export type SandboxMode = "bwrap" | "off" | "unavailable";

/** How one bash call runs. */
export type SandboxPlan =
  | { readonly kind: "off"; readonly passEnv?: readonly string[] }
  | { readonly kind: "unavailable"; readonly why: string }
  | {
      readonly kind: "bwrap";
      readonly bwrap: string;
      /** Directories replaced by an empty tmpfs inside the sandbox. */
      readonly hidden: readonly string[];
      /** Host Unix sockets that live in the workspace itself: /dev/null is bound over each. */
      readonly sockets?: readonly string[];
      /** The daemon's places: with them, each bash call looks the host's sockets up again (forCall). */
      readonly paths?: SandboxPaths;
      readonly network: boolean;
      /** The agent's tools.bash.env: names passed on top of the §19 allow-list. */
      readonly passEnv?: readonly string[];
    };

/** The daemon's own places a command must not see. */
export type SandboxPaths = {
  configDir: string;
  dataDir: string;
  endpoint: string;
  home: string | undefined;
  /** XDG_RUNTIME_DIR: the user's agent sockets (ssh-agent, D-Bus, keyrings). */
  runtimeDir: string | undefined;
};

export type BwrapProbe = { ok: true; path: string } | { ok: false; why: string };

function onPath(name: string, pathVar = process.env.PATH ?? ""): string | undefined {
  for (const dir of pathVar.split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, fsConstants.X_OK);
      return candidate;
    } catch {
      // keep looking
    }
  }
  return undefined;
}

/**
 * The bwrap arguments for `argv` run in `workspaceDir`. Order matters: bwrap applies mounts in order,
 * so the workspace is bound after the tmpfs mounts that may hide its parent (a daemon-made workspace
 * lives inside the data dir).
 */
export function bwrapArgs(
  plan: Extract<SandboxPlan, { kind: "bwrap" }>,
  workspaceDir: string,
  argv: readonly string[],
): string[] {
  const args = [
    "--die-with-parent",
    // A new session: no access to a controlling terminal (TIOCSTI), whatever the daemon runs under.
    "--new-session",
    // A user namespace of its own and no capabilities in it: a daemon run as root would otherwise hand
    // bash root's capabilities, and with them umount (the hidden dirs reappear) and remount rw (§19).
    "--unshare-user",
    "--cap-drop",
    "ALL",
    "--unshare-pid",
    "--unshare-ipc",
    "--unshare-uts",
    "--unshare-cgroup-try",
    "--ro-bind",
    "/",
    "/",
    "--dev",
    "/dev",
    "--proc",
    "/proc",
    "--tmpfs",
    "/tmp",
  ];
  if (!plan.network) args.push("--unshare-net");
  const workspace = resolve(workspaceDir);
  // A hidden dir inside the workspace (an admin's cwd may be $HOME itself) is hidden again on top of it.
  const inside = plan.hidden.filter((dir) => dir.startsWith(`${workspace}${sep}`));
  for (const dir of plan.hidden) if (!inside.includes(dir)) args.push("--tmpfs", dir);
  args.push("--bind", workspace, workspace);
  for (const dir of inside) args.push("--tmpfs", dir);
  for (const socket of plan.sockets ?? []) args.push("--ro-bind", "/dev/null", socket);
  args.push("--chdir", workspace, "--", ...argv);
  return args;
}

/** Folders never hidden whole for a socket found in them: the shell and its tools need them. */
const ESSENTIAL_DIRS = new Set([
  "/etc",
  "/usr",
  "/bin",
  "/sbin",
  "/lib",
  "/lib64",
  "/opt",
  "/var",
  "/srv",
  "/home",
  "/dev",
]);

/** The plan with the host's sockets as they are now (one read of /proc/net/unix), for one bash call. */
export function forCall(
  plan: Extract<SandboxPlan, { kind: "bwrap" }>,
  workspaceDir: string,
): Extract<SandboxPlan, { kind: "bwrap" }> {
  if (plan.paths === undefined) return plan;
  return { ...plan, ...hiddenDirs(plan.paths, workspaceDir, hostSocketPaths()) };
}

/** Fixed places of host Unix sockets (§19), hidden where they are real directories. */
const SOCKET_DIRS = ["/run", "/var/run", "/var/lib/docker", "/var/spool/postfix/private"];

/** The path itself when it is a directory reached without a link; links are hidden at their target. */
function canonicalDir(path: string): string | undefined {
  try {
    const real = realpathSync(path);
    return lstatSync(real).isDirectory() ? real : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Paths of the Unix sockets bound in this network namespace (/proc/net/unix, the last column of each
 * line; abstract sockets start with "@" and are cut off by the sandbox's own network namespace). Read
 * for each bash call (forCall): a socket made after the daemon, or the turn, started is hidden too.
 */
export function hostSocketPaths(procNetUnix = "/proc/net/unix"): string[] {
  let text: string;
  try {
    text = readFileSync(procNetUnix, "utf8");
  } catch {
    return [];
  }
  const out = new Set<string>();
  for (const line of text.split("\n").slice(1)) {
    const fields = line.trim().split(/\s+/);
    const path = fields.length >= 8 ? fields.slice(7).join(" ") : "";
    if (path.startsWith("/")) out.add(path);
  }
  return [...out];
}

/**
 * Directories to hide: the daemon's own, $HOME, the runtime dir, /run, /var/run and every folder holding
 * a host Unix socket; never "/" or /tmp (already private). A socket folder that is an ancestor of the
 * workspace is hidden as a tmpfs too (the workspace is bound back on top); sockets in the workspace
 * itself or in a folder bash needs (/etc, /usr…) are covered one by one (`sockets`: /dev/null bound
 * over each).
 */
export function hiddenDirs(
  paths: SandboxPaths,
  workspaceDir?: string,
  socketPaths: readonly string[] = [],
): { hidden: string[]; sockets: string[] } {
  const own = [paths.home, paths.runtimeDir, paths.configDir, paths.dataDir, dirname(paths.endpoint)];
  const out: string[] = [];
  const add = (dir: string): void => {
    if (dir === sep || dir === "/tmp" || out.includes(dir)) return;
    out.push(dir);
  };
  for (const c of own) {
    if (c === undefined || c === "") continue;
    // Through their links. One that does not exist (a service user's HOME=/nonexistent, a config dir
    // not written yet) has nothing to hide, and bwrap cannot mount on a path of the read-only root:
    // skipped. The plan is made again for each call, so a dir created later is hidden from then on.
    const dir = canonicalDir(c);
    if (dir !== undefined) add(dir);
  }
  for (const d of SOCKET_DIRS) {
    const dir = canonicalDir(d);
    if (dir !== undefined) add(dir);
  }
  const workspace =
    workspaceDir === undefined ? undefined : (canonicalDir(workspaceDir) ?? resolve(workspaceDir));
  const under = (dir: string, parent: string): boolean => dir.startsWith(`${parent}${sep}`);
  const inWorkspace = (dir: string): boolean =>
    workspace !== undefined && (dir === workspace || under(dir, workspace));
  // A folder below one already hidden needs no tmpfs of its own, unless the workspace (bound back on top
  // of its hidden ancestors) contains it.
  const covered = (dir: string): boolean =>
    // /tmp and /dev are the sandbox's own (a private tmpfs, a minimal /dev): nothing of the host's is there.
    (["/tmp", "/dev"].some((d) => dir === d || under(dir, d)) || out.some((h) => under(dir, h))) &&
    !inWorkspace(dir);
  const sockets: string[] = [];
  for (const socket of socketPaths) {
    const dir = canonicalDir(dirname(socket));
    if (dir === undefined || covered(dir)) continue;
    // A socket in the workspace itself, or in a folder bash cannot do without (/etc, /usr…): /dev/null
    // is bound over the socket alone instead of hiding the folder.
    if (dir === workspace || ESSENTIAL_DIRS.has(dir) || dir === sep)
      sockets.push(`${dir === sep ? "" : dir}${sep}${socket.slice(socket.lastIndexOf(sep) + 1)}`);
    else add(dir);
  }
  // Parents before children: a tmpfs over a parent would otherwise cover a child's mount.
  out.sort((a, b) => a.length - b.length);
  return { hidden: out, sockets };
}

/**
 * Finds bwrap on PATH and checks it can build the sandbox bash would get (namespaces may be forbidden:
 * an unprivileged container, user namespaces disabled). Never throws.
 */
export function probeBwrap(paths: SandboxPaths, pathVar?: string): Promise<BwrapProbe> {
  const bwrap = onPath("bwrap", pathVar);
  if (bwrap === undefined) return Promise.resolve({ ok: false, why: "bwrap (bubblewrap) is not on PATH" });
  const plan = {
    kind: "bwrap" as const,
    bwrap,
    ...hiddenDirs(paths, paths.dataDir, hostSocketPaths()),
    network: false,
  };
  const args = bwrapArgs(plan, paths.dataDir, ["/bin/sh", "-c", ":"]);
  return new Promise((done) => {
    execFile(bwrap, args, { timeout: 10_000 }, (err, _stdout, stderr) => {
      if (!err) done({ ok: true, path: bwrap });
      else
        done({ ok: false, why: `${bwrap} cannot build a sandbox here: ${(stderr || err.message).trim()}` });
    });
  });
}

/** The probe's verdict, applied to each call's setting: what is in force and how bash runs. */
export class BashSandbox {
  /**
   * `runsAsRoot`: whether the daemon runs as root. "auto" falls back to unsandboxed only for another
   * user: for root (containers, CI, servers) an agent's bash unsandboxed would be root on the host, so
   * "auto" refuses as "bwrap" does, until bwrap works or tools.bash.sandbox = "off" says so on purpose.
   */
  constructor(
    private readonly probe: BwrapProbe,
    private readonly paths: SandboxPaths,
    private readonly runsAsRoot = process.geteuid?.() === 0,
  ) {}

  mode(setting: SandboxSetting): SandboxMode {
    if (setting === "off") return "off";
    if (this.probe.ok) return "bwrap";
    return setting === "bwrap" || this.runsAsRoot ? "unavailable" : "off";
  }

  /** Why the sandbox is not in force, or undefined when it is (or was turned off on purpose). */
  warning(setting: SandboxSetting): string | undefined {
    if (setting === "off" || this.probe.ok) return undefined;
    if (setting === "bwrap")
      return `tools.bash.sandbox is "bwrap" but ${this.probe.why}: bash will refuse to run`;
    return this.runsAsRoot
      ? `${this.probe.why}: bash will refuse to run, since the daemon runs as root and bash unsandboxed would be root too (install bubblewrap and allow user namespaces, or set tools.bash.sandbox = "off" to run it unsandboxed anyway)`
      : `${this.probe.why}: bash runs unsandboxed, with everything the daemon's user can read and the network (install bubblewrap, or set tools.bash.sandbox = "off" to silence this)`;
  }

  /** Why bash refuses to run under `setting` (mode "unavailable"). */
  refusal(setting: SandboxSetting): string {
    const why = this.probe.ok ? "" : this.probe.why;
    return setting === "bwrap"
      ? `tools.bash.sandbox is "bwrap" but ${why}`
      : `the daemon runs as root and ${why} (tools.bash.sandbox = "off" runs bash unsandboxed, as root)`;
  }

  /**
   * How bash runs for a turn. What to hide is not decided here but by forCall, for each bash call in the
   * call's own workspace; `_workspaceDir` stays in the signature for the callers that name it.
   */
  plan(
    setting: SandboxSetting,
    network: boolean,
    passEnv: readonly string[] = [],
    _workspaceDir?: string,
  ): SandboxPlan {
    switch (this.mode(setting)) {
      case "off":
        return { kind: "off", passEnv };
      case "unavailable":
        return { kind: "unavailable", why: this.refusal(setting) };
      case "bwrap":
        // What to hide (the daemon's places, the host's sockets as they are then) is looked up by
        // forCall when bash actually runs: a turn that never runs bash (every echo turn) reads no
        // /proc/net/unix (issue-13 bench: 1000 echo turns were 7.6× the floor with the lookup per turn).
        return {
          kind: "bwrap",
          bwrap: (this.probe as { path: string }).path,
          hidden: [],
          paths: this.paths,
          network,
          passEnv,
        };
    }
  }
}
