// The `bash` tool (SPEC §7): runs a model-written command in the session workspace, bounded in time
// and in output, and never able to outlive its turn: the command gets its own process group and a
// timeout or abort SIGKILLs that whole group, so `cmd &` children die with it (in the bwrap sandbox of
// SPEC §17, bash-sandbox.ts, killing the group kills bwrap and with it the command's pid namespace).
import { type ChildProcess, spawn } from "node:child_process";
import { accessSync, constants as fsConstants } from "node:fs";
import { delimiter, join } from "node:path";
import { settleOnce } from "../settle-once.js";
import type { Tool, ToolContext } from "../tool.js";
import { bwrapArgs, forCall } from "./bash-sandbox.js";

export type BashResult = {
  exit_code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  truncated: boolean;
  timed_out: boolean;
  cancelled?: true;
};

/**
 * The environment bash gets (SPEC §19): an allow-list, not a name filter. The daemon's environment may
 * hold provider keys and whatever its starter had (DATABASE_URL, MYSQL_PWD, CI_JOB_JWT, GH_PAT…: no
 * name pattern catches them all); the command is written by a model, possibly steered by untrusted
 * content, so it gets only what a shell needs — plus the names the agent lists in tools.bash.env.
 * HOME is the workspace (the real one is hidden by the sandbox). The same list applies unsandboxed
 * ("off"): a user turning the sandbox off does not expect the daemon's secrets in every command.
 * The values go through the child's environment, never bwrap's argv (--setenv would put a passed
 * secret on a command line every local user can read, §19).
 */
const ALLOWED_ENV = new Set(["PATH", "LANG", "TERM", "TZ", "USER", "SHELL"]);

export function childEnv(workspaceDir: string, passEnv: readonly string[] = []): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  const passed = new Set(passEnv);
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    if (ALLOWED_ENV.has(name) || name.startsWith("LC_") || passed.has(name)) env[name] = value;
  }
  env.PATH ??= "/usr/local/bin:/usr/bin:/bin";
  env.HOME = workspaceDir;
  env.PWD = workspaceDir;
  return env;
}

/**
 * bash from the daemon's PATH, else /bin/sh. Looked up per call (a few stat calls) rather than cached
 * so a PATH change is honoured. Resolving the path ourselves, instead of spawning "bash" and retrying
 * on ENOENT, matters because spawn also reports a missing cwd as ENOENT.
 */
function findShell(): string {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(dir, "bash");
    try {
      accessSync(candidate, fsConstants.X_OK);
      return candidate;
    } catch {
      // not here; keep looking
    }
  }
  return "/bin/sh";
}

/**
 * Keeps the first `max` bytes of a stream and counts the rest. The rest is still read (and dropped)
 * so a chatty command never blocks on a full pipe and can finish on its own.
 */
class CappedBuffer {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  truncated = false;

  constructor(private readonly max: number) {}

  push(chunk: Buffer): void {
    const room = this.max - this.kept;
    if (chunk.length <= room) {
      this.chunks.push(chunk);
      this.kept += chunk.length;
      return;
    }
    this.truncated = true;
    if (room > 0) {
      this.chunks.push(chunk.subarray(0, room));
      this.kept += room;
    }
  }

  text(): string {
    const bytes = Buffer.concat(this.chunks, this.kept);
    // Only a cut can split a character; untruncated output is decoded as the command wrote it.
    return (this.truncated ? bytes.subarray(0, utf8Boundary(bytes)) : bytes).toString("utf8");
  }
}

/**
 * Length of `bytes` without a trailing incomplete UTF-8 sequence, so the cut never yields a U+FFFD
 * for half a character. Invalid sequences before that are left for the decoder to replace.
 */
export function utf8Boundary(bytes: Uint8Array): number {
  const end = bytes.length;
  let start = end - 1;
  // Walk back over at most 3 continuation bytes (10xxxxxx) to the lead byte of the last character.
  while (start >= 0 && end - start <= 3 && ((bytes[start] ?? 0) & 0xc0) === 0x80) start--;
  if (start < 0) return end;
  const lead = bytes[start] ?? 0;
  const needed = (lead & 0xe0) === 0xc0 ? 2 : (lead & 0xf0) === 0xe0 ? 3 : (lead & 0xf8) === 0xf0 ? 4 : 1;
  return start + needed > end ? start : end;
}

function commandOf(args: unknown): string | undefined {
  if (typeof args !== "object" || args === null) return undefined;
  const command = (args as { command?: unknown }).command;
  return typeof command === "string" ? command : undefined;
}

function runCommand(command: string, ctx: ToolContext): Promise<BashResult | { error: string }> {
  const { workspaceDir, signal, limits, sandbox } = ctx;
  // No working bwrap where the sandbox is required ("bwrap", or "auto" for a daemon run as root): never
  // run unsandboxed instead.
  if (sandbox.kind === "unavailable") return Promise.resolve({ error: `bash refused: ${sandbox.why}` });
  const stdout = new CappedBuffer(Math.max(0, limits.outputMaxBytes));
  const stderr = new CappedBuffer(Math.max(0, limits.outputMaxBytes));

  if (signal.aborted) {
    return Promise.resolve({
      exit_code: null,
      signal: null,
      stdout: "",
      stderr: "",
      truncated: false,
      timed_out: false,
      cancelled: true,
    });
  }

  let killed = false;
  let timedOut = false;
  let cancelled = false;
  let child: ChildProcess;

  // After a kill we stop waiting for the pipes once the shell is reaped: a descendant that escaped
  // the group (setsid, double fork) could otherwise hold them open and keep the turn hanging.
  const releasePipes = (): void => {
    child.stdout?.destroy();
    child.stderr?.destroy();
  };

  const killTree = (): void => {
    if (killed) return;
    killed = true;
    const pid = child.pid;
    if (pid !== undefined && process.platform !== "win32") {
      try {
        process.kill(-pid, "SIGKILL");
      } catch {
        // ESRCH: the group is already gone. Anything else: fall back to the shell alone.
        child.kill("SIGKILL");
      }
    } else {
      // No process groups on Windows; the shell itself is the best we can reach.
      child.kill("SIGKILL");
    }
    if (child.exitCode !== null || child.signalCode !== null) releasePipes();
  };

  // A timeout or an abort only kills; the result is settled when the shell closes (or cannot start).
  return settleOnce<BashResult | { error: string }>(
    (settle) => {
      const argv = [findShell(), "-c", command];
      const [file, args] =
        sandbox.kind === "bwrap"
          ? [sandbox.bwrap, bwrapArgs(forCall(sandbox, workspaceDir), workspaceDir, argv)]
          : [argv[0]!, argv.slice(1)];
      child = spawn(file, args, {
        cwd: workspaceDir,
        env: childEnv(workspaceDir, sandbox.passEnv),
        // stdin is /dev/null: nobody can type into it, and a command waiting for input would only sit
        // there until the timeout.
        stdio: ["ignore", "pipe", "pipe"],
        // A new session and process group (setsid) whose id is the child's pid: killing -pid reaches
        // every descendant that did not deliberately leave the group.
        detached: true,
        windowsHide: true,
      });

      child.stdout?.on("data", (chunk: Buffer) => stdout.push(chunk));
      child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk));

      child.on("exit", () => {
        if (killed) releasePipes();
      });

      // Spawn failures (missing workspace, no shell): a tool error for the model, not an exception.
      child.on("error", (err) => settle({ error: `bash could not start: ${err.message}` }));

      child.on("close", (code, sig) => {
        const result: BashResult = {
          exit_code: code,
          signal: sig,
          stdout: stdout.text(),
          stderr: stderr.text(),
          truncated: stdout.truncated || stderr.truncated,
          timed_out: timedOut,
        };
        if (cancelled) result.cancelled = true;
        settle(result);
      });
    },
    {
      signal,
      timeoutMs: limits.timeoutMs,
      onTimeout: () => {
        timedOut = true;
        killTree();
      },
      onAbort: () => {
        cancelled = true;
        killTree();
      },
    },
  );
}

export const bashTool: Tool = {
  name: "bash",
  description:
    "Run a shell command (bash -c) in the session workspace. stdin is closed; the command is killed " +
    "after a timeout and stdout/stderr are each cut to a byte limit. Returns exit_code, signal, " +
    "stdout, stderr, truncated and timed_out.",
  parameters: {
    type: "object",
    properties: { command: { type: "string" } },
    required: ["command"],
  },
  async run(args: unknown, ctx: ToolContext): Promise<unknown> {
    const command = commandOf(args);
    // Arguments come from the model unvalidated; a bad call is answered, not thrown.
    if (command === undefined) return { error: "bash needs {command: string}" };
    let result = await runCommand(command, ctx);
    // A host socket's folder can vanish between the plan (read at the call) and bwrap's mounts: bwrap
    // then stops before the command runs, and a fresh plan no longer names it. Twice at most.
    for (let retry = 0; retry < 2 && ctx.sandbox.kind === "bwrap" && sandboxSetupFailed(result); retry++)
      result = await runCommand(command, ctx);
    return result;
  },
};

/** bwrap's own refusal to set a mount up (the command never started), as it words it. */
const BWRAP_SETUP_FAILURE = /^bwrap: Can't (mkdir|create file at|mount tmpfs on|find source path) [^\n]*\n?$/;

function sandboxSetupFailed(result: BashResult | { error: string }): boolean {
  return (
    "exit_code" in result &&
    result.exit_code === 1 &&
    result.stdout === "" &&
    !result.timed_out &&
    result.cancelled !== true &&
    BWRAP_SETUP_FAILURE.test(result.stderr)
  );
}
