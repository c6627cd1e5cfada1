// dashboard/login (SPEC §18): the owner at the daemon's machine gets a one-time code, and the URL that
// carries it, to sign the gateway's dashboard page in as themselves. Local-only is enforced by the
// generated table (x-local-only); owner-or-admin here.
import { rpcErrors } from "../../generated/errors.js";
import { Method } from "../../generated/methods.js";
import type { DashboardLoginParams, DashboardLoginResult } from "../../generated/types.js";
import type { HandlerContext } from "./context.js";

export function dashboardLogin(
  _params: DashboardLoginParams,
  { conn, daemon }: HandlerContext,
): DashboardLoginResult {
  if (!conn.principal?.admin) throw rpcErrors.adminRequired({ method: Method.dashboardLogin });
  const ttl = daemon.config.live.effective.gateway.login_code_ttl_ms;
  const { code, expiresAt } = daemon.loginCodes.mint(conn.credential!, ttl);
  const base = daemon.dashboardUrl();
  return {
    code,
    // The fragment never leaves the browser: no server, proxy or access log ever sees the code.
    url: base === null ? null : `${base}#login=${encodeURIComponent(code)}`,
    expires_at: new Date(expiresAt).toISOString(),
  };
}
