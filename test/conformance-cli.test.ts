// The suite's command line (SPEC §16) through both doors: the package's bin (conformance/dist/cli.js,
// what `npm pack` ships) and the `zeroclaw conformance` alias. The minimal daemon of
// examples/minimal-daemon serves only initialize/status/rpc.discover, so its sessions are not
// implemented: reported as such and exit 0, unless the area is required.
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, childEnv, REPO_ROOT, requireBuild, run, tempDirs } from "./helpers/proc-daemon.js";

const SUITE = join(REPO_ROOT, "conformance", "dist", "cli.js");
const MINIMAL = `python3 ${join(REPO_ROOT, "examples", "minimal-daemon", "daemon.py")}`;
const hasPython311 =
  spawnSync("python3", ["-c", "import sys; assert sys.version_info >= (3, 11)"]).status === 0;
const dirs = tempDirs("zc-conf-cli-");
let env: NodeJS.ProcessEnv;

beforeAll(() => {
  requireBuild();
  execFileSync(process.execPath, [join(REPO_ROOT, "conformance", "build.mjs")]);
  env = childEnv(dirs.make());
});
afterAll(() => dirs.cleanup());

const suite = (args: string[]) => run(process.execPath, [SUITE, ...args], env);

describe("zeroclaw-conformance command line", () => {
  it("--list prints every case with its area; --area narrows it; the alias lists the same", async () => {
    const all = await suite(["--list"]);
    expect(all.code).toBe(0);
    const lines = all.stdout.trim().split("\n");
    expect(lines.length).toBeGreaterThan(150);
    // area, the dialects the case has a meaning in (SPEC §13), name, methods
    expect(lines).toContain("framing    seed          framing/frame-trickle-past-timeout  [status]");
    expect(lines).toContain("endpoint   seed,zeroclaw endpoint/ephemeral-reconnect-cancels-exit  [status]");
    expect(lines).toContain(
      "compat     zeroclaw      compat/zeroclaw-approval-reject  [session/new session/prompt session/approve]",
    );
    const framing = await suite(["--list", "--area", "framing,endpoint"]);
    expect(
      new Set(
        framing.stdout
          .trim()
          .split("\n")
          .map((line) => line.split(" ")[0]),
      ),
    ).toEqual(new Set(["framing", "endpoint"]));
    const alias = await run(process.execPath, [BIN, "conformance", "--list"], env);
    expect(alias.code, alias.stderr).toBe(0);
    expect(alias.stdout).toBe(all.stdout);
  });

  it("refuses unknown areas and malformed --report with exit 2", async () => {
    const area = await suite(["--list", "--area", "nope"]);
    expect(area.code).toBe(2);
    expect(area.stderr).toContain('no case has area "nope"');
    const report = await suite(["--spawn", "true", "--report", "xml=out"]);
    expect(report.code).toBe(2);
    expect(report.stderr).toContain("--report needs junit=FILE or json=FILE");
    const unknownCase = await suite(["--spawn", "true", "--case", "framing/no-such-case"]);
    expect(unknownCase.code).toBe(2);
    expect(unknownCase.stderr).toContain('no case is named "framing/no-such-case"');
  });

  it.skipIf(!hasPython311)(
    "reports an area whose methods initialize.capabilities lacks as not implemented (exit 0), a failure under --require",
    async () => {
      const out = dirs.make();
      const relaxed = await suite([
        "--spawn",
        MINIMAL,
        "--area",
        "sessions,pairing",
        "--report",
        `json=${join(out, "r.json")}`,
        "--report",
        `junit=${join(out, "r.xml")}`,
      ]);
      expect(relaxed.code, relaxed.stdout + relaxed.stderr).toBe(0);
      expect(relaxed.stdout).toMatch(
        /^n\/i {2}sessions\/echo-turn: not in initialize\.capabilities: .*session\/new/m,
      );
      // the n/a column: the zeroclaw dialect's own cases mean nothing in a seed run
      expect(relaxed.stdout).toMatch(/^sessions +0 +0 +0 +\d+ +\d+ +not implemented$/m);
      expect(relaxed.stdout.trim().split("\n").pop()).toBe("0 passed, 0 failed, 0 skipped");
      const json = JSON.parse(readFileSync(join(out, "r.json"), "utf8"));
      expect(json.capabilities).toEqual(["initialize", "status", "rpc.discover"]);
      expect(json.totals.not_implemented).toBeGreaterThan(20);
      expect(readFileSync(join(out, "r.xml"), "utf8")).toContain('<testsuite name="sessions"');

      const required = await suite([
        "--spawn",
        MINIMAL,
        "--area",
        "sessions",
        "--require",
        "sessions",
        "--filter",
        "unknown-session",
      ]);
      expect(required.code, required.stdout).toBe(1);
      expect(required.stdout).toMatch(/^FAIL sessions\/unknown-session: /m);
    },
  );
});
