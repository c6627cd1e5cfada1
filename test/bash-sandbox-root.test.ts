// SPEC §19 bash's sandbox holds for root: each escape of issue 25 tried from INSIDE a sandboxed bash —
// capabilities (CapEff), umount of the hidden config dir, data dir and $HOME, remount of / read-write, a
// new mount, host Unix sockets outside the hidden dirs (one in a plain folder, one under /run), and
// the secret variables of a CI or container environment. Run as the test's user (root in CI) and as an
// unprivileged user (nobody, through setpriv) when the test is root. The escapes run in a child
// process (test/helpers/sandbox-escapes.mjs with the built dist/ modules, copied where any user can
// read them) so that each user runs the daemon's own code. A user for whom bwrap cannot build a sandbox (no unprivileged user namespaces) reports
// itself skipped, with bwrap's reason. Last, the whole daemon run as nobody (whose HOME does not exist, as
// for most service users): its turn's bash tries the same escapes.
import { execFile, spawn } from "node:child_process";
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
import { createServer } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeOpenAi, step, textReply } from "./helpers/fake-openai-server.js";
import { BIN, DaemonProcess, requireBuild, waitConnectable } from "./helpers/proc-daemon.js";
import { TurnClient } from "./helpers/turn-client.js";

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

/**
 * The whole daemon as `nobody` (setpriv), its turn's bash trying the escapes: what a daemon started by
 * an unprivileged service user gives bash. The test (root) is let in as an admin user by uid.
 */
describe("a daemon run by an unprivileged user (nobody)", () => {
  it("its turn's bash has no capabilities, no host socket and none of the daemon's secrets", async (ctx) => {
    if (!isRoot) ctx.skip("the test is not root: it cannot start a daemon as another user");
    const base = mkdtempSync(join(OUTSIDE_TMP, "zc-sbx-nobody-"));
    dirs.push(base);
    // nobody must be able to run the daemon from this checkout (a checkout under a private home is not).
    const readable = await new Promise<boolean>((resolve) =>
      execFile(
        "setpriv",
        ["--reuid", "65534", "--regid", "65534", "--clear-groups", "test", "-r", BIN],
        (err) => resolve(!err),
      ),
    );
    if (!readable) ctx.skip(`nobody cannot read ${BIN}`);
    // Whether this kernel lets nobody build any bwrap sandbox at all (unprivileged user namespaces):
    // decided apart from the daemon, so a daemon that fails where bwrap works is a failure, not a skip.
    const userns = await new Promise<string | undefined>((resolve) =>
      execFile(
        "setpriv",
        [
          "--reuid",
          "65534",
          "--regid",
          "65534",
          "--clear-groups",
          "bwrap",
          "--unshare-user",
          "--cap-drop",
          "ALL",
        ].concat(["--ro-bind", "/", "/", "--proc", "/proc", "--dev", "/dev", "true"]),
        { cwd: "/" },
        (err, _o, stderr) => resolve(err ? stderr || err.message : undefined),
      ),
    );
    if (userns !== undefined) ctx.skip(`bwrap cannot build a sandbox as nobody here: ${userns}`);
    const fake = await FakeOpenAi.start();
    const configDir = join(base, "config");
    const open = join(base, "open");
    mkdirSync(configDir);
    mkdirSync(open);
    writeFileSync(
      join(configDir, "config.toml"),
      `[providers.fake]\nkind = "openai"\nbase_url = "${fake.baseUrl}"\napi_key = "sk-nobody-provider-key"\nmodel = "m1"\n\n` +
        `[agents.coder]\nprovider = "fake"\nallowed_tools = ["bash"]\n\n` +
        `[permission_profiles.admin]\nadmin = true\n\n[users.root]\nuid = 0\npermission_profiles = ["admin"]\n\n` +
        `[tools.bash]\nsandbox = "bwrap"\n`,
    );
    for (const p of [base, configDir, open, join(configDir, "config.toml")]) chownSync(p, 65534, 65534);
    // A host socket outside every hidden dir, served by the test (root).
    let accepted = 0;
    const server = createServer((s) => {
      accepted++;
      s.end("hello from the host\n");
    });
    const hostSocket = join(open, "host.sock");
    await new Promise<void>((r) => server.listen(hostSocket, r));
    const secrets = {
      DATABASE_URL: "postgres://u:secret-db@h/db",
      GH_PAT: "secret-ghpat",
      CI_JOB_JWT: "secret-jwt",
    };
    const socket = join(configDir, "data", "daemon.sock");
    const daemon = new DaemonProcess(
      spawn(
        "setpriv",
        ["--reuid", "65534", "--regid", "65534", "--clear-groups", process.execPath, BIN, "daemon"],
        {
          env: {
            PATH: "/usr/local/bin:/usr/bin:/bin",
            HOME: join(base, "home"),
            ZEROCLAW_CONFIG_DIR: configDir,
            ...secrets,
          },
          cwd: base,
          stdio: ["ignore", "pipe", "pipe"],
        },
      ),
    );
    try {
      await waitConnectable(daemon, socket);
      const c = await TurnClient.connect(socket);
      try {
        const status = await c.call<{ tools: { bash_sandbox: string } }>("status");
        // nobody's HOME does not exist (as for most service users): the sandbox must still build.
        expect(status.tools.bash_sandbox, daemon.stderr).toBe("bwrap");
        const { session_id } = await c.call<{ session_id: string }>("session/new", { agent: "coder" });
        const command =
          `grep CapEff /proc/self/status; umount ${configDir}; echo "umount=$?"; ` +
          `mount -o remount,rw /; echo "remount=$?"; cat ${configDir}/config.toml; ` +
          `socat -u UNIX-CONNECT:${hostSocket} STDOUT; echo "socket=$?"; env`;
        fake.enqueue([
          ...step.toolCallSplit(0, "call_1", "bash", JSON.stringify({ command }), 2),
          step.finish("tool_calls"),
        ]);
        fake.enqueue(textReply("done"));
        const turn = c.prompt(session_id, "run it");
        expect((await turn.result()).outcome).toBe("completed");
        const out = turn.updates().find((u) => u.type === "tool_result")?.rawOutput as { stdout: string };
        expect(out.stdout).toMatch(/^CapEff:\s+0000000000000000$/m);
        expect(out.stdout).toMatch(/^umount=[1-9]\d*$/m);
        expect(out.stdout).toMatch(/^remount=[1-9]\d*$/m);
        expect(out.stdout).toMatch(/^socket=[1-9]\d*$/m);
        expect(out.stdout).not.toContain("sk-nobody-provider-key");
        expect(out.stdout).not.toContain("hello from the host");
        for (const [name, value] of Object.entries(secrets)) {
          expect(out.stdout).not.toContain(`${name}=`);
          expect(out.stdout).not.toContain(value);
        }
        expect(accepted).toBe(0);
      } finally {
        c.close();
      }
    } finally {
      await daemon.kill();
      server.close();
      await fake.close();
    }
  });
});
