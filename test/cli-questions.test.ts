// The chat CLI answers ask_user in zerocode's form (SPEC §13): it shows a choice form's titles and
// answers with their consts (choice-<i>), several of them for an array form, free text otherwise.
// Real LineInput over a stream, real UpdateRenderer writing to a buffer.
import { PassThrough } from "node:stream";
import pc from "picocolors";
import { describe, expect, it } from "vitest";
import { LineInput } from "../src/cli/chat/line-input.js";
import { Questions } from "../src/cli/chat/questions.js";
import { UpdateRenderer } from "../src/cli/chat/render.js";

function setUp(lines: string[]) {
  const stdin = new PassThrough();
  const out: string[] = [];
  const sink = { write: (t: string) => out.push(t) };
  const input = new LineInput(false, () => {}, stdin, new PassThrough());
  const questions = new Questions(
    input,
    new UpdateRenderer(false, pc.createColors(false), true, sink, sink),
    pc.createColors(false),
  );
  stdin.write(lines.map((l) => `${l}\n`).join(""));
  return { questions, out, close: () => input.close() };
}

const options = (titles: string[]) => titles.map((title, i) => ({ const: `choice-${i}`, title }));
const one = (titles: string[]) => ({
  type: "object",
  properties: { choice: { type: "string", title: "Choice", oneOf: options(titles) } },
  required: ["choice"],
});
const several = (titles: string[], minItems: number, maxItems: number) => ({
  type: "object",
  properties: { choices: { type: "array", minItems, maxItems, items: { anyOf: options(titles) } } },
  required: ["choices"],
});

describe("the chat's ask_user questions", () => {
  it("one choice: shows the titles, answers the const, by number or by title; a wrong pick is asked again", async () => {
    const s = setUp(["3", "2"]);
    expect(await s.questions.elicitation("Which colour?", one(["red", "blue"]))).toEqual({
      action: "accept",
      content: { choice: "choice-1" },
    });
    expect(s.out.join("")).toContain("2) blue");
    s.close();
    const t = setUp(["red"]);
    expect(await t.questions.elicitation("Which colour?", one(["red", "blue"]))).toEqual({
      action: "accept",
      content: { choice: "choice-0" },
    });
    t.close();
  });

  it("several choices: comma-separated picks within minItems..maxItems", async () => {
    const s = setUp(["1,2,3", "3, S"]);
    expect(await s.questions.elicitation("Sizes?", several(["S", "M", "L"], 1, 2))).toEqual({
      action: "accept",
      content: { choices: ["choice-2", "choice-0"] },
    });
    s.close();
  });

  it("free text, and /decline", async () => {
    const s = setUp(["Ada", "/decline"]);
    const text = { type: "object", properties: { answer: { type: "string" } }, required: ["answer"] };
    expect(await s.questions.elicitation("Name?", text)).toEqual({
      action: "accept",
      content: { answer: "Ada" },
    });
    expect(await s.questions.elicitation("Name?", text)).toEqual({ action: "decline" });
    s.close();
  });
});
