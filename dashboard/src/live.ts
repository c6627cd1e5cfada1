// What the page shows of running turns: session/update notifications (its own turns and, through
// session/subscribe, everyone's) folded into one list of items per session, consecutive text chunks
// merged so a streamed reply reads as one growing paragraph.
import type { SessionUpdateParams } from "../../generated/types.js";

export type LiveItem =
  | { kind: "text"; text: string }
  | { kind: "thought"; text: string }
  | { kind: "tool_call"; id: string; name: string; input: unknown }
  | { kind: "tool_result"; id: string; name: string; output: unknown }
  | { kind: "trimmed"; dropped: number; kept: number }
  | { kind: "complete"; outcome: string; content: string };

export type LiveTurn = { items: LiveItem[]; running: boolean };

export type Approval = {
  sessionId: string;
  requestId: string;
  toolName: string;
  rawInput: unknown;
  timeoutMs: number;
  receivedAt: number;
};

/** The next state of one session's live turn after an update (a new object: the view compares). */
export function foldUpdate(turn: LiveTurn | undefined, u: SessionUpdateParams): LiveTurn {
  // A finished turn stays on screen until the next one starts.
  const items = turn?.running ? [...turn.items] : [];
  const last = items[items.length - 1];
  switch (u.type) {
    case "agent_message_chunk":
    case "agent_thought_chunk": {
      const kind = u.type === "agent_message_chunk" ? "text" : "thought";
      if (last?.kind === kind) items[items.length - 1] = { kind, text: last.text + u.text };
      else items.push({ kind, text: u.text });
      break;
    }
    case "tool_call":
      items.push({ kind: "tool_call", id: u.toolCallId, name: u.name, input: u.rawInput });
      break;
    case "tool_result":
      items.push({ kind: "tool_result", id: u.toolCallId, name: u.name, output: u.rawOutput });
      break;
    case "history_trimmed":
      items.push({ kind: "trimmed", dropped: u.droppedMessages, kept: u.keptTurns });
      break;
    case "turn_complete":
      items.push({ kind: "complete", outcome: u.outcome, content: u.content });
      return { items, running: false };
    case "approval_request":
      break; // kept apart (approvals), answered from its card
    case "subscription_ended":
      // Nothing more of this turn will come (SPEC §17): what was shown stays, no longer running.
      return { items, running: false };
  }
  return { items, running: true };
}

/**
 * Approvals still open after an update: a tool result or the end of the turn means the daemon is no
 * longer waiting (another client decided, or it timed out), so its card goes.
 */
export function openApprovals(
  approvals: readonly Approval[],
  u: SessionUpdateParams,
  now: number,
): Approval[] {
  if (u.type === "approval_request") {
    if (approvals.some((a) => a.requestId === u.requestId)) return [...approvals];
    return [
      ...approvals,
      {
        sessionId: u.sessionId,
        requestId: u.requestId,
        toolName: u.toolName,
        rawInput: u.rawInput,
        timeoutMs: u.timeoutMs,
        receivedAt: now,
      },
    ];
  }
  if (u.type === "tool_result" || u.type === "turn_complete")
    return approvals.filter((a) => a.sessionId !== u.sessionId);
  return [...approvals];
}
