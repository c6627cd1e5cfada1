// How chat and watch print a turn (src/cli/chat/render.ts), for any stream of updates: in plain mode
// stdout is exactly the agent's text (what `echo hi | zeroclaw chat > reply.txt` relies on) and every
// other line is a tagged stderr line; compact tool lines never span lines, whatever the model wrote.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  describeToolInput,
  describeToolOutput,
  type Update,
  UpdateRenderer,
} from "../src/cli/chat/render.js";
import { styleFor } from "../src/cli/chat/style.js";

const sink = () => {
  let text = "";
  return {
    write: (t: string) => (text += t),
    get text() {
      return text;
    },
  };
};
const noColor = styleFor({ isTTY: false } as NodeJS.WriteStream, {});

const update = fc.oneof(
  fc.record({ type: fc.constant("agent_message_chunk"), text: fc.string() }),
  fc.record({ type: fc.constant("agent_thought_chunk"), text: fc.string() }),
  fc.record({
    type: fc.constant("tool_call"),
    toolCallId: fc.string(),
    name: fc.constantFrom("bash", "ask_user", "x"),
    rawInput: fc.jsonValue(),
  }),
  fc.record({
    type: fc.constant("tool_result"),
    toolCallId: fc.string(),
    name: fc.string(),
    rawOutput: fc.jsonValue(),
  }),
);

describe("plain mode (stdout not a TTY)", () => {
  it("stdout is the concatenated agent text, then one newline at turn end; the rest is tagged stderr lines", () => {
    fc.assert(
      fc.property(fc.array(update, { maxLength: 30 }), (updates) => {
        const out = sink();
        const err = sink();
        const r = new UpdateRenderer(false, noColor, false, out, err);
        for (const u of updates) r.update({ sessionId: "s", ...u } as Update);
        r.update({ sessionId: "s", type: "turn_complete", turnId: "t_1", outcome: "completed", content: "" });
        const reply = updates.flatMap((u) => (u.type === "agent_message_chunk" ? [u.text] : [])).join("");
        // Text is streamed as it comes; a newline closes the reply unless it already ended with one.
        expect(out.text).toBe(reply === "" || reply.endsWith("\n") ? reply : `${reply}\n`);
        for (const line of err.text.split("\n").filter((l) => l !== "")) expect(line).toMatch(/^\[[a-z]+\] /);
        // A run of thought chunks is one line, never one line per chunk.
        const runs = updates.filter(
          (u, k) => u.type === "agent_thought_chunk" && updates[k - 1]?.type !== "agent_thought_chunk",
        ).length;
        expect(err.text.split("\n").filter((l) => l.startsWith("[thought] ")).length).toBeLessThanOrEqual(
          runs,
        );
      }),
    );
  });
});

describe("compact tool lines", () => {
  it("a tool call or result is one line of bounded length, whatever its input or output", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("bash", "ask_user", "other"),
        fc.jsonValue(),
        fc.string(),
        (name, raw, command) => {
          for (const text of [
            describeToolInput(name, raw, 80),
            describeToolInput("bash", { command }, 80),
            describeToolOutput(raw, 80),
            describeToolOutput({ exit_code: 0, signal: null, stdout: command, stderr: "" }, 80),
          ]) {
            expect(text).not.toMatch(/[\n\r]/);
            expect(text.length).toBeLessThanOrEqual(160);
          }
        },
      ),
    );
  });

  it("says how a tool ended: exit status and size, denial, error, answer", () => {
    expect(describeToolOutput({ exit_code: 0, signal: null, stdout: "a\nb\n", stderr: "" })).toBe(
      "exit 0 · 2 lines: a",
    );
    expect(describeToolOutput({ exit_code: 1, signal: null, stdout: "", stderr: "x" })).toBe(
      "exit 1 · 0 lines",
    );
    expect(describeToolOutput({ exit_code: null, signal: "SIGKILL", stdout: "", timed_out: true })).toBe(
      "timed out · 0 lines",
    );
    expect(describeToolOutput({ denied: true, reason: "denied by the user" })).toBe(
      "denied (denied by the user)",
    );
    expect(describeToolOutput({ action: "accept", content: { answer: "blue" } })).toBe('answered "blue"');
    expect(describeToolOutput({ action: "decline" })).toBe("decline");
  });
});

describe("colours", () => {
  it("only on a TTY, never under NO_COLOR, forced by FORCE_COLOR", () => {
    const tty = { isTTY: true } as NodeJS.WriteStream;
    const pipe = { isTTY: false } as NodeJS.WriteStream;
    expect(styleFor(tty, {}).red("x")).not.toBe("x");
    expect(styleFor(tty, { NO_COLOR: "1" }).red("x")).toBe("x");
    expect(styleFor(pipe, {}).red("x")).toBe("x");
    expect(styleFor(pipe, { FORCE_COLOR: "1" }).red("x")).not.toBe("x");
  });
});
