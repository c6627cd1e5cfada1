// The daemon's log as an operator reads it: info lines for turns, tools, approvals and provider
// failures with ids, names, statuses and figures only — never the prompt, tool output, an API key or
// a pairing token; --log-level / ZEROCLAW_LOG_LEVEL; JSON lines off a terminal, coloured
// human-readable lines on one (pino-pretty). Real daemon processes, the fake OpenAI server.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeOpenAi, step, textReply } from "./helpers/fake-openai-server.js";
import {
  BIN,
  childEnv,
  type DaemonProcess,
  REPO_ROOT,
  requireBuild,
  run,
  runCli,
  startDaemon,
  tempDirs,
} from "./helpers/proc-daemon.js";
import { hasPty, PtySession } from "./helpers/pty-session.js";

const API_KEY = "sk-live-SECRET-KEY-5f3a9c";
const PROMPT = "PROMPT-SECRET-31337";
const TOOL_OUTPUT = "TOOL-OUT-4711";
const REPLY = "REPLY-TEXT-8086";

const dirs = tempDirs("zc-logs-");
let fake: FakeOpenAi;

beforeAll(async () => {
  requireBuild();
  fake = await FakeOpenAi.start();
});
afterAll(async () => {
  await fake?.close();
  dirs.cleanup();
});

function home(): { env: NodeJS.ProcessEnv; socket: string } {
  const h = dirs.make();
  const configDir = join(h, "config");
  mkdirSync(configDir);
  writeFileSync(
    join(configDir, "config.toml"),
    `[providers.fake]
kind = "openai"
base_url = "${fake.baseUrl}"
api_key = "${API_KEY}"
model = "m1"

[agents.coder]
provider = "fake"
`,
  );
  const socket = join(h, "zc.sock");
  return { env: childEnv(h, { ZEROCLAW_CONFIG_DIR: configDir, ZEROCLAW_SOCKET: socket }), socket };
}

// The command prints the marker through printf so the marker is only in the output, not the input.
const bashCall = [
  ...step.toolCallSplit(0, "call_log", "bash", JSON.stringify({ command: "printf 'TOOL-OUT-%s' 4711" }), 2),
  step.finish("tool_calls"),
];

describe("the daemon's log (JSON lines when stderr is not a terminal)", () => {
  let daemon: DaemonProcess;
  let env: NodeJS.ProcessEnv;
  let token = "";

  beforeAll(async () => {
    const h = home();
    env = h.env;
    daemon = await startDaemon(env, h.socket);
    fake.enqueue(bashCall);
    fake.enqueue(textReply(REPLY));
    // The piped chat answers the approval with its next line.
    const chat = await run(process.execPath, [BIN, "chat", "--agent", "coder"], env, {
      input: `${PROMPT}\ny\n`,
    });
    expect(chat.code, chat.stderr).toBe(0);
    expect(chat.stdout).toBe(`${REPLY}\n`);
    fake.enqueue([step.httpError(503, "overloaded, try later")]);
    const failed = await run(process.execPath, [BIN, "chat", "--agent", "coder"], env, { input: "again\n" });
    expect(failed.code).toBe(1);
    await runCli(["profile", "add", "remote", "--grant", "sessions:*"], env);
    await runCli(["user", "add", "alice", "--profile", "remote"], env);
    const pair = await runCli(["pair", "--user", "alice"], env);
    token = (JSON.parse(pair.stdout) as { token: string }).token;
    await daemon.waitForLog((l) => l.msg === "provider failed");
  });
  afterAll(async () => {
    await daemon?.kill();
  });

  it("turn start and end: session, turn, outcome, duration, token estimate", () => {
    const started = daemon.logs.filter((l) => l.msg === "turn started");
    const ended = daemon.logs.filter((l) => l.msg === "turn ended");
    expect(started).toHaveLength(2);
    expect(started[0]).toMatchObject({ level: 30, session: expect.any(String), turn: "t_1", agent: "coder" });
    expect(ended[0]).toMatchObject({
      level: 30,
      session: started[0]?.session,
      turn: "t_1",
      outcome: "completed",
      stop_reason: "end_turn",
      duration_ms: expect.any(Number),
      context_tokens: expect.any(Number),
    });
    expect(ended[1]).toMatchObject({ outcome: "failed", stop_reason: "error" });
  });

  it("tool runs: name, duration, exit status; approvals and their decisions", () => {
    expect(daemon.logs.find((l) => l.msg === "tool ran")).toMatchObject({
      tool: "bash",
      tool_call: "call_log",
      status: "exited",
      exit_code: 0,
      duration_ms: expect.any(Number),
    });
    expect(daemon.logs.find((l) => l.msg === "approval requested")).toMatchObject({
      tool: "bash",
      request: "ap_1",
      timeout_ms: expect.any(Number),
    });
    expect(daemon.logs.find((l) => l.msg === "approval decided")).toMatchObject({
      tool: "bash",
      request: "ap_1",
      decision: "allow_once",
    });
  });

  it("provider failures: the provider alias and the HTTP status, as a warning", () => {
    expect(daemon.logs.find((l) => l.msg === "provider failed")).toMatchObject({
      level: 40,
      provider: "fake",
      http_status: 503,
      turn: "t_1",
    });
  });

  it("never the prompt, the tool output, the reply, the API key or the pairing token", () => {
    expect(token).toMatch(/^zc_/);
    for (const secret of [PROMPT, TOOL_OUTPUT, REPLY, API_KEY, token])
      expect(daemon.stderr).not.toContain(secret);
    // Positive control: the markers did travel (the transcript has them), so their absence means something.
    expect(fake.requests.some((r) => JSON.stringify(r.body).includes(TOOL_OUTPUT))).toBe(true);
  });
});

describe("log level and format", () => {
  it("--log-level warn and ZEROCLAW_LOG_LEVEL=warn drop the info lines", async () => {
    for (const [args, extra] of [
      [["--log-level", "warn"], {}],
      [[], { ZEROCLAW_LOG_LEVEL: "warn" }],
    ] as const) {
      const h = home();
      const d = await startDaemon({ ...h.env, ...extra }, h.socket, [...args]);
      const r = await runCli(["call", "status"], h.env);
      expect(r.code).toBe(0);
      await d.kill();
      expect(d.stderr).not.toContain('"level":30');
      expect(d.stderr).not.toContain("daemon listening");
    }
  });

  it("--log-level wins over ZEROCLAW_LOG_LEVEL", async () => {
    const h = home();
    const d = await startDaemon({ ...h.env, ZEROCLAW_LOG_LEVEL: "error" }, h.socket, ["--log-level", "info"]);
    await d.waitForLog((l) => l.msg === "daemon listening");
    await d.kill();
  });

  it("ZEROCLAW_LOG_FORMAT=pretty writes human-readable lines (no JSON), without colour under NO_COLOR", async () => {
    const h = home();
    const d = await startDaemon({ ...h.env, ZEROCLAW_LOG_FORMAT: "pretty", NO_COLOR: "1" }, h.socket);
    const r = await run(process.execPath, [BIN, "chat"], h.env, { input: `${PROMPT}\n` });
    expect(r.code, r.stderr).toBe(0);
    await d.kill();
    const lines = d.stderrLines.filter((l) => l !== "");
    expect(lines.some((l) => /INFO.*daemon listening/.test(l))).toBe(true);
    expect(lines.some((l) => /INFO.*turn ended/.test(l) && l.includes("outcome"))).toBe(true);
    for (const l of lines) expect(l.startsWith("{")).toBe(false);
    expect(d.stderr).not.toContain("\x1b[");
    expect(d.stderr).not.toContain(PROMPT);
  });

  it.skipIf(!hasPty())(
    "on a terminal the log is coloured lines; Ctrl-C stops the daemon cleanly",
    async () => {
      const h = home();
      const p = new PtySession(
        [process.execPath, BIN, "daemon"],
        { ...h.env, TERM: "xterm-256color" },
        REPO_ROOT,
      );
      try {
        await p.waitFor("daemon listening");
        expect(p.raw).toMatch(/\x1b\[\d+m/);
        expect(p.text).not.toContain('{"level"');
        p.type("\x03");
        expect(await p.exited).toBe(0);
      } finally {
        p.kill();
      }
    },
  );
});
