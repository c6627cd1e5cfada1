// npm run bench: the daemon next to a raw NDJSON echo floor, same socket type, same client, same run.
// Runs alternate between servers; each figure is the median of RUNS runs. Prints a Markdown table and
// writes bench/results/latest.json. Never run in CI (timing depends on the machine).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { cpus, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 5000);
const PIPELINED = Number(process.env.BENCH_PIPELINED ?? 100_000);
const IN_FLIGHT = 256;
const STREAM_WORDS = Number(process.env.BENCH_STREAM_WORDS ?? 100_000);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function waitConnectable(path) {
  for (let i = 0; i < 200; i++) {
    const ok = await new Promise((resolve) => {
      const s = connect(path);
      s.once("connect", () => {
        s.destroy();
        resolve(true);
      });
      s.once("error", () => resolve(false));
    });
    if (ok) return;
    await sleep(25);
  }
  throw new Error(`nothing listens on ${path}`);
}

function startServer(kind, dir) {
  const socket = join(dir, `${kind}.sock`);
  const args =
    kind === "daemon"
      ? [join(root, "bin/zeroclaw.js"), "daemon"]
      : [join(root, "bench/echo-server.mjs"), socket];
  const child = spawn(process.execPath, args, {
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      ZEROCLAW_CONFIG_DIR: join(dir, "config"),
      ZEROCLAW_DATA_DIR: join(dir, "data"),
      ZEROCLAW_SOCKET: socket,
      ZEROCLAW_LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return { kind, socket, child };
}

/** A line client used identically against both servers. */
async function open(path, initialize) {
  const s = connect(path);
  await new Promise((r) => s.once("connect", r));
  s.setEncoding("utf8");
  let rest = "";
  let onLine = () => {};
  s.on("data", (chunk) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop() ?? "";
    for (const l of lines) if (l) onLine(l);
  });
  const client = { socket: s, setOnLine: (f) => (onLine = f) };
  if (initialize) {
    await new Promise((resolve) => {
      onLine = resolve;
      s.write('{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":1}}\n');
    });
  }
  return client;
}

async function sequential(path, initialize) {
  const c = await open(path, initialize);
  const lat = [];
  let id = 1;
  const start = performance.now();
  for (let i = 0; i < SEQUENTIAL; i++) {
    const t0 = performance.now();
    await new Promise((resolve) => {
      c.setOnLine(resolve);
      c.socket.write(`{"jsonrpc":"2.0","id":${id++},"method":"status","params":{}}\n`);
    });
    lat.push(performance.now() - t0);
  }
  const secs = (performance.now() - start) / 1000;
  c.socket.destroy();
  lat.sort((a, b) => a - b);
  return { p50_ms: quantile(lat, 0.5), p99_ms: quantile(lat, 0.99), req_per_s: SEQUENTIAL / secs };
}

async function pipelined(path, initialize) {
  const c = await open(path, initialize);
  let sent = 0;
  let received = 0;
  const start = performance.now();
  await new Promise((resolve) => {
    const send = (n) => {
      let out = "";
      for (let i = 0; i < n && sent < PIPELINED; i++)
        out += `{"jsonrpc":"2.0","id":${++sent},"method":"status","params":{}}\n`;
      if (out) c.socket.write(out);
    };
    c.setOnLine(() => {
      received++;
      if (received === PIPELINED) resolve();
      else send(1);
    });
    send(IN_FLIGHT);
  });
  const secs = (performance.now() - start) / 1000;
  c.socket.destroy();
  return { msgs_per_s: PIPELINED / secs };
}

/** One echo turn of STREAM_WORDS words: session/update notifications per second until its response. */
let streamRun = 0;
async function streaming(path, isDaemon) {
  const c = await open(path, isDaemon);
  const sessionId = `bench-${process.pid}-${streamRun++}`;
  if (isDaemon) {
    await new Promise((resolve) => {
      c.setOnLine(resolve);
      c.socket.write(
        `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "session/new", params: { session_id: sessionId } })}\n`,
      );
    });
  }
  const prompt = "word ".repeat(STREAM_WORDS);
  let notifications = 0;
  const start = performance.now();
  await new Promise((resolve) => {
    c.setOnLine((line) => {
      if (line.startsWith('{"jsonrpc":"2.0","method":"session/update"')) notifications++;
      else if (line.includes('"id":2,')) resolve();
    });
    c.socket.write(
      `${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "session/prompt", params: { session_id: sessionId, prompt } })}\n`,
    );
  });
  const secs = (performance.now() - start) / 1000;
  c.socket.destroy();
  return { notifications_per_s: notifications / secs };
}

/** Sends one request line and resolves with the response line (one request in flight). */
function ask(c, message) {
  return new Promise((resolve) => {
    c.setOnLine(resolve);
    c.socket.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
  });
}

const UPLOAD_BYTES = 10 * 1024 * 1024;
const CHUNK = 1024 * 1024;
const uploadPayload = Buffer.alloc(UPLOAD_BYTES, 7);

/** A 10 MiB chunked upload, one 1 MiB chunk in flight (MB/s); the floor gets the same chunk lines. */
let uploadRun = 0;
async function upload(path, isDaemon) {
  const c = await open(path, isDaemon);
  let uploadId = "floor";
  const sessionId = `up-${process.pid}-${uploadRun++}`;
  if (isDaemon) {
    await ask(c, { id: 1, method: "session/new", params: { session_id: sessionId } });
    const begun = JSON.parse(
      await ask(c, {
        id: 2,
        method: "file/upload/begin",
        params: { session_id: sessionId, size_bytes: UPLOAD_BYTES },
      }),
    );
    uploadId = begun.result.upload_id;
  }
  const start = performance.now();
  for (let offset = 0, id = 3; offset < UPLOAD_BYTES; offset += CHUNK, id++) {
    const data_b64 = uploadPayload.subarray(offset, offset + CHUNK).toString("base64");
    const line = await ask(c, {
      id,
      method: "file/upload/chunk",
      params: { upload_id: uploadId, offset, data_b64 },
    });
    if (!line.includes('"received_bytes"')) throw new Error(`chunk refused: ${line.slice(0, 200)}`);
  }
  if (isDaemon) await ask(c, { id: 999, method: "file/upload/commit", params: { upload_id: uploadId } });
  const secs = (performance.now() - start) / 1000;
  c.socket.destroy();
  return { mb_per_s: UPLOAD_BYTES / 1e6 / secs };
}

/** The daemon's peak RSS (VmHWM) after 4 connections each stage 4 full 10 MiB uploads. */
async function stagedUploadsPeak(path, pid) {
  const readKb = (field) =>
    Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  const before = readKb("VmRSS");
  const conns = [];
  for (let k = 0; k < 4; k++) {
    const c = await open(path, true);
    conns.push(c);
    const sessionId = `stage-${process.pid}-${k}`;
    await ask(c, { id: 1, method: "session/new", params: { session_id: sessionId } });
    for (let u = 0; u < 4; u++) {
      const begun = JSON.parse(
        await ask(c, {
          id: 2,
          method: "file/upload/begin",
          params: { session_id: sessionId, size_bytes: UPLOAD_BYTES },
        }),
      );
      for (let offset = 0, id = 3; offset < UPLOAD_BYTES; offset += CHUNK, id++) {
        const data_b64 = uploadPayload.subarray(offset, offset + CHUNK).toString("base64");
        await ask(c, {
          id,
          method: "file/upload/chunk",
          params: { upload_id: begun.result.upload_id, offset, data_b64 },
        });
      }
    }
  }
  const peak = readKb("VmHWM");
  for (const c of conns) c.socket.destroy();
  return { rss_before_mb: before / 1024, peak_rss_mb: peak / 1024, staged_mb: (16 * UPLOAD_BYTES) / 1048576 };
}

/** One request at a time on an initialized connection; resolves with its wall time in ms. */
async function timedCalls(path, make, count) {
  const c = await open(path, true);
  const times = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const line = await new Promise((resolve) => {
      c.setOnLine(resolve);
      c.socket.write(`${JSON.stringify({ jsonrpc: "2.0", id: i + 1, ...make(i) })}\n`);
    });
    if (!line.includes('"result"')) throw new Error(`config write failed: ${line}`);
    times.push(performance.now() - t0);
  }
  c.socket.destroy();
  return median(times);
}

/** config/set of one prop vs config/set-many of 256 (each with its fsync), on the daemon only. */
async function configWrites(path) {
  const single = await timedCalls(
    path,
    (i) => ({ method: "config/set", params: { prop: "sessions.max_live", value: 1 + (i % 50) } }),
    30,
  );
  const sets = (i) =>
    Array.from({ length: 256 }, (_, k) => ({
      prop: `permission_profiles.p${k}.admin`,
      value: (i + k) % 2 === 0,
    }));
  const many = await timedCalls(path, (i) => ({ method: "config/set-many", params: { sets: sets(i) } }), 30);
  return { config_set_ms: single, config_set_many_256_ms: many };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "zc-bench-"));
  const servers = [startServer("daemon", dir), startServer("floor", dir)];
  try {
    for (const s of servers) await waitConnectable(s.socket);
    const results = {
      daemon: { seq: [], pipe: [], stream: [], upload: [] },
      floor: { seq: [], pipe: [], stream: [], upload: [] },
    };
    for (let run = 0; run < RUNS; run++) {
      for (const s of run % 2 === 0 ? servers : [...servers].reverse()) {
        results[s.kind].seq.push(await sequential(s.socket, s.kind === "daemon"));
        results[s.kind].pipe.push(await pipelined(s.socket, s.kind === "daemon"));
        results[s.kind].stream.push(await streaming(s.socket, s.kind === "daemon"));
        results[s.kind].upload.push(await upload(s.socket, s.kind === "daemon"));
      }
    }
    const summary = {};
    for (const kind of ["daemon", "floor"]) {
      const r = results[kind];
      summary[kind] = {
        sequential_p50_ms: median(r.seq.map((x) => x.p50_ms)),
        sequential_p99_ms: median(r.seq.map((x) => x.p99_ms)),
        sequential_req_per_s: median(r.seq.map((x) => x.req_per_s)),
        pipelined_msgs_per_s: median(r.pipe.map((x) => x.msgs_per_s)),
        streaming_notifications_per_s: median(r.stream.map((x) => x.notifications_per_s)),
        upload_mb_per_s: median(r.upload.map((x) => x.mb_per_s)),
      };
    }
    const writes = await configWrites(servers[0].socket);
    const staged = await stagedUploadsPeak(servers[0].socket, servers[0].child.pid);
    const d = summary.daemon;
    const f = summary.floor;
    const rows = [
      ["sequential p50 (ms)", d.sequential_p50_ms, f.sequential_p50_ms, "≤ 1.2×"],
      ["sequential p99 (ms)", d.sequential_p99_ms, f.sequential_p99_ms, "≤ 1.5×"],
      ["sequential req/s", d.sequential_req_per_s, f.sequential_req_per_s, ""],
      [`pipelined ${IN_FLIGHT} in flight (msgs/s)`, d.pipelined_msgs_per_s, f.pipelined_msgs_per_s, "≥ 0.6×"],
      [
        `streamed echo turn, ${STREAM_WORDS} chunks (notifications/s)`,
        d.streaming_notifications_per_s,
        f.streaming_notifications_per_s,
        "≥ 0.5×",
      ],
      ["10 MiB chunked upload, 1 MiB chunks (MB/s)", d.upload_mb_per_s, f.upload_mb_per_s, "≥ 0.5×"],
    ];
    const machine = `${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, Node ${process.version}, ${new Date().toISOString()}`;
    const fmt = (x) => (x >= 100 ? Math.round(x).toLocaleString("en-US") : x.toFixed(3));
    console.log(`\n${machine}; median of ${RUNS} alternating runs; request: status\n`);
    console.log("| workload | daemon | raw NDJSON floor | ratio | target |");
    console.log("|---|---:|---:|---:|---|");
    for (const [name, dv, fv, target] of rows)
      console.log(`| ${name} | ${fmt(dv)} | ${fmt(fv)} | ${(dv / fv).toFixed(2)}× | ${target} |`);
    console.log(
      `\nconfig writes (daemon, median of 30, fsync included): config/set ${writes.config_set_ms.toFixed(2)} ms; ` +
        `config/set-many of 256 entries ${writes.config_set_many_256_ms.toFixed(2)} ms`,
    );
    console.log(
      `staged uploads: 4 connections × 4 × 10 MiB (${staged.staged_mb} MiB staged): daemon RSS ${staged.rss_before_mb.toFixed(0)} MiB before, peak ${staged.peak_rss_mb.toFixed(0)} MiB`,
    );
    mkdirSync(join(root, "bench/results"), { recursive: true });
    writeFileSync(
      join(root, "bench/results/latest.json"),
      `${JSON.stringify({ machine, node: process.version, date: new Date().toISOString(), runs: RUNS, summary, config_writes: writes, staged_uploads: staged }, null, 2)}\n`,
    );
  } finally {
    for (const s of servers) s.child.kill("SIGTERM");
    await sleep(200);
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
