import type { DialectResults, Method } from "../../generated/methods.js";
import type {
  SessionSubscribeParams,
  SessionSubscribeResult,
  SessionUnsubscribeParams,
  SessionUnsubscribeResult,
} from "../../generated/types.js";
import type { HandlerContext } from "./context.js";

/** Throws -32000 / -32003 unless the session exists (live or stored) and the caller may read it. */
const checkWatchable = (sessionId: string, ctx: HandlerContext): void => {
  ctx.daemon.sessions.readable(sessionId, ctx.conn.principal!);
};

/**
 * Synchronous on purpose: the running turn's snapshot, the subscription and (the dispatcher writes a
 * synchronous handler's answer at once) the answer happen with no update emitted in between, so each
 * update is either in running_turn or sent after the answer — never both, never neither (SPEC §18).
 * The snapshot is in the watcher's dialect, like the updates that follow it (SPEC §13).
 */
export function sessionSubscribe(
  params: SessionSubscribeParams,
  ctx: HandlerContext,
): SessionSubscribeResult | DialectResults[typeof Method.sessionSubscribe] {
  const sessionId = params.session_id;
  checkWatchable(sessionId, ctx);
  const running_turn = ctx.daemon.turns.running.snapshot(sessionId, ctx.conn.dialect);
  ctx.daemon.subscriptions.subscribe(sessionId, ctx.conn);
  return { session_id: sessionId, subscribed: true, running_turn } as
    | SessionSubscribeResult
    | DialectResults[typeof Method.sessionSubscribe];
}

export function sessionUnsubscribe(
  params: SessionUnsubscribeParams,
  ctx: HandlerContext,
): SessionUnsubscribeResult {
  checkWatchable(params.session_id, ctx);
  ctx.daemon.subscriptions.unsubscribe(params.session_id, ctx.conn.id);
  return { session_id: params.session_id, subscribed: false };
}
