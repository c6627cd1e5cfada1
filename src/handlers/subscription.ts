// session/subscribe and session/unsubscribe (SPEC §14): owner or admin, on a live or stored session.
import { rpcErrors } from "../../generated/errors.js";
import type {
  SessionSubscribeParams,
  SessionSubscribeResult,
  SessionUnsubscribeParams,
  SessionUnsubscribeResult,
} from "../../generated/types.js";
import type { Principal } from "../auth/principal.js";
import type { HandlerContext } from "./context.js";

const owns = (p: Principal, owner: string): boolean => p.admin || p.id === owner;

/** Throws -32000 / -32003 unless the session exists (live or stored) and the caller may read it. */
function checkWatchable(sessionId: string, ctx: HandlerContext): void {
  const { sessions } = ctx.daemon;
  const owner =
    sessions.liveSession(sessionId)?.owner ??
    (sessions.store.get("acp", sessionId) ?? sessions.store.get("chat", sessionId))?.owner;
  if (owner === undefined) throw rpcErrors.sessionNotFound({ session_id: sessionId });
  if (!owns(ctx.conn.principal!, owner)) throw rpcErrors.sessionNotOwned({ session_id: sessionId });
}

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
