import { rpcErrors } from "../../generated/errors.js";
import type { DialectResults, Method } from "../../generated/methods.js";
import type {
  SessionApproveParams,
  SessionApproveResult,
  SessionCancelParams,
  SessionCancelResult,
  SessionCloseParams,
  SessionCloseResult,
  SessionDeleteParams,
  SessionDeleteResult,
  SessionKillParams,
  SessionKillResult,
  SessionListParams,
  SessionListResult,
  SessionMessagesParams,
  SessionMessagesResult,
  SessionNewParams,
  SessionNewResult,
  SessionPromptParams,
  SessionPromptResult,
} from "../../generated/types.js";
import type { HandlerContext } from "./context.js";

const principalOf = (ctx: HandlerContext) => ctx.conn.principal!;

export function sessionNew(params: SessionNewParams, ctx: HandlerContext): SessionNewResult {
  // zerocode's spellings (SPEC §13); the design note's win when both are given.
  const { session_id, cwd } = params;
  const agent = params.agent ?? params.agent_alias;
  const mode = params.mode ?? params.chat_mode;
  const { sessions } = ctx.daemon;
  // zerocode reattaches to its session after a reconnect by naming it in session/new (SPEC §13); the
  // seed dialect keeps refusing an id that exists.
  if (ctx.conn.dialect === "zeroclaw" && session_id !== undefined) {
    const resumed = sessions.reattach(session_id, principalOf(ctx), ctx.conn);
    if (resumed) return resumed;
  }
  return sessions.create({ agent, mode, cwd, session_id }, principalOf(ctx), ctx.conn);
}

export function sessionPrompt(
  params: SessionPromptParams,
  ctx: HandlerContext,
): Promise<SessionPromptResult> {
  const caller = {
    principal: principalOf(ctx),
    conn: ctx.conn,
    signal: ctx.signal,
  };
  return ctx.daemon.turns.prompt(params.session_id, params.prompt, params.attachments ?? [], caller);
}

export async function sessionCancel(
  params: SessionCancelParams,
  ctx: HandlerContext,
): Promise<SessionCancelResult> {
  const live = ctx.daemon.sessions.ownedLive(params.session_id, principalOf(ctx));
  if (!live.turn) throw rpcErrors.noRunningTurn({ session_id: params.session_id });
  await live.cancel();
  return { session_id: params.session_id, cancelled: true };
}

export function sessionApprove(
  params: SessionApproveParams,
  ctx: HandlerContext,
): SessionApproveResult | DialectResults[typeof Method.sessionApprove] {
  if (ctx.conn.dialect === "zeroclaw") return zeroclawApprove(params, ctx);
  const live = ctx.daemon.sessions.ownedLive(params.session_id, principalOf(ctx));
  const pending = live.approvals.get(params.request_id);
  if (!pending) {
    throw rpcErrors.invalidParams({
      errors: [{ path: "/request_id", message: `no pending approval ${params.request_id}` }],
    });
  }
  // reject_once is zerocode's spelling of reject; reject_with_edit carries its replacement (SPEC §13).
  pending.decide(params.decision, params.replacement);
  return { acknowledged: true };
}

/**
 * zeroclaw's session/approve (its dispatch.rs): the decision goes to the request it names if that
 * is pending on a session the caller owns, and is acknowledged either way, with the ids it named.
 */
function zeroclawApprove(
  params: SessionApproveParams,
  ctx: HandlerContext,
): DialectResults[typeof Method.sessionApprove] {
  const live = ctx.daemon.sessions.findOwnedLive(params.session_id, principalOf(ctx));
  live?.approvals.get(params.request_id)?.decide(params.decision, params.replacement);
  return { session_id: params.session_id, request_id: params.request_id, acknowledged: true };
}

export function sessionList(_params: SessionListParams, ctx: HandlerContext): SessionListResult {
  return { sessions: ctx.daemon.sessions.list(principalOf(ctx)) };
}

export function sessionMessages(params: SessionMessagesParams, ctx: HandlerContext): SessionMessagesResult {
  const page = ctx.daemon.sessions.messages(
    params.session_id,
    principalOf(ctx),
    params.after_seq ?? 0,
    params.limit ?? 1000,
  );
  return { session_id: params.session_id, ...page };
}

export async function sessionClose(
  params: SessionCloseParams,
  ctx: HandlerContext,
): Promise<SessionCloseResult> {
  await ctx.daemon.sessions.close(params.session_id, principalOf(ctx));
  return { session_id: params.session_id, closed: true };
}

export async function sessionKill(
  params: SessionKillParams,
  ctx: HandlerContext,
): Promise<SessionKillResult> {
  await ctx.daemon.sessions.kill(params.session_id, principalOf(ctx));
  return { session_id: params.session_id, killed: true };
}

export async function sessionDelete(
  params: SessionDeleteParams,
  ctx: HandlerContext,
): Promise<SessionDeleteResult> {
  await ctx.daemon.sessions.delete(params.session_id, principalOf(ctx));
  ctx.daemon.subscriptions.dropSession(params.session_id);
  return { session_id: params.session_id, deleted: true };
}
