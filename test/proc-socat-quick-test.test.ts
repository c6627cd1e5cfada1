// The seed's quick test, verbatim but for READLINE (which needs a tty): a daemon with nothing but
// HOME set, `socat` on ~/.zeroclaw/data/daemon.sock, and the two pasted lines.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childEnv, type DaemonProcess, requireBuild, startDaemon, tempDirs } from "./helpers/proc-daemon.js";

const SOCAT = "/usr/bin/socat";
const LINES = [
  '{"jsonrpc":"2.0","method":"initialize","params":{"protocolVersion":1},"id":1}',
  '{"jsonrpc":"2.0","method":"status","params":{},"id":2}',
];

const dirs = tempDirs("zc-socat-");
let daemon: DaemonProcess;
let home: string;
let socket: string;

// CI installs socat (.ci/run); on a machine without it these two tests are reported as skipped.
const haveSocat = existsSync(SOCAT);

beforeAll(async () => {
  requireBuild();
  if (!haveSocat) return;
  home = dirs.make();
  socket = join(home, ".zeroclaw", "data", "daemon.sock");
  daemon = await startDaemon(childEnv(home), socket);
});

afterAll(async () => {
  await daemon?.kill();
  dirs.cleanup();
});

function socatSession(): { child: ChildProcess; exited: Promise<number | null>; stderr: () => string } {
  // `~` after `UNIX-CONNECT:` is expanded by neither sh nor socat, so the shell spells it $HOME.
  const child = spawn("sh", ["-c", 'exec socat -t 5 - UNIX-CONNECT:"$HOME"/.zeroclaw/data/daemon.sock'], {
    env: childEnv(home),
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (t: string) => {
    stderr += t;
  });
  const exited = new Promise<number | null>((r) => child.once("close", (code) => r(code)));
  return { child, exited, stderr: () => stderr };
}

/** Collects socat's stdout and resolves once `count` complete lines arrived. */
function linesFrom(child: ChildProcess, count: number, timeoutMs = 10_000): Promise<string[]> {
  let out = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`only got ${JSON.stringify(out)}`)), timeoutMs);
    child.stdout!.setEncoding("utf8").on("data", (t: string) => {
      out += t;
      const lines = out.split("\n").slice(0, -1);
      if (lines.length >= count) {
        clearTimeout(timer);
        resolve(lines);
      }
    });
  });
}

describe.skipIf(!haveSocat)("seed quick test (needs socat)", () => {
  it("socat on ~/.zeroclaw/data/daemon.sock answers the pasted initialize and status lines in order", async () => {
    const { child: socat, exited, stderr } = socatSession();
    const arrived = linesFrom(socat, 2);
    socat.stdin!.write(`${LINES[0]}\n${LINES[1]}\n`); // pasted together, stdin kept open

    const lines = await arrived;
    socat.stdin!.end();
    expect(await exited, stderr()).toBe(0);

    expect(lines).toHaveLength(2);
    const [init, status] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(init).toMatchObject({ jsonrpc: "2.0", id: 1 });
    expect(init).not.toHaveProperty("error");
    expect(status).toMatchObject({ jsonrpc: "2.0", id: 2 });
    expect(status).not.toHaveProperty("error");

    const hello = init!.result as Record<string, unknown>;
    expect(hello.protocolVersion).toBe(1);
    expect(hello.serverVersion).toMatch(/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/);
    expect(hello.capabilities).toEqual(expect.arrayContaining(["initialize", "status", "rpc.discover"]));
    expect(hello.principal).toMatchObject({ admin: true });
    expect(typeof (hello.principal as { id: unknown }).id).toBe("string");

    const s = status!.result as Record<string, unknown>;
    expect(s).toMatchObject({
      server_version: hello.serverVersion,
      protocol_version: 1,
      pid: daemon.pid,
      endpoint: socket,
      data_dir: join(home, ".zeroclaw", "data"),
      connections: { gateway: 0, limit: 512 },
      sessions: { live: 0, persisted: 0 },
      session_ids: [],
      gateway_url: null,
    });
    expect(Number.isInteger(s.uptime_ms)).toBe(true);
    expect(s.uptime_ms as number).toBeGreaterThanOrEqual(0);
    const local = (s.connections as { local: number }).local;
    expect(Number.isInteger(local)).toBe(true);
    expect(local).toBeGreaterThanOrEqual(1); // socat itself (a readiness probe may not be reaped yet)
  });

  it("answers the same lines typed one at a time", async () => {
    const { child: socat, exited, stderr } = socatSession();
    const first = linesFrom(socat, 1);
    socat.stdin!.write(`${LINES[0]}\n`);
    const [one] = await first;
    expect(JSON.parse(one!)).toMatchObject({ id: 1, result: { protocolVersion: 1 } });

    const second = linesFrom(socat, 1);
    socat.stdin!.write(`${LINES[1]}\n`);
    const [two] = await second;
    expect(JSON.parse(two!)).toMatchObject({ id: 2, result: { pid: daemon.pid, endpoint: socket } });
    socat.stdin!.end();
    expect(await exited, stderr()).toBe(0);
  });
});
