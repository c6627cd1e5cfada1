// SPEC §15 / issue 10: one scenario (clients/scenario.json), every language. Each language's scenario
// program runs against a real daemon and a fake OpenAI-compatible server (test/helpers/scenario-env.ts)
// and must print `ok <step>` for every step and exit 0. Afterwards the fake's second completion request
// must carry the user's answer in the ask_user tool result, and the daemon must still serve a fresh
// connection. A language whose toolchain or program is missing is reported skipped, never passed.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { connectClient } from "../src/client/connect.js";
import { CARGO_CONFIG } from "./helpers/cargo.js";
import { REPO_ROOT, requireBuild, run } from "./helpers/proc-daemon.js";
import { SCENARIO_PATH, type ScenarioEnv, startScenarioEnv, toolResults } from "./helpers/scenario-env.js";

type Language = {
  name: string;
  /** The toolchain command that must answer `--version` (`go version`: go has no --version). */
  toolchain: string;
  /** The scenario program; until it exists the language is skipped. */
  program: string;
  command: string[];
  cwd: string;
  env?: Record<string, string>;
  timeoutMs: number;
};

const LANGUAGES: Language[] = [
  {
    name: "typescript",
    toolchain: process.execPath,
    program: "clients/typescript/scenario.ts",
    command: [process.execPath, "--import", "tsx", "clients/typescript/scenario.ts", SCENARIO_PATH],
    cwd: REPO_ROOT,
    timeoutMs: 60_000,
  },
  {
    name: "python",
    toolchain: "python3",
    program: "clients/python/examples/scenario.py",
    command: ["python3", "clients/python/examples/scenario.py", SCENARIO_PATH],
    cwd: REPO_ROOT,
    env: { PYTHONPATH: join(REPO_ROOT, "clients", "python", "src"), PYTHONDONTWRITEBYTECODE: "1" },
    timeoutMs: 60_000,
  },
  {
    name: "go",
    toolchain: "go",
    program: "clients/go/cmd/scenario",
    command: ["go", "run", "./cmd/scenario", SCENARIO_PATH],
    cwd: join(REPO_ROOT, "clients", "go"),
    env: { GOFLAGS: "-mod=mod", GOPROXY: "off", GOTOOLCHAIN: "local" },
    timeoutMs: 600_000,
  },
  {
    name: "rust",
    toolchain: "cargo",
    program: "clients/rust/examples/scenario.rs",
    command: [
      "cargo",
      "run",
      "--offline",
      "--config",
      CARGO_CONFIG,
      "--quiet",
      "--example",
      "scenario",
      "--",
      SCENARIO_PATH,
    ],
    cwd: join(REPO_ROOT, "clients", "rust"),
    timeoutMs: 900_000,
  },
];

/** Why this language cannot run here, or undefined when it can. */
function missing(lang: Language): string | undefined {
  const probe = spawnSync(lang.toolchain, [lang.toolchain === "go" ? "version" : "--version"], {
    stdio: "ignore",
  });
  if (probe.error || probe.status !== 0) return `toolchain \`${lang.toolchain}\` not found`;
  if (!existsSync(join(REPO_ROOT, lang.program))) return `no scenario program ${lang.program} yet`;
  return undefined;
}

let world: ScenarioEnv | undefined;

beforeAll(() => requireBuild());

afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe("clients/scenario.json in every language", () => {
  for (const lang of LANGUAGES) {
    it(`${lang.name}: the scenario program passes every step against the real daemon`, {
      timeout: lang.timeoutMs + 30_000,
    }, async (ctx) => {
      const why = missing(lang);
      if (why !== undefined) {
        ctx.skip(`${lang.name} skipped: ${why}`);
        return;
      }
      world = await startScenarioEnv();
      const [command, ...args] = lang.command as [string, ...string[]];
      const result = await run(
        command,
        args,
        { ...process.env, ...lang.env, ...world.env },
        { cwd: lang.cwd },
      );
      const lines = result.stdout.split("\n").filter((l) => l.trim() !== "");
      const report = `${lang.name} exited ${result.code}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}`;

      expect(
        lines.filter((l) => l.startsWith("FAIL")),
        report,
      ).toEqual([]);
      for (const s of world.scenario.steps) expect(lines, report).toContain(`ok ${s}`);
      expect(result.code, report).toBe(0);

      // The fake model's second completion request carried the user's answer, as the choice's text.
      const completions = world.fake.requests.filter((r) => r.path === "/v1/chat/completions");
      expect(completions.length).toBeGreaterThanOrEqual(2);
      expect(toolResults(completions[1]!.body)).toContainEqual(
        world.scenario.session_prompt.expect_tool_output,
      );

      // The daemon survived the program and still serves a fresh connection.
      expect(world.daemon.running).toBe(true);
      const { client, connection } = await connectClient(world.socket);
      try {
        await client.initialize({ protocolVersion: 1 });
        expect((await client.status()).pid).toBe(world.daemon.pid);
      } finally {
        connection.close();
      }
    });
  }
});
