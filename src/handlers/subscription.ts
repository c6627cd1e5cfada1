import type {
  SessionSubscribeParams,
  SessionSubscribeResult,
  SessionUnsubscribeParams,
  SessionUnsubscribeResult,
  SessionUpdateParams,
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
 */
export function sessionSubscribe(
  params: SessionSubscribeParams,
  ctx: HandlerContext,
): SessionSubscribeResult {
  const sessionId = params.session_id;
  checkWatchable(sessionId, ctx);
  const turn = ctx.daemon.turns.running.snapshot(sessionId);
  ctx.daemon.subscriptions.subscribe(sessionId, ctx.conn);
  const running_turn = turn && {
    ...turn,
    updates: turn.updates.map((u) => ({ sessionId, ...u }) as SessionUpdateParams),
  };
  return { session_id: sessionId, subscribed: true, running_turn };
}

export function sessionUnsubscribe(
  params: SessionUnsubscribeParams,
  ctx: HandlerContext,
): SessionUnsubscribeResult {
  checkWatchable(params.session_id, ctx);
  ctx.daemon.subscriptions.unsubscribe(params.session_id, ctx.conn.id);
  return { session_id: params.session_id, subscribed: false };
}
