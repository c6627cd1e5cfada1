// Applies the generated method table to every incoming call of one connection, for any context type:
// knows the order of checks, not what a grant or a principal is. Order (recorded in openrpc.json):
// method known → initialized → the injected authorization step (grant, local-only) → null members
// dropped → params schema → handler. initialize is serialized by the Peer: no later message of the connection is handled before
// its answer is queued. Every call gets its own AbortSignal, aborted when the connection closes.
import { ErrorCode, RpcError, rpcErrors } from "../../generated/errors.js";
import { HANDSHAKE_METHOD, type Handlers, lookupMethod, type MethodInfo } from "../../generated/methods.js";
import type { EventLog } from "../log.js";
import { paramErrors } from "./param-errors.js";
import { ClosingError, type IncomingRequest, type Router, toRpcError } from "./peer.js";
import { type RequestScope, RequestSignals } from "./request-signals.js";

export type DispatcherOptions<Ctx> = {
  readonly handlers: Handlers<Ctx>;
  /** The context one call's handler gets; `scope.signal` is that call's signal (made when read). */
  context(scope: RequestScope): Ctx;
  /** True once the handshake signed the connection in, and until its credential is lost. */
  authenticated(): boolean;
  /**
   * Runs before every call after initialize: throws an RpcError to refuse it. A step that finds the
   * credential gone signs the connection out first, so `authenticated()` is false from then on.
   */
  authorize(info: MethodInfo): void;
  readonly log: EventLog;
  /** initialize answered successfully (not called when the connection closed first). */
  initialized?(): void;
  /**
   * A notification openrpc.json lets a request method be sent as (session/prompt, SPEC §13) was
   * refused: it has no response, so the product tells the client some other way.
   */
  notificationRefused?(info: MethodInfo, params: unknown, error: RpcError): void;
  /** The connection ended (after every call's signal is aborted). */
  closed?(reason: string): void;
};

type AnyHandler = (params: unknown, ctx: unknown) => unknown;

export class Dispatcher<Ctx> implements Router {
  private ended = false;
  private readonly signals = new RequestSignals();

  constructor(private readonly options: DispatcherOptions<Ctx>) {}

  get initialized(): boolean {
    return !this.ended && this.options.authenticated();
  }

  serializes(method: string): boolean {
    return method === HANDSHAKE_METHOD;
  }

  request(req: IncomingRequest): unknown {
    const info = lookupMethod(req.method);
    if (info?.implementedBy !== "daemon" || info.notification) {
      throw rpcErrors.methodNotFound({ method: req.method });
    }
    if (info.name === HANDSHAKE_METHOD) return this.handshake(info, req.params);
    if (!this.options.authenticated()) throw rpcErrors.notInitialized();
    this.options.authorize(info);
    return this.run(info, validParams(info, req.params));
  }

  notification(method: string, params: unknown): void {
    // No client → daemon notification is declared yet; a request method runs as a notification only
    // when openrpc.json allows it (session/prompt, SPEC §13); anything else is dropped unanswered.
    const info = lookupMethod(method);
    if (info?.implementedBy !== "daemon" || !this.initialized) return;
    if (info.notification) {
      this.run(info, validParams(info, params));
      return;
    }
    if (!info.notificationAllowed) return;
    let out: unknown;
    try {
      out = this.request({ method, params, id: null });
    } catch (err) {
      this.refused(info, params, err);
      return;
    }
    // The result itself has no one to go to.
    if (out instanceof Promise) out.catch((err: unknown) => this.refused(info, params, err));
  }

  /**
   * Aborts every call being answered, and any made from now on, while the connection stays open (its
   * credential was revoked: its turns stop now, its close follows, SPEC §17).
   */
  abortCalls(reason: string): void {
    this.signals.abortAll(reason);
  }

  closed(reason: string): void {
    this.ended = true;
    this.signals.abortAll(reason);
    this.options.closed?.(reason);
  }

  private refused(info: MethodInfo, params: unknown, err: unknown): void {
    this.options.notificationRefused?.(info, params, toRpcError(err, info.name, this.options.log));
  }

  /** Calls the handler with this request's own context; the request's signal is live until it settles. */
  private run(info: MethodInfo, params: unknown): unknown {
    const scope = this.signals.open();
    let out: unknown;
    try {
      out = this.handlerFor(info)(params, this.options.context(scope));
    } catch (err) {
      scope.release();
      throw err;
    }
    if (out instanceof Promise) return out.finally(() => scope.release());
    scope.release();
    return out;
  }

  /**
   * initialize: the Peer holds the connection's later messages until this is answered (`serializes`).
   * An answer that comes after the connection closed (the deadline passed while authenticating) is
   * never accepted: `initialized` is not reported.
   */
  private handshake(info: MethodInfo, rawParams: unknown): unknown {
    if (this.options.authenticated()) throw rpcErrors.alreadyInitialized();
    const params = validParams(info, rawParams);
    let out: unknown;
    try {
      out = this.run(info, params);
    } catch (err) {
      throw this.refusedHandshake(err);
    }
    if (!(out instanceof Promise)) {
      this.accepted();
      return out;
    }
    return out.then(
      (result) => {
        this.accepted();
        return result;
      },
      (err: unknown) => {
        throw this.refusedHandshake(err);
      },
    );
  }

  private accepted(): void {
    if (!this.ended) this.options.initialized?.();
  }

  private refusedHandshake(err: unknown): unknown {
    const refusal = err instanceof ClosingError ? err.error : err;
    if (refusal instanceof RpcError && refusal.code === ErrorCode.NOT_INITIALIZED) {
      const reason = (refusal.data as { reason?: string } | undefined)?.reason;
      this.options.log.warn({ reason }, "authentication refused");
    }
    return err;
  }

  private handlerFor(info: MethodInfo): AnyHandler {
    return (this.options.handlers as unknown as Record<string, AnyHandler>)[info.name]!;
  }
}

/**
 * Params absent mean {}; by-position (array) params are refused: every method is by-name. A top-level
 * member whose value is null counts as absent, for every method (SPEC §13, openrpc.json info): zerocode
 * sends `"cwd": null` for "no cwd", so the member is dropped before the schema sees it.
 */
function validParams(info: MethodInfo, params: unknown): unknown {
  const given = params === undefined ? {} : params;
  if (Array.isArray(given)) {
    throw rpcErrors.invalidParams({ errors: [{ path: "", message: "params must be an object (by-name)" }] });
  }
  const value = withoutNulls(given);
  if (!info.validateParams(value)) {
    throw rpcErrors.invalidParams({ errors: paramErrors(info.validateParams.errors) });
  }
  return value;
}

/** `params` without its null members; the same object when it has none (the common case costs no copy). */
function withoutNulls(params: unknown): unknown {
  if (typeof params !== "object" || params === null) return params;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(params)) {
    if ((params as Record<string, unknown>)[key] !== null) continue;
    copy ??= { ...(params as Record<string, unknown>) };
    delete copy[key];
  }
  return copy ?? params;
}
