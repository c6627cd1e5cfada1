import { readFileSync } from "node:fs";
import { lstat } from "node:fs/promises";
import { call, type ExpectOptions, expectMessage } from "../judge/expectations.js";
import { type DaemonProcess, describeExit } from "../runner/spawn.js";
import { preview } from "../wire/json.js";
import { WireConnection } from "../wire/wire-client.js";
import { type CaseContext, CaseFailure, type ConformanceCase, expectOptionsOf } from "./case.js";
import { ZeroclawClient } from "./compat-session.js";
import {
  elicitationForms,
  expect,
  ModelCase,
  rejectWithEditAndCancel,
  toolCallsAndApprovals,
} from "./compat-turns.js";
import { ZEROCLAW_CLIENT_POLL_MS } from "./lifecycle-checks.js";

/**
 * The compat area's rows that no fixture can express (SPEC §13): turns whose
 * model calls tools (tool_call, approval_request and its decisions,
 * tool_result, elicitation/create), which need the scripted model of
 * compat-model.ts and so this daemon's provider keys (spawn only); the spawn
 * path and server_pid; and the methods of zerocode's other panes that an
 * implementation does not serve.
 */

/** How long an ephemeral daemon gets to exit once its last client left (a 1 s grace, SPEC §10). */
const EPHEMERAL_EXIT_MS = 11_000;

/** Methods zerocode's other panes call (apps/zerocode/src/client.rs at zeroclaw 15d28660). */
export const ZEROCODE_PANE_METHODS = [
  "doctor/run",
  "cost/query",
  "cost/org",
  "cron/list",
  "cron/runs",
  "cron/trigger",
  "memory/list",
  "memory/search",
  "memory/get",
  "skills/list",
  "skills/read",
  "config/list",
  "config/sections",
  "logs/query",
  "quickstart/state",
  "sops/list",
  "tui/list",
  "fs/list_dir",
  "session/list-acp",
  "session/git_branch",
  "session/configure",
];

export function compatCheckCases(): ConformanceCase[] {
  const withModel = (name: string, title: string, run: (c: ModelCase) => Promise<void>): ConformanceCase => ({
    name: `compat/${name}`,
    area: "compat",
    methods: ["session/new", "session/prompt", "session/approve"],
    title,
    needs: { kind: "daemon-launcher" },
    run: (context) => ModelCase.run(context, run),
  });
  return [
    withModel(
      "zeroclaw-tool-calls-and-approvals",
      "tool_call, approval_request and tool_result in the zeroclaw dialect; allow once, reject and allow always decide as zerocode's modal says; a thought streams as agent_thought_chunk (SPEC §13, the session/update table)",
      toolCallsAndApprovals,
    ),
    withModel(
      "zeroclaw-reject-with-edit-and-cancel",
      "reject_with_edit rejects a tool whose input cannot be edited and the tool result says so; session/cancel during an approval ends the turn with turn_complete cancelled (SPEC §13, reject_with_edit; §7)",
      rejectWithEditAndCancel,
    ),
    withModel(
      "zeroclaw-elicitation-forms",
      "ask_user over elicitation/create in zerocode's shape: {sessionId, mode: form, message, requestedSchema} with choice-<i> options for one or several choices and a string for free text; the answer reaches the model as the choice's text (SPEC §13, elicitation/create)",
      elicitationForms,
    ),
    {
      name: "compat/zeroclaw-unserved-methods",
      area: "compat",
      methods: ["status"],
      title:
        "methods of zerocode's other panes that initialize.capabilities does not list answer -32601, and the connection goes on (SPEC §13, the last rule)",
      needs: { kind: "running-daemon" },
      run: unservedMethods,
    },
    {
      name: "compat/zeroclaw-spawn-path",
      area: "compat",
      methods: ["status"],
      title:
        "zerocode's spawn: `daemon --ephemeral --config-dir DIR` with ZEROCLAW_SOCKET serves that socket, reports its own pid as server_pid, and exits after the last client (SPEC §13, zerocode's spawn path; §10)",
      needs: { kind: "daemon-launcher" },
      run: spawnPath,
    },
  ];
}

async function unservedMethods(context: CaseContext): Promise<void> {
  const options: ExpectOptions = expectOptionsOf(context);
  const connection = await WireConnection.open(
    context.socketPath,
    "zerocode",
    context.transcript,
    context.timeoutMs,
  );
  try {
    const client = new ZeroclawClient(connection, options);
    const { capabilities } = await client.initialize();
    const served = new Set(Array.isArray(capabilities) ? capabilities : []);
    for (const [i, method] of ZEROCODE_PANE_METHODS.filter((m) => !served.has(m)).entries()) {
      const id = `unserved-${i}`;
      await connection.sendMessage(
        JSON.stringify({ jsonrpc: "2.0", id, method, params: {} }),
        options.timeoutMs,
      );
      await expectMessage(
        connection,
        { jsonrpc: "2.0", id, error: { code: -32601, data: "<any>" } },
        options,
      );
    }
    await call(connection, "after", "status", {}, options);
  } finally {
    connection.destroy();
  }
}

async function spawnPath(context: CaseContext): Promise<void> {
  const launcher = context.launcher!;
  const sandbox = await launcher.createSandbox();
  // As zerocode runs it: --ephemeral --config-dir DIR, with ZEROCLAW_SOCKET in the environment.
  const quoted = `'${sandbox.configDir.replaceAll("'", "'\\''")}'`;
  const daemon = launcher.launch(sandbox, `--ephemeral --config-dir ${quoted}`);
  await daemon.waitSocketFile().catch((e: Error) => {
    throw new CaseFailure(`${e.message}; stderr: ${daemon.stderrTail(5).join(" | ")}`);
  });
  const options: ExpectOptions = expectOptionsOf(context);
  const connection = await connectRetrying(sandbox.socketPath, context);
  const client = new ZeroclawClient(connection, options);
  const { server_pid } = await client.initialize();
  expect(Number.isInteger(server_pid) && (server_pid as number) > 0, `server_pid ${preview(server_pid)}`);
  expectInGroup(server_pid as number, daemon);
  // zeroclaw's --ephemeral sees a client only at its next once-a-second look (daemon/mod.rs); a
  // zerocode session lasts far longer than that. As the lifecycle checks, only in its dialect.
  if (options.dialect === "zeroclaw") await new Promise((r) => setTimeout(r, ZEROCLAW_CLIENT_POLL_MS));
  connection.end();
  const exit = await daemon.waitExit(EPHEMERAL_EXIT_MS);
  if (!exit) throw new CaseFailure(`still running ${EPHEMERAL_EXIT_MS} ms after its only client left`);
  expect(exit.code === 0, `exited with ${describeExit(exit)}, expected code 0`);
  expect((await lstat(sandbox.socketPath).catch(() => undefined)) === undefined, "socket file left behind");
  expect(!isAlive(server_pid as number), `server_pid ${server_pid} still runs after the daemon exited`);
}

async function connectRetrying(socketPath: string, context: CaseContext): Promise<WireConnection> {
  const deadline = Date.now() + context.timeoutMs;
  for (;;) {
    try {
      return await WireConnection.open(socketPath, "zerocode", context.transcript, context.timeoutMs);
    } catch (error) {
      if (Date.now() > deadline) throw new CaseFailure((error as Error).message);
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

/** server_pid is the daemon: a live process of the group the spawn command started (a shell may wrap it). */
function expectInGroup(pid: number, daemon: DaemonProcess): void {
  expect(isAlive(pid), `server_pid ${pid} is not a running process`);
  if (process.platform !== "linux") return;
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const group = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
  expect(group === daemon.processGroup, `server_pid ${pid} is not in the spawned daemon's process group`);
}

/** Running, not a zombie waiting to be reaped (a container's PID 1 may take its time). */
function isAlive(pid: number): boolean {
  if (process.platform === "linux") {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0] !== "Z";
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
