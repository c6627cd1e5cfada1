// The dashboard's fold of session/update into what it shows (dashboard/src/live.ts): streamed text
// reads as the concatenation of its chunks however it was cut, tool rows keep their order, a finished
// turn stays until the next one starts, and approval cards go once the daemon stopped waiting.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldUpdate, type LiveTurn, openApprovals } from "../dashboard/src/live.js";
import type { SessionUpdateParams } from "../generated/types.js";

const S = "s1";
const chunk = (text: string): SessionUpdateParams => ({ sessionId: S, type: "agent_message_chunk", text });
const fold = (updates: SessionUpdateParams[], from?: LiveTurn) =>
  updates.reduce<LiveTurn | undefined>((t, u) => foldUpdate(t, u), from);

describe("live turns", () => {
  it("any cut of a reply into chunks shows as the one reply", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1 }), { minLength: 1, maxLength: 40 }), (pieces) => {
        const turn = fold(pieces.map(chunk));
        expect(turn?.items).toEqual([{ kind: "text", text: pieces.join("") }]);
        expect(turn?.running).toBe(true);
      }),
    );
  });

  it("text, thought, tool call and result stay in order; the end closes the turn and the next one starts fresh", () => {
    const turn = fold([
      { sessionId: S, type: "agent_thought_chunk", text: "hmm" },
      chunk("Let me "),
      chunk("look."),
      { sessionId: S, type: "tool_call", toolCallId: "c1", name: "bash", rawInput: { command: "ls" } },
      { sessionId: S, type: "tool_result", toolCallId: "c1", name: "bash", rawOutput: { exit_code: 0 } },
      chunk("Done."),
      {
        sessionId: S,
        type: "turn_complete",
        turnId: "t1",
        outcome: "completed",
        content: "Let me look.Done.",
      },
    ]);
    expect(turn?.items.map((i) => i.kind)).toEqual([
      "thought",
      "text",
      "tool_call",
      "tool_result",
      "text",
      "complete",
    ]);
    expect(turn?.running).toBe(false);
    expect(fold([chunk("next")], turn)?.items).toEqual([{ kind: "text", text: "next" }]);
  });

  it("subscription_ended stops a live turn where it was, adding nothing (SPEC §17)", () => {
    const turn = fold([
      chunk("half a "),
      chunk("reply"),
      { sessionId: S, type: "subscription_ended", reason: "lagging" },
    ]);
    expect(turn).toEqual({ items: [{ kind: "text", text: "half a reply" }], running: false });
  });

  it("an approval card stays until its tool's result or the turn's end, and is never doubled", () => {
    const request: SessionUpdateParams = {
      sessionId: S,
      type: "approval_request",
      requestId: "r1",
      toolName: "bash",
      rawInput: {},
      timeoutMs: 1000,
    };
    const open = openApprovals(openApprovals([], request, 1), request, 2);
    expect(open.map((a) => a.requestId)).toEqual(["r1"]);
    expect(openApprovals(open, chunk("x"), 3)).toHaveLength(1);
    const other = { ...open[0]!, sessionId: "s2", requestId: "r2" };
    const result: SessionUpdateParams = {
      sessionId: S,
      type: "tool_result",
      toolCallId: "c",
      name: "bash",
      rawOutput: {},
    };
    expect(openApprovals([...open, other], result, 4)).toEqual([other]);
    const end: SessionUpdateParams = {
      sessionId: S,
      type: "turn_complete",
      turnId: "t",
      outcome: "cancelled",
      content: "",
    };
    expect(openApprovals(open, end, 5)).toEqual([]);
  });
});
