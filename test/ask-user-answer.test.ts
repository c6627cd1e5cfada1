// answerOf: what the ask_user tool reports for each reply to its elicitation/create. A reply that is no
// elicitation result (`result: null` is a valid JSON-RPC success, SPEC §3) must settle the tool as a
// refusal: before this rule a null reply threw inside the daemon's promise chain and ended the process.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { answerOf } from "../src/sessions/tools/ask-user-tool.js";

const oneChoice = {
  question: "?",
  choices: ["red", "blue"],
  multiple: false,
  minItems: undefined,
  maxItems: undefined,
};

describe("ask_user answers", () => {
  it("maps choice-<i> back to the choice's text", () => {
    expect(answerOf(oneChoice, { action: "accept", content: { choice: "choice-1" } })).toEqual({
      action: "accept",
      content: { answer: "blue" },
    });
  });

  it("a null result or one without a known action is never an acceptance and never throws", () => {
    expect(answerOf(oneChoice, null)).toHaveProperty("error");
    fc.assert(
      fc.property(fc.jsonValue(), (reply) => {
        const action = (reply as { action?: unknown } | null)?.action;
        fc.pre(!["accept", "decline", "cancel"].includes(action as string));
        // biome-ignore lint/suspicious/noExplicitAny: the point is a reply of any shape
        const out = answerOf(oneChoice, reply as any);
        expect(out).toHaveProperty("error");
      }),
    );
  });
});
