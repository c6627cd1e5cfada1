import { assertContract, type ExpectOptions, receiveMessage } from "../judge/expectations.js";
import type { Connection } from "../wire/connection.js";
import { isJsonObject, type JsonObject, type JsonValue, preview } from "../wire/json.js";
import { CaseFailure } from "./case.js";

/**
 * A client of the zeroclaw dialect driven the way zerocode's Chat pane drives
 * a daemon (SPEC §13): initialize with protocol_version and the elicitation
 * capability, prompts sent as notifications, session/update read until
 * turn_complete, approvals and elicitation/create answered as they come.
 * Every session/update is held to §13's table: exactly the members zerocode's
 * parse_session_update reads, no camelCase duplicates.
 */

/** §13's table: the members of each zeroclaw-dialect update besides `type` and `session_id`. */
export const ZEROCLAW_UPDATE_MEMBERS: Readonly<Record<string, readonly string[]>> = {
  agent_message_chunk: ["text"],
  agent_thought_chunk: ["text"],
  tool_call: ["tool_call_id", "name", "raw_input"],
  tool_result: ["tool_call_id", "name", "raw_output"],
  approval_request: ["request_id", "tool_name", "arguments_summary", "timeout_secs"],
  history_trimmed: ["dropped_messages", "kept_turns", "reason"],
  turn_complete: ["outcome", "content"],
  context_usage: ["input_tokens", "max_context_tokens"],
};

const MEMBER_TYPES: Readonly<Record<string, (v: JsonValue) => boolean>> = {
  text: (v) => typeof v === "string",
  tool_call_id: (v) => typeof v === "string",
  name: (v) => typeof v === "string",
  raw_input: isJsonObject,
  raw_output: (v) => typeof v === "string",
  request_id: (v) => typeof v === "string",
  tool_name: (v) => typeof v === "string",
  arguments_summary: (v) => typeof v === "string" && !v.includes("\n"),
  timeout_secs: (v) => Number.isInteger(v) && (v as number) >= 0,
  dropped_messages: (v) => Number.isInteger(v),
  kept_turns: (v) => Number.isInteger(v),
  reason: (v) => typeof v === "string",
  outcome: (v) => v === "completed" || v === "cancelled" || v === "failed",
  content: (v) => typeof v === "string",
  input_tokens: (v) => Number.isInteger(v),
  max_context_tokens: (v) => Number.isInteger(v),
};

/** Throws unless `params` is a zeroclaw-dialect update of `sessionId` with exactly its table's members. */
export function checkZeroclawUpdate(params: JsonValue | undefined, sessionId: string): JsonObject {
  if (!isJsonObject(params)) throw new CaseFailure(`session/update params ${preview(params)}`);
  const members = typeof params.type === "string" ? ZEROCLAW_UPDATE_MEMBERS[params.type] : undefined;
  if (!members) throw new CaseFailure(`session/update of an unknown type: ${preview(params)}`);
  const expected = ["session_id", "type", ...members].sort();
  // context_usage's members are optional (zeroclaw omits what the provider does not report).
  const actual = Object.keys(params).sort();
  const optional = params.type === "context_usage";
  if (optional ? actual.some((k) => !expected.includes(k)) : actual.join() !== expected.join())
    throw new CaseFailure(`${params.type} has members ${actual.join(", ")}; §13 says ${expected.join(", ")}`);
  if (params.session_id !== sessionId)
    throw new CaseFailure(
      `${params.type}: session_id ${preview(params.session_id)}, expected "${sessionId}"`,
    );
  for (const m of members) {
    if (params[m] !== undefined && !MEMBER_TYPES[m]!(params[m] as JsonValue))
      throw new CaseFailure(`${params.type}.${m} is ${preview(params[m])}`);
  }
  return params;
}

export type InboundRequest = { id: JsonValue; method: string; params: JsonObject };

export interface TurnHandlers {
  /** Called with each update as it arrives (an approval_request: answer it with `approve`). */
  onUpdate?(update: JsonObject): Promise<void> | void;
  /** elicitation/create and any other daemon → client request: return the result to send. */
  onRequest?(request: InboundRequest): JsonValue;
}

export class ZeroclawClient {
  private requests = 0;

  constructor(
    readonly connection: Connection,
    private readonly options: ExpectOptions,
  ) {}

  /** zerocode's initialize: protocol_version, the elicitation form capability, its environment. */
  async initialize(): Promise<JsonObject> {
    return this.call("initialize", {
      protocol_version: 1,
      clientCapabilities: { elicitation: { form: {} } },
      env: { TERM: "xterm-256color" },
    });
  }

  /** A request; its success result (an error fails the case). Other traffic meanwhile is not expected. */
  async call(method: string, params: JsonObject): Promise<JsonObject> {
    const id = this.send(method, params);
    for (;;) {
      const message = await this.receive(`the response to ${method}`);
      if (message.id === id && message.method === undefined) return this.resultOf(message, method);
      throw new CaseFailure(
        `${this.connection.name}: unexpected ${preview(message)} while waiting for ${method}`,
      );
    }
  }

  /** Sends a request and returns its id without waiting (answered later, among a turn's updates). */
  send(method: string, params: JsonObject): string {
    const id = `zc-out-${this.requests++}`;
    void this.connection.sendMessage(
      JSON.stringify({ jsonrpc: "2.0", id, method, params }),
      this.options.timeoutMs,
    );
    return id;
  }

  async notify(method: string, params: JsonObject): Promise<void> {
    await this.connection.sendMessage(
      JSON.stringify({ jsonrpc: "2.0", method, params }),
      this.options.timeoutMs,
    );
  }

  /**
   * Sends the prompt as a notification (as the Chat pane does) and collects the session's updates
   * until turn_complete, answering daemon → client requests through `handlers`. Responses to requests
   * sent meanwhile (approvals) must be successes.
   */
  async turn(sessionId: string, prompt: string, handlers: TurnHandlers = {}): Promise<JsonObject[]> {
    await this.notify("session/prompt", { session_id: sessionId, prompt });
    const updates: JsonObject[] = [];
    for (;;) {
      const message = await this.receive(`session/update of ${sessionId}`);
      if (message.method === "session/update") {
        const update = checkZeroclawUpdate(message.params, sessionId);
        updates.push(update);
        await handlers.onUpdate?.(update);
        if (update.type === "turn_complete") return updates;
      } else if (typeof message.method === "string" && message.id !== undefined) {
        const params = isJsonObject(message.params) ? message.params : {};
        const result = handlers.onRequest?.({ id: message.id, method: message.method, params });
        if (result === undefined) throw new CaseFailure(`unexpected request ${preview(message)}`);
        await this.connection.sendMessage(
          JSON.stringify({ jsonrpc: "2.0", id: message.id, result }),
          this.options.timeoutMs,
        );
      } else if (message.method === undefined) {
        this.resultOf(message, this.connection.methodOf(message.id as JsonValue) ?? "a request");
      } else throw new CaseFailure(`unexpected ${preview(message)} during a turn`);
    }
  }

  private async receive(wanted: string): Promise<JsonObject> {
    const message = await receiveMessage(this.connection, this.options.timeoutMs, wanted);
    if (!isJsonObject(message))
      throw new CaseFailure(`${this.connection.name}: not an object: ${preview(message)}`);
    assertContract(this.connection, message, this.options);
    return message;
  }

  private resultOf(message: JsonObject, method: string): JsonObject {
    if (isJsonObject(message.result)) return message.result;
    throw new CaseFailure(`${this.connection.name}: ${method} answered ${preview(message)}`);
  }
}
