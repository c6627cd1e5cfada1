// Shared plumbing of the issue-13 workloads: spawning servers (pinned to one CPU with the client when
// taskset exists, so a round trip never crosses CPUs), an NDJSON client, and block statistics.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
/** "median (min–max)" of per-block figures. */
export const spread = (xs, digits = 3) => {
  const s = [...xs].sort((a, b) => a - b);
  const f = (x) => (x >= 1000 ? Math.round(x).toLocaleString("en-US") : x.toFixed(digits));
  return `${f(median(s))} (${f(s[0])}–${f(s[s.length - 1])})`;
};

/** BENCH_PIN (default "0"): the CPU client and servers share; "off" leaves them unpinned. */
export const PIN = process.env.BENCH_PIN ?? "0";
const canPin = PIN !== "off" && existsSync("/usr/bin/taskset");

export function pinSelf() {
  if (!canPin) return false;
  execFileSync("/usr/bin/taskset", ["-pc", PIN, String(process.pid)], { stdio: "ignore" });
  return true;
}

/** Spawns `node script args…`, pinned like the client; env is the minimal one every server gets. */
export function spawnNode(script, args, dir, extraEnv = {}, nodeFlags = []) {
  const cmd = canPin ? "/usr/bin/taskset" : process.execPath;
  const node = [...nodeFlags, script, ...args];
  const argv = canPin ? ["-c", PIN, process.execPath, ...node] : node;
  return spawn(cmd, argv, {
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      ZEROCLAW_CONFIG_DIR: join(dir, "config"),
      ZEROCLAW_DATA_DIR: join(dir, "data"),
      ZEROCLAW_LOG_LEVEL: "warn",
      ...extraEnv,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

export function startDaemon(dir) {
  mkdirSync(join(dir, "config"), { recursive: true });
  // BENCH_DAEMON_TOML: a config.toml for the daemons (default: none, every default).
  writeFileSync(join(dir, "config", "config.toml"), process.env.BENCH_DAEMON_TOML ?? "");
  const socket = join(dir, "d.sock");
  // BENCH_DAEMON_FLAGS: node flags for the daemons only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const flags = (process.env.BENCH_DAEMON_FLAGS ?? "").split(" ").filter(Boolean);
  const child = spawnNode(join(root, "bin/zeroclaw.js"), ["daemon"], dir, { ZEROCLAW_SOCKET: socket }, flags);
  return { kind: "daemon", socket, child, db: join(dir, "data", "zeroclaw.db"), init: true };
}

/** The floor server (bench/echo-server.mjs); `env` picks its variant (FLOOR_DB, FLOOR_FIXED). */
export function startFloor(dir, name, env = {}) {
  const socket = join(dir, `${name}.sock`);
  const child = spawnNode(join(root, "bench/echo-server.mjs"), [socket], dir, env);
  return { kind: name, socket, child, init: false };
}

export async function waitUp(server) {
  for (let i = 0; i < 400; i++) {
    const ok = await new Promise((resolve) => {
      const s = connect(server.socket);
      s.once("connect", () => {
        s.destroy();
        resolve(true);
      });
      s.once("error", () => resolve(false));
    });
    if (ok) return;
    await sleep(25);
  }
  throw new Error(`nothing listens on ${server.socket}`);
}

/** An NDJSON client: `ask` one request at a time, or `onLine` for streams. */
export async function open(server) {
  const socket = connect(server.socket);
  await new Promise((r) => socket.once("connect", r));
  socket.setEncoding("utf8");
  let rest = "";
  let onLine = () => {};
  socket.on("data", (chunk) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop() ?? "";
    for (const l of lines) if (l) onLine(l);
  });
  const c = {
    socket,
    setOnLine: (f) => (onLine = f),
    write: (text) => socket.write(text),
    /** Sends one request and resolves with the line answering its id (notifications skipped). */
    ask(id, method, params) {
      return new Promise((resolve) => {
        const tag = `"id":${id},`;
        onLine = (l) => {
          if (l.includes(tag)) resolve(l);
        };
        socket.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
      });
    },
    close: () => socket.destroy(),
  };
  if (server.init) await c.ask(0, "initialize", { protocolVersion: 1 });
  return c;
}

export async function stopAll(servers) {
  for (const s of servers) s.child.kill("SIGTERM");
  await sleep(300);
}
