// One turn (SPEC §7): stream the provider, run tools (asking for approval where the agent does not
// allow them outright), persist transcript rows and checkpoint events as they happen, trim the
// retained context when it outgrows the agent's budget, and end with turn_complete and the result.
// Cancellation from any source ends the turn as "cancelled", never as an error.
import type {
  SessionPromptResult,
  SessionUpdateParams,
  StopReason,
  TurnOutcome,
} from "../../generated/types.js";
import { mayUseTool, type Principal } from "../auth/principal.js";
import type { AgentView } from "../config/derived-views.js";
import type { Logger } from "../log.js";
import type { LiveSession } from "./live-session.js";
import { type ChatMessage, type Provider, ProviderError, type ToolCall } from "./provider.js";
import { estimateTokens, planTrim } from "./retained-context.js";
import type { NewTranscriptRow, SessionStore } from "./session-store.js";
import type { ToolContext, ToolLimits } from "./tool.js";
import { TOOLS, toolSpecs } from "./tools/registry.js";
import { TurnWriteBuffer } from "./turn-writes.js";

/** Distributive Omit, so each update variant keeps its own fields. */
type UpdateBody = SessionUpdateParams extends infer U
  ? U extends unknown
    ? Omit<U, "sessionId">
    : never
  : never;

export type TurnIo = {
  /**
   * Sends one session/update to the connection running the turn; returns a promise to wait on only
   * while its output is backed up (undefined otherwise, so streaming chunks await nothing).
   */
  emit(update: UpdateBody): Promise<void> | undefined;
  elicit: ToolContext["elicit"];
  /** The signal of the request running the turn: aborted when its connection goes away. */
  signal: AbortSignal;
};

export type TurnSettings = ToolLimits & {
  approvalTimeoutMs: number;
  transcriptMaxBytes: number;
  maxToolRounds: number;
};

const cap = (text: string, max: number): string => {
  if (Buffer.byteLength(text) <= max) return text;
  const cut = Buffer.from(text)
    .subarray(0, max)
    .toString("utf8")
    .replace(/\uFFFD$/, "");
  return `${cut}\n[… cut at ${max} bytes]`;
};

export async function runTurn(args: {
  session: LiveSession;
  prompt: string;
  principal: Principal;
  agent: AgentView;
  provider: Provider;
  store: SessionStore;
  settings: TurnSettings;
  io: TurnIo;
  log: Logger;
}): Promise<SessionPromptResult> {
  const { session, store, settings, io, agent } = args;
  const surface = session.mode;
  const turnId = session.nextTurnId();
  const abort = new AbortController();
  const onClosed = (): void => abort.abort();
  io.signal.addEventListener("abort", onClosed, { once: true });
  if (io.signal.aborted) abort.abort();

  let finish!: (v: unknown) => void;
  session.turn = { turnId, abort, done: new Promise((r) => (finish = r)) };
  const signal = abort.signal;
  // Rows and checkpoints are gathered and committed at the turn's few durable steps (turn-writes.ts).
  const writes = new TurnWriteBuffer(store, surface, session.id, turnId);
  // Free text is capped here; tool rows are JSON and cap their fields before they are built, so a
  // cut can never leave a row that does not parse (rehydration replays them).
  const write = (rows: NewTranscriptRow[]): void => {
    writes.row(
      ...rows.map((r) =>
        r.kind === "tool_call" || r.kind === "tool_result"
          ? r
          : { ...r, content: cap(r.content, settings.transcriptMaxBytes) },
      ),
    );
  };
  const remember = (message: ChatMessage): void => {
    writes.checkpoint(message);
    session.context.push(message);
  };

  /** Tool calls the model made this round that have no result yet. */
  let pendingCalls: ToolCall[] = [];
  const answer = (call: ToolCall, output: string): void => {
    const text = cap(output, settings.transcriptMaxBytes);
    write([
      {
        role: "tool",
        kind: "tool_result",
        content: JSON.stringify({ id: call.id, name: call.name, output: text }),
        turnId,
      },
    ]);
    remember({ role: "tool", tool_call_id: call.id, name: call.name, content: text });
    pendingCalls = pendingCalls.filter((c) => c !== call);
  };

  let outcome: TurnOutcome = "completed";
  let stopReason: StopReason = "end_turn";
  let content = "";
  try {
    session.flushTurnEnds(store, args.log);
    writes.begin();
    write([{ role: "user", kind: "message", content: args.prompt, turnId }]);
    remember({ role: "user", content: args.prompt });
    writes.flush(); // durable step 1: the running turn and its prompt

    for (let round = 0; ; round++) {
      if (round >= settings.maxToolRounds) {
        stopReason = "max_tool_rounds";
        break;
      }
      let text = "";
      let thought = "";
      const calls: ToolCall[] = [];
      let providerStop: "end_turn" | "tool_calls" | "max_tokens" = "end_turn";
      try {
        for await (const event of args.provider.stream({
          model: agent.model,
          system: agent.systemPrompt,
          messages: session.context,
          tools: toolSpecs(),
          signal,
        })) {
          if (signal.aborted) break;
          if (event.type === "text") {
            text += event.text;
            const backedUp = io.emit({ type: "agent_message_chunk", text: event.text });
            if (backedUp) await backedUp;
          } else if (event.type === "thought") {
            thought += event.text;
            const backedUp = io.emit({ type: "agent_thought_chunk", text: event.text });
            if (backedUp) await backedUp;
          } else if (event.type === "tool_call") calls.push(event.call);
          else providerStop = event.stopReason;
        }
      } catch (err) {
        if (!signal.aborted) throw err;
      }
      if (thought) write([{ role: "assistant", kind: "thought", content: thought, turnId }]);
      if (text || calls.length === 0) write([{ role: "assistant", kind: "message", content: text, turnId }]);
      content = text;
      if (signal.aborted) throw new TurnCancelled();
      write(
        calls.map((c) => ({
          role: "assistant",
          kind: "tool_call",
          content: JSON.stringify({ ...c, arguments: cap(c.arguments, settings.transcriptMaxBytes) }),
          turnId,
        })),
      );
      pendingCalls = [...calls];
      remember(
        calls.length > 0
          ? { role: "assistant", content: text, tool_calls: calls }
          : { role: "assistant", content: text },
      );
      if (calls.length === 0) {
        stopReason = providerStop === "max_tokens" ? "max_tokens" : "end_turn";
        break;
      }
      writes.flush(); // the model's tool calls are durable before any of them runs
      for (const call of calls) {
        const output = await runToolCall(call, { ...args, signal });
        if (signal.aborted) throw new TurnCancelled();
        answer(call, typeof output === "string" ? output : JSON.stringify(output));
        writes.flush(); // a tool that ran (and may have changed things) has its result on disk
      }
    }
  } catch (err) {
    // Providers refuse a context with an unanswered tool call: every call of the interrupted round
    // gets a result saying why it never ran.
    const why = signal.aborted ? "not run: the turn was cancelled" : "not run: the turn failed";
    for (const call of [...pendingCalls])
      safely(args.log, () => answer(call, JSON.stringify({ error: why })));
    if (err instanceof TurnCancelled || signal.aborted) {
      outcome = "cancelled";
      stopReason = "cancelled";
    } else {
      outcome = "failed";
      stopReason = "error";
      content = err instanceof ProviderError ? err.message : `turn failed: ${(err as Error).message}`;
      if (err instanceof ProviderError)
        args.log.warn(
          { session: session.id, turn: turnId, provider: agent.provider.alias, http_status: err.status },
          "provider failed",
        );
      if (!(err instanceof ProviderError)) args.log.error({ err, session: session.id }, "turn failed");
      safely(args.log, () => write([{ role: "system", kind: "message", content, turnId }]));
    }
  } finally {
    io.signal.removeEventListener("abort", onClosed);
  }

  try {
    try {
      writes.flush(outcome); // the last durable step: the reply's rows and checkpoints with the end
    } catch (err) {
      // None of that step reached disk: a completed turn is reported failed, and its end state is
      // retried (live-session.ts) so that it is never later recovered as interrupted.
      args.log.error({ err, session: session.id }, "could not persist the end of a turn");
      if (outcome === "completed") {
        outcome = "failed";
        stopReason = "error";
        content = `turn failed: ${(err as Error).message}`;
      }
      session.recordTurnEnd(store, turnId, outcome, args.log);
    }
    if (outcome === "completed") await trimIfNeeded(args);
    await io.emit({ type: "turn_complete", turnId, outcome, content });
  } finally {
    // Whatever happens above, the session must not stay busy.
    session.turn = undefined;
    session.lastUsed = performance.now();
    finish(undefined);
  }
  return { session_id: session.id, turn_id: turnId, outcome, stop_reason: stopReason, content };
}

class TurnCancelled extends Error {}

function safely(log: Logger, step: () => void): void {
  try {
    step();
  } catch (err) {
    log.error({ err }, "could not persist a turn step");
  }
}

/** Emits tool_call, settles approval, runs the tool and emits tool_result; returns what the model is told. */
async function runToolCall(
  call: ToolCall,
  args: Parameters<typeof runTurn>[0] & { signal: AbortSignal },
): Promise<unknown> {
  const { session, io, settings, agent, principal, signal } = args;
  let input: unknown;
  try {
    input = call.arguments.trim() === "" ? {} : JSON.parse(call.arguments);
  } catch {
    input = call.arguments;
  }
  await io.emit({ type: "tool_call", toolCallId: call.id, name: call.name, rawInput: input });
  const output = await decideAndRun(call, input, args);
  if (!signal.aborted)
    await io.emit({ type: "tool_result", toolCallId: call.id, name: call.name, rawOutput: output });
  return output;

  async function decideAndRun(c: ToolCall, raw: unknown, a: typeof args): Promise<unknown> {
    const tool = TOOLS.get(c.name);
    if (!tool) return { error: `unknown tool ${c.name}` };
    if (!mayUseTool(principal, c.name)) return { denied: true, reason: `this user may not run ${c.name}` };
    const preapproved = agent.allowedTools.includes(c.name) || session.allowedAlways.has(c.name);
    if (!preapproved) {
      const decision = await askApproval(c.name, raw, a);
      if (decision !== "allow")
        return { denied: true, reason: decision === "timeout" ? "approval timed out" : "denied by the user" };
    }
    return tool.run(raw, {
      sessionId: session.id,
      workspaceDir: session.workspaceDir,
      signal,
      limits: settings,
      elicit: io.elicit,
    });
  }
}

async function askApproval(
  toolName: string,
  rawInput: unknown,
  args: Parameters<typeof runTurn>[0] & { signal: AbortSignal },
): Promise<"allow" | "reject" | "timeout"> {
  const { session, settings, io, signal } = args;
  const requestId = session.nextApprovalId();
  const decided = new Promise<"allow" | "reject" | "timeout">((resolve) => {
    const timer = setTimeout(() => {
      args.log.info({ session: session.id, request: requestId, tool: toolName }, "approval timed out");
      settle("timeout");
    }, settings.approvalTimeoutMs);
    const onAbort = (): void => settle("reject");
    signal.addEventListener("abort", onAbort, { once: true });
    function settle(result: "allow" | "reject" | "timeout"): void {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      session.approvals.delete(requestId);
      resolve(result);
    }
    session.approvals.set(requestId, {
      toolName,
      decide(decision) {
        args.log.info(
          { session: session.id, request: requestId, tool: toolName, decision },
          "approval decided",
        );
        if (decision === "allow_always") session.allowedAlways.add(toolName);
        settle(decision === "reject" ? "reject" : "allow");
      },
    });
  });
  await io.emit({
    type: "approval_request",
    requestId,
    toolName,
    rawInput,
    timeoutMs: settings.approvalTimeoutMs,
  });
  return decided;
}

/** After a completed turn: trim when the retained context outgrew the agent's budget (SPEC §8). */
async function trimIfNeeded(args: Parameters<typeof runTurn>[0]): Promise<void> {
  const { session, store, agent, io, log } = args;
  const budget = agent.maxContextTokens;
  if (budget === undefined || estimateTokens(session.context) <= budget) return;
  const plan = planTrim(session.context, budget);
  const boundary = store.latestCheckpointId(session.mode, session.id);
  try {
    store.writeSnapshot(session.mode, session.id, {
      messages: plan.kept,
      boundary,
      droppedMessages: plan.droppedMessages,
      keptTurns: plan.keptTurns,
    });
  } catch (err) {
    // No commit, no notification: the retained context stays as it was.
    log.error({ err, session: session.id }, "trim failed; history_trimmed suppressed");
    return;
  }
  session.context = [...plan.kept];
  await io.emit({
    type: "history_trimmed",
    droppedMessages: plan.droppedMessages,
    keptTurns: plan.keptTurns,
    checkpoint: boundary,
  });
}
