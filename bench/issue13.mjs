// Runs issue 13's workloads (bench/durable.mjs) on fresh servers in one temp dir, client and servers
// pinned to one CPU (BENCH_PIN, default 0; "off" to leave them free), and prints their table.
// `node bench/issue13.mjs` alone (after `npm run build`), or as the last part of `npm run bench`.
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { paging, pipelined, printRows, sequentialStatus, streaming, turns } from "./durable.mjs";
import { PIN, pinSelf, startDaemon, startFloor, stopAll, waitUp } from "./servers.mjs";

const ONLY = (process.env.BENCH_ONLY ?? "sequential,turns,paging,streaming,pipelined").split(",");

export async function issue13() {
  const pinned = pinSelf();
  const dir = mkdtempSync(join(tmpdir(), "zc-bench13-"));
  const mk = (name) => {
    const d = join(dir, name);
    return d;
  };
  // Status workloads get a daemon with no sessions, so its status result stays the floor's size.
  const statusDaemon = startDaemon(mk("status"));
  const durableDaemon = startDaemon(mk("durable"));
  const floor = startFloor(dir, "floor");
  const fixed = startFloor(dir, "fixed", { FLOOR_FIXED: "1" });
  const servers = [statusDaemon, durableDaemon, floor, fixed];
  const rows = [];
  try {
    for (const s of servers) await waitUp(s);
    const startPagingFloor = async (db) => {
      const f = startFloor(dir, "pagefloor", { FLOOR_DB: db });
      servers.push(f);
      await waitUp(f);
      return f;
    };
    if (ONLY.includes("sequential")) rows.push(...(await sequentialStatus({ daemon: statusDaemon, floor })));
    if (ONLY.includes("pipelined")) rows.push(...(await pipelined({ daemon: statusDaemon, floor, fixed })));
    if (ONLY.includes("turns")) rows.push(await turns({ daemon: durableDaemon, floor, dir }));
    if (ONLY.includes("paging")) rows.push(await paging({ daemon: durableDaemon, startPagingFloor }));
    if (ONLY.includes("streaming")) rows.push(await streaming({ daemon: durableDaemon, floor }));
  } finally {
    await stopAll(servers);
    rmSync(dir, { recursive: true, force: true });
  }
  const where = pinned ? `client and servers pinned to CPU ${PIN} (taskset)` : "unpinned";
  console.log(
    `\nissue 13 workloads: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, Node ${process.version}, ${new Date().toISOString()}; ${where}; median of blocks (min–max)\n`,
  );
  printRows(rows);
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await issue13();
