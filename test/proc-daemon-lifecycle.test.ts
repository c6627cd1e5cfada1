// SPEC §1 and §10 against real `zeroclaw daemon` child processes: endpoint files and modes, one daemon
// per endpoint, stale sockets and locks, signals, config resolution and errors, structured logs.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  childEnv,
  type DaemonProcess,
  deadPid,
  leaveStaleSocket,
  requireBuild,
  runCli,
  spawnDaemon,
  tempDirs,
  waitConnectable,
} from "./helpers/proc-daemon.js";
import { RawClient } from "./helpers/raw-client.js";

const dirs = tempDirs();
const running: DaemonProcess[] = [];

beforeAll(() => requireBuild());

afterEach(async () => {
  await Promise.all(running.splice(0).map((d) => d.kill()));
  dirs.cleanup();
});

afterAll(() => dirs.cleanup());

const mode = (path: string): number => statSync(path).mode & 0o777;
const octal = (m: number): string => m.toString(8).padStart(4, "0");

/** A temp HOME with ZEROCLAW_CONFIG_DIR=<home>/config and an optional config.toml. */
function layout(toml?: string): { home: string; configDir: string; dataDir: string; socket: string } {
  const home = dirs.make();
  const configDir = join(home, "config");
  mkdirSync(configDir);
  if (toml !== undefined) writeFileSync(join(configDir, "config.toml"), toml);
  const dataDir = join(configDir, "data");
  return { home, configDir, dataDir, socket: join(dataDir, "daemon.sock") };
}

async function start(env: NodeJS.ProcessEnv, socket: string, args: string[] = []): Promise<DaemonProcess> {
  const d = spawnTracked(env, args);
  await waitConnectable(d, socket);
  return d;
}

function spawnTracked(env: NodeJS.ProcessEnv, args: string[] = []): DaemonProcess {
  const d = spawnDaemon(env, args);
  running.push(d);
  return d;
}

async function status(socket: string): Promise<Record<string, unknown>> {
  const c = await RawClient.connect(socket);
  try {
    await c.initialize();
    const res = await c.request("status", {});
    if (!res.result) throw new Error(`status failed: ${JSON.stringify(res)}`);
    return res.result as Record<string, unknown>;
  } finally {
    c.close();
  }
}

describe("file modes", () => {
  it("creates the socket 0600 in a data dir 0700", async () => {
    const l = layout();
    await start(childEnv(l.home, { ZEROCLAW_CONFIG_DIR: l.configDir }), l.socket);
    expect(statSync(l.socket).isSocket()).toBe(true);
    expect(octal(mode(l.socket))).toBe("0600");
    expect(octal(mode(l.dataDir))).toBe("0700");
  });

  it("tightens a pre-existing 0755 data dir to 0700", async () => {
    const l = layout();
    mkdirSync(l.dataDir, { mode: 0o755 });
    expect(octal(mode(l.dataDir))).toBe("0755");
    await start(childEnv(l.home, { ZEROCLAW_CONFIG_DIR: l.configDir }), l.socket);
    expect(octal(mode(l.dataDir))).toBe("0700");
    expect(octal(mode(l.socket))).toBe("0600");
  });

  it("creates a missing ZEROCLAW_SOCKET directory 0700", async () => {
    const l = layout();
    const socket = join(l.home, "run", "nested", "zc.sock");
    await start(childEnv(l.home, { ZEROCLAW_CONFIG_DIR: l.configDir, ZEROCLAW_SOCKET: socket }), socket);
    expect(octal(mode(join(l.home, "run", "nested")))).toBe("0700");
    expect(octal(mode(join(l.home, "run")))).toBe("0700");
    expect(octal(mode(socket))).toBe("0600");
    expect((await status(socket)).endpoint).toBe(socket);
  });

  it("leaves an existing socket directory that is not the data dir as it was", async () => {
    const l = layout();
    const shared = join(l.home, "shared");
    mkdirSync(shared, { mode: 0o755 });
    const socket = join(shared, "zc.sock");
    await start(childEnv(l.home, { ZEROCLAW_CONFIG_DIR: l.configDir, ZEROCLAW_SOCKET: socket }), socket);
    expect(octal(mode(shared))).toBe("0755");
    expect(octal(mode(socket))).toBe("0600");
    // The data dir is still created and tightened even though the socket lives elsewhere.
    expect(octal(mode(l.dataDir))).toBe("0700");
  });
});

describe("one daemon per endpoint", () => {
  it("a second daemon exits non-zero naming the first one's pid, and the first keeps its socket", async () => {
    const l = layout();
    const env = childEnv(l.home, { ZEROCLAW_CONFIG_DIR: l.configDir });
    const first = await start(env, l.socket);
    const firstPid = (await status(l.socket)).pid as number;
    expect(firstPid).toBe(first.pid);
    const inode = statSync(l.socket).ino;

    const second = spawnTracked(env);
    const exit = await second.waitExit();
    expect(exit.code).not.toBe(0);
    expect(exit.code).not.toBeNull();
    expect(second.stderr).toMatch(new RegExp(`\\b${firstPid}\\b`));

    expect(first.running).toBe(true);
    expect(statSync(l.socket).ino).toBe(inode);
    expect((await status(l.socket)).pid).toBe(firstPid);
    expect(readFileSync(`${l.socket}.lock`, "utf8").trim()).toBe(String(firstPid));
  });

  it("refuses a second daemon even when the lock file was removed, naming the live pid", async () => {
    const l = layout();
    const env = childEnv(l.home, { ZEROCLAW_CONFIG_DIR: l.configDir });
    const first = await start(env, l.socket);
    const inode = statSync(l.socket).ino;
    writeFileSync(`${l.socket}.lock`, ""); // unreadable pid: the probe of the live socket must still win

    const second = spawnTracked(env);
    const exit = await second.waitExit();
    expect(exit.code).not.toBe(0);
    expect(second.stderr).toMatch(new RegExp(`\\b${first.pid}\\b`));
    expect(statSync(l.socket).ino).toBe(inode);
    expect((await status(l.socket)).pid).toBe(first.pid);
  });

  it("replaces a stale socket file nobody listens on", async () => {
    const l = layout();
    mkdirSync(l.dataDir, { mode: 0o700 });
    await leaveStaleSocket(l.socket);
    expect(statSync(l.socket).isSocket()).toBe(true);

    const d = await start(childEnv(l.home, { ZEROCLAW_CONFIG_DIR: l.configDir }), l.socket);
    // (No inode comparison: the filesystem may hand the new socket the stale one's inode number.)
    expect((await status(l.socket)).pid).toBe(d.pid);
    expect(octal(mode(l.socket))).toBe("0600");
  });

  it("refuses to start when a regular file sits at the socket path, leaving it untouched", async () => {
    const l = layout();
    mkdirSync(l.dataDir, { mode: 0o700 });
    writeFileSync(l.socket, "precious\n");
    const before = statSync(l.socket);

    const d = spawnTracked(childEnv(l.home, { ZEROCLAW_CONFIG_DIR: l.configDir }));
    const exit = await d.waitExit();
    expect(exit.code).not.toBe(0);
    expect(exit.code).not.toBeNull();
    expect(d.stderr).toContain(l.socket);
    const after = statSync(l.socket);
    expect(after.isFile()).toBe(true);
    expect(after.ino).toBe(before.ino);
    expect(after.mtimeMs).toBe(before.mtimeMs);
    expect(readFileSync(l.socket, "utf8")).toBe("precious\n");
    expect(existsSync(`${l.socket}.lock`)).toBe(false);
  });

  it("is not blocked by a stale lock file naming a dead pid", async () => {
    const l = layout();
    mkdirSync(l.dataDir, { mode: 0o700 });
    const dead = await deadPid();
    writeFileSync(`${l.socket}.lock`, `${dead}\n`);

    const d = await start(childEnv(l.home, { ZEROCLAW_CONFIG_DIR: l.configDir }), l.socket);
    expect((await status(l.socket)).pid).toBe(d.pid);
    expect(readFileSync(`${l.socket}.lock`, "utf8").trim()).toBe(String(d.pid));
  });

  it("is not blocked by a lock file whose pid was reused by a process that serves nothing", async () => {
    // A daemon that was SIGKILLed (OOM killer, power loss and reboot) leaves its lock file behind; its
    // pid may since belong to an unrelated live process. Nothing listens on the endpoint, so nothing
    // is "already serving" it. (The lock is aged past the daemon's start-up grace, see the next test.)
    const l = layout();
    mkdirSync(l.dataDir, { mode: 0o700 });
    await leaveStaleSocket(l.socket);
    const unrelated = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    try {
      writeFileSync(`${l.socket}.lock`, `${unrelated.pid}\n`);
      const aMinuteAgo = new Date(Date.now() - 60_000);
      utimesSync(`${l.socket}.lock`, aMinuteAgo, aMinuteAgo);
      const d = await start(childEnv(l.home, { ZEROCLAW_CONFIG_DIR: l.configDir }), l.socket);
      expect((await status(l.socket)).pid).toBe(d.pid);
    } finally {
      unrelated.kill("SIGKILL");
    }
  });

  it("treats a fresh lock of a live process as a daemon still starting up, and refuses naming it", async () => {
    const l = layout();
    mkdirSync(l.dataDir, { mode: 0o700 });
    const starting = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    try {
      writeFileSync(`${l.socket}.lock`, `${starting.pid}\n`);
      const second = spawnDaemon(childEnv(l.home, { ZEROCLAW_CONFIG_DIR: l.configDir }));
      const exit = await second.waitExit();
      expect(exit.code).not.toBe(0);
      running.push(second);
      expect(second.stderr).toContain(`pid ${starting.pid}`);
      expect(readFileSync(`${l.socket}.lock`, "utf8")).toBe(`${starting.pid}\n`);
    } finally {
      starting.kill("SIGKILL");
    }
  });

  it("after SIGKILL the stale socket is replaced by the next daemon", async () => {
    const l = layout();
    const env = childEnv(l.home, { ZEROCLAW_CONFIG_DIR: l.configDir });
    const first = await start(env, l.socket);
    first.child.kill("SIGKILL");
    const exit = await first.waitExit();
    expect(exit.signal).toBe("SIGKILL");
    expect(statSync(l.socket).isSocket()).toBe(true); // nobody unlinked it
    expect(existsSync(`${l.socket}.lock`)).toBe(true);

    const next = await start(env, l.socket);
    expect((await status(l.socket)).pid).toBe(next.pid);
    expect(octal(mode(l.socket))).toBe("0600");
  });
});

describe("signals", () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(`${signal} exits 0 and removes the socket and the lock file`, async () => {
      const l = layout();
      const d = await start(childEnv(l.home, { ZEROCLAW_CONFIG_DIR: l.configDir }), l.socket);
      const client = await RawClient.connect(l.socket);
      await client.initialize();
      expect(existsSync(`${l.socket}.lock`)).toBe(true);

      d.child.kill(signal);
      const exit = await d.waitExit();
      expect(exit).toEqual({ code: 0, signal: null });
      expect(existsSync(l.socket)).toBe(false);
      expect(existsSync(`${l.socket}.lock`)).toBe(false);
      expect(await client.waitClosed()).toBe(true);
    });
  }

  it("on exit leaves alone a file that replaced its socket", async () => {
    const l = layout();
    const d = await start(childEnv(l.home, { ZEROCLAW_CONFIG_DIR: l.configDir }), l.socket);
    rmSync(l.socket);
    writeFileSync(l.socket, "not yours\n");

    d.child.kill("SIGTERM");
    expect(await d.waitExit()).toEqual({ code: 0, signal: null });
    expect(existsSync(l.socket)).toBe(true);
    expect(readFileSync(l.socket, "utf8")).toBe("not yours\n");
  });

  it("on exit never unlinks the live socket of a daemon that took over the path", async () => {
    const l = layout();
    const env = childEnv(l.home, { ZEROCLAW_CONFIG_DIR: l.configDir });
    const first = await start(env, l.socket);
    // Say a tmp cleaner removed the first daemon's files: a second daemon can then bind the path. (One
    // with a data dir of its own: the first daemon's is locked for its lifetime, SPEC §17.)
    rmSync(l.socket);
    rmSync(`${l.socket}.lock`);
    const second = await start(
      { ...env, ZEROCLAW_DATA_DIR: join(l.home, "other-data"), ZEROCLAW_SOCKET: l.socket },
      l.socket,
    );
    expect((await status(l.socket)).pid).toBe(second.pid);

    first.child.kill("SIGTERM");
    expect(await first.waitExit()).toEqual({ code: 0, signal: null });
    expect(existsSync(l.socket)).toBe(true);
    expect((await status(l.socket)).pid).toBe(second.pid);
  });
});

describe("configuration", () => {
  it("--config-dir beats ZEROCLAW_CONFIG_DIR", async () => {
    const loser = layout("this is not toml = = [");
    const winner = layout("[rpc]\nmax_local_connections = 7\n");
    const d = await start(childEnv(winner.home, { ZEROCLAW_CONFIG_DIR: loser.configDir }), winner.socket, [
      "--config-dir",
      winner.configDir,
    ]);
    const s = await status(winner.socket);
    expect(s.pid).toBe(d.pid);
    expect(s.data_dir).toBe(winner.dataDir);
    expect(s.endpoint).toBe(winner.socket);
    expect((s.connections as { limit: number }).limit).toBe(7);
    expect(existsSync(loser.dataDir)).toBe(false);
  });

  const bad: [string, string][] = [
    ["a value of the wrong type", '[rpc]\nmax_frame_bytes = "big"\n'],
    ["an unknown key in [rpc]", "[rpc]\nmax_frame_bytez = 1024\n"],
    ["text that is not TOML", "[rpc\nmax_frame_bytes = \n"],
  ];
  for (const [what, toml] of bad) {
    it(`a config.toml with ${what} stops the daemon with a message naming the file`, async () => {
      const l = layout(toml);
      const d = spawnTracked(childEnv(l.home, { ZEROCLAW_CONFIG_DIR: l.configDir }));
      const exit = await d.waitExit();
      expect(exit.code).not.toBe(0);
      expect(exit.code).not.toBeNull();
      expect(d.stderr).toContain(join(l.configDir, "config.toml"));
      expect(existsSync(l.socket)).toBe(false);
    });
  }
});

describe("logs", () => {
  it("writes JSON lines on stderr; connection lines carry unix:pid=<connecting pid>,uid=<uid>", async () => {
    const l = layout();
    const env = childEnv(l.home, { ZEROCLAW_CONFIG_DIR: l.configDir });
    const d = await start(env, l.socket);
    const uid = process.getuid!();

    const client = await RawClient.connect(l.socket);
    await client.initialize();
    client.close();
    const ours = `unix:pid=${process.pid},uid=${uid}`;
    await d.waitForLog((line) => line.peer === ours && line.msg === "disconnected");

    const call = await runCli(["call", "status"], env);
    expect(call.code).toBe(0);
    expect((JSON.parse(call.stdout) as { pid: number }).pid).toBe(d.pid);
    // The label names the process at the other end: the CLI child, not the test process.
    await d.waitForLog((line) => line.peer === `unix:pid=${call.pid},uid=${uid}` && line.msg === "connected");

    d.child.kill("SIGTERM");
    await d.waitExit();
    const lines = d.stderrLines.filter((line) => line !== "");
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    const connectionLines = d.logs.filter((line) => "conn" in line);
    expect(connectionLines.length).toBeGreaterThan(0);
    for (const line of connectionLines) expect(line.peer).toMatch(/^unix:pid=\d+,uid=\d+$/);
    expect(d.logs.some((line) => line.peer === ours && line.msg === "connected")).toBe(true);
  });
});
