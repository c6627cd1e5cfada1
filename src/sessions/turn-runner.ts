// One turn (SPEC §7), as a small class with named steps: begin (the prompt is durable), rounds of
// streamReply then runTools (asking for approval where the agent does not allow a tool outright),
// fail (cancelled or failed, every unanswered call answered), and end (the last durable step, the
// trim when the retained context outgrew the agent's budget, turn_complete). Transcript rows and
// checkpoint events are committed at the turn's few durable steps (turn-writes.ts). Cancellation from
// any source ends the turn as "cancelled", never as an error.
import type { SessionPromptResult, StopReason, TurnOutcome } from "../../generated/types.js";
import { mayUseTool, type Principal } from "../auth/principal.js";
import type { AgentView } from "../config/derived-views.js";
import type { Logger } from "../log.js";
import type { LiveSession } from "./live-session.js";
import { type ChatMessage, type Provider, ProviderError, type ToolCall } from "./provider.js";
import { estimateTokens, planTrim } from "./retained-context.js";
import { CANCELLED_MARKER, type NewTranscriptRow, type SessionStore } from "./session-store.js";
import type { ToolContext, ToolLimits } from "./tool.js";
import { TOOLS, toolSpecs } from "./tools/registry.js";
import { askApproval } from "./turn-approval.js";
import { TurnWriteBuffer } from "./turn-writes.js";
import type { UpdateBody } from "./update-lines.js";

export type TurnIo = {
  /**
   * Sends one session/update to the connection running the turn (and its watchers); returns a promise
   * to wait on only while its output is backed up (undefined otherwise, so streaming chunks await
   * nothing). `modelText`: for a tool_result, the output exactly as the model is told it.
   */
  emit(update: UpdateBody, modelText?: string): Promise<void> | undefined;
  elicit: ToolContext["elicit"];
  /** The signal of the request running the turn: aborted when its connection goes away. */
  signal: AbortSignal;
};

export type TurnSettings = ToolLimits & {
  sandbox: ToolContext["sandbox"];
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

export type TurnArgs = {
  session: LiveSession;
  prompt: string;
  principal: Principal;
  agent: AgentView;
  provider: Provider;
  store: SessionStore;
  settings: TurnSettings;
  io: TurnIo;
  log: Logger;
};

/** Runs one turn; session.turn is set before the first await, so the caller can read the turn id. */
export function runTurn(args: TurnArgs): Promise<SessionPromptResult> {
  return new Turn(args).run();
}

type ProviderStop = "end_turn" | "tool_calls" | "max_tokens";

class TurnCancelled extends Error {}

class Turn {
  private readonly turnId: string;
  private readonly abort = new AbortController();
  /** Aborted by session/cancel, close/kill/delete/shutdown, or the request's own signal. */
  private readonly signal = this.abort.signal;
  private readonly writes: TurnWriteBuffer;
  private readonly onClosed = (): void => this.abort.abort();
  private finishDone!: (v: unknown) => void;
  /** Tool calls the model made this round that have no result yet. */
  private pendingCalls: ToolCall[] = [];
  private outcome: TurnOutcome = "completed";
  private stopReason: StopReason = "end_turn";
  private content = "";

  constructor(private readonly a: TurnArgs) {
    const { session, io, store } = a;
    this.turnId = session.nextTurnId();
    io.signal.addEventListener("abort", this.onClosed, { once: true });
    if (io.signal.aborted) this.abort.abort();
    session.turn = {
      turnId: this.turnId,
      abort: this.abort,
      done: new Promise((r) => (this.finishDone = r)),
    };
    this.writes = new TurnWriteBuffer(store, session.mode, session.id, this.turnId);
  }

  async run(): Promise<SessionPromptResult> {
    try {
      this.begin();
      for (let round = 0; ; round++) {
        if (round >= this.a.settings.maxToolRounds) {
          this.stopReason = "max_tool_rounds";
          break;
        }
        const calls = await this.streamReply();
        if (calls.length === 0) break;
        await this.runTools(calls);
      }
    } catch (err) {
      this.fail(err);
    } finally {
      this.a.io.signal.removeEventListener("abort", this.onClosed);
    }
    await this.end();
    const { session } = this.a;
    return {
      session_id: session.id,
      turn_id: this.turnId,
      outcome: this.outcome,
      stop_reason: this.stopReason,
      content: this.content,
    };
  }

  /** Durable step 1: the running turn and its prompt. */
  private begin(): void {
    const { session, store, log, prompt } = this.a;
    session.flushTurnEnds(store, log);
    this.writes.begin();
    this.record([{ role: "user", kind: "message", content: prompt, turnId: this.turnId }]);
    this.remember({ role: "user", content: prompt });
    this.writes.flush();
  }

  /**
   * One provider round: streams chunks to the client, records what the model said and asked for, and
   * returns the tool calls to run (none: the turn's reply is complete and stopReason is set).
   */
  private async streamReply(): Promise<ToolCall[]> {
    const { provider, agent, session, io } = this.a;
    const signal = this.signal;
    let text = "";
    let thought = "";
    const calls: ToolCall[] = [];
    let providerStop: ProviderStop = "end_turn";
    try {
      for await (const event of provider.stream({
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
    const turnId = this.turnId;
    if (thought) this.record([{ role: "assistant", kind: "thought", content: thought, turnId }]);
    if (text || calls.length === 0)
      this.record([{ role: "assistant", kind: "message", content: text, turnId }]);
    this.content = text;
    if (signal.aborted) throw new TurnCancelled();
    const max = this.a.settings.transcriptMaxBytes;
    this.record(
      calls.map((c) => ({
        role: "assistant",
        kind: "tool_call",
        content: JSON.stringify({ ...c, arguments: cap(c.arguments, max) }),
        turnId,
      })),
    );
    this.pendingCalls = [...calls];
    this.remember(
      calls.length > 0
        ? { role: "assistant", content: text, tool_calls: calls }
        : { role: "assistant", content: text },
    );
    if (calls.length === 0) this.stopReason = providerStop === "max_tokens" ? "max_tokens" : "end_turn";
    return calls;
  }

  /** The model's tool calls are durable before any runs; each result is on disk before the next. */
  private async runTools(calls: ToolCall[]): Promise<void> {
    this.writes.flush();
    for (const call of calls) {
      const told = await this.runToolCall(call);
      if (this.signal.aborted) throw new TurnCancelled();
      this.answer(call, told);
      this.writes.flush();
    }
  }

  /** Emits tool_call, settles approval, runs the tool and emits tool_result; returns what the model is told. */
  private async runToolCall(call: ToolCall): Promise<string> {
    const { io } = this.a;
    let input: unknown;
    try {
      input = call.arguments.trim() === "" ? {} : JSON.parse(call.arguments);
    } catch {
      input = call.arguments;
    }
    await io.emit({ type: "tool_call", toolCallId: call.id, name: call.name, rawInput: input });
    const output = await this.decideAndRun(call, input);
    const told = cap(
      typeof output === "string" ? output : JSON.stringify(output),
      this.a.settings.transcriptMaxBytes,
    );
    if (!this.signal.aborted)
      await io.emit({ type: "tool_result", toolCallId: call.id, name: call.name, rawOutput: output }, told);
    return told;
  }

  private async decideAndRun(call: ToolCall, input: unknown): Promise<unknown> {
    const { session, io, settings, agent, principal, log } = this.a;
    const tool = TOOLS.get(call.name);
    if (!tool) return { error: `unknown tool ${call.name}` };
    if (!mayUseTool(principal, call.name))
      return { denied: true, reason: `this user may not run ${call.name}` };
    const preapproved = agent.allowedTools.includes(call.name) || session.allowedAlways.has(call.name);
    if (!preapproved) {
      const decision = await askApproval(call.name, input, {
        session,
        emit: (update) => io.emit(update),
        log,
        signal: this.signal,
        timeoutMs: settings.approvalTimeoutMs,
      });
      if (decision.kind === "timeout") return { denied: true, reason: "approval timed out" };
      if (decision.kind === "reject") return { denied: true, reason: "denied by the user" };
      // No tool here takes input that can be edited (SPEC §13): the edit is a rejection, said as one.
      if (decision.kind === "edit")
        return {
          denied: true,
          reason: `denied by the user with an edit; ${call.name}'s input cannot be edited, so the edit was not applied and nothing ran`,
          replacement: decision.replacement,
        };
    }
    return tool.run(input, {
      sessionId: session.id,
      workspaceDir: session.workspaceDir,
      signal: this.signal,
      limits: settings,
      sandbox: settings.sandbox,
      elicit: io.elicit,
    });
  }

  /**
   * The turn was cancelled or failed. Providers refuse a context with an unanswered tool call: every
   * call of the interrupted round gets a result saying why it never ran.
   */
  private fail(err: unknown): void {
    const { log, session, agent } = this.a;
    const cancelled = this.signal.aborted;
    const why = cancelled ? "not run: the turn was cancelled" : "not run: the turn failed";
    for (const call of [...this.pendingCalls])
      safely(log, () => this.answer(call, JSON.stringify({ error: why })));
    if (err instanceof TurnCancelled || cancelled) {
      this.outcome = "cancelled";
      this.stopReason = "cancelled";
      const marker: NewTranscriptRow = {
        role: "system",
        kind: "marker",
        content: CANCELLED_MARKER,
        turnId: this.turnId,
      };
      safely(log, () => this.record([marker]));
      return;
    }
    this.outcome = "failed";
    this.stopReason = "error";
    if (err instanceof ProviderError) {
      this.content = err.message;
      log.warn(
        { session: session.id, turn: this.turnId, provider: agent.provider.alias, http_status: err.status },
        "provider failed",
      );
    } else {
      this.content = `turn failed: ${(err as Error).message}`;
      log.error({ err, session: session.id }, "turn failed");
    }
    const content = this.content;
    safely(log, () => this.record([{ role: "system", kind: "message", content, turnId: this.turnId }]));
  }

  /** The last durable step, the trim, turn_complete; whatever happens, the session is not left busy. */
  private async end(): Promise<void> {
    const { session, store, log, io } = this.a;
    try {
      try {
        this.writes.flush(this.outcome); // the reply's rows and checkpoints with the end
      } catch (err) {
        // None of that step reached disk: a completed turn is reported failed, and its end state is
        // retried (live-session.ts) so that it is never later recovered as interrupted.
        log.error({ err, session: session.id }, "could not persist the end of a turn");
        if (this.outcome === "completed") {
          this.outcome = "failed";
          this.stopReason = "error";
          this.content = `turn failed: ${(err as Error).message}`;
        }
        session.recordTurnEnd(store, this.turnId, this.outcome, log);
      }
      if (this.outcome === "completed") await this.trimIfNeeded();
      await io.emit({
        type: "turn_complete",
        turnId: this.turnId,
        outcome: this.outcome,
        content: this.content,
      });
    } finally {
      session.turn = undefined;
      session.lastUsed = performance.now();
      this.finishDone(undefined);
    }
  }

  /** After a completed turn: trim when the retained context outgrew the agent's budget (SPEC §8). */
  private async trimIfNeeded(): Promise<void> {
    const { session, store, agent, io, log } = this.a;
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

  /**
   * Free text is capped here; tool rows are JSON and cap their fields before they are built, so a cut
   * can never leave a row that does not parse (rehydration replays them).
   */
  private record(rows: NewTranscriptRow[]): void {
    const max = this.a.settings.transcriptMaxBytes;
    this.writes.row(
      ...rows.map((r) =>
        r.kind === "tool_call" || r.kind === "tool_result" ? r : { ...r, content: cap(r.content, max) },
      ),
    );
  }

  /** A message joins the retained context, and its checkpoint the next commit. */
  private remember(message: ChatMessage): void {
    this.writes.checkpoint(message);
    this.a.session.context.push(message);
  }

  /** A tool call gets its result (already capped): a transcript row, a context message, no longer pending. */
  private answer(call: ToolCall, text: string): void {
    this.record([
      {
        role: "tool",
        kind: "tool_result",
        content: JSON.stringify({ id: call.id, name: call.name, output: text }),
        turnId: this.turnId,
      },
    ]);
    this.remember({ role: "tool", tool_call_id: call.id, name: call.name, content: text });
    this.pendingCalls = this.pendingCalls.filter((c) => c !== call);
  }
}

function safely(log: Logger, step: () => void): void {
  try {
    step();
  } catch (err) {
    log.error({ err }, "could not persist a turn step");
  }
}
