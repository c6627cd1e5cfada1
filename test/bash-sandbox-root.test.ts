// SPEC §19 bash's sandbox holds for root: each escape of issue 25 tried from INSIDE a sandboxed bash —
// capabilities (CapEff), umount of the hidden config dir, data dir and $HOME, remount of / read-write, a
// new mount, host Unix sockets outside the hidden dirs (one in a plain folder, one under /run), and
// the secret variables of a CI or container environment. Run as the test's user (root in CI) and as an
// unprivileged user (nobody, through setpriv) when the test is root. The escapes run in a child
// process (test/helpers/sandbox-escapes.mjs with the built dist/ modules, copied where any user can
// read them) so that each user runs the daemon's own code. A user for whom bwrap cannot build a sandbox (no unprivileged user namespaces) reports
// itself skipped, with bwrap's reason.
import { execFile } from "node:child_process";
import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireBuild } from "./helpers/proc-daemon.js";

const OUTSIDE_TMP = process.env.ZC_TEST_OUTSIDE_TMP ?? "/var/tmp";
const DIST = join(import.meta.dirname, "..", "dist", "src", "sessions");
const dirs: string[] = [];
beforeAll(() => requireBuild());
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  rmSync("/run/zc-sbx-test", { recursive: true, force: true });
});

type BashOut = { exit_code: number | null; stdout: string; stderr: string };
type Escapes = {
  skipped?: string;
  user: number;
  status: BashOut;
  umountConfig: BashOut;
  umountHome: BashOut;
  umountData: BashOut;
  remount: BashOut;
  mountNew: BashOut;
  env: BashOut;
  sockets: Record<string, BashOut>;
  control: Record<string, BashOut>;
  acceptedFromSandbox: number;
  secrets: Record<string, string>;
};

/** The escape script and the built modules it runs, in a folder any user can read. */
function copyCode(): string {
  const code = mkdtempSync(join(OUTSIDE_TMP, "zc-sbx-code-"));
  dirs.push(code);
  chmodSync(code, 0o755);
  mkdirSync(join(code, "sessions", "tools"), { recursive: true });
  for (const f of ["settle-once.js", "tools/bash-sandbox.js", "tools/bash-tool.js"])
    copyFileSync(join(DIST, f), join(code, "sessions", f));
  copyFileSync(
    join(import.meta.dirname, "helpers", "sandbox-escapes.mjs"),
    join(code, "sandbox-escapes.mjs"),
  );
  writeFileSync(join(code, "package.json"), '{"type":"module"}\n');
  for (const d of [join(code, "sessions"), join(code, "sessions", "tools")]) chmodSync(d, 0o755);
  return join(code, "sandbox-escapes.mjs");
}

function runEscapes(asUser?: { uid: number; gid: number }): Promise<{ base: string; out: Escapes }> {
  const base = mkdtempSync(join(OUTSIDE_TMP, "zc-sbx-root-"));
  dirs.push(base);
  let file = process.execPath;
  let args = [copyCode(), base];
  if (asUser) {
    chownSync(base, asUser.uid, asUser.gid);
    file = "setpriv";
    args = [
      "--reuid",
      String(asUser.uid),
      "--regid",
      String(asUser.gid),
      "--clear-groups",
      process.execPath,
      ...args,
    ];
  }
  return new Promise((resolve, reject) => {
    execFile(file, args, { cwd: base, timeout: 60_000, maxBuffer: 8 << 20 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${err.message}\n${stderr}`));
      else resolve({ base, out: JSON.parse(stdout) as Escapes });
    });
  });
}

function assertHolds(base: string, out: Escapes): void {
  // No capabilities at all, whoever started the daemon.
  expect(out.status.stdout).toMatch(/^CapEff:\s+0000000000000000$/m);
  expect(out.status.stdout).toMatch(/^CapPrm:\s+0000000000000000$/m);
  expect(out.status.stdout).toMatch(/^CapBnd:\s+0000000000000000$/m);
  // umount fails and the hidden dirs stay empty: no provider key, no ~/.ssh.
  for (const r of [out.umountConfig, out.umountHome, out.umountData])
    expect(r.stdout).toMatch(/^rc=[1-9]\d*$/m);
  expect(out.umountConfig.stdout + out.umountConfig.stderr).not.toContain("sk-live-provider-key");
  expect(out.umountHome.stdout).not.toMatch(/PRIVATE KEY|\.ssh/);
  expect(out.umountHome.stderr).toContain("No such file");
  expect(out.umountData.stdout).not.toContain("zeroclaw.db");
  // remount rw fails, and the host folder stays unwritten.
  expect(out.remount.stdout).toMatch(/^rc=[1-9]\d*$/m);
  expect(out.remount.stdout).toMatch(/^write=[1-9]\d*$/m);
  expect(existsSync(join(base, "written-from-sandbox"))).toBe(false);
  expect(out.mountNew.stdout).toMatch(/^rc=[1-9]\d*$/m);
  // Host Unix sockets: unreachable from the sandbox, reachable by the same command outside it.
  const socketPaths = Object.keys(out.sockets);
  expect(socketPaths.length).toBeGreaterThan(0);
  for (const path of socketPaths) {
    expect(out.sockets[path]?.stdout).toMatch(/^rc=[1-9]\d*$/m);
    expect(out.sockets[path]?.stdout).not.toContain("hello from the host");
    expect(out.control[path]?.stdout).toBe("hello from the host\n");
  }
  expect(out.acceptedFromSandbox).toBe(0);
  // The environment: none of the secret variables, by name or by value.
  for (const [name, value] of Object.entries(out.secrets)) {
    expect(out.env.stdout).not.toContain(`${name}=`);
    expect(out.env.stdout).not.toContain(value);
  }
  expect(out.env.stdout).toMatch(/^PATH=/m);
}

const isRoot = process.getuid?.() === 0;

describe("bash's sandbox, escapes tried from inside (SPEC §19)", () => {
  it(`holds for the test's own user (${isRoot ? "root" : "unprivileged"})`, async (ctx) => {
    const { base, out } = await runEscapes();
    if (out.skipped) ctx.skip(`bwrap cannot build a sandbox here: ${out.skipped}`);
    if (isRoot) expect(Object.keys(out.sockets).some((p) => p.startsWith("/run/"))).toBe(true);
    assertHolds(base, out);
  });

  it("holds for an unprivileged user (nobody) too", async (ctx) => {
    if (!isRoot) ctx.skip("the test is not root: the case above already ran unprivileged");
    const { base, out } = await runEscapes({ uid: 65534, gid: 65534 });
    if (out.skipped) ctx.skip(`bwrap cannot build a sandbox as nobody: ${out.skipped}`);
    expect(out.user).toBe(65534);
    assertHolds(base, out);
  });
});
