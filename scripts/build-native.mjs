// Builds the optional native addon native/peercred (peer pid/uid of a Unix socket
// connection, used for the audit log, SPEC §4). Run by the package's "install"
// script, so by `npm install` / `npm ci` in this repository; also fine by hand:
// `node scripts/build-native.mjs`.
//
// This script must never fail an install: the daemon works without the addon and
// logs peers as `unix:unknown`. On any failure it prints one warning line and
// exits 0. Set ZEROCLAW_NATIVE_VERBOSE=1 to see node-gyp's output, or
// ZEROCLAW_SKIP_NATIVE=1 to skip the build.
//
// node-gyp is not a dependency of this package: we use the copy npm bundles.
// - Under npm (lifecycle script), npm exports its path as `npm_config_node_gyp`
//   (and puts a `node-gyp` shim on PATH).
// - By hand, we look for npm's bundled copy next to the running node binary.
// Headers: no download is possible here, so we always compile against local
// headers: npm's `nodedir` config (exported to node-gyp as `npm_config_nodedir`)
// if set, otherwise the install prefix of the running node when it ships
// `include/node/node_api.h` for this exact version (node-gyp would otherwise try
// to download a header tarball into its cache).

import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const WARNING = "peer credentials unavailable, audit log will say unix:unknown";
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const addonDir = join(root, "native", "peercred");
const addonFile = join(addonDir, "build", "Release", "peercred.node");
const verbose = process.env.ZEROCLAW_NATIVE_VERBOSE === "1";

function warn(reason) {
  process.stderr.write(`zeroclaw: warning: ${WARNING} (${reason})\n`);
  process.exit(0);
}

/** npm's bundled node-gyp, as [command, ...args] ready to spawn, or undefined. */
function findNodeGyp() {
  const candidates = [];
  if (process.env.npm_config_node_gyp) candidates.push(process.env.npm_config_node_gyp);
  const binDir = dirname(process.execPath);
  const gypJs = join("node_modules", "npm", "node_modules", "node-gyp", "bin", "node-gyp.js");
  candidates.push(
    join(binDir, "..", "lib", gypJs), // Unix: <prefix>/bin/node -> <prefix>/lib/node_modules/npm
    join(binDir, gypJs), // Windows-style layout: <prefix>/node.exe -> <prefix>/node_modules/npm
  );
  try {
    // A node-gyp installed in this project or globally resolvable, if any.
    candidates.push(createRequire(import.meta.url).resolve("node-gyp/bin/node-gyp.js"));
  } catch {
    // not installed: fine, npm's copy is the normal case
  }
  const found = candidates.find((file) => existsSync(file));
  if (found) return [process.execPath, found];
  // Last resort: a `node-gyp` on PATH (npm's lifecycle shim, or a global install).
  const probe = spawnSync("node-gyp", ["--version"], { stdio: "ignore", shell: false });
  return probe.status === 0 ? ["node-gyp"] : undefined;
}

/** Extra node-gyp args so it never tries to download headers. */
function headerArgs() {
  if (process.env.npm_config_nodedir) return []; // npm config `nodedir`: node-gyp reads it itself
  const prefix = resolve(dirname(process.execPath), "..");
  const versionH = join(prefix, "include", "node", "node_version.h");
  if (!existsSync(join(prefix, "include", "node", "node_api.h")) || !existsSync(versionH)) return [];
  const text = readFileSync(versionH, "utf8");
  const part = (name) => text.match(new RegExp(`#define NODE_${name}_VERSION (\\d+)`))?.[1];
  const version = `v${part("MAJOR")}.${part("MINOR")}.${part("PATCH")}`;
  return version === process.version ? [`--nodedir=${prefix}`] : [];
}

/** Loads the freshly built addon in a child (so a crash cannot take us down). */
function addonLoads() {
  const check = `const a = require(${JSON.stringify(addonFile)}); if (a.getPeerCred(-1) !== null) process.exit(1);`;
  return spawnSync(process.execPath, ["-e", check], { stdio: "ignore" }).status === 0;
}

function main() {
  if (process.platform === "win32") return; // named pipes: no peer credentials to read
  if (process.env.ZEROCLAW_SKIP_NATIVE === "1") return warn("ZEROCLAW_SKIP_NATIVE=1");
  if (!existsSync(join(addonDir, "binding.gyp"))) return warn("native/peercred/binding.gyp missing");

  const nodeGyp = findNodeGyp();
  if (!nodeGyp) return warn("node-gyp not found; run the install through npm");
  const [command, ...args] = nodeGyp;
  args.push("rebuild", ...headerArgs());

  const run = spawnSync(command, args, {
    cwd: addonDir,
    stdio: verbose ? "inherit" : "pipe",
    encoding: "utf8",
    timeout: 5 * 60_000,
  });
  if (run.error) return warn(`node-gyp could not run: ${run.error.message}`);
  if (run.status !== 0) {
    const output = `${run.stdout ?? ""}\n${run.stderr ?? ""}`;
    const firstError = output.split("\n").find((line) => /\berror\b/i.test(line) && !/^gyp info/.test(line));
    const detail = firstError ? `: ${firstError.trim().slice(0, 200)}` : "";
    return warn(`node-gyp rebuild failed${detail}; set ZEROCLAW_NATIVE_VERBOSE=1 for details`);
  }
  if (!existsSync(addonFile) || !addonLoads()) return warn("built addon does not load");
  if (verbose) process.stderr.write(`zeroclaw: built ${addonFile}\n`);
}

try {
  main();
} catch (error) {
  warn(`unexpected error: ${error instanceof Error ? error.message : String(error)}`);
}
