// SPEC §17 bash sandbox as the daemon applies it: status.tools.bash_sandbox, the start-up warning of
// "auto" without a working bwrap, "bwrap" without one refusing to run (never unsandboxed), and a turn's
// bash (the real openai provider against the scripted fake server) sandboxed per agent: no config dir,
// no network unless tools.bash.network. Cases that need bwrap report themselves skipped without it.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BashSandbox, probeBwrap } from "../src/sessions/tools/bash-sandbox.js";
import { FakeOpenAi, step, textReply } from "./helpers/fake-openai-server.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";
import { TurnClient } from "./helpers/turn-client.js";

/** Outside /tmp: the sandbox's private /tmp would hide a config dir below it whatever the rule under test. */
const OUTSIDE_TMP = process.env.ZC_TEST_OUTSIDE_TMP ?? "/var/tmp";
const scratch = mkdtempSync(join(tmpdir(), "zc-sbxd-"));
const probe = await probeBwrap({
  configDir: join(scratch, "c"),
  dataDir: scratch,
  endpoint: join(scratch, "s.sock"),
  home: undefined,
  runtimeDir: undefined,
});
rmSync(scratch, { recursive: true, force: true });
const noBwrap = !probe.ok;
const asRoot = process.geteuid?.() === 0;

let d: TestDaemon | undefined;
let fake: FakeOpenAi;
const closers: (() => void)[] = [];

beforeEach(async () => {
  fake = await FakeOpenAi.start();
});
afterEach(async () => {
  for (const close of closers.splice(0)) close();
  await d?.stop();
  d = undefined;
  await fake.close();
});

const config = (extra = ""): string => `
[providers.fake]
kind = "openai"
base_url = "${fake.baseUrl}"
api_key = "sk-sandbox-provider-key"
model = "m1"

[agents.coder]
provider = "fake"
allowed_tools = ["bash"]

[agents.netcoder]
provider = "fake"
allowed_tools = ["bash"]
tools.bash.network = true
tools.bash.env = ["ZC_SBX_PASSED"]
${extra}
`;

async function connect(): Promise<TurnClient> {
  const c = await TurnClient.connect(d!.endpoint);
  closers.push(() => c.close());
  return c;
}

const statusSandbox = async (c: TurnClient): Promise<unknown> =>
  (await c.call<{ tools?: { bash_sandbox?: string } }>("status")).tools?.bash_sandbox;

/** Runs one turn whose model calls bash with `command`; returns the tool result's raw output. */
async function bashTurn(c: TurnClient, agent: string, command: string): Promise<Record<string, unknown>> {
  const { session_id } = await c.call<{ session_id: string }>("session/new", { agent });
  fake.enqueue([
    ...step.toolCallSplit(0, "call_1", "bash", JSON.stringify({ command }), 2),
    step.finish("tool_calls"),
  ]);
  fake.enqueue(textReply("done"));
  const turn = c.prompt(session_id, "run it");
  expect((await turn.result()).outcome).toBe("completed");
  const result = turn.updates().find((u) => u.type === "tool_result");
  return result?.rawOutput as Record<string, unknown>;
}

describe("tools.bash.sandbox in the daemon", () => {
  it.skipIf(asRoot)(
    "auto without a working bwrap runs unsandboxed, says so at start and in status",
    async () => {
      d = await startTestDaemon(config(), { env: { PATH: "/nonexistent-zc-path" } });
      const warnings = d.logs.filter((l) => l.level === 40 && /bash runs unsandboxed/.test(l.msg));
      expect(warnings).toHaveLength(1);
      expect(await statusSandbox(await connect())).toBe("off");
    },
  );

  it.skipIf(!asRoot)(
    "auto without a working bwrap, in a daemon run as root: bash refuses to run (it would be root), said at start and in status",
    async () => {
      d = await startTestDaemon(config(), { env: { PATH: "/nonexistent-zc-path" } });
      const warnings = d.logs.filter(
        (l) => l.level === 40 && /bash will refuse to run, since the daemon runs as root/.test(l.msg),
      );
      expect(warnings).toHaveLength(1);
      const c = await connect();
      expect(await statusSandbox(c)).toBe("unavailable");
      const out = await bashTurn(c, "coder", "echo ran-as-root-unsandboxed");
      expect(out.error).toMatch(/^bash refused: the daemon runs as root/);
      expect(JSON.stringify(out)).not.toContain("ran-as-root-unsandboxed");
    },
  );

  it("the rule itself, for either user: auto falls back to off only when the daemon is not root", () => {
    const paths = {
      configDir: "/c",
      dataDir: "/d",
      endpoint: "/d/s.sock",
      home: "/h",
      runtimeDir: undefined,
    };
    const missing = { ok: false as const, why: "bwrap (bubblewrap) is not on PATH" };
    expect(new BashSandbox(missing, paths, false).mode("auto")).toBe("off");
    expect(new BashSandbox(missing, paths, true).mode("auto")).toBe("unavailable");
    expect(new BashSandbox(missing, paths, true).mode("off")).toBe("off");
    expect(new BashSandbox(missing, paths, false).mode("bwrap")).toBe("unavailable");
    expect(new BashSandbox({ ok: true, path: "/usr/bin/bwrap" }, paths, true).mode("auto")).toBe("bwrap");
  });

  it('"off" is off, with no warning', async () => {
    d = await startTestDaemon(config('[tools.bash]\nsandbox = "off"\n'), {
      env: { PATH: "/nonexistent-zc-path" },
    });
    expect(d.logs.filter((l) => /sandbox|unsandboxed/.test(l.msg))).toEqual([]);
    expect(await statusSandbox(await connect())).toBe("off");
  });

  it('"bwrap" without a working bwrap: status says unavailable and bash refuses to run', async () => {
    d = await startTestDaemon(config('[tools.bash]\nsandbox = "bwrap"\n'), {
      env: { PATH: "/nonexistent-zc-path" },
    });
    const c = await connect();
    expect(await statusSandbox(c)).toBe("unavailable");
    const out = await bashTurn(c, "coder", "echo ran-unsandboxed");
    expect(out.error).toMatch(/^bash refused: tools.bash.sandbox is "bwrap"/);
    expect(JSON.stringify(out)).not.toContain("ran-unsandboxed");
  });

  it.skipIf(noBwrap)(
    "by default (auto) a turn's bash cannot read the config dir and has no network",
    async () => {
      d = await startTestDaemon(config(), { parentDir: OUTSIDE_TMP });
      const c = await connect();
      expect(await statusSandbox(c)).toBe("bwrap");
      const configFile = join(d.dir, "config", "config.toml");
      const read = await bashTurn(c, "coder", `cat ${configFile}; echo written > mine.txt && cat mine.txt`);
      expect(read.stdout).toBe("written\n");
      expect(JSON.stringify(read)).not.toContain("sk-sandbox-provider-key");
      // §19: whoever runs the daemon (root in CI), the turn's bash has no capabilities and cannot unmount.
      const caps = await bashTurn(
        c,
        "coder",
        `grep CapEff /proc/self/status; umount ${join(d.dir, "config")}; echo "rc=$?"`,
      );
      expect(caps.stdout).toMatch(/^CapEff:\s+0000000000000000$/m);
      expect(caps.stdout).toMatch(/^rc=[1-9]\d*$/m);

      let accepted = 0;
      const server = createServer((s) => {
        accepted++;
        s.end("loopback says hi\n");
      });
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      try {
        const port = (server.address() as { port: number }).port;
        const cmd = `exec 3<>/dev/tcp/127.0.0.1/${port} && head -n1 <&3`;
        expect((await bashTurn(c, "coder", cmd)).stdout).toBe("");
        expect(accepted).toBe(0);
        // The agent with tools.bash.network = true reaches it.
        expect((await bashTurn(c, "netcoder", cmd)).stdout).toBe("loopback says hi\n");
        expect(accepted).toBe(1);
      } finally {
        server.close();
      }
    },
  );

  it("bash gets the §19 allow-list, plus what its agent names in tools.bash.env (sandboxed or not)", async () => {
    const env = { ZC_SBX_PASSED: "passed-value", GH_PAT: "ghp-secret", DATABASE_URL: "postgres://u:pw@h/db" };
    for (const sandbox of ["off", "auto"]) {
      d = await startTestDaemon(config(`[tools.bash]\nsandbox = "${sandbox}"\n`), { parentDir: OUTSIDE_TMP });
      Object.assign(process.env, env);
      try {
        const c = await connect();
        const plain = (await bashTurn(c, "coder", "env")).stdout as string;
        const passed = (await bashTurn(c, "netcoder", "env")).stdout as string;
        expect(plain).not.toMatch(/ZC_SBX_PASSED|GH_PAT|DATABASE_URL|ghp-secret|pw@h/);
        expect(plain).toMatch(/^PATH=/m);
        expect(passed).toContain("ZC_SBX_PASSED=passed-value\n");
        expect(passed).not.toMatch(/GH_PAT|DATABASE_URL/);
      } finally {
        for (const name of Object.keys(env)) delete process.env[name];
        for (const close of closers.splice(0)) close();
        await d.stop();
        d = undefined;
      }
    }
  });
});
