import { RpcError, rpcErrors } from "../../generated/errors.js";
import { methodTable, SUPPORTED_PROTOCOL_VERSIONS } from "../../generated/methods.js";
import type { InitializeParams, InitializeResult } from "../../generated/types.js";
import type { Principal } from "../auth/principal.js";
import { ClosingError } from "../jsonrpc/peer.js";
import type { HandlerContext } from "./context.js";

/** Every client → daemon request, advertised as the daemon's capabilities. */
const served = Object.values(methodTable)
  .filter((m) => m.implementedBy === "daemon" && !m.notification)
  .map((m) => m.name);

export function initialize(
  params: InitializeParams,
  ctx: HandlerContext,
): InitializeResult | Promise<InitializeResult> {
  // The schema guarantees one of the two spellings is present.
  const requested = (params.protocolVersion ?? params.protocol_version) as number;
  if (!SUPPORTED_PROTOCOL_VERSIONS.includes(requested)) {
    throw rpcErrors.versionMismatch({ requested, supported: [...SUPPORTED_PROTOCOL_VERSIONS] });
  }
  const capabilities = params.clientCapabilities ?? {};
  // Local peers are who the OS says they are; a token sent on the local socket is ignored (SPEC §4).
  if (ctx.conn.kind === "local")
    return result(requested, ctx.conn.signIn({ kind: "local", uid: ctx.conn.peerUid }, capabilities), ctx);
  let principal: Principal;
  try {
    principal = ctx.conn.signIn(ctx.daemon.authority.tokenCredential(params.auth_token), capabilities);
  } catch (err) {
    if (!(err instanceof RpcError)) throw err;
    return refuseToken(err, params.auth_token !== undefined, ctx);
  }
  // A valid token is answered at once, however many failures its address has (SPEC §17).
  return result(requested, principal, ctx);
}

/**
 * A failed gateway authentication ends its connection after the error line (SPEC §17). A presented
 * token that did not resolve is a guess: counted per remote address, answered after the throttle's
 * delay, and past its limit with `throttled` instead. A missing token is not a guess.
 */
async function refuseToken(
  err: RpcError,
  guessed: boolean,
  { conn, daemon, signal }: HandlerContext,
): Promise<never> {
  if (!guessed) throw new ClosingError(err, "authentication failed");
  const verdict = daemon.authThrottle.failed(conn.remoteAddress);
  if (verdict.delayMs > 0) await delay(verdict.delayMs, signal);
  const error =
    verdict.retryAfterMs === undefined ? err : rpcErrors.throttled({ retry_after_ms: verdict.retryAfterMs });
  throw new ClosingError(error, "authentication failed");
}

/** Resolves after `ms`, or at once when the connection goes away (the answer then has nowhere to go). */
function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

function result(requested: number, principal: Principal, { daemon }: HandlerContext): InitializeResult {
  return {
    protocolVersion: requested as InitializeResult["protocolVersion"],
    serverVersion: daemon.serverVersion,
    capabilities: served,
    principal: { id: principal.id, admin: principal.admin },
    // zerocode reads these spellings (SPEC §13).
    protocol_version: requested as InitializeResult["protocol_version"],
    server_version: daemon.serverVersion,
    server_pid: process.pid,
    commands: [],
  };
}
