// SPEC §17 bounded watchers, measured (tests may not time, nor weigh RSS): the daemon's resident memory
// while one connection streams echo turns and N others have subscribed to that session and stopped
// reading. Each stalled watcher may cost at most sessions.max_watcher_buffer_bytes (8 MiB) of queued
// output before its subscription ends (lagging); before issue 20 two of them cost ~800 MB in 15 s.
// Also the turns' own rate, with and without the stalled watchers (a watcher never slows the turn).
// Run by `npm run bench` (last) and alone: npm run build && node bench/stalled-watchers.mjs.
// BENCH_WATCHERS (default "0,2,8,32"), BENCH_WATCHER_TURNS (default 120 turns of ~100 KB).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { root, sleep, waitUp } from "./servers.mjs";

const COUNTS = (process.env.BENCH_WATCHERS ?? "0,2,8,32").split(",").map(Number);
const TURNS = Number(process.env.BENCH_WATCHER_TURNS ?? 120);
/** ~100 KB of reply in 10-byte words: 10,000 session/update lines of ~110 bytes per turn. */
const PROMPT = "wordword  ".repeat(10_000);
const BUDGET_MIB = 8;
const SETTLE_MS = Number(process.env.BENCH_WATCHER_SETTLE_MS ?? 8000);

/** `budget`: sessions.max_watcher_buffer_bytes, or undefined for the default (8 MiB). */
function startDaemon(budget) {
  const dir = mkdtempSync(join(tmpdir(), "zc-bench-watchers-"));
  mkdirSync(join(dir, "config"));
  // No write-stall cut-off during the run: the watchers must stay stalled, and connected, throughout.
  const sessions = budget === undefined ? "" : `[sessions]\nmax_watcher_buffer_bytes = ${budget}\n`;
  writeFileSync(join(dir, "config", "config.toml"), `[rpc]\nwrite_stall_timeout_ms = 3600000\n${sessions}`);
  const socket = join(dir, "d.sock");
  // bench/gc-daemon.mjs: the built daemon, which reports its live heap after a collection on SIGUSR2.
  const child = spawn(process.execPath, ["--expose-gc", join(root, "bench/gc-daemon.mjs")], {
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      ZEROCLAW_CONFIG_DIR: join(dir, "config"),
      ZEROCLAW_DATA_DIR: join(dir, "data"),
      ZEROCLAW_SOCKET: socket,
      ZEROCLAW_LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let rest = "";
  const reports = [];
  child.stdout.setEncoding("utf8").on("data", (t) => {
    const lines = (rest + t).split("\n");
    rest = lines.pop() ?? "";
    for (const l of lines) reports.push(JSON.parse(l));
  });
  /** Live memory after a full collection, as the daemon itself reports it. */
  const liveHeap = async () => {
    const n = reports.length;
    child.kill("SIGUSR2");
    while (reports.length === n) await sleep(10);
    return reports[n];
  };
  return { dir, socket, child, liveHeap };
}

/** VmRSS and VmHWM (peak) of `pid`, in MiB. */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
  return { rss: kib("VmRSS") / 1024, peak: kib("VmHWM") / 1024 };
}

/** A line client: `call` waits for its answer; `updates` counts session/update lines of a session. */
async function client(socket) {
  const s = connect(socket);
  await new Promise((r) => s.once("connect", r));
  s.setEncoding("utf8");
  let rest = "";
  const waiting = new Map();
  let nextId = 1;
  s.on("data", (chunk) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) {
      const m = /^\{"jsonrpc":"2\.0","id":(\d+),/.exec(line);
      if (m) waiting.get(Number(m[1]))?.(JSON.parse(line));
    }
  });
  const call = (method, params) =>
    new Promise((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      s.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    });
  await call("initialize", { protocolVersion: 1 });
  return { socket: s, call };
}

async function scenario(watchers, budget) {
  const d = startDaemon(budget);
  try {
    await waitUp(d);
    const runner = await client(d.socket);
    await runner.call("session/new", { session_id: "watched" });
    const stalled = [];
    for (let i = 0; i < watchers; i++) {
      const w = await client(d.socket);
      await w.call("session/subscribe", { session_id: "watched" });
      w.socket.pause(); // stops reading: the kernel buffer fills, then the daemon's queue
      stalled.push(w);
    }
    await sleep(200);
    const before = memory(d.child.pid);
    const heapBefore = await d.liveHeap();
    const started = performance.now();
    for (let i = 0; i < TURNS; i++) {
      const r = await runner.call("session/prompt", { session_id: "watched", prompt: PROMPT });
      if (r.result?.outcome !== "completed") throw new Error(`turn ${i}: ${JSON.stringify(r).slice(0, 200)}`);
    }
    const seconds = (performance.now() - started) / 1000;
    const after = memory(d.child.pid);
    // V8's memory reducer runs after a few idle seconds: what the stalled watchers still hold, settled.
    await sleep(SETTLE_MS);
    const settled = memory(d.child.pid);
    const heapAfter = await d.liveHeap();
    const status = await runner.call("status", {});
    for (const w of stalled) w.socket.destroy();
    runner.socket.destroy();
    return {
      watchers,
      bounded: budget === undefined,
      turns: TURNS,
      turns_per_s: TURNS / seconds,
      rss_before_mib: before.rss,
      rss_after_mib: after.rss,
      rss_settled_mib: settled.rss,
      heap_before_mib: heapBefore.heap_used,
      heap_after_mib: heapAfter.heap_used,
      peak_rss_mib: after.peak,
      connections: status.result?.connections?.local,
    };
  } finally {
    d.child.kill("SIGTERM");
    await sleep(300);
    rmSync(d.dir, { recursive: true, force: true });
  }
}

export async function stalledWatchers() {
  const rows = [];
  for (const n of COUNTS) rows.push(await scenario(n));
  // What issue 20 found, for comparison: the same stalled watchers with the budget out of reach (1 TiB).
  const unbounded = Number(process.env.BENCH_WATCHERS_UNBOUNDED ?? 2);
  if (unbounded > 0) rows.push(await scenario(unbounded, 2 ** 40));
  return rows;
}

export function describeStalledWatchers(rows) {
  const base = rows.find((r) => r.watchers === 0 && r.bounded);
  const each = (r, key) => (r.watchers > 0 && base ? ((r[key] - base[key]) / r.watchers).toFixed(1) : "—");
  const out = [
    "",
    `stalled watchers (SPEC §17): one connection streams ${TURNS} echo turns of ~100 KB while N subscribers read nothing. ` +
      `Daemon memory in MiB: RSS (peak, and ${SETTLE_MS / 1000} s after the last turn), and the live heap after a full collection ` +
      `(bound: ${BUDGET_MIB} MiB of queued output per stalled watcher)`,
    "",
    "| stalled watchers | budget | turns/s | peak RSS | settled RSS | live heap | live heap above N=0, per watcher | peak RSS above N=0, per watcher |",
    "|---:|---|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of rows) {
    out.push(
      `| ${r.watchers} | ${r.bounded ? `${BUDGET_MIB} MiB` : "off (1 TiB)"} | ${r.turns_per_s.toFixed(1)} | ` +
        `${r.peak_rss_mib.toFixed(0)} | ${r.rss_settled_mib.toFixed(0)} | ${r.heap_after_mib.toFixed(0)} | ` +
        `${each(r, "heap_after_mib")} | ${each(r, "peak_rss_mib")} |`,
    );
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await stalledWatchers();
  for (const line of describeStalledWatchers(rows)) console.log(line);
}
