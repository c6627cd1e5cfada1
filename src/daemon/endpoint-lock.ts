// One daemon per endpoint. A lock file next to the socket names the owner's pid; a socket nobody
// listens on is stale and replaced; only a socket file this daemon bound is ever unlinked.
import {
  closeSync,
  lstatSync,
  openSync,
  readFileSync,
  rmSync,
  type Stats,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { connect } from "node:net";
import { peerCredentials } from "../auth/peer-credentials.js";
import { isNamedPipe } from "../config/paths.js";

export class EndpointBusyError extends Error {
  constructor(
    readonly endpoint: string,
    readonly pid: number | undefined,
  ) {
    super(
      `another zeroclaw daemon${pid === undefined ? "" : ` (pid ${pid})`} is already serving ${endpoint}; ` +
        "stop it first or set ZEROCLAW_SOCKET to another path",
    );
    this.name = "EndpointBusyError";
  }
}

export class EndpointBlockedError extends Error {
  constructor(endpoint: string) {
    super(`refusing to start: ${endpoint} exists and is not a socket (it was left untouched)`);
    this.name = "EndpointBlockedError";
  }
}

export type EndpointLock = {
  /** Remember which file we bound, so release() unlinks it only if it is still ours. */
  bound(): void;
  release(): void;
};

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
};

function readLockPid(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** A lock this young may belong to a daemon still between taking the lock and binding. */
const LOCK_GRACE_MS = 10_000;

function lockAgeMs(lockPath: string): number {
  try {
    return Date.now() - statSync(lockPath).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * Takes `<socket>.lock` with O_EXCL. An existing lock stops us only while its owner looks real: its pid
 * is alive and either something listens on the socket or the lock is young enough that the owner may
 * still be starting. A pid that was reused after a crash (alive, but nothing listening for a long
 * time) does not keep the endpoint blocked forever.
 */
async function takeLockFile(lockPath: string, endpoint: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, "wx", 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = readLockPid(lockPath);
      if (pid !== undefined && pid !== process.pid && alive(pid)) {
        const listener = statOrUndefined(endpoint)?.isSocket() ? await probe(endpoint) : { listening: false };
        if (listener.listening) throw new EndpointBusyError(endpoint, listener.pid ?? pid);
        if (lockAgeMs(lockPath) < LOCK_GRACE_MS) throw new EndpointBusyError(endpoint, pid);
      }
      rmSync(lockPath, { force: true }); // left by a daemon that died
    }
  }
  throw new EndpointBusyError(endpoint, readLockPid(lockPath));
}

/** Resolves with the pid of whoever listens on `path`, or undefined if nothing does. */
function probe(path: string): Promise<{ listening: boolean; pid?: number }> {
  return new Promise((resolve) => {
    const socket = connect(path);
    const done = (result: { listening: boolean; pid?: number }): void => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(2000, () => done({ listening: true }));
    socket.once("connect", () => done({ listening: true, pid: peerCredentials(socket)?.pid }));
    socket.once("error", () => done({ listening: false }));
  });
}

export async function acquireEndpoint(endpoint: string): Promise<EndpointLock> {
  if (isNamedPipe(endpoint)) return { bound() {}, release() {} }; // the OS refuses a second pipe server
  const lockPath = `${endpoint}.lock`;
  await takeLockFile(lockPath, endpoint);
  try {
    const stat = statOrUndefined(endpoint);
    if (stat && !stat.isSocket()) throw new EndpointBlockedError(endpoint);
    if (stat) {
      const { listening, pid } = await probe(endpoint);
      if (listening) throw new EndpointBusyError(endpoint, pid);
      unlinkSync(endpoint); // stale: nothing listens
    }
  } catch (err) {
    rmSync(lockPath, { force: true });
    throw err;
  }
  let identity: { dev: number; ino: number; ctimeMs: number } | undefined;
  return {
    bound() {
      const st = statOrUndefined(endpoint);
      if (st?.isSocket()) identity = { dev: st.dev, ino: st.ino, ctimeMs: st.ctimeMs };
    },
    release() {
      // Only the very file we bound: same device and inode (an inode number can be reused by a new
      // file) and same change time, and still a socket.
      const st = statOrUndefined(endpoint);
      const ours =
        st?.isSocket() &&
        identity &&
        st.dev === identity.dev &&
        st.ino === identity.ino &&
        st.ctimeMs === identity.ctimeMs;
      if (ours) rmSync(endpoint, { force: true });
      if (readLockPid(lockPath) === process.pid) rmSync(lockPath, { force: true });
    },
  };
}

function statOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}
