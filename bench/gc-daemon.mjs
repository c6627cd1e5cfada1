// The daemon as `zeroclaw daemon` runs it (the built dist/ code, the same environment), started with
// --expose-gc so a benchmark can ask what it holds: on SIGUSR2 it collects garbage and prints one JSON
// line of process.memoryUsage() (MiB) on stdout. For memory figures RSS alone cannot give (RSS keeps
// the collector's headroom, which grows with the live heap). Used by bench/stalled-watchers.mjs.
import { join } from "node:path";
import { root } from "./servers.mjs";

if (typeof globalThis.gc !== "function") throw new Error("run with node --expose-gc");
const { Daemon } = await import(join(root, "dist/src/daemon/daemon.js"));
const { createLogger } = await import(join(root, "dist/src/log.js"));
const daemon = await Daemon.start({ log: createLogger() });
process.on("SIGUSR2", () => {
  globalThis.gc();
  const m = process.memoryUsage();
  const mib = (x) => Math.round((x / 2 ** 20) * 10) / 10;
  process.stdout.write(
    `${JSON.stringify({ rss: mib(m.rss), heap_used: mib(m.heapUsed), external: mib(m.external) })}\n`,
  );
});
process.on("SIGTERM", () => daemon.stop("SIGTERM").then(() => process.exit(0)));
