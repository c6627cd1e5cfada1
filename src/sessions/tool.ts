// What a tool needs and returns. Tools run inside a turn: they get the session's workspace, the
// turn's abort signal, the limits from config, and (for ask_user) a way to ask the client.
import type { ElicitationCreateResult } from "../../generated/types.js";
import type { SandboxPlan } from "./tools/bash-sandbox.js";

export type ToolLimits = {
  /** bash: kill the command after this long. */
  timeoutMs: number;
  /** bash: keep at most this many bytes of stdout and of stderr. */
  outputMaxBytes: number;
  /** ask_user: give up waiting for the client after this long. */
  askUserTimeoutMs: number;
};

export type ToolContext = {
  sessionId: string;
  workspaceDir: string;
  signal: AbortSignal;
  limits: ToolLimits;
  /** bash: where the command runs (tools.bash.sandbox and the agent's tools.bash.network, SPEC §17). */
  sandbox: SandboxPlan;
  /**
   * Sends elicitation/create to the connection running the turn; undefined when that connection did
   * not advertise clientCapabilities.elicitation. Aborting `signal` withdraws the request: it leaves
   * the pending map, and a late answer is ignored.
   */
  elicit:
    | ((
        params: { message: string; requestedSchema?: Record<string, unknown> },
        options?: { signal?: AbortSignal },
      ) => Promise<ElicitationCreateResult>)
    | undefined;
};

export interface Tool {
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the arguments object. */
  readonly parameters: Record<string, unknown>;
  /**
   * Runs the tool. `args` is the parsed arguments (not yet validated: tools check what they need and
   * return an error output rather than throwing). The result is the tool_result's rawOutput and what
   * the model is told.
   */
  run(args: unknown, ctx: ToolContext): Promise<unknown>;
}
