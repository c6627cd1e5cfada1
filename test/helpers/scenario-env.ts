// The world every client's scenario program runs in (clients/scenario.json): a fake OpenAI-compatible
// server on 127.0.0.1 scripted as the scenario's $comment says, and a fresh `zeroclaw daemon` in temp
// dirs whose config has provider `fake` (kind openai, at the fake server) and agent `asker` on it.
// Used by test/clients-scenario.test.ts and, through tsx, by scripts/scenario-env.mjs (by hand).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FakeOpenAi, type RecordedBody, type Script, step } from "./fake-openai-server.js";
import { type DaemonProcess, REPO_ROOT, startDaemon } from "./proc-daemon.js";

export const SCENARIO_PATH = join(REPO_ROOT, "clients", "scenario.json");

export type Scenario = {
  steps: string[];
  session_prompt: {
    ask_user: { question: string; choices: string[] };
    answer: { action: string; content: { choice: string } };
    expect_tool_output: { action: string; content: { answer: string } };
    reply_chunks: string[];
  };
  [step: string]: unknown;
};

export const loadScenario = (path = SCENARIO_PATH): Scenario =>
  JSON.parse(readFileSync(path, "utf8")) as Scenario;

export type ScenarioEnv = {
  scenario: Scenario;
  fake: FakeOpenAi;
  daemon: DaemonProcess;
  socket: string;
  /** Variables a scenario program needs on top of its own environment. */
  env: Record<string, string>;
  close(): Promise<void>;
};

/**
 * The fake model: a request whose last message is a tool result gets the streamed reply; any other
 * gets one ask_user call. Keyed on the request rather than a FIFO, so a program run by hand any number
 * of times (or one that fails half-way) never leaves the script out of step.
 */
export function scenarioModel(s: Scenario): (body: RecordedBody) => Script {
  let calls = 0;
  return (body) => {
    const last = body.messages?.at(-1);
    if (last?.role === "tool") return [...s.session_prompt.reply_chunks.map(step.text), step.finish("stop")];
    calls += 1;
    const args = JSON.stringify(s.session_prompt.ask_user);
    return [...step.toolCallSplit(0, `call_ask_${calls}`, "ask_user", args, 3), step.finish("tool_calls")];
  };
}

/** The tool message of a completion request, parsed (the daemon sends the tool's output as JSON). */
export function toolResults(body: RecordedBody | undefined): unknown[] {
  return (body?.messages ?? [])
    .filter((m) => m.role === "tool")
    .map((m) => {
      try {
        return JSON.parse(String(m.content));
      } catch {
        return m.content;
      }
    });
}

export async function startScenarioEnv(scenarioPath = SCENARIO_PATH): Promise<ScenarioEnv> {
  const scenario = loadScenario(scenarioPath);
  const fake = (await FakeOpenAi.start()).respondWith(scenarioModel(scenario));
  const home = mkdtempSync(join(tmpdir(), "zc-scn-"));
  const configDir = join(home, "config");
  const dataDir = join(home, "data");
  mkdirSync(configDir);
  mkdirSync(dataDir);
  writeFileSync(
    join(configDir, "config.toml"),
    [
      "[providers.fake]",
      'kind = "openai"',
      `base_url = "${fake.baseUrl}"`,
      'model = "scenario-model"',
      "",
      "[agents.asker]",
      'provider = "fake"',
      "",
    ].join("\n"),
  );
  const socket = join(dataDir, "daemon.sock");
  const vars = { ZEROCLAW_CONFIG_DIR: configDir, ZEROCLAW_DATA_DIR: dataDir, ZEROCLAW_SOCKET: socket };
  let daemon: DaemonProcess;
  try {
    daemon = await startDaemon({ PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, ...vars }, socket);
  } catch (err) {
    await fake.close();
    rmSync(home, { recursive: true, force: true });
    throw err;
  }
  return {
    scenario,
    fake,
    daemon,
    socket,
    env: { ZEROCLAW_SOCKET: socket },
    async close() {
      await daemon.kill();
      await fake.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}
