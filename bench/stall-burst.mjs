// The figures of SPEC §12 and §1 that tests may not time: when the write-stall cut-off fires on each
// transport (from the moment the client stopped reading, as a ratio of the limit; the daemon's own
// log line gives the moment it cut), and what a burst of simultaneous connects gets. Run by
// `npm run bench` (and alone: node bench/stall-burst.mjs). Never in CI.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { median, root, sleep, waitUp } from "./servers.mjs";

// Two limits: the cut-off measured from the client's stop includes the time the kernel kept taking
// bytes after it (the same at both limits), so the slope between them is the clock's own lateness.
const STALL_SHORT_MS = 1000;
const STALL_LONG_MS = 3000;
const ROUNDS = 5;
const BURST = 2000;

function startDaemon(stallMs) {
  const dir = mkdtempSync(join(tmpdir(), "zc-bench-stall-"));
  const configDir = join(dir, "config");
  mkdirSync(configDir);
  writeFileSync(
    join(configDir, "config.toml"),
    `[rpc]\nwrite_stall_timeout_ms = ${stallMs}\nmax_local_connections = 200\n[gateway]\nenabled = true\nport = 0\n` +
      `[permission_profiles.p]\ngrants = { sessions = ["*"], system = ["read"] }\nallowed_agents = ["default"]\n` +
      `[users.remote]\npermission_profiles = ["p"]\n`,
  );
  const socket = join(dir, "data", "daemon.sock");
  const child = spawn(process.execPath, [join(root, "bin", "zeroclaw.js"), "daemon"], {
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      ZEROCLAW_CONFIG_DIR: configDir,
      ZEROCLAW_DATA_DIR: join(dir, "data"),
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const logs = [];
  let partial = "";
  child.stderr.on("data", (b) => {
    partial += b.toString("utf8");
    const lines = partial.split("\n");
    partial = lines.pop();
    for (const l of lines) if (l.startsWith("{")) logs.push(JSON.parse(l));
  });
  return { dir, socket, child, logs, stallMs };
}

async function rpc(socket, calls) {
  const s = connect(socket);
  await new Promise((r) => s.once("connect", r));
  const out = [];
  let buf = "";
  const next = () =>
    new Promise((resolve) => {
      const on = (b) => {
        buf += b.toString("utf8");
        const nl = buf.indexOf("\n");
        if (nl !== -1) {
          s.off("data", on);
          const line = buf.slice(0, nl);
          buf = buf.slice(nl + 1);
          resolve(JSON.parse(line));
        }
      };
      s.on("data", on);
    });
  for (const [method, params] of [["initialize", { protocolVersion: 1 }], ...calls]) {
    s.write(`${JSON.stringify({ jsonrpc: "2.0", id: out.length, method, params })}\n`);
    out.push(await next());
  }
  s.destroy();
  return out;
}

/** Waits for the daemon's "disconnected" line with reason write stall after index `from`. */
async function stallLogAfter(logs, from) {
  for (let i = 0; i < 400; i++) {
    const hit = logs.slice(from).find((l) => l.msg === "disconnected" && l.reason === "write stall");
    if (hit) return Date.parse(hit.time);
    await sleep(10);
  }
  throw new Error("no write-stall disconnect logged");
}

// 200 pipelined rpc.discover calls: ~25 MiB of answers queued at once (more than loopback TCP buffers take), so the kernel's buffers fill
// within milliseconds of the requests and output stops making progress right then.
const DISCOVERS = 200;
const discoverLines = (from) =>
  Array.from({ length: DISCOVERS }, (_, i) =>
    JSON.stringify({ jsonrpc: "2.0", id: from + i, method: "rpc.discover" }),
  );

async function localStall(d) {
  const s = connect(d.socket);
  await new Promise((r) => s.once("connect", r));
  s.write(
    `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: 1 } })}\n`,
  );
  let buf = "";
  await new Promise((resolve) => {
    s.on("data", (b) => {
      buf += b.toString("utf8");
      if (buf.includes("\n")) resolve();
    });
  });
  const from = d.logs.length;
  s.pause();
  const stoppedAt = Date.now();
  s.write(`${discoverLines(10).join("\n")}\n`);
  const cutAt = await stallLogAfter(d.logs, from);
  s.destroy();
  return cutAt - stoppedAt;
}

async function gatewayStall(d, url, token) {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  await new Promise((r) => ws.once("open", r));
  const replies = [];
  ws.on("message", (m) => replies.push(JSON.parse(String(m))));
  ws.send(
    JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: 1, auth_token: token },
    }),
  );
  while (!replies.some((r) => r.id === 1)) await sleep(5);
  const from = d.logs.length;
  ws._socket.pause();
  const stoppedAt = Date.now();
  for (const line of discoverLines(10)) ws.send(line);
  const cutAt = await stallLogAfter(d.logs, from);
  ws.terminate();
  return cutAt - stoppedAt;
}

async function burst(d) {
  const started = Date.now();
  const outcomes = await Promise.all(
    Array.from(
      { length: BURST },
      () =>
        new Promise((resolve) => {
          const s = connect(d.socket);
          let text = "";
          let connected = false;
          // A refused connection may see EPIPE on its initialize after the daemon's -32004 line: judge by
          // what was read, and count only a failed connect() as an error.
          s.on("error", (e) => {
            if (!connected) resolve(`connect() failed: ${e.code}`);
          });
          s.on("connect", () => {
            connected = true;
            s.write('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}\n');
          });
          const judge = () => {
            if (!text.includes("\n")) return false;
            const first = JSON.parse(text.split("\n")[0]);
            resolve(first.error?.code === -32004 ? "refused (-32004)" : first.result ? "served" : "other");
            s.destroy();
            return true;
          };
          s.on("data", (b) => {
            text += b.toString("utf8");
            judge();
          });
          s.on("close", () => {
            if (!judge() && connected) resolve("closed with nothing read");
          });
        }),
    ),
  );
  const counts = {};
  for (const o of outcomes) counts[o] = (counts[o] ?? 0) + 1;
  return { counts, ms: Date.now() - started };
}

async function withDaemon(stallMs, work) {
  const d = startDaemon(stallMs);
  try {
    await waitUp(d);
    return await work(d);
  } finally {
    d.child.kill("SIGTERM");
    await new Promise((r) => d.child.once("exit", r));
    rmSync(d.dir, { recursive: true, force: true });
  }
}

async function stallRounds(stallMs) {
  return withDaemon(stallMs, async (d) => {
    const [, status, pair] = await rpc(d.socket, [
      ["status", {}],
      ["pairing/create", { user: "remote", label: "bench" }],
    ]);
    const local = [];
    const gateway = [];
    for (let r = 0; r < ROUNDS; r++) {
      local.push(await localStall(d));
      gateway.push(await gatewayStall(d, status.result.gateway_url, pair.result.token));
    }
    return { local: median(local), gateway: median(gateway), localAll: local, gatewayAll: gateway };
  });
}

export async function stallAndBurst() {
  const short = await stallRounds(STALL_SHORT_MS);
  const long = await stallRounds(STALL_LONG_MS);
  const b = await withDaemon(STALL_SHORT_MS, burst);
  const slope = (k) => (long[k] - short[k]) / (STALL_LONG_MS - STALL_SHORT_MS);
  return {
    short: { ms: STALL_SHORT_MS, ...short },
    long: { ms: STALL_LONG_MS, ...long },
    slope: { local: slope("local"), gateway: slope("gateway") },
    burst: { size: BURST, limit: 200, ...b },
  };
}

export function describeStallAndBurst(r) {
  const at = (x) =>
    `${x.ms} ms: local ${(x.local / x.ms).toFixed(3)}×, gateway ${(x.gateway / x.ms).toFixed(3)}×`;
  return [
    `write-stall cut-off from the client's stop, median of ${ROUNDS} (includes the time the kernel kept taking bytes): ${at(r.short)}; ${at(r.long)}`,
    `write-stall clock lateness (slope between the two limits, target 1.00–1.10): local ${r.slope.local.toFixed(3)}, gateway ${r.slope.gateway.toFixed(3)}`,
    `burst of ${r.burst.size} simultaneous connects (max_local_connections ${r.burst.limit}): ${Object.entries(
      r.burst.counts,
    )
      .map(([k, v]) => `${v} ${k}`)
      .join(", ")} in ${r.burst.ms} ms`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv[2] === "burst") {
  console.log(JSON.stringify(await withDaemon(STALL_SHORT_MS, burst)));
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await stallAndBurst();
  for (const line of describeStallAndBurst(r)) console.log(line);
}
