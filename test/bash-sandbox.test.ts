// SPEC §17 bash in a bubblewrap sandbox, with real bwrap and real processes: a sandboxed command cannot
// read the config dir (provider keys), the data dir, $HOME or the daemon's /proc, cannot reach a
// loopback TCP server this test runs (unless the agent has tools.bash.network), and can write its
// workspace. Then the daemon: status.tools.bash_sandbox, the start-up warning of "auto" without bwrap,
// "bwrap" without bwrap refusing to run, and a turn's bash actually sandboxed. Every sandboxed case is
// reported skipped where bwrap is missing or cannot build a sandbox on this machine.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ToolContext } from "../src/sessions/tool.js";
import {
  BashSandbox,
  hiddenDirs,
  probeBwrap,
  type SandboxPaths,
} from "../src/sessions/tools/bash-sandbox.js";
import { bashTool } from "../src/sessions/tools/bash-tool.js";

type BashOutput = { exit_code: number | null; stdout: string; stderr: string; error?: string };

/**
 * Outside /tmp: the sandbox's private /tmp would hide anything below it whatever the rule under test,
 * and a real config dir (~/.zeroclaw) is not there either.
 */
const OUTSIDE_TMP = process.env.ZC_TEST_OUTSIDE_TMP ?? "/var/tmp";
const root = mkdtempSync(join(OUTSIDE_TMP, "zc-sandbox-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A daemon's places as the sandbox sees them: $HOME, config dir with a provider key, data dir. */
function layout(): SandboxPaths & { workspace: string; home: string } {
  const base = mkdtempSync(join(root, "l-"));
  const home = join(base, "home");
  const configDir = join(base, "etc-zeroclaw");
  const dataDir = join(base, "data");
  const workspace = join(dataDir, "workspaces", "s1");
  for (const dir of [home, configDir, workspace]) mkdirSync(dir, { recursive: true });
  writeFileSync(join(home, "notes.txt"), "home secret\n");
  writeFileSync(join(configDir, "config.toml"), '[providers.p]\napi_key = "sk-live-provider-key"\n');
  writeFileSync(join(dataDir, "zeroclaw.db"), "database bytes\n");
  return {
    home,
    configDir,
    dataDir,
    endpoint: join(dataDir, "daemon.sock"),
    runtimeDir: undefined,
    workspace,
  };
}

const probe = await probeBwrap(layout());
const noBwrap = !probe.ok;
if (noBwrap) console.warn(`bash sandbox tests skipped: ${probe.ok ? "" : probe.why}`);

function run(command: string, paths: ReturnType<typeof layout>, network = false): Promise<BashOutput> {
  const ctx: ToolContext = {
    sessionId: "s1",
    workspaceDir: paths.workspace,
    signal: new AbortController().signal,
    limits: { timeoutMs: 20_000, outputMaxBytes: 64 * 1024, askUserTimeoutMs: 1000 },
    sandbox: new BashSandbox(probe, paths).plan("bwrap", network),
    elicit: undefined,
  };
  return bashTool.run({ command }, ctx) as Promise<BashOutput>;
}

/** A loopback TCP server that counts the connections it accepted. */
async function loopbackServer(): Promise<{ server: Server; port: number; accepted: () => number }> {
  let accepted = 0;
  const server = createServer((s) => {
    accepted++;
    s.end("hello from loopback\n");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, port: (server.address() as { port: number }).port, accepted: () => accepted };
}

describe.skipIf(noBwrap)("a sandboxed bash", () => {
  it("cannot read the config dir with the provider keys, the data dir or $HOME; they look empty", async () => {
    const l = layout();
    const out = await run(
      `cat ${l.configDir}/config.toml; cat ${l.dataDir}/zeroclaw.db; cat ${l.home}/notes.txt; ls -A ${l.configDir} ${l.home} | wc -l`,
      l,
    );
    expect(out.stdout).not.toContain("sk-live-provider-key");
    expect(out.stdout).not.toContain("database bytes");
    expect(out.stdout).not.toContain("home secret");
    expect(out.stderr).toContain("No such file");
    // The same command unsandboxed reads all three: the files are there, only hidden.
    expect(readFileSync(join(l.configDir, "config.toml"), "utf8")).toContain("sk-live-provider-key");
  });

  it("cannot see the daemon's processes or their environment in /proc", async () => {
    const l = layout();
    const out = await run(`cat /proc/${process.pid}/environ && echo LEAKED; ls /proc | grep -c '^[0-9]'`, l);
    expect(out.stdout).not.toContain("LEAKED");
    // Its own pid namespace: bwrap's init, the shell and the commands it runs, nothing else.
    expect(Number(out.stdout.trim().split("\n").at(-1))).toBeLessThan(8);
  });

  it("cannot reach a loopback TCP server without tools.bash.network; can with it", async () => {
    const l = layout();
    const { server, port, accepted } = await loopbackServer();
    try {
      const cmd = `exec 3<>/dev/tcp/127.0.0.1/${port} && head -n1 <&3`;
      const denied = await run(cmd, l);
      expect(denied.stdout).not.toContain("hello from loopback");
      expect(denied.exit_code).not.toBe(0);
      expect(accepted()).toBe(0);
      const allowed = await run(cmd, l, true);
      expect(allowed.stdout).toBe("hello from loopback\n");
      expect(accepted()).toBe(1);
    } finally {
      server.close();
    }
  });

  it("writes its workspace (inside the hidden data dir) and a private /tmp; the rest is read-only", async () => {
    const l = layout();
    const out = await run(
      "echo made-inside > made.txt && echo scratch > /tmp/x && cat /tmp/x; touch /usr/zc-sandbox-probe 2>&1; echo $?",
      l,
    );
    expect(readFileSync(join(l.workspace, "made.txt"), "utf8")).toBe("made-inside\n");
    expect(out.stdout).toContain("scratch\n");
    expect(out.stdout).toMatch(/Read-only file system\n1\n$/);
    expect(existsSync("/usr/zc-sandbox-probe")).toBe(false);
  });

  it("hides the config dir again when the workspace is an ancestor of it ($HOME as cwd)", async () => {
    const l = layout();
    const configInHome = join(l.home, ".zeroclaw");
    mkdirSync(configInHome);
    writeFileSync(join(configInHome, "config.toml"), 'api_key = "sk-in-home"\n');
    const out = await run(`cat notes.txt; cat .zeroclaw/config.toml`, {
      ...l,
      configDir: configInHome,
      workspace: l.home,
    });
    expect(out.stdout).toBe("home secret\n");
    expect(out.stdout).not.toContain("sk-in-home");
  });

  it("a timeout kills everything the command started, setsid'd children included", async () => {
    const l = layout();
    const marker = `zc-sbx-${process.pid}-${Date.now()}`;
    const ctx: ToolContext = {
      sessionId: "s1",
      workspaceDir: l.workspace,
      signal: new AbortController().signal,
      limits: { timeoutMs: 500, outputMaxBytes: 1024, askUserTimeoutMs: 1000 },
      sandbox: new BashSandbox(probe, l).plan("bwrap", false),
      elicit: undefined,
    };
    const out = (await bashTool.run(
      { command: `setsid sh -c 'sleep 300; : ${marker}' & sh -c 'sleep 300; : ${marker}'` },
      ctx,
    )) as { timed_out: boolean };
    expect(out.timed_out).toBe(true);
    // The pid namespace is torn down with bwrap: no sleeper survives (reaping may take a moment).
    for (let i = 0; i < 200 && processesWith(marker) > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(processesWith(marker)).toBe(0);
  });
});

/** How many live processes have `marker` in their command line. */
function processesWith(marker: string): number {
  let n = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(marker)) n++;
    } catch {
      // exited while we looked
    }
  }
  return n;
}

describe("which host sockets are hidden, and how (SPEC §19)", () => {
  it("a socket's folder is hidden whole, except the workspace and folders bash needs: there the socket alone", () => {
    const l = layout();
    const elsewhere = join(root, "sockets-here");
    mkdirSync(elsewhere, { recursive: true });
    const { hidden, sockets } = hiddenDirs(l, l.workspace, [
      join(elsewhere, "a.sock"),
      join(l.workspace, "b.sock"),
      "/etc/c.sock",
      "/tmp/.X11-unix/X0",
      "/run/user/0/bus",
    ]);
    expect(hidden).toContain(elsewhere);
    expect(hidden).not.toContain("/etc");
    expect(hidden).not.toContain(l.workspace);
    expect(sockets.sort()).toEqual(["/etc/c.sock", join(l.workspace, "b.sock")].sort());
    // /tmp is private already; /run is hidden whole, so its children need nothing of their own.
    expect(hidden.filter((d) => d.startsWith("/tmp") || d.startsWith("/run/"))).toEqual([]);
    if (existsSync("/run")) expect(hidden).toContain("/run");
  });

  it.skipIf(noBwrap)(
    "a host socket inside the workspace itself is unreachable; the workspace stays writable",
    async () => {
      const l = layout();
      const path = join(l.workspace, "host.sock");
      let accepted = 0;
      const server = createServer((s) => {
        accepted++;
        s.end("hello from the host\n");
      });
      await new Promise<void>((r) => server.listen(path, r));
      try {
        const ctx: ToolContext = {
          sessionId: "s1",
          workspaceDir: l.workspace,
          signal: new AbortController().signal,
          limits: { timeoutMs: 20_000, outputMaxBytes: 64 * 1024, askUserTimeoutMs: 1000 },
          sandbox: new BashSandbox(probe, l).plan("bwrap", false, [], l.workspace),
          elicit: undefined,
        };
        const out = (await bashTool.run(
          { command: `socat -u UNIX-CONNECT:${path} STDOUT; echo "rc=$?"; echo ok > w.txt && cat w.txt` },
          ctx,
        )) as BashOutput;
        expect(out.stdout).not.toContain("hello from the host");
        expect(out.stdout).toMatch(/^rc=[1-9]\d*$/m);
        expect(out.stdout).toContain("ok\n");
        expect(accepted).toBe(0);
      } finally {
        server.close();
      }
    },
  );
});

describe.skipIf(noBwrap)("host sockets looked up per call", () => {
  it("a socket bound after the turn's plan was made is still unreachable from the next bash call", async () => {
    const l = layout();
    const sandbox = new BashSandbox(probe, l).plan("bwrap", false, [], l.workspace);
    const folder = mkdtempSync(join(root, "late-"));
    const path = join(folder, "late.sock");
    let accepted = 0;
    const server = createServer((s) => {
      accepted++;
      s.end("hello from the host\n");
    });
    await new Promise<void>((r) => server.listen(path, r));
    try {
      const out = (await bashTool.run(
        { command: `socat -u UNIX-CONNECT:${path} STDOUT; echo "rc=$?"` },
        {
          sessionId: "s1",
          workspaceDir: l.workspace,
          signal: new AbortController().signal,
          limits: { timeoutMs: 20_000, outputMaxBytes: 64 * 1024, askUserTimeoutMs: 1000 },
          sandbox,
          elicit: undefined,
        },
      )) as BashOutput;
      expect(out.stdout).toMatch(/^rc=[1-9]\d*$/m);
      expect(accepted).toBe(0);
    } finally {
      server.close();
    }
  });
});

describe.skipIf(noBwrap)("a mount bwrap could not set up", () => {
  it("(a socket folder gone between the plan and the mounts) is retried with a fresh plan; the command runs once", async () => {
    const l = layout();
    // A bwrap that fails its first setup the way the real one words it, then is the real one.
    const marker = join(l.home, "..", "failed-once");
    const flaky = join(l.home, "..", "flaky-bwrap");
    writeFileSync(
      flaky,
      `#!/bin/sh\nif [ ! -e "${marker}" ]; then : > "${marker}"; echo "bwrap: Can't mkdir /var/tmp/gone: No such file or directory" >&2; exit 1; fi\nexec "${probe.ok ? probe.path : "bwrap"}" "$@"\n`,
      { mode: 0o755 },
    );
    const plan = new BashSandbox(probe, l).plan("bwrap", false, [], l.workspace);
    const out = (await bashTool.run(
      { command: "echo ran >> runs.txt; cat runs.txt" },
      {
        sessionId: "s1",
        workspaceDir: l.workspace,
        signal: new AbortController().signal,
        limits: { timeoutMs: 20_000, outputMaxBytes: 64 * 1024, askUserTimeoutMs: 1000 },
        sandbox: { ...(plan as Extract<typeof plan, { kind: "bwrap" }>), bwrap: flaky },
        elicit: undefined,
      },
    )) as BashOutput;
    expect(existsSync(marker)).toBe(true);
    expect(out.exit_code).toBe(0);
    expect(out.stdout).toBe("ran\n");
  });
});
