// src/sessions/update-lines.ts: one update, serialized once per dialect asked for (SPEC §13). The
// seed line is byte for byte what peer.notify would write; the zeroclaw line is what zeroclaw's own
// daemon sends, checked with the generated validators of openrpc.json, for any update (fast-check).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rpcErrors } from "../generated/errors.js";
import * as V from "../generated/validators.js";
import {
  refusedPromptUpdate,
  summarizeArguments,
  type UpdateBody,
  UpdateFrame,
  zeroclawUpdate,
} from "../src/sessions/update-lines.js";

const json = fc.jsonValue();
const text = fc.string();
const update: fc.Arbitrary<UpdateBody> = fc.oneof(
  fc.record({ type: fc.constantFrom("agent_message_chunk" as const, "agent_thought_chunk" as const), text }),
  fc.record({ type: fc.constant("tool_call" as const), toolCallId: text, name: text, rawInput: json }),
  fc.record({ type: fc.constant("tool_result" as const), toolCallId: text, name: text, rawOutput: json }),
  fc.record({
    type: fc.constant("approval_request" as const),
    requestId: text,
    toolName: text,
    rawInput: json,
    timeoutMs: fc.nat(),
  }),
  fc.record({
    type: fc.constant("history_trimmed" as const),
    droppedMessages: fc.nat(),
    keptTurns: fc.nat(),
    checkpoint: fc.nat(),
  }),
  fc.record({
    type: fc.constant("turn_complete" as const),
    turnId: fc.option(text, { nil: null }),
    outcome: fc.constantFrom("completed" as const, "cancelled" as const, "failed" as const),
    content: text,
  }),
);

describe("UpdateFrame", () => {
  it("writes the seed line exactly as {jsonrpc, method, params: {sessionId, ...update}} serializes", () => {
    fc.assert(
      fc.property(text, update, (sid, u) => {
        const line = new UpdateFrame(sid).set(u).line("seed");
        expect(line).toBe(
          JSON.stringify({ jsonrpc: "2.0", method: "session/update", params: { sessionId: sid, ...u } }),
        );
        expect(V.SessionUpdateParams(JSON.parse(line).params)).toBe(true);
      }),
    );
  });

  it("writes a zeroclaw line that validates as ZeroclawSessionUpdateParams, with no camelCase member", () => {
    fc.assert(
      fc.property(text, update, (sid, u) => {
        const message = JSON.parse(new UpdateFrame(sid).set(u).line("zeroclaw"));
        expect(message.method).toBe("session/update");
        expect(message.params.session_id).toBe(sid);
        expect(V.ZeroclawSessionUpdateParams(message.params), JSON.stringify(message.params)).toBe(true);
        expect(Object.keys(message.params).filter((k) => /[A-Z]/.test(k))).toEqual([]);
      }),
    );
  });

  it("serializes each dialect once per update, and again after set()", () => {
    const frame = new UpdateFrame("s").set({ type: "agent_message_chunk", text: "a" });
    const seed = frame.line("seed");
    expect(frame.line("seed")).toBe(seed);
    const zc = frame.line("zeroclaw");
    expect(frame.line("zeroclaw")).toBe(zc);
    frame.set({ type: "agent_message_chunk", text: "b" });
    expect(JSON.parse(frame.line("seed")).params.text).toBe("b");
    expect(JSON.parse(frame.line("zeroclaw")).params.text).toBe("b");
  });
});

describe("zeroclawUpdate: the members zerocode reads", () => {
  it("tool_result's raw_output is the text the model was told, else the output's JSON", () => {
    const u = { type: "tool_result" as const, toolCallId: "c", name: "bash", rawOutput: { exit_code: 0 } };
    expect(zeroclawUpdate(u, "told")).toEqual({
      type: "tool_result",
      tool_call_id: "c",
      name: "bash",
      raw_output: "told",
    });
    expect(zeroclawUpdate(u)).toMatchObject({ raw_output: '{"exit_code":0}' });
    expect(zeroclawUpdate({ ...u, rawOutput: "plain" })).toMatchObject({ raw_output: "plain" });
  });

  it("tool_call's raw_input is always an object: other arguments keep their text", () => {
    const call = (rawInput: unknown) =>
      zeroclawUpdate({ type: "tool_call", toolCallId: "c", name: "bash", rawInput }) as {
        raw_input: unknown;
      };
    expect(call({ command: "ls" }).raw_input).toEqual({ command: "ls" });
    expect(call("{not json").raw_input).toEqual({ arguments: "{not json" });
    expect(call([1, 2]).raw_input).toEqual({ arguments: "[1,2]" });
  });

  it("approval_request: arguments on one line, the timeout in whole seconds rounded up", () => {
    expect(
      zeroclawUpdate({
        type: "approval_request",
        requestId: "ap_1",
        toolName: "bash",
        rawInput: { command: "echo a\n  && echo b" },
        timeoutMs: 120_001,
      }),
    ).toEqual({
      type: "approval_request",
      request_id: "ap_1",
      tool_name: "bash",
      arguments_summary: "command: echo a && echo b",
      timeout_secs: 121,
    });
  });

  it("summarizeArguments never spans lines and stays short, whatever the input", () => {
    fc.assert(
      fc.property(json, (input) => {
        const s = summarizeArguments(input);
        expect(s).not.toMatch(/[\n\r]/);
        expect([...s].length).toBeLessThanOrEqual(240);
      }),
    );
    expect(summarizeArguments({ path: "a".repeat(100) })).toBe(`path: ${"a".repeat(79)}…`);
  });

  it("history_trimmed says why; turn_complete carries no turnId", () => {
    expect(
      zeroclawUpdate({ type: "history_trimmed", droppedMessages: 4, keptTurns: 1, checkpoint: 9 }),
    ).toEqual({
      type: "history_trimmed",
      dropped_messages: 4,
      kept_turns: 1,
      reason: "token_budget",
    });
    expect(zeroclawUpdate({ type: "turn_complete", turnId: "t_1", outcome: "failed", content: "x" })).toEqual(
      {
        type: "turn_complete",
        outcome: "failed",
        content: "x",
      },
    );
  });
});

describe("refusedPromptUpdate", () => {
  const error = rpcErrors.sessionNotFound({ session_id: "gone" });
  it("seed: the session only when valid, turnId null and the error; zeroclaw: any string id, else empty", () => {
    expect(refusedPromptUpdate("seed", "..", false, error)).toMatchObject({
      sessionId: null,
      turnId: null,
      error: { code: -32000 },
    });
    expect(refusedPromptUpdate("zeroclaw", "..", false, error)).toEqual({
      session_id: "..",
      type: "turn_complete",
      outcome: "failed",
      content: error.message,
    });
    expect(refusedPromptUpdate("zeroclaw", 42, false, error)).toMatchObject({ session_id: "" });
    expect(V.ZeroclawSessionUpdateParams(refusedPromptUpdate("zeroclaw", undefined, false, error))).toBe(
      true,
    );
    expect(V.SessionUpdateParams(refusedPromptUpdate("seed", "gone", true, error))).toBe(true);
  });
});
