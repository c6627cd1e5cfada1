// The local endpoint: a Unix socket (0600, in a 0700 directory, with no window in between) or a
// Windows named pipe, and the open-connection cap of SPEC §2.
import { chmodSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { basename, dirname, join } from "node:path";
import { isNamedPipe } from "../config/paths.js";
import type { Logger } from "../log.js";
import { drainThenClose } from "../transport/drain-then-close.js";
import { ConnectionCap } from "./connection-cap.js";

/** Creates the data dir 0700 (tightening it if it exists) and a missing socket directory 0700. */
export function prepareDirectories(dataDir: string, endpoint: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (process.platform !== "win32") chmodSync(dataDir, 0o700);
  if (isNamedPipe(endpoint)) return;
  const socketDir = dirname(endpoint);
  if (!existsSync(socketDir)) mkdirSync(socketDir, { recursive: true, mode: 0o700 });
}

export type ListenerOptions = {
  endpoint: string;
  maxConnections: number;
  /** listen(2) backlog (the kernel caps it at its maximum): a connect burst is served or refused, not EAGAIN. */
  backlog: number;
  /** How long a refused connection is drained before it is closed (rpc.fatal_linger_ms). */
  lingerMs: number;
  log: Logger;
  /** An accepted connection under the cap. Returns a function the listener calls when it closes. */
  accept(socket: Socket): void;
};

export class LocalListener {
  private server: Server | undefined;
  private readonly cap: ConnectionCap;

  constructor(private readonly options: ListenerOptions) {
    this.cap = new ConnectionCap(options.maxConnections, options.log);
  }

  get openConnections(): number {
    return this.cap.openConnections;
  }

  /**
   * Binds with umask 0177 so the socket is created 0600: no other user can connect, even briefly.
   * On Unix it binds a private temporary name and renames it into place: Node unlinks a Unix socket
   * server's bound path when it closes, and that path must never be the endpoint, which by then may
   * be another daemon's live socket or a file that is not ours (SPEC §1). Our own socket is removed
   * by the endpoint lock, and only if it is still the file we bound.
   */
  listen(): Promise<void> {
    const { endpoint } = this.options;
    // Half-open: a client that shuts down its sending side still gets the answers it asked for.
    const server = createServer({ allowHalfOpen: true }, (socket) => this.onConnection(socket));
    this.server = server;
    const unix = !isNamedPipe(endpoint) && process.platform !== "win32";
    const bindPath = unix ? join(dirname(endpoint), `.${basename(endpoint)}.${process.pid}.tmp`) : endpoint;
    if (unix) rmSync(bindPath, { force: true });
    return new Promise((resolve, reject) => {
      const previous = unix ? process.umask(0o177) : undefined;
      const restore = (): void => {
        if (previous !== undefined) process.umask(previous);
      };
      server.once("error", (err) => {
        restore();
        reject(err);
      });
      server.listen({ path: bindPath, backlog: this.options.backlog }, () => {
        restore();
        if (unix) {
          chmodSync(bindPath, 0o600);
          renameSync(bindPath, endpoint);
        }
        resolve();
      });
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (!this.server) return resolve();
      this.server.close(() => resolve());
    });
  }

  /** Called by the owner of an accepted connection when it ends. */
  released(): void {
    this.cap.released();
  }

  private onConnection(socket: Socket): void {
    if (this.cap.full()) {
      socket.on("error", () => {});
      // Like a fatal frame error: the -32004 line, then what the client already sent (typically its
      // initialize) is drained, so it reads why before the connection closes.
      drainThenClose(socket, this.options.lingerMs, () => socket.destroy());
      socket.end(`${this.cap.refusal()}\n`);
      return;
    }
    this.cap.taken();
    this.options.accept(socket);
  }
}
