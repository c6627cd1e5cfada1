// npm run bench: the daemon next to a raw NDJSON echo floor and two library peers (vscode-jsonrpc, the MCP
// TypeScript SDK), same socket type, same client, same run. The order of the servers rotates from run to
// run; each figure is the median of RUNS runs. Prints a Markdown table and writes
// bench/results/latest.json. Never run in CI (timing depends on the machine).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { codegenHostile, describeCodegenHostile } from "./codegen-hostile.mjs";
import { issue13 } from "./issue13.mjs";
import { frames, idleConnections, idleFloorConnections, spawnTimes } from "./memory-startup.mjs";
import { median, quantile, root, sleep, waitUp } from "./servers.mjs";
import { describeSlowloris, slowloris } from "./slowloris.mjs";
import { describeStallAndBurst, stallAndBurst } from "./stall-burst.mjs";
import { describeStalledWatchers, stalledWatchers } from "./stalled-watchers.mjs";

const RUNS = Math.max(3, Number(process.env.BENCH_RUNS ?? 5));
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 5000);
const PIPELINED = Number(process.env.BENCH_PIPELINED ?? 100_000);
const IN_FLIGHT = 256;
const STREAM_WORDS = Number(process.env.BENCH_STREAM_WORDS ?? 100_000);

const MCP_INITIALIZE = {
  id: 0,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "zeroclaw-bench", version: "0" },
  },
};
/**
 * The servers under test. `framing` picks the client's codec; `init` is sent (requests awaited) before
 * any workload. Socket file names are (nearly) equal in length, as status results echo the path. Peers only run
 * the sequential and pipelined `status` workloads.
 */
const SERVERS = [
  {
    kind: "daemon",
    sock: "daemon.sock",
    script: "bin/zeroclaw.js",
    args: ["daemon"],
    framing: "ndjson",
    init: [{ id: 0, method: "initialize", params: { protocolVersion: 1 } }],
  },
  { kind: "floor", sock: "floor.sock", script: "bench/echo-server.mjs", framing: "ndjson", init: [] },
  {
    kind: "vscode_jsonrpc",
    sock: "vscode.sock",
    script: "bench/peers/vscode-jsonrpc-server.mjs",
    framing: "lsp",
    init: [],
    peer: "vscode-jsonrpc",
  },
  {
    kind: "mcp_sdk",
    sock: "mcpsdk.sock",
    script: "bench/peers/mcp-sdk-server.mjs",
    framing: "ndjson",
    init: [MCP_INITIALIZE, { method: "notifications/initialized" }],
    peer: "@modelcontextprotocol/sdk",
  },
];
const PEERS = SERVERS.filter((s) => s.peer);

function startServer(spec, dir) {
  const socket = join(dir, spec.sock);
  const args = [join(root, spec.script), ...(spec.args ?? [socket])];
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
  return { ...spec, socket, child };
}

/**
 * Message codecs, each as lean as the other: `frame` wraps one JSON text, `reader` feeds whole message
 * texts to `deliver`. NDJSON for the daemon, the floor and MCP stdio; LSP Content-Length for vscode-jsonrpc.
 */
const FRAMINGS = {
  ndjson: {
    frame: (json) => `${json}\n`,
    reader(socket, deliver) {
      socket.setEncoding("utf8");
      let rest = "";
      socket.on("data", (chunk) => {
        const lines = (rest + chunk).split("\n");
        rest = lines.pop() ?? "";
        for (const l of lines) if (l) deliver(l);
      });
    },
  },
  lsp: {
    frame: (json) => `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`,
    reader(socket, deliver) {
      let buf = Buffer.alloc(0);
      socket.on("data", (chunk) => {
        buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
        for (;;) {
          const sep = buf.indexOf("\r\n\r\n");
          if (sep < 0) return;
          const length = Number(/content-length: *(\d+)/i.exec(buf.toString("latin1", 0, sep))?.[1]);
          const end = sep + 4 + length;
          if (buf.length < end) return;
          deliver(buf.toString("utf8", sep + 4, end));
          buf = buf.subarray(end);
        }
      });
    },
  },
};

/** One client used identically against every server: one socket, the server's framing, its handshake. */
async function open(server) {
  const s = connect(server.socket);
  await new Promise((r) => s.once("connect", r));
  const { frame, reader } = FRAMINGS[server.framing];
  let onMessage = () => {};
  reader(s, (m) => onMessage(m));
  const client = {
    socket: s,
    frame,
    send: (json) => s.write(frame(json)),
    setOnMessage: (f) => (onMessage = f),
  };
  for (const message of server.init) {
    const json = JSON.stringify({ jsonrpc: "2.0", ...message });
    if (message.id === undefined) client.send(json);
    else
      await new Promise((resolve) => {
        onMessage = resolve;
        client.send(json);
      });
  }
  return client;
}

async function sequential(server) {
  const c = await open(server);
  const lat = [];
  let id = 1;
  const start = performance.now();
  for (let i = 0; i < SEQUENTIAL; i++) {
    const t0 = performance.now();
    await new Promise((resolve) => {
      c.setOnMessage(resolve);
      c.send(`{"jsonrpc":"2.0","id":${id++},"method":"status","params":{}}`);
    });
    lat.push(performance.now() - t0);
  }
  const secs = (performance.now() - start) / 1000;
  c.socket.destroy();
  lat.sort((a, b) => a - b);
  return { p50_ms: quantile(lat, 0.5), p99_ms: quantile(lat, 0.99), req_per_s: SEQUENTIAL / secs };
}

async function pipelined(server) {
  const c = await open(server);
  let sent = 0;
  let received = 0;
  const start = performance.now();
  await new Promise((resolve) => {
    const send = (n) => {
      let out = "";
      for (let i = 0; i < n && sent < PIPELINED; i++)
        out += c.frame(`{"jsonrpc":"2.0","id":${++sent},"method":"status","params":{}}`);
      if (out) c.socket.write(out);
    };
    c.setOnMessage(() => {
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
async function streaming(server) {
  const isDaemon = server.kind === "daemon";
  const c = await open(server);
  const sessionId = `bench-${process.pid}-${streamRun++}`;
  if (isDaemon) {
    await new Promise((resolve) => {
      c.setOnMessage(resolve);
      c.send(
        JSON.stringify({ jsonrpc: "2.0", id: 1, method: "session/new", params: { session_id: sessionId } }),
      );
    });
  }
  const prompt = "word ".repeat(STREAM_WORDS);
  let notifications = 0;
  const start = performance.now();
  await new Promise((resolve) => {
    c.setOnMessage((line) => {
      if (line.startsWith('{"jsonrpc":"2.0","method":"session/update"')) notifications++;
      else if (line.includes('"id":2,')) resolve();
    });
    c.send(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 2,
        method: "session/prompt",
        params: { session_id: sessionId, prompt },
      }),
    );
  });
  const secs = (performance.now() - start) / 1000;
  c.socket.destroy();
  return { notifications_per_s: notifications / secs };
}

/** Sends one request line and resolves with the response line (one request in flight). */
function ask(c, message) {
  return new Promise((resolve) => {
    c.setOnMessage(resolve);
    c.send(JSON.stringify({ jsonrpc: "2.0", ...message }));
  });
}

const UPLOAD_BYTES = 10 * 1024 * 1024;
const CHUNK = 1024 * 1024;
const uploadPayload = Buffer.alloc(UPLOAD_BYTES, 7);

/** A 10 MiB chunked upload, one 1 MiB chunk in flight (MB/s); the floor gets the same chunk lines. */
let uploadRun = 0;
async function upload(server) {
  const isDaemon = server.kind === "daemon";
  const c = await open(server);
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
async function stagedUploadsPeak(server) {
  const readKb = (field) =>
    Number(
      new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${server.child.pid}/status`, "utf8"))?.[1] ??
        0,
    );
  const before = readKb("VmRSS");
  const conns = [];
  for (let k = 0; k < 4; k++) {
    const c = await open(server);
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
async function timedCalls(server, make, count) {
  const c = await open(server);
  const times = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const line = await new Promise((resolve) => {
      c.setOnMessage(resolve);
      c.send(JSON.stringify({ jsonrpc: "2.0", id: i + 1, ...make(i) }));
    });
    if (!line.includes('"result"')) throw new Error(`config write failed: ${line}`);
    times.push(performance.now() - t0);
  }
  c.socket.destroy();
  return median(times);
}

/** config/set of one prop vs config/set-many of 256 (each with its fsync), on the daemon only. */
async function configWrites(server) {
  const single = await timedCalls(
    server,
    (i) => ({ method: "config/set", params: { prop: "sessions.max_live", value: 1 + (i % 50) } }),
    30,
  );
  const sets = (i) =>
    Array.from({ length: 256 }, (_, k) => ({
      prop: `permission_profiles.p${k}.admin`,
      value: (i + k) % 2 === 0,
    }));
  const many = await timedCalls(
    server,
    (i) => ({ method: "config/set-many", params: { sets: sets(i) } }),
    30,
  );
  return { config_set_ms: single, config_set_many_256_ms: many };
}

function version(name) {
  try {
    return JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8")).version;
  } catch {
    return "?";
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "zc-bench-"));
  const servers = SERVERS.map((spec) => startServer(spec, dir));
  const daemon = servers[0];
  try {
    for (const s of servers) await waitUp(s);
    const results = Object.fromEntries(
      servers.map((s) => [s.kind, { seq: [], pipe: [], stream: [], upload: [] }]),
    );
    for (let run = 0; run < RUNS; run++) {
      // Rotate the order so that each server takes each position in turn.
      const order = servers.map((_, i) => servers[(i + run) % servers.length]);
      for (const s of order) {
        results[s.kind].seq.push(await sequential(s));
        results[s.kind].pipe.push(await pipelined(s));
        if (s.peer) continue;
        results[s.kind].stream.push(await streaming(s));
        results[s.kind].upload.push(await upload(s));
      }
    }
    const summary = {};
    for (const s of servers) {
      const r = results[s.kind];
      summary[s.kind] = {
        ...(s.peer ? { package: `${s.peer}@${version(s.peer)}` } : {}),
        sequential_p50_ms: median(r.seq.map((x) => x.p50_ms)),
        sequential_p99_ms: median(r.seq.map((x) => x.p99_ms)),
        sequential_req_per_s: median(r.seq.map((x) => x.req_per_s)),
        pipelined_msgs_per_s: median(r.pipe.map((x) => x.msgs_per_s)),
        ...(s.peer
          ? {}
          : {
              streaming_notifications_per_s: median(r.stream.map((x) => x.notifications_per_s)),
              upload_mb_per_s: median(r.upload.map((x) => x.mb_per_s)),
            }),
      };
    }
    const writes = await configWrites(daemon);
    const idle = await idleConnections();
    const idleFloor = await idleFloorConnections();
    const frameRows = await frames();
    const spawned = await spawnTimes();
    const stall = await stallAndBurst();
    const flood = await slowloris();
    const hostileDocs = codegenHostile();
    const staged = await stagedUploadsPeak(daemon);
    const rows = [
      ["sequential p50 (ms)", "sequential_p50_ms", "≤ 1.2×"],
      ["sequential p99 (ms)", "sequential_p99_ms", "≤ 1.5×"],
      ["sequential req/s", "sequential_req_per_s", ""],
      [`pipelined ${IN_FLIGHT} in flight (msgs/s)`, "pipelined_msgs_per_s", "≥ 0.6×"],
      [
        `streamed echo turn, ${STREAM_WORDS} chunks (notifications/s)`,
        "streaming_notifications_per_s",
        "≥ 0.5×",
      ],
      ["10 MiB chunked upload, 1 MiB chunks (MB/s)", "upload_mb_per_s", "≥ 0.5×"],
    ];
    const machine = `${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, Node ${process.version}, ${new Date().toISOString()}`;
    const fmt = (x) =>
      x === undefined ? "—" : x >= 100 ? Math.round(x).toLocaleString("en-US") : x.toFixed(3);
    const ratio = (a, b) => (a === undefined || b === undefined ? "—" : `${(a / b).toFixed(2)}×`);
    const peers = PEERS.map((p) => summary[p.kind].package).join(", ");
    console.log(`\n${machine}; median of ${RUNS} rotating runs; request: status; peers: ${peers}\n`);
    console.log(
      "| workload | daemon | floor | vscode-jsonrpc | MCP SDK | daemon/floor | daemon/vscode | daemon/MCP | target |",
    );
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|---|");
    for (const [name, key, target] of rows) {
      const [d, f, v, m] = ["daemon", "floor", "vscode_jsonrpc", "mcp_sdk"].map((k) => summary[k][key]);
      console.log(
        `| ${name} | ${fmt(d)} | ${fmt(f)} | ${fmt(v)} | ${fmt(m)} | ${ratio(d, f)} | ${ratio(d, v)} | ${ratio(d, m)} | ${target} |`,
      );
    }
    console.log(
      `\nconfig writes (daemon, median of 30, fsync included): config/set ${writes.config_set_ms.toFixed(2)} ms; ` +
        `config/set-many of 256 entries ${writes.config_set_many_256_ms.toFixed(2)} ms`,
    );
    console.log(
      `staged uploads: 4 connections × 4 × 10 MiB (${staged.staged_mb} MiB staged): daemon RSS ${staged.rss_before_mb.toFixed(0)} MiB before, peak ${staged.peak_rss_mb.toFixed(0)} MiB`,
    );
    console.log(
      `idle initialized connections (${idle.connections}): daemon ${idle.rss_kib_per_connection.toFixed(1)} KiB RSS each ` +
        `(target ≤ 16 KiB; a bare socket on the floor server: ${idleFloor.rss_kib_per_connection.toFixed(1)} KiB)`,
    );
    console.log(
      `8 MiB frame accepted in ${frameRows.accepted_ms.toFixed(0)} ms (peak RSS +${frameRows.accepted_peak_rss_growth_mib.toFixed(1)} MiB); ` +
        `oversized frame (64 MiB sent) refused in ${frameRows.oversized_refuse_ms.toFixed(0)} ms, peak RSS +${frameRows.oversized_peak_rss_growth_mib.toFixed(1)} MiB (target < ${2 * frameRows.frame_limit_mib} MiB)`,
    );
    console.log(
      `spawn to first initialize response: ${spawned.daemon_first_initialize_ms.toFixed(0)} ms; bare Node socket server listening: ` +
        `${spawned.bare_node_server_ms.toFixed(0)} ms (${(spawned.daemon_first_initialize_ms / spawned.bare_node_server_ms).toFixed(2)}×, target ≤ 3×)`,
    );
    for (const line of describeStallAndBurst(stall)) console.log(line);
    for (const line of describeSlowloris(flood)) console.log(line);
    for (const line of describeCodegenHostile(hostileDocs)) console.log(line);
    mkdirSync(join(root, "bench/results"), { recursive: true });
    writeFileSync(
      join(root, "bench/results/latest.json"),
      `${JSON.stringify({ machine, node: process.version, date: new Date().toISOString(), runs: RUNS, summary, config_writes: writes, staged_uploads: staged, idle_connections: { daemon: idle, floor: idleFloor }, frames: frameRows, spawn: spawned, stall_and_burst: stall, gateway_flood: flood, codegen_hostile: hostileDocs }, null, 2)}\n`,
    );
  } finally {
    for (const s of servers) s.child.kill("SIGTERM");
    await sleep(200);
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
// Issue 13's workloads, each beside its floor, pinned and in interleaved blocks (bench/issue13.mjs).
if (process.env.BENCH_ISSUE13 !== "0") {
  const rows = await issue13();
  const file = join(root, "bench/results/latest.json");
  const latest = JSON.parse(readFileSync(file, "utf8"));
  writeFileSync(file, `${JSON.stringify({ ...latest, issue13: rows }, null, 2)}\n`);
}
// Issue 20: daemon RSS with N stalled watchers during streaming turns (bench/stalled-watchers.mjs).
if (process.env.BENCH_WATCHERS !== "off") {
  const rows = await stalledWatchers();
  for (const line of describeStalledWatchers(rows)) console.log(line);
  const file = join(root, "bench/results/latest.json");
  const latest = JSON.parse(readFileSync(file, "utf8"));
  writeFileSync(file, `${JSON.stringify({ ...latest, stalled_watchers: rows }, null, 2)}\n`);
}
