// The dashboard reads elicitation/create's requestedSchema in zerocode's forms (SPEC §13): one choice
// (oneOf of {const, title}), several (array of anyOf with bounds), free text; and answers with consts.
import { describe, expect, it } from "vitest";
import { acceptContent, questionForm } from "../dashboard/src/question-form.js";
import { requestedSchemaFor } from "../src/sessions/tools/ask-user-tool.js";

describe("questionForm", () => {
  it("reads the three forms ask_user asks", () => {
    const choices = ["red", "blue"];
    const one = questionForm(
      requestedSchemaFor({ choices, multiple: false, minItems: undefined, maxItems: undefined }),
    );
    expect(one).toEqual({
      kind: "one",
      property: "choice",
      options: [
        { value: "choice-0", title: "red" },
        { value: "choice-1", title: "blue" },
      ],
    });
    expect(acceptContent(one, "choice-1")).toEqual({ choice: "choice-1" });
    const many = questionForm(requestedSchemaFor({ choices, multiple: true, minItems: 0, maxItems: 1 }));
    expect(many).toMatchObject({ kind: "several", property: "choices", min: 0, max: 1 });
    expect(acceptContent(many, ["choice-0"])).toEqual({ choices: ["choice-0"] });
    const text = questionForm(
      requestedSchemaFor({ choices: undefined, multiple: false, minItems: undefined, maxItems: undefined }),
    );
    expect(text).toEqual({ kind: "text", property: "answer" });
    expect(acceptContent(text, "hi")).toEqual({ answer: "hi" });
  });

  it("a plain enum still reads as one choice; no schema reads as free text", () => {
    expect(questionForm({ properties: { pick: { type: "string", enum: ["a", "b"] } } })).toMatchObject({
      kind: "one",
      property: "pick",
      options: [
        { value: "a", title: "a" },
        { value: "b", title: "b" },
      ],
    });
    expect(questionForm(undefined)).toEqual({ kind: "text", property: "answer" });
  });
});
