// Peer credentials of a local socket connection (SPEC §4): the pid/uid/gid the
// kernel recorded for the process at the other end (Linux SO_PEERCRED, BSD/macOS
// getpeereid). Node has no API for this, so it comes from the optional native
// addon in native/peercred (built at install time by scripts/build-native.mjs).
// When the addon is missing or the call fails, callers get `undefined` and the
// audit label degrades to `unix:unknown`; nothing here ever throws. The daemon
// then takes a local peer to be its own uid (SPEC §17, daemon.ts).

import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import type net from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export type PeerCredentials = { pid: number; uid: number; gid: number };

type PeerCredAddon = { getPeerCred(fd: number): unknown; peerHungUp?(fd: number): unknown };

const ADDON_DIR = join("native", "peercred");
const ADDON_FILE = join(ADDON_DIR, "build", "Release", "peercred.node");

/** undefined = not tried yet, null = tried and unavailable. */
let addon: PeerCredAddon | null | undefined;

/**
 * The package root: the nearest ancestor of this module's directory that holds
 * native/peercred. Walking up (rather than a fixed "../..") because this file
 * runs both as src/auth/*.ts (vitest, tsx) and as dist/src/auth/*.js (build).
 */
function findPackageRoot(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, ADDON_DIR))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function loadAddon(): PeerCredAddon | null {
  if (addon !== undefined) return addon;
  addon = null;
  if (process.platform === "win32") return addon;
  // The switch that runs the daemon as if the addon had not built (tests, and a user who wants to
  // see that path); read once, with the first connection or status.
  if (process.env.ZEROCLAW_PEERCRED === "off") return addon;
  const root = findPackageRoot();
  if (root === undefined) return addon;
  const file = join(root, ADDON_FILE);
  if (!existsSync(file)) return addon;
  try {
    const loaded: unknown = createRequire(import.meta.url)(file);
    if (
      typeof loaded === "object" &&
      loaded !== null &&
      typeof (loaded as { getPeerCred?: unknown }).getPeerCred === "function"
    ) {
      addon = loaded as PeerCredAddon;
    }
  } catch {
    // Built for another Node ABI/arch, truncated, etc.: behave as if absent.
  }
  return addon;
}

/** True when the native addon is built and loadable on this platform. */
export function addonAvailable(): boolean {
  return loadAddon() !== null;
}

function isCredentials(value: unknown): value is PeerCredentials {
  if (typeof value !== "object" || value === null) return false;
  const { pid, uid, gid } = value as Partial<Record<keyof PeerCredentials, unknown>>;
  return Number.isInteger(pid) && Number.isInteger(uid) && Number.isInteger(gid);
}

/**
 * The credentials of the process at the other end of `socket` (a connected Unix
 * domain socket, either side), or undefined when they cannot be read (Windows,
 * addon missing, socket closed, not a Unix socket). `pid` is -1 when only the
 * uid/gid are known (BSD, or a peer outside this pid namespace).
 */
export function peerCredentials(socket: net.Socket): PeerCredentials | undefined {
  const impl = loadAddon();
  if (impl === null) return undefined;
  // `_handle` is Node's internal libuv wrap (Pipe/TCP); its `fd` getter is not in
  // the public types, hence the structural cast. It is -1 on Windows or once closed.
  const fd = (socket as unknown as { _handle?: { fd?: unknown } | null })._handle?.fd;
  if (typeof fd !== "number" || !Number.isInteger(fd) || fd < 0) return undefined;
  try {
    const creds = impl.getPeerCred(fd);
    return isCredentials(creds) ? { pid: creds.pid, uid: creds.uid, gid: creds.gid } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * After the peer's FIN: true if it closed both directions (it is gone), false if it only shut down
 * its sending side (it still reads), undefined when that cannot be told (no addon, not Linux).
 */
export function peerHungUp(socket: net.Socket): boolean | undefined {
  const impl = loadAddon();
  const fd = (socket as unknown as { _handle?: { fd?: unknown } | null })._handle?.fd;
  if (impl?.peerHungUp === undefined || typeof fd !== "number" || fd < 0) return undefined;
  try {
    const answer = impl.peerHungUp(fd);
    return typeof answer === "boolean" ? answer : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The audit label for a local peer (SPEC §4): `unix:pid=<pid>,uid=<uid>`,
 * `unix:pid=unknown,uid=<uid>` when only the uid is known, `unix:unknown` when
 * nothing is, and `pipe:local` on Windows (named pipes carry no credentials).
 */
export function peerLabel(socket: net.Socket, creds = peerCredentials(socket)): string {
  if (process.platform === "win32") return "pipe:local";
  if (creds === undefined) return "unix:unknown";
  return `unix:pid=${creds.pid >= 0 ? creds.pid : "unknown"},uid=${creds.uid}`;
}
