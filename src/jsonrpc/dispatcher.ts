// The daemon side of one connection: applies the generated method table to every incoming call.
// Order of checks (recorded in openrpc.json): method known → initialized → grant → local-only →
// params schema → handler. initialize is serialized: no later frame of the connection is handled
// before its response is queued. Every call gets its own AbortSignal (ctx.signal), aborted when the
// connection closes.
import { ErrorCode, RpcError, rpcErrors } from "../../generated/errors.js";
import {
  HANDSHAKE_METHOD,
  type Handlers,
  lookupMethod,
  Method,
  type MethodInfo,
  methodTable,
} from "../../generated/methods.js";
import type { SessionUpdateParams } from "../../generated/types.js";
import { hasGrant, type Principal } from "../auth/principal.js";
import type { HandlerContext, ServiceContext } from "../handlers/context.js";
import type { EventLog } from "../log.js";
import { paramErrors } from "./param-errors.js";
import type { IncomingRequest, Router } from "./peer.js";
import { NO_REPLY } from "./peer.js";
import { type RequestScope, RequestSignals } from "./request-signals.js";

type AnyHandler = (params: unknown, ctx: HandlerContext) => unknown;

export class DaemonDispatcher implements Router {
  private state: "new" | "initializing" | "ready" | "closed" = "new";
  private readonly signals = new RequestSignals();

  constructor(
    private readonly ctx: ServiceContext,
    private readonly handlers: Handlers<HandlerContext>,
    private readonly log: EventLog,
    private readonly onClosed: (reason: string) => void,
    private readonly onInitialized: () => void = () => {},
  ) {}

  get initialized(): boolean {
    return this.state === "ready";
  }

  request(req: IncomingRequest): unknown {
    const info = lookupMethod(req.method);
    if (info?.implementedBy !== "daemon" || info.notification) {
      throw rpcErrors.methodNotFound({ method: req.method });
    }
    if (info.name === HANDSHAKE_METHOD) return this.handshake(req, info);
    if (this.state !== "ready") throw rpcErrors.notInitialized();
    const principal = this.currentPrincipal();
    if (info.grant !== null && !hasGrant(principal, info.grant)) {
      this.log.warn(
        { method: info.name, grant: info.grant, principal: principal.id },
        "forbidden: grant missing",
      );
      throw rpcErrors.notGranted({ grant: info.grant, method: info.name });
    }
    if (info.localOnly && this.ctx.conn.kind !== "local") {
      this.log.warn({ method: info.name }, "forbidden: local-only method over the gateway");
      throw rpcErrors.localOnly({ method: info.name });
    }
    return this.run(info, validParams(info, req.params));
  }

  /** Calls the handler with this request's own context; the request's signal is live until it settles. */
  private run(info: MethodInfo, params: unknown): unknown {
    const scope = this.signals.open();
    let out: unknown;
    try {
      out = this.handlerFor(info)(params, this.contextFor(scope));
    } catch (err) {
      scope.release();
      throw err;
    }
    if (out instanceof Promise) return out.finally(() => scope.release());
    scope.release();
    return out;
  }

  /** The shared context plus the request's signal, made only if the handler reads it. */
  private contextFor(scope: RequestScope): HandlerContext {
    const { conn, daemon } = this.ctx;
    return {
      conn,
      daemon,
      get signal() {
        return scope.signal;
      },
    };
  }

  notification(method: string, params: unknown): void {
    // No client → daemon notification is declared yet; a request method runs as a notification only
    // when openrpc.json allows it (session/prompt, SPEC §13); anything else is dropped unanswered.
    const info = lookupMethod(method);
    if (info?.implementedBy !== "daemon" || this.state !== "ready") return;
    if (info.notification) {
      this.run(info, validParams(info, params));
      return;
    }
    if (!info.notificationAllowed) return;
    let out: unknown;
    try {
      out = this.request({ method, params, id: null });
    } catch (err) {
      this.refusedNotification(info, params, err);
      return;
    }
    // The result itself has no one to go to: the turn's own turn_complete update is its answer.
    if (out instanceof Promise) out.catch((err: unknown) => this.refusedNotification(info, params, err));
  }

  /**
   * A notification prompt refused before its turn started still ends with a turn_complete update
   * (outcome failed, the error a request would have got), so a client that sent it never waits forever.
   */
  private refusedNotification(info: MethodInfo, params: unknown, err: unknown): void {
    const error = err instanceof RpcError ? err : rpcErrors.internalError();
    if (!(err instanceof RpcError)) this.log.error({ err, method: info.name }, "handler failed");
    const id = (params as { session_id?: unknown } | undefined)?.session_id;
    // "A valid session_id" is one session/new would accept (SPEC §12: never "." or ".."); asked of the
    // generated validator, so the rule is openrpc.json's, not a copy of it.
    const valid = typeof id === "string" && methodTable[Method.sessionNew].validateParams({ session_id: id });
    const update: SessionUpdateParams = {
      sessionId: valid ? id : null,
      type: "turn_complete",
      turnId: null,
      outcome: "failed",
      content: error.message,
      error: { code: error.code, data: error.data },
    };
    this.ctx.conn.client.sessionUpdate(update);
  }

  closed(reason: string): void {
    this.state = "closed";
    this.signals.abortAll(reason);
    this.onClosed(reason);
  }

  /**
   * The connection's principal under the policy in force: resolved again whenever users, profiles,
   * security or pairing tokens changed since it was last resolved. A credential that no longer
   * resolves (revoked token, unmapped uid) fails this call with -32010 and un-initializes the
   * connection.
   */
  private currentPrincipal(): Principal {
    const { conn, daemon } = this.ctx;
    const generation = daemon.authority.generation;
    if (conn.policyGeneration === generation && conn.principal) return conn.principal;
    try {
      conn.principal = daemon.authority.resolve(conn.credential!);
      conn.policyGeneration = generation;
      return conn.principal;
    } catch (err) {
      this.log.warn({ principal: conn.principal?.id }, "credential no longer valid");
      conn.principal = undefined;
      conn.credential = undefined;
      this.state = "new";
      throw err;
    }
  }

  private handlerFor(info: MethodInfo): AnyHandler {
    return (this.handlers as unknown as Record<string, AnyHandler>)[info.name]!;
  }

  /**
   * Runs initialize with the connection's later frames held back, answers it itself (so the answer is
   * queued before any held frame is handled), then releases the frames.
   */
  private handshake(req: IncomingRequest, info: MethodInfo): typeof NO_REPLY {
    if (this.state === "ready") throw rpcErrors.alreadyInitialized();
    const params = validParams(info, req.params);
    const peer = this.ctx.conn.peer;
    this.state = "initializing";
    peer.transport.pauseMessages(true);
    const scope = this.signals.open();
    const settle = (result: unknown, error: unknown): void => {
      scope.release();
      if (this.state === "closed") return; // deadline passed while authenticating: never accepted late
      if (error === undefined) {
        this.state = "ready";
        this.onInitialized();
        peer.sendResult(req.id, result);
        this.log.info({ principal: this.ctx.conn.principal?.id }, "initialized");
      } else {
        if (error instanceof RpcError && error.code === ErrorCode.NOT_INITIALIZED) {
          this.log.warn(
            { reason: (error.data as { reason?: string } | undefined)?.reason },
            "authentication refused",
          );
        }
        this.state = "new";
        this.ctx.conn.principal = undefined;
        this.ctx.conn.credential = undefined;
        peer.fail(req.id, info.name, error);
      }
      peer.transport.pauseMessages(false);
    };
    try {
      const out = this.handlerFor(info)(params, this.contextFor(scope));
      if (out instanceof Promise)
        out.then(
          (r) => settle(r, undefined),
          (e) => settle(undefined, e ?? new Error()),
        );
      else settle(out, undefined);
    } catch (err) {
      settle(undefined, err);
    }
    return NO_REPLY;
  }
}

/** Params absent mean {}; by-position (array) params are refused: every method is by-name. */
function validParams(info: MethodInfo, params: unknown): unknown {
  const value = params === undefined ? {} : params;
  if (Array.isArray(value)) {
    throw rpcErrors.invalidParams({ errors: [{ path: "", message: "params must be an object (by-name)" }] });
  }
  if (!info.validateParams(value)) {
    throw rpcErrors.invalidParams({ errors: paramErrors(info.validateParams.errors) });
  }
  return value;
}
