// Processes under another uid, for principal tests that need two real peer uids (SO_PEERCRED): the
// daemon or a one-shot NDJSON client spawned with `uid`/`gid` (only possible when the test runs as
// root), and the ownership and readability checks that make such a spawn meaningful.
import { spawn } from "node:child_process";
import { chownSync, lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { BIN, DaemonProcess, REPO_ROOT, type RunResult, run } from "./proc-daemon.js";
import type { WireMessage } from "./raw-client.js";

export type Identity = { uid: number; gid: number };

/** `nobody` on Debian/Ubuntu and most distributions. */
export const NOBODY: Identity = { uid: 65534, gid: 65534 };

export const runningAsRoot = (): boolean => process.getuid?.() === 0;

/** chown -R (symlinks themselves, never their targets). */
export function chownTree(path: string, who: Identity): void {
  chownSync(path, who.uid, who.gid);
  const st = lstatSync(path);
  if (st.isDirectory() && !st.isSymbolicLink())
    for (const entry of readdirSync(path)) chownTree(join(path, entry), who);
}

/** Starts `node bin/zeroclaw.js daemon ARGS` as `who` with exactly `env`. */
export function spawnDaemonAs(who: Identity, env: NodeJS.ProcessEnv, args: string[] = []): DaemonProcess {
  return new DaemonProcess(
    spawn(process.execPath, [BIN, "daemon", ...args], {
      env,
      cwd: REPO_ROOT,
      uid: who.uid,
      gid: who.gid,
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
}

/** Files the daemon must be able to read to start at all. */
const RUNTIME_FILES = [
  BIN,
  join(REPO_ROOT, "dist", "src", "bin", "zeroclaw.js"),
  join(REPO_ROOT, "dist", "src", "daemon", "daemon.js"),
  join(REPO_ROOT, "dist", "generated", "methods.js"),
  join(REPO_ROOT, "dist", "openrpc.json"),
  join(REPO_ROOT, "native", "peercred", "build", "Release", "peercred.node"),
  join(REPO_ROOT, "node_modules", "better-sqlite3", "package.json"),
  join(REPO_ROOT, "node_modules", "ws", "package.json"),
];

/**
 * The runtime files `who` cannot read (as `who` sees them, from a child running as `who`); empty when
 * the daemon can run as `who`.
 */
export async function unreadableBy(who: Identity, files: string[] = RUNTIME_FILES): Promise<string[]> {
  const script =
    "const fs=require('node:fs');const bad=[];" +
    "for(const f of JSON.parse(process.argv[1])){try{fs.accessSync(f,fs.constants.R_OK)}catch(e){bad.push(f+': '+e.code)}}" +
    "process.stdout.write(JSON.stringify(bad))";
  const out = await runNodeAs(who, ["-e", script, JSON.stringify(files)]);
  if (out.code !== 0) return [`node as uid ${who.uid} failed: ${out.stderr}`];
  return JSON.parse(out.stdout) as string[];
}

export type NodeRun = RunResult;

/** `node ARGS` as `who`, to completion (cwd `/`, PATH only). */
export const runNodeAs = (who: Identity, args: string[]): Promise<NodeRun> =>
  run(
    process.execPath,
    args,
    { PATH: process.env.PATH ?? "/usr/bin:/bin" },
    { cwd: "/", uid: who.uid, gid: who.gid },
  );

// One connection: initialize, then each call in order, each sent after the previous answer. Prints
// every response, initialize's first, as one JSON array. Stops early if the connection closes.
const CLIENT_SCRIPT = `
const net = require("node:net");
const [path, callsJson] = process.argv.slice(1);
const calls = [["initialize", { protocolVersion: 1 }], ...JSON.parse(callsJson)];
const out = [];
const s = net.connect(path);
let buf = "";
let i = 0;
const sendNext = () => {
  if (i >= calls.length) { s.end(); return; }
  const [method, params] = calls[i];
  s.write(JSON.stringify({ jsonrpc: "2.0", id: ++i, method, params }) + "\\n");
};
s.setEncoding("utf8");
s.on("connect", sendNext);
s.on("data", (t) => {
  buf += t;
  let nl;
  while ((nl = buf.indexOf("\\n")) !== -1) {
    const msg = JSON.parse(buf.slice(0, nl));
    buf = buf.slice(nl + 1);
    if (msg.id === i) { out.push(msg); sendNext(); }
  }
});
s.on("error", (e) => { process.stderr.write(String(e)); process.exitCode = 3; });
s.on("close", () => process.stdout.write(JSON.stringify(out)));
`;

/**
 * Connects to `socket` as `who` (a real peer with that uid), initializes and makes `calls` in order.
 * Resolves with every response, initialize's first.
 */
export async function callsAs(
  who: Identity,
  socket: string,
  calls: [method: string, params: unknown][] = [],
): Promise<WireMessage[]> {
  const r = await runNodeAs(who, ["-e", CLIENT_SCRIPT, socket, JSON.stringify(calls)]);
  if (r.code !== 0) throw new Error(`client as uid ${who.uid} exited ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout) as WireMessage[];
}
