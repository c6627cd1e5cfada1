// One end of a JSON-RPC connection, either side: parses and classifies incoming messages, hands
// requests and notifications to a router, correlates responses with this peer's own outbound requests
// (ids `zc-out-N`, matched only against its own pending map), and rejects those when the connection ends.
import { RpcError, rpcErrors } from "../../generated/errors.js";
import type { EventLog } from "../log.js";
import type { RpcTransport } from "../transport/transport.js";
import { classify, type Envelope, type JsonRpcId } from "./envelope.js";
import { RawNumberId, rawIdText } from "./raw-id.js";

/** The id a reply carries: as parsed, or (numbers) the exact text the client sent. */
export type ReplyId = JsonRpcId | RawNumberId;

export type IncomingRequest = { method: string; params: unknown; id: ReplyId };

/** Decides what incoming calls mean. Throw an RpcError to answer with an error. */
export interface Router {
  request(req: IncomingRequest): unknown;
  notification(method: string, params: unknown): void;
  /**
   * A request the connection must not get past until it is answered (initialize, SPEC §2): while its
   * answer is pending, later messages are held, then handled in order once the answer is queued.
   */
  serializes?(method: string): boolean;
  /** The connection ended; abort whatever it started. */
  closed?(reason: string): void;
}

/** A call this peer made was never answered because the connection ended. */
export class ConnectionClosedError extends Error {
  constructor(reason: string) {
    super(`connection closed: ${reason}`);
    this.name = "ConnectionClosedError";
  }
}

type Pending = { resolve(value: unknown): void; reject(error: Error): void; cleanup(): void };

const stringifyId = (id: ReplyId): string =>
  id instanceof RawNumberId ? id.text : typeof id === "string" ? JSON.stringify(id) : String(id);

/** A numeric id is answered with the number text the client wrote, never re-serialized (SPEC §3). */
const replyId = (id: JsonRpcId, text: string): ReplyId => {
  if (typeof id !== "number") return id;
  const raw = rawIdText(id, text);
  return raw === undefined ? id : new RawNumberId(raw);
};

/**
 * A request's last answer on its connection: the error line is written, then the connection ends
 * (failed gateway authentication, SPEC §17). Nothing the peer sent after that request is handled.
 */
export class ClosingError extends Error {
  constructor(
    readonly error: RpcError,
    readonly reason: string,
  ) {
    super(error.message);
    this.name = "ClosingError";
  }
}

/** What a caller is told about `err`: itself if it is an RpcError, else -32603 (the cause logged). */
export function toRpcError(err: unknown, method: string, log: EventLog): RpcError {
  if (err instanceof ClosingError) return err.error;
  if (err instanceof RpcError) return err;
  log.error({ err, method }, "handler failed");
  return rpcErrors.internalError();
}

export class Peer {
  private nextOutboundId = 0;
  /** Requests being answered asynchronously. */
  private answering = 0;
  private inputEnded = false;
  /** A ClosingError was answered: the connection is finishing and reads nothing more. */
  private ending = false;
  /** Messages that arrived while a serializing request was being answered, in arrival order. */
  private held: { text: string; valid: boolean }[] | undefined;
  /** Created with the first outbound request: most connections never make one. */
  private pendingMap: Map<string, Pending> | undefined;
  private get pending(): Map<string, Pending> {
    this.pendingMap ??= new Map();
    return this.pendingMap;
  }

  constructor(
    readonly transport: RpcTransport,
    private readonly router: Router,
    private readonly log: EventLog,
  ) {}

  start(): void {
    this.transport.start({
      message: (text, valid) => this.receive(text, valid),
      ended: () => {
        this.inputEnded = true;
        this.finishIfDone();
      },
      closed: (reason) => this.onClosed(reason),
    });
  }

  /** Sends a request to the other side and resolves with its result (or rejects with an RpcError). */
  request(method: string, params: unknown, options?: { signal?: AbortSignal }): Promise<unknown> {
    if (this.transport.isClosed) return Promise.reject(new ConnectionClosedError("already closed"));
    const id = `zc-out-${this.nextOutboundId++}`;
    return new Promise((resolve, reject) => {
      const signal = options?.signal;
      const onAbort = (): void => {
        this.pending.delete(id);
        reject(signal?.reason instanceof Error ? signal.reason : new Error("aborted"));
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener("abort", onAbort, { once: true });
      const cleanup = (): void => signal?.removeEventListener("abort", onAbort);
      this.pending.set(id, { resolve, reject, cleanup });
      this.transport.send(
        `{"jsonrpc":"2.0","id":"${id}","method":${JSON.stringify(method)},"params":${JSON.stringify(params ?? {})}}`,
      );
    });
  }

  notify(method: string, params: unknown): void {
    this.transport.send(
      `{"jsonrpc":"2.0","method":${JSON.stringify(method)},"params":${JSON.stringify(params)}}`,
    );
  }

  sendResult(id: ReplyId, result: unknown): void {
    this.transport.send(
      `{"jsonrpc":"2.0","id":${stringifyId(id)},"result":${JSON.stringify(result ?? null)}}`,
    );
  }

  sendError(id: ReplyId, error: RpcError): void {
    this.transport.send(
      `{"jsonrpc":"2.0","id":${stringifyId(id)},"error":${JSON.stringify(error.toWire())}}`,
    );
  }

  get pendingOutbound(): number {
    return this.pendingMap?.size ?? 0;
  }

  private receive(text: string, validUtf8: boolean): void {
    if (this.ending) return;
    if (this.held) {
      this.held.push({ text, valid: validUtf8 });
      return;
    }
    let value: unknown;
    try {
      if (!validUtf8) throw new Error("not UTF-8");
      value = JSON.parse(text);
    } catch {
      this.sendError(null, rpcErrors.parseError());
      return;
    }
    this.route(classify(value), text);
  }

  private route(env: Envelope, text: string): void {
    switch (env.kind) {
      case "request":
        this.answer(replyId(env.id, text), env.method, env.params);
        return;
      case "notification":
        try {
          this.router.notification(env.method, env.params);
        } catch (err) {
          if (err instanceof RpcError) this.sendError(null, err);
          else this.log.error({ err, method: env.method }, "notification handler failed");
        }
        return;
      case "result":
      case "error":
        this.settle(env);
        return;
      case "invalid":
        this.sendError(replyId(env.id, text), rpcErrors.invalidRequest(`Invalid request: ${env.why}`));
        return;
      case "drop":
        this.log.warn({ why: env.why }, "dropped a malformed response");
        return;
    }
  }

  private answer(id: ReplyId, method: string, params: unknown): void {
    let out: unknown;
    try {
      out = this.router.request({ method, params, id });
    } catch (err) {
      this.answerError(id, method, err);
      return;
    }
    if (!(out instanceof Promise)) {
      this.sendResult(id, out);
      return;
    }
    const serialized = this.router.serializes?.(method) === true;
    if (serialized) this.held ??= [];
    this.answering++;
    out
      .then(
        (result) => this.sendResult(id, result),
        (err) => this.answerError(id, method, err),
      )
      .finally(() => {
        // The answer is queued: what arrived meanwhile is handled now, in order, before anything later.
        if (serialized) this.releaseHeld();
        this.answering--;
        this.finishIfDone();
      });
  }

  private releaseHeld(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const m of held) {
      if (this.transport.isClosed) return;
      // A held message that itself serializes makes receive() hold the rest again, still in order.
      this.receive(m.text, m.valid);
    }
  }

  /** After a half-close: end the connection once every request it sent has been answered. */
  private finishIfDone(): void {
    if (this.inputEnded && this.answering === 0 && !this.held) this.transport.finish(undefined, "peer ended");
  }

  /** Answers with `err` if it is an RpcError, else logs it and answers -32603; a ClosingError then ends. */
  private answerError(id: ReplyId, method: string, err: unknown): void {
    if (err instanceof ClosingError) {
      this.ending = true;
      this.held = undefined;
      this.transport.finish(
        `{"jsonrpc":"2.0","id":${stringifyId(id)},"error":${JSON.stringify(err.error.toWire())}}`,
        err.reason,
      );
      return;
    }
    this.sendError(id, toRpcError(err, method, this.log));
  }

  private settle(env: Extract<Envelope, { kind: "result" | "error" }>): void {
    const key = typeof env.id === "string" ? env.id : undefined;
    const waiter = key === undefined ? undefined : this.pendingMap?.get(key);
    if (!waiter || key === undefined) {
      // Never answered: answering could start a response loop.
      this.log.warn({ id: typeof env.id }, "ignored a response matching no pending request");
      return;
    }
    this.pending.delete(key);
    waiter.cleanup();
    if (env.kind === "result") waiter.resolve(env.result);
    else waiter.reject(new RpcError(env.error.code, env.error.message, env.error.data));
  }

  private onClosed(reason: string): void {
    const waiters = [...(this.pendingMap?.values() ?? [])];
    this.pendingMap?.clear();
    for (const w of waiters) {
      w.cleanup();
      w.reject(new ConnectionClosedError(reason));
    }
    this.router.closed?.(reason);
  }
}
