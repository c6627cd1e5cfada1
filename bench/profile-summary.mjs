// Summarizes a V8 .cpuprofile (node --cpu-prof): self time by function and by file, top N.
// Usage: node bench/profile-summary.mjs FILE.cpuprofile [N]
import { readFileSync } from "node:fs";

const [file, topN = "25"] = process.argv.slice(2);
const prof = JSON.parse(readFileSync(file, "utf8"));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = prof.timeDeltas;
for (let i = 0; i < prof.samples.length; i++) {
  const n = byId.get(prof.samples[i]);
  self.set(n, (self.get(n) ?? 0) + (dt[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const fn = new Map();
const files = new Map();
for (const [n, t] of self) {
  const { functionName, url, lineNumber } = n.callFrame;
  const short = url.replace(/^.*\/(node_modules\/[^/]+|dist\/[^/]+|src)\//, "$1/") || "(native)";
  const k = `${functionName || "(anonymous)"} ${short}:${lineNumber + 1}`;
  fn.set(k, (fn.get(k) ?? 0) + t);
  files.set(short, (files.get(short) ?? 0) + t);
}
const show = (m) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(topN))
    .map(([k, t]) => `${((100 * t) / total).toFixed(1).padStart(5)}%  ${k}`)
    .join("\n");
console.log(
  `total ${(total / 1000).toFixed(0)} ms sampled\n-- by function (self)\n${show(fn)}\n-- by file (self)\n${show(files)}`,
);
