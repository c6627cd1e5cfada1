// The per-request AbortSignal (src/jsonrpc/request-signals.ts) and ask_user's use of it: a signal is
// made only when read, is aborted when the connection closes while its request is being answered
// (and at once if read after that), and is never aborted for a request already answered. ask_user hands
// elicit a signal that is aborted the moment the tool has its output by timeout or cancel.
import { describe, expect, it } from "vitest";
import type { ElicitationCreateResult } from "../generated/types.js";
import { ConnectionClosedError } from "../src/jsonrpc/peer.js";
import { RequestSignals } from "../src/jsonrpc/request-signals.js";
import type { ToolContext } from "../src/sessions/tool.js";
import { askUserTool } from "../src/sessions/tools/ask-user-tool.js";

describe("RequestSignals", () => {
  it("makes a controller only when the signal is read", () => {
    const signals = new RequestSignals();
    const unread = signals.open();
    expect(signals.size).toBe(0);
    const read = signals.open();
    expect(read.signal.aborted).toBe(false);
    expect(signals.size).toBe(1);
    unread.release();
    read.release();
    expect(signals.size).toBe(0);
  });

  it("aborts the requests still being answered when the connection closes, with the reason", () => {
    const signals = new RequestSignals();
    const answered = signals.open();
    const answeredSignal = answered.signal;
    answered.release();
    const running = signals.open();
    const signal = running.signal;
    signals.abortAll("peer closed");
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBeInstanceOf(ConnectionClosedError);
    expect((signal.reason as Error).message).toContain("peer closed");
    expect(answeredSignal.aborted).toBe(false);
    expect(signals.size).toBe(0);
    // A request still running whose handler reads its signal only now finds it aborted.
    expect(signals.open().signal.aborted).toBe(true);
  });
});

describe("ask_user withdraws its elicitation", () => {
  const limits = { timeoutMs: 1000, outputMaxBytes: 1024, askUserTimeoutMs: 60_000 };
  /** An elicit that never answers and hands back the signal it was given. */
  const silent = () => {
    let given: AbortSignal | undefined;
    let called!: () => void;
    const asked = new Promise<void>((r) => (called = r));
    const elicit: NonNullable<ToolContext["elicit"]> = (_params, options) => {
      given = options?.signal;
      called();
      return new Promise<ElicitationCreateResult>(() => {});
    };
    return { elicit, asked, signal: () => given };
  };
  const ctx = (over: Partial<ToolContext>): ToolContext => ({
    sessionId: "s",
    workspaceDir: "/tmp",
    signal: new AbortController().signal,
    limits,
    sandbox: { kind: "off" },
    elicit: undefined,
    ...over,
  });

  it("on timeout", async () => {
    const e = silent();
    const out = await askUserTool.run(
      { question: "q" },
      ctx({ elicit: e.elicit, limits: { ...limits, askUserTimeoutMs: 20 } }),
    );
    expect(out).toEqual({ action: "timeout" });
    expect(e.signal()?.aborted).toBe(true);
  });

  it("on cancel", async () => {
    const e = silent();
    const turn = new AbortController();
    const pending = askUserTool.run({ question: "q" }, ctx({ elicit: e.elicit, signal: turn.signal }));
    await e.asked;
    expect(e.signal()?.aborted).toBe(false);
    turn.abort();
    expect(await pending).toEqual({ action: "cancel" });
    expect(e.signal()?.aborted).toBe(true);
  });
});
