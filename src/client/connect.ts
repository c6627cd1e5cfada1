// A client connection over the local socket: the same Peer and NDJSON transport the daemon uses,
// with a router that serves daemon → client requests and notifications from registered handlers.
import { connect as netConnect } from "node:net";
import { type RpcEndpoint, ZeroclawClient } from "../../generated/client.js";
import { rpcErrors } from "../../generated/errors.js";
import { lookupMethod } from "../../generated/methods.js";
import { paramErrors } from "../jsonrpc/param-errors.js";
import { type IncomingRequest, Peer, type Router } from "../jsonrpc/peer.js";
import type { Logger } from "../log.js";
import { silentLogger } from "../log.js";
import { NdjsonSocketTransport } from "../transport/ndjson-socket-transport.js";

class ClientRouter implements Router {
  readonly requests = new Map<string, (params: unknown) => unknown>();
  readonly notifications = new Map<string, (params: unknown) => void>();
  fallback: ((method: string, params: unknown) => void) | undefined;

  request(req: IncomingRequest): unknown {
    const handler = this.requests.get(req.method);
    if (!handler) throw rpcErrors.methodNotFound({ method: req.method });
    return handler(checked(req.method, req.params));
  }

  notification(method: string, params: unknown): void {
    if (lookupMethod(method)?.validateParams(params ?? {}) === false) return;
    const handler = this.notifications.get(method);
    if (handler) handler(params);
    else this.fallback?.(method, params);
  }
}

function checked(method: string, params: unknown): unknown {
  const info = lookupMethod(method);
  const value = params ?? {};
  if (info && !info.validateParams(value)) {
    throw rpcErrors.invalidParams({ errors: paramErrors(info.validateParams.errors) });
  }
  return value;
}

export class ClientConnection implements RpcEndpoint {
  private readonly router = new ClientRouter();
  readonly peer: Peer;
  readonly closed: Promise<string>;

  constructor(socket: import("node:net").Socket, log: Logger) {
    const transport = new NdjsonSocketTransport(socket, "local", "daemon", {
      maxFrameBytes: 64 * 1024 * 1024,
      frameTimeoutMs: 5 * 60_000,
      writeStallTimeoutMs: 5 * 60_000,
      outputHighWaterBytes: 16 * 1024 * 1024,
    });
    let onClosed!: (reason: string) => void;
    this.closed = new Promise((resolve) => {
      onClosed = resolve;
    });
    this.peer = new Peer(transport, { ...bind(this.router), closed: onClosed }, log);
    this.peer.start();
  }

  request(method: string, params: unknown, options?: { signal?: AbortSignal }): Promise<unknown> {
    return this.peer.request(method, params, options);
  }

  notify(method: string, params: unknown): void {
    this.peer.notify(method, params);
  }

  setRequestHandler(method: string, handler: (params: unknown) => unknown): void {
    this.router.requests.set(method, handler);
  }

  setNotificationHandler(method: string, handler: (params: unknown) => void): void {
    this.router.notifications.set(method, handler);
  }

  /** Receives every notification that has no handler of its own (the command line prints them). */
  onAnyNotification(handler: (method: string, params: unknown) => void): void {
    this.router.fallback = handler;
  }

  close(): void {
    this.peer.transport.close("client closed");
  }
}

const bind = (r: ClientRouter): Router => ({
  request: (req) => r.request(req),
  notification: (m, p) => r.notification(m, p),
});

/** Connects to a daemon endpoint; resolves once the socket is open (initialize is up to the caller). */
export function connectClient(
  endpoint: string,
  log: Logger = silentLogger(),
): Promise<{ client: ZeroclawClient; connection: ClientConnection }> {
  return new Promise((resolve, reject) => {
    const socket = netConnect(endpoint);
    socket.once("error", reject);
    socket.once("connect", () => {
      socket.off("error", reject);
      const connection = new ClientConnection(socket, log);
      resolve({ client: new ZeroclawClient(connection), connection });
    });
  });
}
