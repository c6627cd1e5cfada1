// Workloads measured on fresh processes (each needs a clean heap or a cold start): RSS per idle
// initialized connection, the 8 MiB frame accepted and an oversized one refused (time, peak RSS), and
// spawn to first initialize next to a bare Node socket server's start.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const MiB = 1024 * 1024;
const FRAME_LIMIT = 8 * MiB;

/** VmRSS / VmHWM of a process, in KiB. */
const statusKb = (pid, field) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);

function tryConnect(path) {
  return new Promise((resolve) => {
    const s = connect(path);
    s.once("connect", () => resolve(s));
    s.once("error", () => resolve(undefined));
  });
}

async function connectWhenUp(path) {
  for (;;) {
    const s = await tryConnect(path);
    if (s) return s;
    await sleep(2);
  }
}

/** Resolves with the first complete line the socket receives. */
function firstLine(socket) {
  return new Promise((resolve, reject) => {
    const parts = [];
    const onData = (chunk) => {
      // Scan only the new chunk: an 8 MiB line must not cost the client O(n²).
      const nl = chunk.indexOf(10);
      if (nl === -1) {
        parts.push(chunk);
        return;
      }
      parts.push(chunk.subarray(0, nl));
      socket.off("data", onData);
      resolve(Buffer.concat(parts).toString("utf8"));
    };
    socket.on("data", onData);
    socket.once("error", reject);
  });
}

function startDaemon(dir, toml = "") {
  mkdirSync(join(dir, "config"), { recursive: true });
  writeFileSync(join(dir, "config", "config.toml"), toml);
  const socket = join(dir, "config", "data", "daemon.sock");
  const child = spawn(process.execPath, [join(root, "bin/zeroclaw.js"), "daemon"], {
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      ZEROCLAW_CONFIG_DIR: join(dir, "config"),
      ZEROCLAW_LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return { child, socket };
}

async function stop(child) {
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}

const INIT = '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}\n';

/** The same for the raw floor server (no initialize): what a bare Node socket costs here. */
export async function idleFloorConnections(count = 512) {
  const perConn = [];
  for (let run = 0; run < 3; run++) {
    const dir = mkdtempSync(join(tmpdir(), "zc-idlef-"));
    const path = join(dir, "floor.sock");
    const child = spawn(process.execPath, [join(root, "bench/echo-server.mjs"), path], { stdio: "ignore" });
    const sockets = [];
    try {
      (await connectWhenUp(path)).destroy();
      await sleep(300);
      const before = statusKb(child.pid, "VmRSS");
      for (let i = 0; i < count; i++) {
        const s = connect(path);
        sockets.push(s);
        await new Promise((r) => s.once("connect", r));
      }
      await sleep(500);
      perConn.push((statusKb(child.pid, "VmRSS") - before) / count);
    } finally {
      for (const s of sockets) s.destroy();
      await stop(child);
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return { connections: count, rss_kib_per_connection: median(perConn) };
}

/** RSS growth per idle initialized connection (512 of them), median of 3 fresh daemons. */
export async function idleConnections(count = 512) {
  const perConn = [];
  for (let run = 0; run < 3; run++) {
    const dir = mkdtempSync(join(tmpdir(), "zc-idle-"));
    const d = startDaemon(dir, "[rpc]\nmax_local_connections = 2048\n");
    const sockets = [];
    try {
      const probe = await connectWhenUp(d.socket);
      probe.destroy();
      await sleep(300);
      const before = statusKb(d.child.pid, "VmRSS");
      for (let i = 0; i < count; i++) {
        const s = connect(d.socket);
        sockets.push(s);
        await new Promise((r) => s.once("connect", r));
        const answered = firstLine(s);
        s.write(INIT);
        await answered;
      }
      await sleep(500);
      const after = statusKb(d.child.pid, "VmRSS");
      perConn.push((after - before) / count);
    } finally {
      for (const s of sockets) s.destroy();
      await stop(d.child);
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return { connections: count, rss_kib_per_connection: median(perConn) };
}

/** An 8 MiB frame accepted, and an oversized one (with 56 MiB more behind it) refused: time and peak RSS growth. */
export async function frames() {
  const dir = mkdtempSync(join(tmpdir(), "zc-frames-"));
  const d = startDaemon(dir);
  try {
    const probe = await connectWhenUp(d.socket);
    probe.destroy();
    await sleep(300);
    const hwm0 = statusKb(d.child.pid, "VmHWM");

    // Oversized first, while the peak is still the idle one.
    const big = connect(d.socket);
    await new Promise((r) => big.once("connect", r));
    const init = firstLine(big);
    big.write(INIT);
    await init;
    const refused = firstLine(big);
    const t0 = performance.now();
    const filler = Buffer.alloc(MiB, 0x61);
    big.write('{"jsonrpc":"2.0","id":2,"method":"status","params":{"pad":"');
    for (let i = 0; i < 64; i++) big.write(filler); // 64 MiB: far past the limit, never newline-terminated
    const error = await refused;
    const refuseMs = performance.now() - t0;
    big.destroy();
    await sleep(200);
    const hwmOversized = statusKb(d.child.pid, "VmHWM");

    const ok = connect(d.socket);
    await new Promise((r) => ok.once("connect", r));
    const init2 = firstLine(ok);
    ok.write(INIT);
    await init2;
    // Exactly 8,388,608 bytes before the newline, padded through a long string id.
    const skeleton = JSON.stringify({ jsonrpc: "2.0", id: "", method: "status", params: {} });
    const padded = JSON.stringify({
      jsonrpc: "2.0",
      id: "x".repeat(FRAME_LIMIT - skeleton.length),
      method: "status",
      params: {},
    });
    const answered = firstLine(ok);
    const t1 = performance.now();
    ok.write(`${padded}\n`);
    const response = await answered;
    const acceptMs = performance.now() - t1;
    ok.destroy();
    await sleep(200);
    const hwmAccepted = statusKb(d.child.pid, "VmHWM");
    return {
      frame_limit_mib: FRAME_LIMIT / MiB,
      oversized_refused: error.includes('"frame_too_large"'),
      oversized_refuse_ms: refuseMs,
      oversized_peak_rss_growth_mib: (hwmOversized - hwm0) / 1024,
      accepted_frame_bytes: Buffer.byteLength(padded),
      accepted_ok: response.includes('"result"'),
      accepted_ms: acceptMs,
      accepted_peak_rss_growth_mib: (hwmAccepted - hwmOversized) / 1024,
    };
  } finally {
    await stop(d.child);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Spawn to the first initialize response, next to a bare Node socket server's spawn-to-listening; medians of 7. */
export async function spawnTimes(runs = 7) {
  const bareMs = [];
  const daemonMs = [];
  const bareScript = join(tmpdir(), `zc-bare-${process.pid}.mjs`);
  writeFileSync(
    bareScript,
    'import { createServer } from "node:net"; createServer(() => {}).listen(process.argv[2]);\n',
  );
  try {
    for (let i = 0; i < runs; i++) {
      const dir = mkdtempSync(join(tmpdir(), "zc-spawn-"));
      try {
        const path = join(dir, "bare.sock");
        let t = performance.now();
        // The same minimal environment the daemon gets, so only the programs differ.
        const bare = spawn(process.execPath, [bareScript, path], {
          stdio: "ignore",
          env: { PATH: process.env.PATH, HOME: dir },
        });
        (await connectWhenUp(path)).destroy();
        bareMs.push(performance.now() - t);
        bare.kill("SIGKILL");

        t = performance.now();
        const d = startDaemon(dir);
        const s = await connectWhenUp(d.socket);
        const answered = firstLine(s);
        s.write(INIT);
        await answered;
        daemonMs.push(performance.now() - t);
        s.destroy();
        await stop(d.child);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  } finally {
    rmSync(bareScript, { force: true });
  }
  return { bare_node_server_ms: median(bareMs), daemon_first_initialize_ms: median(daemonMs) };
}
