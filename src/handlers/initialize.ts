import { rpcErrors } from "../../generated/errors.js";
import { methodTable, SUPPORTED_PROTOCOL_VERSIONS } from "../../generated/methods.js";
import type { InitializeParams, InitializeResult } from "../../generated/types.js";
import type { HandlerContext } from "./context.js";

/** Every client → daemon request, advertised as the daemon's capabilities. */
const served = Object.values(methodTable)
  .filter((m) => m.implementedBy === "daemon" && !m.notification)
  .map((m) => m.name);

export function initialize(params: InitializeParams, ctx: HandlerContext): InitializeResult {
  // The schema guarantees one of the two spellings is present.
  const requested = (params.protocolVersion ?? params.protocol_version) as number;
  if (!SUPPORTED_PROTOCOL_VERSIONS.includes(requested)) {
    throw rpcErrors.versionMismatch({ requested, supported: [...SUPPORTED_PROTOCOL_VERSIONS] });
  }
  const principal = ctx.daemon.resolveLocalPrincipal(ctx.conn);
  ctx.conn.principal = principal;
  ctx.conn.clientCapabilities = params.clientCapabilities ?? {};
  return {
    protocolVersion: 1,
    serverVersion: ctx.daemon.serverVersion,
    capabilities: served,
    principal: { id: principal.id, admin: principal.admin },
  };
}
