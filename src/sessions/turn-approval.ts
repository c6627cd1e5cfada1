// A tool approval (SPEC §7): the approval_request update, then whichever comes first of the client's
// decision (session/approve), the approval timeout or the turn's cancellation. Cancellation counts
// as a rejection; the pending request is removed however it ends. reject_with_edit (SPEC §13) is told
// apart so the tool result can say the edit was not applied.
import type { Logger } from "../log.js";
import type { LiveSession } from "./live-session.js";
import { settleOnce } from "./settle-once.js";

export type ApprovalOutcome =
  | { kind: "allow" }
  | { kind: "reject" }
  | { kind: "timeout" }
  | { kind: "edit"; replacement: string };

/** The approval_request update, as TurnIo.emit takes it (turn-runner.ts). */
type ApprovalRequest = {
  type: "approval_request";
  requestId: string;
  toolName: string;
  rawInput: unknown;
  timeoutMs: number;
};

export async function askApproval(
  toolName: string,
  rawInput: unknown,
  turn: {
    session: LiveSession;
    emit: (update: ApprovalRequest) => Promise<void> | undefined;
    log: Logger;
    signal: AbortSignal;
    timeoutMs: number;
  },
): Promise<ApprovalOutcome> {
  const { session, emit, log, signal, timeoutMs } = turn;
  const requestId = session.nextApprovalId();
  const decided = settleOnce<ApprovalOutcome>(
    (settle) =>
      session.approvals.set(requestId, {
        toolName,
        decide(decision, replacement) {
          // The replacement is the user's text: never logged, like any payload.
          log.info({ session: session.id, request: requestId, tool: toolName, decision }, "approval decided");
          if (decision === "allow_always") session.allowedAlways.add(toolName);
          if (decision === "reject_with_edit") settle({ kind: "edit", replacement: replacement ?? "" });
          else if (decision === "reject" || decision === "reject_once") settle({ kind: "reject" });
          else settle({ kind: "allow" });
        },
      }),
    {
      signal,
      timeoutMs,
      onTimeout: (settle) => {
        log.info({ session: session.id, request: requestId, tool: toolName }, "approval timed out");
        settle({ kind: "timeout" });
      },
      onAbort: (settle) => settle({ kind: "reject" }),
      onSettled: () => session.approvals.delete(requestId),
    },
  );
  await emit({ type: "approval_request", requestId, toolName, rawInput, timeoutMs });
  return decided;
}
