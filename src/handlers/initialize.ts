import { rpcErrors } from "../../generated/errors.js";
import { methodTable, SUPPORTED_PROTOCOL_VERSIONS } from "../../generated/methods.js";
import type { InitializeParams, InitializeResult } from "../../generated/types.js";
import type { Credential } from "../auth/credentials.js";
import type { HandlerContext } from "./context.js";

/** Every client → daemon request, advertised as the daemon's capabilities. */
const served = Object.values(methodTable)
  .filter((m) => m.implementedBy === "daemon" && !m.notification)
  .map((m) => m.name);

/** A dashboard login code (SPEC §18): the credential of the connection that minted it, once. */
function loginCredential(code: string, daemon: HandlerContext["daemon"]): Credential {
  const credential = daemon.loginCodes.redeem(code);
  if (!credential) throw rpcErrors.invalidLoginCode();
  return credential;
}

export function initialize(params: InitializeParams, { conn, daemon }: HandlerContext): InitializeResult {
  // The schema guarantees one of the two spellings is present.
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
  const principal = conn.signIn(credential, params.clientCapabilities ?? {});
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
