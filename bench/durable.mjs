// Issue 13's workloads, each beside its floor in the same run, in interleaved blocks (daemon block,
// floor block, daemon block, …) with client and servers pinned to one CPU (bench/servers.mjs), so
// the machine's swings hit both sides alike. Every figure is the median of the block figures, with
// the min–max across blocks. `node bench/durable.mjs` runs them alone (BENCH_ONLY=turns,paging,
// streaming,pipelined picks some); `npm run bench` runs them after the older table.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { median, open, quantile, root, spread } from "./servers.mjs";

const BLOCKS = Math.max(3, Number(process.env.BENCH_BLOCKS ?? 5));
const TURNS_PER_BLOCK = Number(process.env.BENCH_TURNS_PER_BLOCK ?? 200);
const PAGE_ROWS = Number(process.env.BENCH_PAGE_ROWS ?? 100_000);
const PAGES_PER_BLOCK = Number(process.env.BENCH_PAGES_PER_BLOCK ?? 200);
const STREAM_SESSIONS = 50;
const STREAM_WORDS_EACH = Number(process.env.BENCH_STREAM_WORDS_EACH ?? 2000);
const PIPE_MSGS = Number(process.env.BENCH_PIPE_MSGS ?? 50_000);
const UPDATE = `{"jsonrpc":"2.0","method":"session/update"`;

const summarize = (lat) => {
  const s = [...lat].sort((a, b) => a - b);
  return { p50: quantile(s, 0.5), p99: quantile(s, 0.99) };
};

/** Sequential round trips of `make(i)` on one connection: per-call latencies (ms). */
async function roundTrips(c, count, make, firstId) {
  const lat = [];
  for (let i = 0; i < count; i++) {
    const [method, params] = make(i);
    const t0 = performance.now();
    await c.ask(firstId + i, method, params);
    lat.push(performance.now() - t0);
  }
  return lat;
}

/**
 * The SQLite floor of one echo turn: better-sqlite3 alone on the daemon's schema (its checked-in
 * migrations), prepared once, WAL, synchronous=NORMAL, the same rows in the same two transactions.
 */
function sqliteFloor(file) {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  const dir = join(root, "src/storage/migrations");
  for (const f of readdirSync(dir)
    .filter((n) => n.endsWith(".sql"))
    .sort())
    for (const stmt of readFileSync(join(dir, f), "utf8").split("--> statement-breakpoint")) db.exec(stmt);
  const at = () => new Date().toISOString();
  db.prepare("INSERT INTO sessions VALUES ('acp', 'f', 'default', 'o', '/w', 'open', ?, ?)").run(at(), at());
  const last = db
    .prepare(
      "SELECT seq FROM transcript_rows WHERE interaction_surface = 'acp' AND session_id = 'f' ORDER BY seq DESC LIMIT 1",
    )
    .pluck();
  const row = db.prepare("INSERT INTO transcript_rows VALUES ('acp', 'f', ?, ?, 'message', ?, ?, ?)");
  const touch = db.prepare(
    "UPDATE sessions SET updated_at = ? WHERE interaction_surface = 'acp' AND session_id = 'f'",
  );
  const cp = db.prepare(
    "INSERT INTO checkpoints (interaction_surface, session_id, turn_id, message, created_at) VALUES ('acp', 'f', ?, ?, ?)",
  );
  const start = db.prepare("INSERT INTO turns VALUES ('acp', 'f', ?, 'running', ?, NULL)");
  const end = db.prepare(
    "UPDATE turns SET state = 'completed', ended_at = ? WHERE interaction_surface = 'acp' AND session_id = 'f' AND turn_id = ?",
  );
  const step = (turnId, role, text, first) => {
    const t = at();
    if (first) start.run(turnId, t);
    row.run((last.get() ?? 0) + 1, role, text, turnId, t);
    touch.run(t);
    cp.run(turnId, JSON.stringify({ role, content: text }), t);
    if (!first) end.run(t, turnId);
  };
  const tx = db.transaction(step);
  let n = 0;
  return {
    turn(prompt) {
      const turnId = `t_${++n}`;
      tx.immediate(turnId, "user", prompt, true);
      tx.immediate(turnId, "assistant", prompt, false);
    },
    close: () => db.close(),
  };
}

/** 1: sequential echo turns vs (SQLite floor + one status round trip on the floor server). */
export async function turns({ daemon, floor, dir }) {
  const d = await open(daemon);
  await d.ask(1, "session/new", { session_id: "turns" });
  const f = await open(floor);
  const sql = sqliteFloor(join(dir, "sqlite-floor.db"));
  const prompt = "hello there, bench";
  const blocks = { daemon: [], sqlite: [], status: [], turnsPerS: [] };
  let id = 10;
  for (let b = 0; b < BLOCKS; b++) {
    const t0 = performance.now();
    const lat = await roundTrips(
      d,
      TURNS_PER_BLOCK,
      () => ["session/prompt", { session_id: "turns", prompt }],
      id,
    );
    blocks.turnsPerS.push(TURNS_PER_BLOCK / ((performance.now() - t0) / 1000));
    id += TURNS_PER_BLOCK;
    blocks.daemon.push(summarize(lat));
    const sqlLat = [];
    for (let i = 0; i < TURNS_PER_BLOCK; i++) {
      const s0 = performance.now();
      sql.turn(prompt);
      sqlLat.push(performance.now() - s0);
    }
    blocks.sqlite.push(summarize(sqlLat));
    blocks.status.push(summarize(await roundTrips(f, TURNS_PER_BLOCK, () => ["status", {}], id)));
    id += TURNS_PER_BLOCK;
  }
  sql.close();
  d.close();
  f.close();
  const ratios = blocks.daemon.map((x, i) => x.p50 / (blocks.sqlite[i].p50 + blocks.status[i].p50));
  return {
    name: `${BLOCKS * TURNS_PER_BLOCK} sequential echo turns`,
    daemon: `p50 ${spread(blocks.daemon.map((x) => x.p50))} ms, p99 ${spread(blocks.daemon.map((x) => x.p99))} ms, ${spread(blocks.turnsPerS)} turns/s`,
    floor: `SQLite p50 ${spread(blocks.sqlite.map((x) => x.p50))} ms + status p50 ${spread(blocks.status.map((x) => x.p50))} ms`,
    ratio: `p50 ${spread(ratios, 2)}×`,
    target: "≤ 2×",
    value: median(ratios),
    met: median(ratios) <= 2,
  };
}

/** 2: session/messages pages of 100 over 100k rows vs a server doing the prepared SELECT + stringify. */
export async function paging({ daemon, startPagingFloor }) {
  const d = await open(daemon);
  await d.ask(1, "session/new", { session_id: "pages" });
  // Seed the transcript from a second connection (the daemon's file is WAL: both may write).
  const db = new Database(daemon.db);
  db.pragma("busy_timeout = 5000");
  const ins = db.prepare("INSERT INTO transcript_rows VALUES ('acp', 'pages', ?, ?, 'message', ?, 't_1', ?)");
  const at = new Date().toISOString();
  db.transaction(() => {
    for (let i = 1; i <= PAGE_ROWS; i++)
      ins.run(i, i % 2 ? "user" : "assistant", `row ${i}: ${"lorem ipsum ".repeat(4)}`, at);
  })();
  db.close();
  const floor = await startPagingFloor(daemon.db);
  const f = await open(floor);
  const pages = PAGE_ROWS / 100;
  const page = (i) => ["session/messages", { session_id: "pages", after_seq: (i % pages) * 100, limit: 100 }];
  const blocks = { daemon: [], floor: [] };
  let id = 10;
  for (let b = 0; b < BLOCKS; b++) {
    blocks.daemon.push(
      summarize(await roundTrips(d, PAGES_PER_BLOCK, (i) => page(i + b * PAGES_PER_BLOCK), id)),
    );
    id += PAGES_PER_BLOCK;
    blocks.floor.push(
      summarize(await roundTrips(f, PAGES_PER_BLOCK, (i) => page(i + b * PAGES_PER_BLOCK), id)),
    );
    id += PAGES_PER_BLOCK;
  }
  // The whole transcript, page after page (was quadratic with a COUNT per page).
  const all = async (c) => {
    const t0 = performance.now();
    await roundTrips(c, pages, page, id);
    id += pages;
    return (performance.now() - t0) / 1000;
  };
  const readAll = { daemon: await all(d), floor: await all(f) };
  d.close();
  f.close();
  floor.child.kill("SIGTERM");
  const ratios = blocks.daemon.map((x, i) => x.p50 / blocks.floor[i].p50);
  return {
    name: `session/messages, 100-row page over ${PAGE_ROWS.toLocaleString("en-US")} rows`,
    daemon: `p50 ${spread(blocks.daemon.map((x) => x.p50))} ms; all ${pages} pages ${readAll.daemon.toFixed(2)} s`,
    floor: `p50 ${spread(blocks.floor.map((x) => x.p50))} ms; all ${readAll.floor.toFixed(2)} s`,
    ratio: `p50 ${spread(ratios, 2)}×`,
    target: "≤ 3×",
    value: median(ratios),
    met: median(ratios) <= 3,
  };
}

/** 3: 50 sessions streaming echo turns at once, vs the floor's same notifications on 50 connections. */
export async function streaming({ daemon, floor }) {
  const prompt = "word ".repeat(STREAM_WORDS_EACH);
  const run = async (server, tag) => {
    const conns = [];
    for (let k = 0; k < STREAM_SESSIONS; k++) {
      const c = await open(server);
      const sid = `st-${tag}-${k}`;
      if (server.kind === "daemon") await c.ask(1, "session/new", { session_id: sid });
      conns.push({ c, sid });
    }
    let updates = 0;
    const t0 = performance.now();
    const finish = await Promise.all(
      conns.map(
        ({ c, sid }) =>
          new Promise((resolve) => {
            c.setOnLine((l) => {
              if (l.startsWith(UPDATE)) updates++;
              else if (l.includes('"id":2,')) resolve(performance.now() - t0);
            });
            c.write(
              `${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "session/prompt", params: { session_id: sid, prompt } })}\n`,
            );
          }),
      ),
    );
    const secs = Math.max(...finish) / 1000;
    for (const { c } of conns) c.close();
    return { perS: updates / secs, fairness: Math.min(...finish) / Math.max(...finish) };
  };
  const blocks = { daemon: [], floor: [] };
  for (let b = 0; b < BLOCKS; b++) {
    blocks.daemon.push(await run(daemon, `d${b}`));
    blocks.floor.push(await run(floor, `f${b}`));
  }
  const ratios = blocks.daemon.map((x, i) => x.perS / blocks.floor[i].perS);
  return {
    name: `${STREAM_SESSIONS} sessions streaming at once (${STREAM_WORDS_EACH} chunks each), updates/s`,
    daemon: `${spread(blocks.daemon.map((x) => x.perS))}; first/last session done ${spread(
      blocks.daemon.map((x) => x.fairness),
      2,
    )}`,
    floor: `${spread(blocks.floor.map((x) => x.perS))}`,
    ratio: `${spread(ratios, 2)}×`,
    target: "≥ 0.8×",
    value: median(ratios),
    met: median(ratios) >= 0.8,
  };
}

/** 4: pipelined status at 1 connection (256 in flight) and 64 (16 each), vs both floors. */
export async function pipelined({ daemon, floor, fixed }) {
  const run = async (server, connections, inFlight) => {
    const conns = [];
    for (let k = 0; k < connections; k++) conns.push(await open(server));
    const each = Math.floor(PIPE_MSGS / connections);
    const t0 = performance.now();
    await Promise.all(
      conns.map(
        (c) =>
          new Promise((resolve) => {
            let sent = 0;
            let got = 0;
            const send = (n) => {
              let out = "";
              for (let i = 0; i < n && sent < each; i++)
                out += `{"jsonrpc":"2.0","id":${++sent},"method":"status","params":{}}\n`;
              if (out) c.write(out);
            };
            c.setOnLine(() => {
              if (++got === each) resolve();
              else send(1);
            });
            send(inFlight);
          }),
      ),
    );
    const perS = (each * connections) / ((performance.now() - t0) / 1000);
    for (const c of conns) c.close();
    return perS;
  };
  const rows = [];
  for (const [connections, inFlight] of [
    [1, 256],
    [64, 16],
  ]) {
    const blocks = { daemon: [], floor: [], fixed: [] };
    for (let b = 0; b < BLOCKS; b++) {
      blocks.daemon.push(await run(daemon, connections, inFlight));
      blocks.floor.push(await run(floor, connections, inFlight));
      blocks.fixed.push(await run(fixed, connections, inFlight));
    }
    const ratios = blocks.daemon.map((x, i) => x / blocks.floor[i]);
    const physical = blocks.daemon.map((x, i) => x / blocks.fixed[i]);
    rows.push({
      name: `pipelined status, ${connections} connection${connections > 1 ? "s" : ""} × ${inFlight} in flight, msgs/s`,
      daemon: spread(blocks.daemon),
      floor: `${spread(blocks.floor)} (fixed line: ${spread(blocks.fixed)})`,
      ratio: `${spread(ratios, 2)}× (vs fixed line ${spread(physical, 2)}×)`,
      target: "≥ 0.75×",
      value: median(ratios),
      met: median(ratios) >= 0.75,
    });
  }
  return rows;
}

/** Sequential status round trips, daemon vs floor, interleaved. */
export async function sequentialStatus({ daemon, floor }) {
  const d = await open(daemon);
  const f = await open(floor);
  const blocks = { daemon: [], floor: [] };
  let id = 10;
  for (let b = 0; b < BLOCKS; b++) {
    blocks.daemon.push(summarize(await roundTrips(d, 1000, () => ["status", {}], id)));
    blocks.floor.push(summarize(await roundTrips(f, 1000, () => ["status", {}], id)));
    id += 1000;
  }
  d.close();
  f.close();
  const p50 = blocks.daemon.map((x, i) => x.p50 / blocks.floor[i].p50);
  const p99 = blocks.daemon.map((x, i) => x.p99 / blocks.floor[i].p99);
  return [
    {
      name: "sequential status p50 (ms)",
      daemon: spread(blocks.daemon.map((x) => x.p50)),
      floor: spread(blocks.floor.map((x) => x.p50)),
      ratio: `${spread(p50, 2)}×`,
      target: "≤ 1.2×",
      value: median(p50),
      met: median(p50) <= 1.2,
    },
    {
      name: "sequential status p99 (ms)",
      daemon: spread(blocks.daemon.map((x) => x.p99)),
      floor: spread(blocks.floor.map((x) => x.p99)),
      ratio: `${spread(p99, 2)}×`,
      target: "≤ 1.5×",
      value: median(p99),
      met: median(p99) <= 1.5,
    },
  ];
}

export function printRows(rows) {
  console.log("| workload | daemon | floor | daemon/floor | target | met |");
  console.log("|---|---|---|---|---|---|");
  for (const r of rows)
    console.log(
      `| ${r.name} | ${r.daemon} | ${r.floor} | ${r.ratio} | ${r.target} | ${r.met ? "yes" : "no"} |`,
    );
}
