import type { AgentsStatusParams, AgentsStatusResult } from "../../generated/types.js";
import { mayUseAgent } from "../auth/principal.js";
import type { HandlerContext } from "./context.js";

/** zerocode's Chat and Code panes pick their agent from this before session/new (SPEC §13). */
export function agentsStatus(
  _params: AgentsStatusParams,
  { conn, daemon }: HandlerContext,
): AgentsStatusResult {
  const principal = conn.principal!;
  const counts = daemon.sessions.countsByAgent(principal);
  const agents = [...daemon.config.live.views.agents.keys()]
    .filter((alias) => mayUseAgent(principal, alias))
    .map((alias) => ({
      alias,
      // This daemon has no switch to disable an agent, and no messaging channels.
      enabled: true,
      live_sessions: counts.get(alias)?.live ?? 0,
      persisted_sessions: counts.get(alias)?.persisted ?? 0,
      channels: [],
    }));
  return { agents };
}
