// session/update in each dialect (SPEC §13). A turn emits every update once, in the seed's form; the
// connection running it and each watcher get it in their own dialect. An UpdateFrame serializes one
// update at most once per dialect asked for, so a turn nobody watches in the zeroclaw dialect pays
// exactly what it did before dialects existed: one template string per update.
import type { RpcError } from "../../generated/errors.js";
import { Method } from "../../generated/methods.js";
import type { Dialect, SessionUpdateParams, ZeroclawSessionUpdateParams } from "../../generated/types.js";

/** Distributive Omit, so each variant of a union keeps its own fields. */
type Without<U, K extends PropertyKey> = U extends unknown ? Omit<U, K> : never;

/** One update as a turn emits it: the seed dialect's members, without the session id. */
export type UpdateBody = Without<SessionUpdateParams, "sessionId">;
/** The same update in the zeroclaw dialect, without the session id. */
export type ZeroclawUpdateBody = Without<ZeroclawSessionUpdateParams, "session_id">;

/** What one update looks like to a connection of any dialect: its line, made on first request. */
export interface UpdateLine {
  line(dialect: Dialect): string;
}

/** The per-turn writer: one frame, reused for each update (set, then read by dialect). */
export class UpdateFrame implements UpdateLine {
  private readonly seedPrefix: string;
  private readonly zeroclawPrefix: string;
  private update: UpdateBody | undefined;
  private modelText: string | undefined;
  private seedLine: string | undefined;
  private zeroclawLine: string | undefined;

  constructor(sessionId: string) {
    // The bytes peer.notify would write for {sessionId, ...update}, without building that object per chunk.
    const head = `{"jsonrpc":"2.0","method":${JSON.stringify(Method.sessionUpdate)},"params":`;
    this.seedPrefix = `${head}{"sessionId":${JSON.stringify(sessionId)},`;
    this.zeroclawPrefix = `${head}{"session_id":${JSON.stringify(sessionId)},`;
  }

  /** `modelText`: for a tool_result, the output exactly as the model is told it (zeroclaw's raw_output). */
  set(update: UpdateBody, modelText?: string): this {
    this.update = update;
    this.modelText = modelText;
    this.seedLine = undefined;
    this.zeroclawLine = undefined;
    return this;
  }

  line(dialect: Dialect): string {
    const update = this.update!;
    // Every update has a type, so its JSON is never "{}": drop its "{" and close both objects.
    if (dialect === "seed") {
      this.seedLine ??= `${this.seedPrefix}${JSON.stringify(update).slice(1)}}`;
      return this.seedLine;
    }
    this.zeroclawLine ??= `${this.zeroclawPrefix}${JSON.stringify(zeroclawUpdate(update, this.modelText)).slice(1)}}`;
    return this.zeroclawLine;
  }
}

/**
 * The zeroclaw dialect's members for an update (what zeroclaw's own daemon sends, zerocode's
 * parse_session_update reads): snake_case, raw_output as text, approvals summarized on one line.
 */
export function zeroclawUpdate(update: UpdateBody, modelText?: string): ZeroclawUpdateBody {
  switch (update.type) {
    case "agent_message_chunk":
    case "agent_thought_chunk":
      return { type: update.type, text: update.text };
    case "tool_call":
      return {
        type: update.type,
        tool_call_id: update.toolCallId,
        name: update.name,
        raw_input: asObject(update.rawInput),
      };
    case "tool_result":
      return {
        type: update.type,
        tool_call_id: update.toolCallId,
        name: update.name,
        raw_output: modelText ?? asText(update.rawOutput),
      };
    case "approval_request":
      return {
        type: update.type,
        request_id: update.requestId,
        tool_name: update.toolName,
        arguments_summary: summarizeArguments(update.rawInput),
        timeout_secs: Math.ceil(update.timeoutMs / 1000),
      };
    case "history_trimmed":
      return {
        type: update.type,
        dropped_messages: update.droppedMessages,
        kept_turns: update.keptTurns,
        // This daemon trims only to fit the agent's max_context_tokens.
        reason: "token_budget",
      };
    case "turn_complete":
      return { type: update.type, outcome: update.outcome, content: update.content };
    case "subscription_ended":
      return { type: update.type, reason: update.reason };
  }
}

/**
 * The turn_complete a refused notification prompt gets (SPEC §13): the seed dialect names the session
 * only when the id was valid and carries the error; the zeroclaw dialect echoes any string id ("" for
 * none) and says what went wrong in content, as zeroclaw's daemon does.
 */
export function refusedPromptUpdate(
  dialect: Dialect,
  sentId: unknown,
  validId: boolean,
  error: RpcError,
): SessionUpdateParams | ZeroclawSessionUpdateParams {
  if (dialect === "zeroclaw") {
    const session_id = typeof sentId === "string" ? sentId : "";
    return { session_id, type: "turn_complete", outcome: "failed", content: error.message };
  }
  return {
    sessionId: validId ? (sentId as string) : null,
    type: "turn_complete",
    turnId: null,
    outcome: "failed",
    content: error.message,
    error: { code: error.code, data: error.data },
  };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** raw_input is always an object: arguments that are not one keep their text under `arguments`. */
function asObject(input: unknown): Record<string, unknown> {
  return isObject(input) ? input : { arguments: asText(input) };
}

const asText = (v: unknown): string => (typeof v === "string" ? v : (JSON.stringify(v) ?? ""));

const VALUE_MAX = 80;
const SUMMARY_MAX = 240;

/** `key: value, …` on one line, each value cut at 80 characters and the whole at 240 (zerocode's modal). */
export function summarizeArguments(input: unknown): string {
  const parts = isObject(input)
    ? Object.entries(input).map(([k, v]) => `${k}: ${clip(asText(v), VALUE_MAX)}`)
    : [clip(asText(input), VALUE_MAX)];
  return clip(parts.join(", "), SUMMARY_MAX);
}

function clip(text: string, max: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  const chars = [...line];
  return chars.length <= max ? line : `${chars.slice(0, max - 1).join("")}…`;
}
