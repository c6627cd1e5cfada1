import { RpcError, rpcErrors } from "../../generated/errors.js";
import {
  type DialectResults,
  type Method,
  methodTable,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "../../generated/methods.js";
import type { Dialect, InitializeParams, InitializeResult } from "../../generated/types.js";
import type { Credential } from "../auth/credentials.js";
import type { Principal } from "../auth/principal.js";
import { ClosingError } from "../jsonrpc/peer.js";
import type { DaemonServices, HandlerContext } from "./context.js";

/** Every client → daemon request, advertised as the daemon's capabilities. */
const served = Object.values(methodTable)
  .filter((m) => m.implementedBy === "daemon" && !m.notification)
  .map((m) => m.name);

/** A dashboard login code (SPEC §18): the credential of the connection that minted it, once. */
function loginCredential(code: string, daemon: DaemonServices): Credential {
  const credential = daemon.loginCodes.redeem(code);
  if (!credential) throw rpcErrors.invalidLoginCode();
  return credential;
}

type Result = InitializeResult | DialectResults[typeof Method.initialize];

/**
 * The server_version a connection is told (SPEC §13): zerocode accepts a daemon only when it equals its
 * own version, so the zeroclaw dialect reports config compat.zeroclaw_version; the seed dialect the truth.
 */
export function reportedVersion(dialect: Dialect, daemon: DaemonServices): string {
  return dialect === "zeroclaw" ? daemon.config.live.effective.compat.zeroclaw_version : daemon.serverVersion;
}

export function initialize(params: InitializeParams, ctx: HandlerContext): Result | Promise<Result> {
  const { conn, daemon } = ctx;
  // The schema guarantees one of the two spellings is present; zerocode sends only the snake_case one,
  // and that is what chooses its dialect (SPEC §13).
  const dialect: Dialect = params.protocolVersion === undefined ? "zeroclaw" : "seed";
  const requested = (params.protocolVersion ?? params.protocol_version) as number;
  if (!SUPPORTED_PROTOCOL_VERSIONS.includes(requested)) {
    throw rpcErrors.versionMismatch({ requested, supported: [...SUPPORTED_PROTOCOL_VERSIONS] });
  }
  const capabilities = params.clientCapabilities ?? {};
  // Local peers are who the OS says they are; a token sent on the local socket is ignored (SPEC §4).
  if (conn.kind === "local")
    return result(
      dialect,
      requested,
      conn.signIn({ kind: "local", uid: conn.peerUid }, capabilities, dialect),
      daemon,
    );
  let principal: Principal;
  try {
    // A dashboard login code (SPEC §18) stands in for a pairing token; a wrong one is a guess too.
    const credential =
      params.login_code !== undefined
        ? loginCredential(params.login_code, daemon)
        : daemon.authority.tokenCredential(params.auth_token);
    principal = conn.signIn(credential, capabilities, dialect);
  } catch (err) {
    if (!(err instanceof RpcError)) throw err;
    return refuseToken(err, params.auth_token !== undefined || params.login_code !== undefined, ctx);
  }
  // A valid token is answered at once, however many failures its address has (SPEC §17).
  return result(dialect, requested, principal, daemon);
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

function result(dialect: Dialect, requested: number, principal: Principal, daemon: DaemonServices): Result {
  const version = requested as InitializeResult["protocolVersion"];
  const shared = {
    protocol_version: version,
    server_version: reportedVersion(dialect, daemon),
    server_pid: process.pid,
    commands: [],
    capabilities: served,
    principal: { id: principal.id, admin: principal.admin },
    implementation: daemon.implementation,
  };
  if (dialect === "zeroclaw") return shared;
  return { protocolVersion: version, serverVersion: daemon.serverVersion, ...shared };
}
