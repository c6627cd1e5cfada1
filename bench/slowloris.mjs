// SPEC §19's figure that a test may not time: the local socket's `status` latency (a fresh connection,
// initialize and status, so the daemon must still have a descriptor to accept with) while the gateway is
// flooded by 200 half-sent upgrade requests and 180 connections that never send a byte, the daemon at
// a file descriptor limit of 400 (issue 25, attack 6: before the header deadline and the pending cap,
// status timed out). Target: every status under 1 s. Run by `npm run bench` and alone
// (node bench/slowloris.mjs). Never in CI.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median, quantile, root, sleep } from "./servers.mjs";

const HALF_SENT =
  "GET /rpc HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nX-Slow: ";
const ATTACKERS = 380;

async function statusRoundTrip(socket) {
  const t0 = performance.now();
  const s = connect(socket);
  await new Promise((resolve, reject) => {
    s.once("connect", resolve);
    s.once("error", reject);
  });
  let buf = "";
  const lines = [];
  const got = new Promise((resolve) => {
    s.on("data", (b) => {
      buf += b.toString("utf8");
      for (let nl = buf.indexOf("\n"); nl !== -1; nl = buf.indexOf("\n")) {
        lines.push(buf.slice(0, nl));
        buf = buf.slice(nl + 1);
        if (lines.length === 2) resolve();
      }
    });
  });
  s.write(
    `${JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: 1 } })}\n`,
  );
  s.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "status", params: {} })}\n`);
  await got;
  s.destroy();
  return performance.now() - t0;
}

export async function slowloris() {
  const dir = mkdtempSync(join(tmpdir(), "zc-bench-slowloris-"));
  const configDir = join(dir, "config");
  mkdirSync(configDir);
  writeFileSync(join(configDir, "config.toml"), "[gateway]\nenabled = true\nport = 0\n");
  const socket = join(dir, "data", "daemon.sock");
  const child = spawn(
    "prlimit",
    ["--nofile=400:400", process.execPath, join(root, "bin", "zeroclaw.js"), "daemon"],
    {
      env: {
        PATH: process.env.PATH,
        HOME: dir,
        ZEROCLAW_CONFIG_DIR: configDir,
        ZEROCLAW_DATA_DIR: join(dir, "data"),
      },
      stdio: ["ignore", "ignore", "ignore"],
    },
  );
  const attackers = [];
  try {
    let port;
    for (let i = 0; i < 200 && port === undefined; i++) {
      try {
        await statusRoundTrip(socket);
        const s = connect(socket);
        port = await new Promise((resolve) => {
          let buf = "";
          s.on("data", (b) => {
            buf += b.toString("utf8");
            const l = buf.split("\n").filter(Boolean);
            if (l.length === 2) resolve(Number(new URL(JSON.parse(l[1]).result.gateway_url).port));
          });
          s.write(
            `${JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: 1 } })}\n`,
          );
          s.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "status", params: {} })}\n`);
        });
        s.destroy();
      } catch {
        await sleep(25);
      }
    }
    const latencies = [];
    for (let i = 0; i < ATTACKERS; i++) {
      const a = connect(port, "127.0.0.1");
      a.on("error", () => {});
      attackers.push(a);
      await new Promise((r) => a.once("connect", r).once("close", r));
      if (i < 200) a.write(HALF_SENT);
      if (i % 10 === 9) latencies.push(await statusRoundTrip(socket));
    }
    // With every attacker connected (the pending ones hold their deadline): ten more samples.
    for (let i = 0; i < 10; i++) latencies.push(await statusRoundTrip(socket));
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      attackers: ATTACKERS,
      samples: latencies.length,
      status_p50_ms: median(latencies),
      status_p99_ms: quantile(sorted, 0.99),
      status_max_ms: sorted.at(-1),
    };
  } finally {
    for (const a of attackers) a.destroy();
    child.kill("SIGTERM");
    await sleep(200);
    rmSync(dir, { recursive: true, force: true });
  }
}

export function describeSlowloris(r) {
  return [
    `gateway flood (${r.attackers} idle or half-sent HTTP connections, daemon at 400 fds): a fresh local ` +
      `connection's initialize + status p50 ${r.status_p50_ms.toFixed(1)} ms, p99 ${r.status_p99_ms.toFixed(1)} ms, ` +
      `max ${r.status_max_ms.toFixed(1)} ms over ${r.samples} samples (target < 1000 ms)`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of describeSlowloris(await slowloris())) console.log(line);
}
