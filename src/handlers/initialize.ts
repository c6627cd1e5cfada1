import { rpcErrors } from "../../generated/errors.js";
import {
  type DialectResults,
  type Method,
  methodTable,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "../../generated/methods.js";
import type { Dialect, InitializeParams, InitializeResult } from "../../generated/types.js";
import type { Credential } from "../auth/credentials.js";
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

/**
 * The server_version a connection is told (SPEC §13): zerocode accepts a daemon only when it equals its
 * own version, so the zeroclaw dialect reports config compat.zeroclaw_version; the seed dialect the truth.
 */
export function reportedVersion(dialect: Dialect, daemon: DaemonServices): string {
  return dialect === "zeroclaw" ? daemon.config.live.effective.compat.zeroclaw_version : daemon.serverVersion;
}

export function initialize(
  params: InitializeParams,
  { conn, daemon }: HandlerContext,
): InitializeResult | DialectResults[typeof Method.initialize] {
  // The schema guarantees one of the two spellings is present; zerocode sends only the snake_case one,
  // and that is what chooses its dialect (SPEC §13).
  const dialect: Dialect = params.protocolVersion === undefined ? "zeroclaw" : "seed";
  const requested = (params.protocolVersion ?? params.protocol_version) as number;
  if (!SUPPORTED_PROTOCOL_VERSIONS.includes(requested)) {
    throw rpcErrors.versionMismatch({ requested, supported: [...SUPPORTED_PROTOCOL_VERSIONS] });
  }
  // Local peers are who the OS says they are; a token sent on the local socket is ignored (SPEC §4).
  const credential: Credential =
    conn.kind === "local"
      ? { kind: "local", uid: conn.peerUid }
      : params.login_code !== undefined
        ? loginCredential(params.login_code, daemon)
        : daemon.authority.tokenCredential(params.auth_token);
  const principal = conn.signIn(credential, params.clientCapabilities ?? {}, dialect);
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
