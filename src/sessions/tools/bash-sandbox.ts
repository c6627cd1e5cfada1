// bash in a bubblewrap sandbox (SPEC §17): the file system read-only, the session workspace and a
// private /tmp writable, the daemon's config dir, data dir, socket dir and the user's $HOME hidden, a
// pid namespace of its own (so /proc shows nothing of the daemon, whose environment holds provider
// keys, and killing bwrap ends every process the command started), and no network unless the agent
// allows it. What this does and does not stop: README.md, "bash and its sandbox".
import { execFile } from "node:child_process";
import { accessSync, constants as fsConstants } from "node:fs";
import { delimiter, dirname, join, resolve, sep } from "node:path";

/** tools.bash.sandbox as configured. */
export type SandboxSetting = "auto" | "bwrap" | "off";
/** What is in force (status.tools.bash_sandbox). */
export type SandboxMode = "bwrap" | "off" | "unavailable";

/** How one bash call runs. */
export type SandboxPlan =
  | { readonly kind: "off" }
  | { readonly kind: "unavailable"; readonly why: string }
  | {
      readonly kind: "bwrap";
      readonly bwrap: string;
      /** Directories replaced by an empty tmpfs inside the sandbox. */
      readonly hidden: readonly string[];
      readonly network: boolean;
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
  args.push("--chdir", workspace, "--", ...argv);
  return args;
}

/** Directories to hide: the daemon's own, $HOME and the runtime dir; never "/" or /tmp (already private). */
export function hiddenDirs(paths: SandboxPaths): string[] {
  const candidates = [paths.home, paths.runtimeDir, paths.configDir, paths.dataDir, dirname(paths.endpoint)];
  const out: string[] = [];
  for (const c of candidates) {
    if (c === undefined || c === "") continue;
    const dir = resolve(c);
    if (dir === sep || dir === "/tmp" || out.includes(dir)) continue;
    out.push(dir);
  }
  // Parents before children: a tmpfs over a parent would otherwise cover a child's mount.
  return out.sort((a, b) => a.length - b.length);
}

/**
 * Finds bwrap on PATH and checks it can build the sandbox bash would get (namespaces may be forbidden:
 * an unprivileged container, user namespaces disabled). Never throws.
 */
export function probeBwrap(paths: SandboxPaths, pathVar?: string): Promise<BwrapProbe> {
  const bwrap = onPath("bwrap", pathVar);
  if (bwrap === undefined) return Promise.resolve({ ok: false, why: "bwrap (bubblewrap) is not on PATH" });
  const plan = { kind: "bwrap" as const, bwrap, hidden: hiddenDirs(paths), network: false };
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
  constructor(
    private readonly probe: BwrapProbe,
    private readonly paths: SandboxPaths,
  ) {}

  mode(setting: SandboxSetting): SandboxMode {
    if (setting === "off") return "off";
    if (this.probe.ok) return "bwrap";
    return setting === "bwrap" ? "unavailable" : "off";
  }

  /** Why the sandbox is not in force, or undefined when it is (or was turned off on purpose). */
  warning(setting: SandboxSetting): string | undefined {
    if (setting === "off" || this.probe.ok) return undefined;
    return setting === "bwrap"
      ? `tools.bash.sandbox is "bwrap" but ${this.probe.why}: bash will refuse to run`
      : `${this.probe.why}: bash runs unsandboxed, with everything the daemon's user can read and the network (install bubblewrap, or set tools.bash.sandbox = "off" to silence this)`;
  }

  plan(setting: SandboxSetting, network: boolean): SandboxPlan {
    switch (this.mode(setting)) {
      case "off":
        return { kind: "off" };
      case "unavailable":
        return { kind: "unavailable", why: this.probe.ok ? "" : this.probe.why };
      case "bwrap":
        return {
          kind: "bwrap",
          bwrap: (this.probe as { path: string }).path,
          hidden: hiddenDirs(this.paths),
          network,
        };
    }
  }
}
