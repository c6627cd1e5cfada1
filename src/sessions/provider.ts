// What the turn executor needs from a model provider: a streamed completion over the retained
// context. Providers never see the daemon's storage or sockets; they map their wire protocol to
// these events.

/** One message of the provider context (the system prompt is passed separately, never stored). */
export type ChatMessage =
  | { role: "user"; content: string }
  | { role: "assistant"; content: string; tool_calls?: ToolCall[] }
  | { role: "tool"; tool_call_id: string; name: string; content: string };

/** A complete tool call: `arguments` is the JSON text the model produced. */
export type ToolCall = { id: string; name: string; arguments: string };

export type ToolSpec = { name: string; description: string; parameters: Record<string, unknown> };

export type ProviderEvent =
  | { type: "text"; text: string }
  /** Reasoning the model shows (reasoning/reasoning_content deltas): displayed, never fed back. */
  | { type: "thought"; text: string }
  | { type: "tool_call"; call: ToolCall }
  | { type: "done"; stopReason: "end_turn" | "tool_calls" | "max_tokens" };

export type CompletionRequest = {
  model: string | undefined;
  system: string | undefined;
  messages: readonly ChatMessage[];
  tools: readonly ToolSpec[];
  signal: AbortSignal;
};

export interface Provider {
  /** Streams one completion. Aborting `signal` stops it (the iterator then throws or ends). */
  stream(request: CompletionRequest): AsyncIterable<ProviderEvent>;
}

/** A provider-side failure, with a message fit for the user (never containing credentials). */
export class ProviderError extends Error {
  /** The HTTP status the provider answered with, when it answered with one (for the log). */
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}
