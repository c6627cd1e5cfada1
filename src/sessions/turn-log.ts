// Info lines about what turns do, for the person reading the daemon's log: turn start and end
// (session, turn, outcome, duration, token estimate), tool runs (name, duration, exit status),
// approvals asked. Built from the updates a turn emits, so the turn runner needs no logging of its
// own. Only names, ids, counts and statuses are logged: never prompt text, tool input or output.
import type { Logger } from "../log.js";
import type { ChatMessage } from "./provider.js";
import { estimateTokens } from "./retained-context.js";

type Update = { type: string; [key: string]: unknown };

/** What a tool result says about how it ended, without its output. */
export function toolStatus(output: unknown): Record<string, unknown> {
  if (typeof output !== "object" || output === null) return { status: "ok" };
  const o = output as Record<string, unknown>;
  if (o.denied === true) return { status: "denied" };
  if (typeof o.error === "string") return { status: "error" };
  if ("exit_code" in o)
    return {
      status: o.timed_out === true ? "timed_out" : o.cancelled === true ? "cancelled" : "exited",
      exit_code: o.exit_code,
      ...(o.signal ? { signal: o.signal } : {}),
    };
  if (typeof o.action === "string") return { status: o.action };
  return { status: "ok" };
}

export class TurnLog {
  private readonly startedAt = performance.now();
  private readonly toolStarts = new Map<string, number>();
  private turn: string | undefined;

  constructor(
    private readonly log: Logger,
    private readonly session: string,
    private readonly agent: string,
  ) {}

  started(turn: string | undefined): void {
    this.turn = turn;
    this.log.info({ session: this.session, turn, agent: this.agent }, "turn started");
  }

  /**
   * Sees every update the turn emits (before it is sent). A tool's duration runs from its tool_call
   * to its tool_result, so it includes any wait for approval (logged apart, with its decision).
   */
  observe(u: Update): void {
    // Text and thought chunks are the hot path: they log nothing and allocate nothing here.
    if (u.type === "agent_message_chunk" || u.type === "agent_thought_chunk") return;
    const at = { session: this.session, turn: this.turn };
    if (u.type === "tool_call") this.toolStarts.set(String(u.toolCallId), performance.now());
    else if (u.type === "tool_result") {
      const id = String(u.toolCallId);
      const start = this.toolStarts.get(id);
      this.toolStarts.delete(id);
      this.log.info(
        {
          ...at,
          tool: u.name,
          tool_call: id,
          duration_ms: start === undefined ? undefined : Math.round(performance.now() - start),
          ...toolStatus(u.rawOutput),
        },
        "tool ran",
      );
    } else if (u.type === "approval_request")
      this.log.info(
        { ...at, tool: u.toolName, request: u.requestId, timeout_ms: u.timeoutMs },
        "approval requested",
      );
  }

  ended(outcome: string, stopReason: string, context: readonly ChatMessage[]): void {
    this.log.info(
      {
        session: this.session,
        turn: this.turn,
        outcome,
        stop_reason: stopReason,
        duration_ms: Math.round(performance.now() - this.startedAt),
        context_tokens: estimateTokens(context),
      },
      "turn ended",
    );
  }
}
