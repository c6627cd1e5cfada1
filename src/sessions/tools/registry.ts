// The tools the agent runtime offers (SPEC §7), by name, and their specs as the provider sees them.
// Approval (allowed_tools) is decided by the turn executor, not here.
import type { ToolSpec } from "../provider.js";
import type { Tool } from "../tool.js";
import { askUserTool } from "./ask-user-tool.js";
import { bashTool } from "./bash-tool.js";

export const TOOLS: ReadonlyMap<string, Tool> = new Map<string, Tool>([
  [bashTool.name, bashTool],
  [askUserTool.name, askUserTool],
]);

/** Every tool's name, description and JSON Schema of its arguments, in registry order. */
export function toolSpecs(): ToolSpec[] {
  return [...TOOLS.values()].map(({ name, description, parameters }) => ({ name, description, parameters }));
}
