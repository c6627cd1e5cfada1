import { rpcErrors } from "../../generated/errors.js";
import type {
  PairingCreateParams,
  PairingCreateResult,
  PairingListParams,
  PairingListResult,
  PairingRevokeParams,
  PairingRevokeResult,
} from "../../generated/types.js";
import type { HandlerContext } from "./context.js";

export function pairingCreate(params: PairingCreateParams, { daemon }: HandlerContext): PairingCreateResult {
  if (!Object.hasOwn(daemon.config.live.effective.users, params.user)) {
    throw rpcErrors.invalidParams({ errors: [{ path: "/user", message: `no such user: ${params.user}` }] });
  }
  const { token_id, token } = daemon.pairing.create(params.user, params.label);
  daemon.authority.tokensChanged();
  return { token_id, token };
}

export function pairingRevoke(params: PairingRevokeParams, { daemon }: HandlerContext): PairingRevokeResult {
  if (!daemon.pairing.revoke(params.token_id)) {
    throw rpcErrors.invalidParams({
      errors: [{ path: "/token_id", message: `no active token ${params.token_id}` }],
    });
  }
  daemon.authority.tokensChanged();
  return { token_id: params.token_id, revoked: true };
}

export function pairingList(_params: PairingListParams, { daemon }: HandlerContext): PairingListResult {
  return { tokens: daemon.pairing.list() };
}
