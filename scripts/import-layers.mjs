#!/usr/bin/env node
// Checks the layer order of docs/architecture.md: prints every import edge of src/ from a lower layer to
// a higher one and every import cycle between files, and exits 1 if there is any (run by `npm run
// lint`, so none comes back). Reads the import/export-from specifiers of every .ts file; type-only
// imports count too (they still tie the lower room to the higher one). `--root DIR` checks another
// tree laid out the same way (the test of this script uses it).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

/** Low → high. A file may import its own layer and the ones below it. */
const LAYERS = [
  ["log.ts", "did-you-mean.ts", "transport"],
  ["jsonrpc"],
  ["auth", "config", "storage", "client"],
  ["sessions", "files"],
  ["handlers"],
  ["daemon"],
  ["cli"],
  ["bin"],
];
const levelOf = (file) => {
  const room = file.split("/")[1];
  const i = LAYERS.findIndex((rooms) => rooms.includes(room));
  if (i === -1) throw new Error(`${file}: room ${room} has no layer`);
  return i;
};

const rootFlag = process.argv.indexOf("--root");
const root = rootFlag === -1 ? new URL("..", import.meta.url).pathname : process.argv[rootFlag + 1];
const files = [];
const walk = (dir) => {
  for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) walk(path);
    else if (e.name.endsWith(".ts")) files.push(path);
  }
};
walk("src");

const edges = new Map();
const SPEC = /^\s*(?:import|export)\s[^;]*?from\s+"(\.[^"]+)"/gms;
for (const file of files) {
  const text = readFileSync(join(root, file), "utf8");
  const targets = new Set();
  for (const m of text.matchAll(SPEC)) {
    const target = normalize(join(dirname(file), m[1])).replace(/\.js$/, ".ts");
    if (target.startsWith("src/")) targets.add(target);
  }
  edges.set(file, [...targets].sort());
}

const upward = [];
for (const [from, targets] of edges)
  for (const to of targets)
    if (levelOf(to) > levelOf(from)) upward.push(`${relative("src", from)} → ${relative("src", to)}`);

// Tarjan's strongly connected components: every component of more than one file is a cycle.
let index = 0;
const stack = [];
const info = new Map();
const cycles = [];
const visit = (v) => {
  info.set(v, { index, low: index, on: true });
  index++;
  stack.push(v);
  for (const w of edges.get(v) ?? []) {
    if (!edges.has(w)) continue;
    if (!info.has(w)) {
      visit(w);
      info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
    } else if (info.get(w).on) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
  }
  if (info.get(v).low === info.get(v).index) {
    const scc = [];
    let w;
    do {
      w = stack.pop();
      info.get(w).on = false;
      scc.push(relative("src", w));
    } while (w !== v);
    if (scc.length > 1) cycles.push(scc.sort());
  }
};
for (const v of [...edges.keys()].sort()) if (!info.has(v)) visit(v);

console.log(`upward imports (${upward.length}):`);
for (const e of upward.sort()) console.log(`  ${e}`);
console.log(`import cycles (${cycles.length}):`);
for (const c of cycles) console.log(`  ${c.join(" ↔ ")}`);
if (upward.length > 0 || cycles.length > 0) process.exitCode = 1;
