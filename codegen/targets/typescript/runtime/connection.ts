// One JSON-RPC 2.0 connection over any transport: request ids and correlation, notifications, and
// the other side's requests and notifications routed to registered handlers (socket and WebSocket
// transports only: HTTP has no way back). An error response becomes the error class the method
// declares for its code, else a plain RpcError.
import { parse, stringify } from "./json.js";
import { openTransport, type Transport, type TransportOptions } from "./transports.js";

export type CallOptions = { signal?: AbortSignal };
export type ConnectOptions = TransportOptions;

/** A JSON-RPC error response: `code`, `message` and the optional `data`. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "RpcError";
  }
}

/** A declared error's class: its code, its message in the document, and a constructor. */
export interface ErrorClass {
  readonly code: number;
  readonly wireMessage: string;
  new (message: string, data: unknown): RpcError;
}

/** The connection closed (or a request could not be sent) before an answer came. */
export class ConnectionError extends Error {
  override name = "ConnectionError";
}

type Pending = { resolve(v: unknown): void; reject(e: unknown): void; errors: readonly ErrorClass[] };
type Message = { id?: unknown; method?: unknown; params?: unknown; result?: unknown; error?: unknown };

export async function open(url: string, options: ConnectOptions = {}): Promise<Connection> {
  return new Connection(await openTransport(url, options));
}

export class Connection {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly requestHandlers = new Map<string, (params: unknown) => unknown>();
  private readonly notificationHandlers = new Map<string, (params: unknown) => void>();
  private closedReason: string | undefined;
  /** Resolves with the reason once the connection has ended. */
  readonly closed: Promise<string>;

  constructor(private readonly transport: Transport) {
    let ended!: (reason: string) => void;
    this.closed = new Promise((resolve) => {
      ended = resolve;
    });
    transport.onFrame((frame) => this.receive(frame));
    transport.onClose((reason) => {
      this.closedReason = reason;
      for (const p of this.pending.values()) p.reject(new ConnectionError(`connection closed: ${reason}`));
      this.pending.clear();
      ended(reason);
    });
  }

  /** Sends a request and resolves with its result (integers beyond 2^53 as bigint). */
  request(
    method: string,
    params: unknown,
    options: CallOptions = {},
    errors: readonly ErrorClass[] = [],
  ): Promise<unknown> {
    if (this.closedReason !== undefined)
      return Promise.reject(new ConnectionError(`connection closed: ${this.closedReason}`));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const { signal } = options;
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = (): void => {
        this.pending.delete(id);
        reject(signal?.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      const settle =
        <T>(f: (v: T) => void) =>
        (v: T): void => {
          signal?.removeEventListener("abort", onAbort);
          f(v);
        };
      this.pending.set(id, { resolve: settle(resolve), reject: settle(reject), errors });
      this.transport.send(stringify({ jsonrpc: "2.0", id, method, params })).catch((err: unknown) => {
        if (this.pending.delete(id)) settle(reject)(err);
      });
    });
  }

  /** Sends a notification (no answer comes). */
  notify(method: string, params: unknown): void {
    this.transport.send(stringify({ jsonrpc: "2.0", method, params })).catch(() => {
      // A notification has no caller to tell; the close handler reports a dead connection.
    });
  }

  /** Answers the other side's requests for `method`. */
  onRequest(method: string, handler: (params: unknown) => unknown): void {
    this.requestHandlers.set(method, handler);
  }

  /** Receives the other side's notifications for `method`. */
  onNotification(method: string, handler: (params: unknown) => void): void {
    this.notificationHandlers.set(method, handler);
  }

  close(): void {
    this.transport.close();
  }

  private receive(frame: string): void {
    let value: unknown;
    try {
      value = parse(frame);
    } catch {
      return; // not JSON: nothing in it can be answered or correlated
    }
    for (const m of Array.isArray(value) ? value : [value])
      if (m !== null && typeof m === "object") this.dispatch(m as Message);
  }

  private dispatch(m: Message): void {
    if (typeof m.method === "string") {
      if (m.id === undefined) this.notificationHandlers.get(m.method)?.(m.params);
      else void this.answer(m.id, m.method, m.params);
      return;
    }
    if (typeof m.id !== "number") return;
    const p = this.pending.get(m.id);
    if (p === undefined) return;
    this.pending.delete(m.id);
    if (m.error !== undefined) p.reject(toError(m.error, p.errors));
    else p.resolve(m.result);
  }

  private async answer(id: unknown, method: string, params: unknown): Promise<void> {
    const handler = this.requestHandlers.get(method);
    let reply: object;
    try {
      if (handler === undefined) throw new RpcError(-32601, "Method not found", { method });
      reply = { jsonrpc: "2.0", id, result: (await handler(params)) ?? null };
    } catch (err) {
      const e =
        err instanceof RpcError
          ? err
          : new RpcError(-32603, err instanceof Error ? err.message : String(err));
      reply = {
        jsonrpc: "2.0",
        id,
        error:
          e.data === undefined
            ? { code: e.code, message: e.message }
            : { code: e.code, message: e.message, data: e.data },
      };
    }
    await this.transport.send(stringify(reply)).catch(() => undefined);
  }
}

/** A wire error as the declared class for its code (the one whose message matches, when several share it). */
function toError(wire: unknown, errors: readonly ErrorClass[]): RpcError {
  const w = (wire ?? {}) as { code?: unknown; message?: unknown; data?: unknown };
  const code = typeof w.code === "number" ? w.code : -32603;
  const message = typeof w.message === "string" ? w.message : "";
  const candidates = errors.filter((e) => e.code === code);
  const Declared =
    candidates.length === 1 ? candidates[0] : candidates.find((e) => e.wireMessage === message);
  return Declared !== undefined ? new Declared(message, w.data) : new RpcError(code, message, w.data);
}

/** By-position params: trailing omitted arguments are left out, omitted ones before a given one sent as null. */
export function positional(args: readonly unknown[]): unknown[] {
  let end = args.length;
  while (end > 0 && args[end - 1] === undefined) end--;
  return args.slice(0, end).map((a) => (a === undefined ? null : a));
}
