// The browser transport under the generated client (generated/client.ts's RpcEndpoint): JSON-RPC 2.0
// over one browser WebSocket, one message per text frame (SPEC §10). The Node client's transport
// (src/client/connect.ts) sits on node:net sockets and the daemon's Peer, neither of which exists in a
// browser; this is the small part that differs: ids, correlation, and serving daemon → client calls.
import type { CallOptions, RpcEndpoint } from "../../../generated/client.js";
import { RpcError, rpcErrors } from "../../../generated/errors.js";

type Pending = { resolve(value: unknown): void; reject(err: unknown): void };
type Message = {
  jsonrpc?: string;
  id?: string | number | null;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
};

/** Rejects calls still waiting when the socket ends. */
export class ConnectionClosedError extends Error {
  constructor(readonly reason: string) {
    super(`connection closed: ${reason}`);
    this.name = "ConnectionClosedError";
  }
}

export class WsEndpoint implements RpcEndpoint {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly requestHandlers = new Map<string, (params: unknown) => unknown>();
  private readonly notificationHandlers = new Map<string, (params: unknown) => void>();
  private closedReason: string | undefined;
  /** Resolves with a reason once the socket has ended (either side). */
  readonly closed: Promise<string>;

  private constructor(private readonly ws: WebSocket) {
    let onClosed!: (reason: string) => void;
    this.closed = new Promise((resolve) => {
      onClosed = resolve;
    });
    ws.addEventListener("message", (ev) => {
      if (typeof ev.data === "string") this.onFrame(ev.data);
    });
    ws.addEventListener("close", (ev) => {
      const reason = ev.reason || `close code ${ev.code}`;
      this.closedReason = reason;
      for (const p of this.pending.values()) p.reject(new ConnectionClosedError(reason));
      this.pending.clear();
      onClosed(reason);
    });
  }

  /** Opens the socket; resolves once it is open (initialize is the caller's first call). */
  static open(url: string): Promise<WsEndpoint> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      const endpoint = new WsEndpoint(ws);
      const fail = (): void => reject(new ConnectionClosedError(`cannot connect to ${url}`));
      ws.addEventListener("error", fail, { once: true });
      ws.addEventListener(
        "open",
        () => {
          ws.removeEventListener("error", fail);
          resolve(endpoint);
        },
        { once: true },
      );
    });
  }

  request(method: string, params: unknown, options?: CallOptions): Promise<unknown> {
    if (this.closedReason !== undefined) return Promise.reject(new ConnectionClosedError(this.closedReason));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      options?.signal?.addEventListener("abort", () => {
        if (this.pending.delete(id)) reject(options.signal?.reason ?? new Error("aborted"));
      });
      this.send({ jsonrpc: "2.0", id, method, params });
    });
  }

  notify(method: string, params: unknown): void {
    this.send({ jsonrpc: "2.0", method, params });
  }

  setRequestHandler(method: string, handler: (params: unknown) => unknown): void {
    this.requestHandlers.set(method, handler);
  }

  setNotificationHandler(method: string, handler: (params: unknown) => void): void {
    this.notificationHandlers.set(method, handler);
  }

  close(): void {
    this.ws.close(1000, "dashboard closed");
  }

  private send(message: Message): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  private onFrame(text: string): void {
    let msg: Message;
    try {
      msg = JSON.parse(text) as Message;
    } catch {
      return; // the daemon only sends JSON; nothing sensible to answer
    }
    if (typeof msg.method === "string") {
      if (msg.id === undefined || msg.id === null) this.notificationHandlers.get(msg.method)?.(msg.params);
      else void this.serve(msg.id, msg.method, msg.params);
      return;
    }
    if (typeof msg.id !== "number") return; // an error about a frame we could not send (id null)
    const waiter = this.pending.get(msg.id);
    if (!waiter) return;
    this.pending.delete(msg.id);
    if (msg.error) waiter.reject(new RpcError(msg.error.code, msg.error.message, msg.error.data));
    else waiter.resolve(msg.result);
  }

  /** A daemon → client request (elicitation/create): the handler's answer, or its failure, goes back. */
  private async serve(id: string | number, method: string, params: unknown): Promise<void> {
    const handler = this.requestHandlers.get(method);
    if (!handler) {
      this.send({ jsonrpc: "2.0", id, error: rpcErrors.methodNotFound({ method }).toWire() });
      return;
    }
    try {
      this.send({ jsonrpc: "2.0", id, result: await handler(params ?? {}) });
    } catch (err) {
      console.error(`${method} handler failed`, err);
      this.send({ jsonrpc: "2.0", id, error: rpcErrors.internalError().toWire() });
    }
  }
}
