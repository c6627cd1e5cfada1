// Issue 27.5: the first example of a generated client's README runs as written against its server —
// for our own document, the Python package's, against the real daemon (the example's call carries the
// params of the method's first example, so the daemon accepts it).
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  childEnv,
  type DaemonProcess,
  REPO_ROOT,
  requireBuild,
  run,
  startDaemon,
  tempDirs,
} from "./helpers/proc-daemon.js";

const dirs = tempDirs("zc-readme-ex-");
let home: string;
let socket: string;
let daemon: DaemonProcess;

beforeAll(async () => {
  requireBuild();
  home = dirs.make();
  socket = join(home, "d.sock");
  daemon = await startDaemon(
    childEnv(home, { ZEROCLAW_SOCKET: socket, ZEROCLAW_CONFIG_DIR: join(home, "cfg") }),
    socket,
  );
});
afterAll(async () => {
  await daemon?.kill();
  dirs.cleanup();
});

/** The first fenced block of `lang` in a README. */
function firstBlock(readme: string, lang: string): string {
  const m = new RegExp(`^\`\`\`${lang}\\n([\\s\\S]*?)^\`\`\`$`, "m").exec(readme);
  if (!m) throw new Error(`no \`\`\`${lang} block`);
  return m[1]!;
}

describe("generated READMEs' first examples, as written", () => {
  it("python: clients/python/README.md's example initializes against the daemon", async (ctx) => {
    if (spawnSync("python3", ["--version"]).status !== 0) {
      ctx.skip("python skipped: python3 not found");
      return;
    }
    const code = firstBlock(
      readFileSync(join(REPO_ROOT, "clients", "python", "README.md"), "utf8"),
      "python",
    );
    const file = join(home, "example.py");
    writeFileSync(file, code);
    const r = await run(
      "python3",
      [file],
      {
        ...process.env,
        PYTHONPATH: join(REPO_ROOT, "clients", "python", "src"),
        PYTHONDONTWRITEBYTECODE: "1",
        ZEROCLAW_SOCKET: socket,
      },
      { cwd: home },
    );
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^InitializeResult\(/);
    expect(r.stdout).toContain("protocol_version=1");
  });
});
