// SPEC §7 tools against real processes in temp workspaces: bash (workspace cwd, exit status, output
// cap, timeout and abort killing the whole process tree, secret-free env, UTF-8-safe cuts) and
// ask_user (elicitation through a plain stub function: pass-through, schema, timeout, cancel).
// Every wait is on an event or a condition, never on a duration.
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ElicitationCreateResult } from "../generated/types.js";
import type { ToolContext, ToolLimits } from "../src/sessions/tool.js";
import { askUserTool } from "../src/sessions/tools/ask-user-tool.js";
import { bashTool } from "../src/sessions/tools/bash-tool.js";
import { TOOLS, toolSpecs } from "../src/sessions/tools/registry.js";

type BashOutput = {
  exit_code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  truncated: boolean;
  timed_out: boolean;
  cancelled?: boolean;
  error?: string;
};

let workspace: string;
const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "zc-tools-"));
  tempDirs.push(dir);
  return dir;
}
beforeEach(() => {
  workspace = tempDir();
});
afterEach(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const LIMITS: ToolLimits = { timeoutMs: 20_000, outputMaxBytes: 64 * 1024, askUserTimeoutMs: 20_000 };

function ctx(
  over: Partial<Omit<ToolContext, "limits">> & { limits?: Partial<ToolLimits> } = {},
): ToolContext {
  return {
    sessionId: "s-test",
    workspaceDir: over.workspaceDir ?? workspace,
    signal: over.signal ?? new AbortController().signal,
    limits: { ...LIMITS, ...over.limits },
    sandbox: over.sandbox ?? { kind: "off" },
    elicit: over.elicit,
  };
}

async function bash(command: string, c: ToolContext = ctx()): Promise<BashOutput> {
  return (await bashTool.run({ command }, c)) as BashOutput;
}

/** Polls a condition; the test's own timeout is the only bound. */
async function waitFor(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 10));
}

/** True once `pid` no longer runs: gone, or a zombie waiting for its (re)parent to reap it. */
function isGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "ESRCH";
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
  } catch {
    return true; // vanished between the two checks
  }
}

/** Waits until `file` holds a complete (newline-terminated) pid and returns it. */
async function pidFrom(file: string): Promise<number> {
  await waitFor(() => existsSync(file) && readFileSync(file, "utf8").endsWith("\n"));
  return Number(readFileSync(file, "utf8").trim());
}

describe("bash tool", () => {
  it("runs in the workspace with stdin closed", async () => {
    const out = await bash("pwd -P; cat; echo after-cat");
    expect(out).toMatchObject({ exit_code: 0, signal: null, truncated: false, timed_out: false, stderr: "" });
    expect(out.stdout).toBe(`${realpathSync(workspace)}\nafter-cat\n`);
    expect(out.cancelled).toBeUndefined();
  });

  it("reports exit codes and stderr", async () => {
    expect(await bash("echo oops >&2; exit 3")).toMatchObject({
      exit_code: 3,
      signal: null,
      stdout: "",
      stderr: "oops\n",
    });
    expect(await bash("true")).toMatchObject({ exit_code: 0, stdout: "", stderr: "" });
  });

  it("uses bash, and /bin/sh when bash is not on PATH", async () => {
    expect((await bash('echo "$0"')).stdout.trim()).toMatch(/bash$/);
    const savedPath = process.env.PATH;
    process.env.PATH = tempDir(); // an empty directory: no bash anywhere
    try {
      expect(await bash('echo "$0"')).toMatchObject({ exit_code: 0, stdout: "/bin/sh\n" });
    } finally {
      process.env.PATH = savedPath;
    }
  });

  it("answers invalid arguments and a missing workspace with an error output", async () => {
    const invalid = { error: "bash needs {command: string}" };
    expect(await bashTool.run(undefined, ctx())).toEqual(invalid);
    expect(await bashTool.run({ command: 5 }, ctx())).toEqual(invalid);
    expect(await bashTool.run("ls", ctx())).toEqual(invalid);
    const missing = (await bash("true", ctx({ workspaceDir: join(workspace, "nope") }))) as {
      error?: unknown;
    };
    expect(missing.error).toEqual(expect.stringMatching(/^bash could not start/));
  });

  it("caps stdout and stderr separately and lets the command finish", async () => {
    const out = await bash(
      "head -c 1048576 /dev/zero | tr '\\0' a; head -c 5000 /dev/zero | tr '\\0' b >&2; echo finished > done",
      ctx({ limits: { outputMaxBytes: 1024 } }),
    );
    expect(out).toMatchObject({ exit_code: 0, truncated: true, timed_out: false });
    expect(Buffer.byteLength(out.stdout)).toBeLessThanOrEqual(1024);
    expect(out.stdout).toBe("a".repeat(1024));
    expect(out.stderr).toBe("b".repeat(1024));
    // The command ran past its 1 MiB of output: nothing blocked on a full pipe.
    expect(readFileSync(join(workspace, "done"), "utf8")).toBe("finished\n");
  });

  it("does not mark output at exactly the cap as truncated", async () => {
    expect(await bash("printf 12345678", ctx({ limits: { outputMaxBytes: 8 } }))).toMatchObject({
      stdout: "12345678",
      truncated: false,
    });
  });

  it.each([
    ["2-byte", "aééééé", 10, "aéééé"],
    ["3-byte", "€€€", 7, "€€"],
    ["4-byte", "😀😀😀", 6, "😀"],
    ["cut just after a whole character", "😀😀", 4, "😀"],
  ])("cuts multi-byte output on a character boundary (%s)", async (_what, text, cap, expected) => {
    const out = await bash(`printf '%s' '${text}'`, ctx({ limits: { outputMaxBytes: cap } }));
    expect(out).toMatchObject({ stdout: expected, truncated: true });
    expect(out.stdout).not.toContain("\uFFFD");
  });

  it("kills the command and its children on timeout", async () => {
    const out = await bash(
      `echo $$ > shell.pid; sh -c 'sleep 60 & echo $! > child.pid; wait'`,
      ctx({ limits: { timeoutMs: 1000 } }),
    );
    expect(out).toMatchObject({ exit_code: null, signal: "SIGKILL", timed_out: true });
    expect(out.cancelled).toBeUndefined();
    const shell = await pidFrom(join(workspace, "shell.pid"));
    const child = await pidFrom(join(workspace, "child.pid"));
    await waitFor(() => isGone(shell) && isGone(child));
  });

  it("kills the tree when the turn is aborted and reports cancelled", async () => {
    const abort = new AbortController();
    const pending = bash(
      `sh -c 'sleep 60 & echo $! > child.pid; wait'`,
      ctx({ signal: abort.signal, limits: { timeoutMs: 120_000 } }),
    );
    const child = await pidFrom(join(workspace, "child.pid"));
    abort.abort();
    const out = await pending;
    expect(out).toMatchObject({ exit_code: null, signal: "SIGKILL", timed_out: false, cancelled: true });
    await waitFor(() => isGone(child));
  });

  it("does not start a command when the turn is already cancelled", async () => {
    const abort = new AbortController();
    abort.abort();
    const out = await bash("touch ran", ctx({ signal: abort.signal }));
    expect(out).toMatchObject({ exit_code: null, cancelled: true, timed_out: false });
    expect(existsSync(join(workspace, "ran"))).toBe(false);
  });

  it("passes only the §19 allow-list and the agent's tools.bash.env names to the command", async () => {
    // The six names passed the old name filter; an allow-list drops them and anything else.
    const set = {
      FOO_API_KEY: "sekrit-1",
      zc_session_token: "sekrit-2",
      DB_PASSWORD: "sekrit-3",
      DATABASE_URL: "postgres://u:sekrit-4@h/db",
      MYSQL_PWD: "sekrit-5",
      CI_JOB_JWT: "sekrit-6",
      GH_PAT: "sekrit-7",
      NPM_CONFIG__AUTH: "sekrit-8",
      HTTP_AUTHORIZATION: "sekrit-9",
      ZC_PLAIN: "visible",
      LC_ALL: "C.UTF-8",
      TZ: "UTC",
    };
    Object.assign(process.env, set);
    try {
      const out = await bash("env");
      expect(out.exit_code).toBe(0);
      expect(out.stdout).not.toMatch(/sekrit|ZC_PLAIN/);
      expect(out.stdout).toContain("LC_ALL=C.UTF-8\n");
      expect(out.stdout).toContain("TZ=UTC\n");
      expect(out.stdout).toContain(`HOME=${workspace}\n`);
      expect(out.stdout).toMatch(/^PATH=/m);
      const passed = await bash("env", ctx({ sandbox: { kind: "off", passEnv: ["ZC_PLAIN", "GH_PAT"] } }));
      expect(passed.stdout).toContain("ZC_PLAIN=visible\n");
      expect(passed.stdout).toContain("GH_PAT=sekrit-7\n");
      expect(passed.stdout).not.toMatch(/sekrit-[1234568]/);
    } finally {
      for (const name of Object.keys(set)) delete process.env[name];
    }
  });
});

type ElicitParams = Parameters<NonNullable<ToolContext["elicit"]>>[0];

/** A plain elicit stand-in: records its calls and answers with `answer` (or never, if omitted). */
function elicitStub(answer?: () => Promise<ElicitationCreateResult>) {
  const calls: ElicitParams[] = [];
  let onCall: () => void = () => {};
  const called = new Promise<void>((r) => {
    onCall = r;
  });
  const elicit = (params: ElicitParams): Promise<ElicitationCreateResult> => {
    calls.push(params);
    onCall();
    return answer ? answer() : new Promise<ElicitationCreateResult>(() => {});
  };
  return { elicit, calls, called };
}

describe("ask_user tool", () => {
  it("tells the model when the client cannot answer", async () => {
    expect(await askUserTool.run({ question: "Proceed?" }, ctx())).toEqual({
      error: "the client cannot answer questions (no elicitation capability)",
    });
  });

  it("answers invalid arguments with an error output", async () => {
    const { elicit, calls } = elicitStub(async () => ({ action: "accept" }));
    for (const bad of [
      undefined,
      {},
      { question: 1 },
      { question: "q", choices: "yes" },
      { question: "q", choices: [1] },
      { question: "q", choices: ["a"], multiple: "yes" },
      { question: "q", choices: ["a"], multiple: true, min_items: -1 },
      { question: "q", choices: ["a"], multiple: true, max_items: 1.5 },
    ]) {
      expect(await askUserTool.run(bad, ctx({ elicit }))).toEqual({
        error: expect.stringMatching(/^ask_user needs \{question: string, choices\?: string\[\]/),
      });
    }
    expect(calls).toEqual([]);
  });

  it("passes the client's answer through, asking for a free-text answer", async () => {
    const { elicit, calls } = elicitStub(async () => ({ action: "accept", content: { answer: "blue" } }));
    expect(await askUserTool.run({ question: "Favourite colour?" }, ctx({ elicit }))).toEqual({
      action: "accept",
      content: { answer: "blue" },
    });
    expect(calls).toEqual([
      {
        message: "Favourite colour?",
        requestedSchema: { type: "object", properties: { answer: { type: "string" } }, required: ["answer"] },
      },
    ]);
  });

  it("asks one choice as zerocode's oneOf of choice-<i>, and maps the answer back to the choice's text", async () => {
    const { elicit, calls } = elicitStub(async () => ({ action: "accept", content: { choice: "choice-1" } }));
    expect(await askUserTool.run({ question: "Deploy?", choices: ["yes", "no"] }, ctx({ elicit }))).toEqual({
      action: "accept",
      content: { answer: "no" },
    });
    expect(calls[0]?.requestedSchema).toEqual({
      type: "object",
      properties: {
        choice: {
          type: "string",
          title: "Choice",
          oneOf: [
            { const: "choice-0", title: "yes" },
            { const: "choice-1", title: "no" },
          ],
        },
      },
      required: ["choice"],
    });
  });

  it("passes decline and cancel through for a choice", async () => {
    for (const action of ["decline", "cancel"] as const) {
      const { elicit } = elicitStub(async () => ({ action }));
      expect(await askUserTool.run({ question: "Deploy?", choices: ["yes"] }, ctx({ elicit }))).toEqual({
        action,
      });
    }
  });

  it("refuses an answer that names no choice, or answers in the free-text form", async () => {
    for (const content of [
      { choice: "choice-2" },
      { choice: "no" },
      { choice: "choice-01" },
      { answer: "no" },
      {},
    ]) {
      const { elicit } = elicitStub(async () => ({ action: "accept", content }));
      expect(await askUserTool.run({ question: "Deploy?", choices: ["yes", "no"] }, ctx({ elicit }))).toEqual(
        {
          error: expect.stringContaining("none of the choices"),
        },
      );
    }
  });

  it("asks several choices as an array of anyOf with bounds, and maps every answer back", async () => {
    const { elicit, calls } = elicitStub(async () => ({
      action: "accept",
      content: { choices: ["choice-2", "choice-0"] },
    }));
    const args = { question: "Colours?", choices: ["red", "green", "blue"], multiple: true, max_items: 2 };
    expect(await askUserTool.run(args, ctx({ elicit }))).toEqual({
      action: "accept",
      content: { answers: ["blue", "red"] },
    });
    expect(calls[0]?.requestedSchema).toEqual({
      type: "object",
      properties: {
        choices: {
          type: "array",
          title: "Choices",
          minItems: 1,
          maxItems: 2,
          items: {
            anyOf: [
              { const: "choice-0", title: "red" },
              { const: "choice-1", title: "green" },
              { const: "choice-2", title: "blue" },
            ],
          },
        },
      },
      required: ["choices"],
    });
    const bad = elicitStub(async () => ({
      action: "accept",
      content: { choices: ["choice-0", "choice-9"] },
    }));
    expect(await askUserTool.run(args, ctx({ elicit: bad.elicit }))).toEqual({
      error: expect.stringContaining("not all among the choices"),
    });
  });

  it("an empty choices list is a free-text question", async () => {
    const { elicit, calls } = elicitStub(async () => ({ action: "accept", content: { answer: "x" } }));
    expect(await askUserTool.run({ question: "Name?", choices: [] }, ctx({ elicit }))).toEqual({
      action: "accept",
      content: { answer: "x" },
    });
    expect(calls[0]?.requestedSchema).toEqual({
      type: "object",
      properties: { answer: { type: "string" } },
      required: ["answer"],
    });
  });

  it("reports a client error as an error output", async () => {
    const { elicit } = elicitStub(async () => {
      throw new Error("client went away");
    });
    expect(await askUserTool.run({ question: "Still there?" }, ctx({ elicit }))).toEqual({
      error: "client went away",
    });
  });

  it("gives up with a timeout output when nobody answers", async () => {
    const { elicit, calls } = elicitStub();
    expect(
      await askUserTool.run({ question: "Hello?" }, ctx({ elicit, limits: { askUserTimeoutMs: 50 } })),
    ).toEqual({
      action: "timeout",
    });
    expect(calls).toHaveLength(1);
  });

  it("stops waiting with a cancel output when the turn is aborted", async () => {
    const abort = new AbortController();
    const { elicit, called } = elicitStub();
    const pending = askUserTool.run({ question: "Hello?" }, ctx({ elicit, signal: abort.signal }));
    await called;
    abort.abort();
    expect(await pending).toEqual({ action: "cancel" });
  });
});

describe("tool registry", () => {
  it("offers bash and ask_user with their specs", () => {
    expect([...TOOLS.keys()]).toEqual(["bash", "ask_user"]);
    expect(TOOLS.get("bash")).toBe(bashTool);
    expect(TOOLS.get("ask_user")).toBe(askUserTool);
    expect(toolSpecs()).toEqual([
      { name: "bash", description: bashTool.description, parameters: bashTool.parameters },
      { name: "ask_user", description: askUserTool.description, parameters: askUserTool.parameters },
    ]);
    expect(bashTool.parameters).toEqual({
      type: "object",
      properties: { command: { type: "string" } },
      required: ["command"],
    });
  });
});
