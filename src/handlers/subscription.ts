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

export function sessionSubscribe(
  params: SessionSubscribeParams,
  ctx: HandlerContext,
): SessionSubscribeResult {
  checkWatchable(params.session_id, ctx);
  ctx.daemon.subscriptions.subscribe(params.session_id, ctx.conn);
  return { session_id: params.session_id, subscribed: true };
}

export function sessionUnsubscribe(
  params: SessionUnsubscribeParams,
  ctx: HandlerContext,
): SessionUnsubscribeResult {
  checkWatchable(params.session_id, ctx);
  ctx.daemon.subscriptions.unsubscribe(params.session_id, ctx.conn.id);
  return { session_id: params.session_id, subscribed: false };
}
