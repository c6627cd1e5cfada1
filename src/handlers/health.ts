import type { HealthParams, HealthResult } from "../../generated/types.js";
import type { HandlerContext } from "./context.js";

/** SPEC §13: the same shape in both dialects (zerocode's Dashboard reads it). */
export function health(_params: HealthParams, { daemon }: HandlerContext): HealthResult {
  return daemon.health();
}
