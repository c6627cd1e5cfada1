// A provider for any OpenAI-compatible chat completions endpoint (OpenAI, Ollama, vLLM, llama.cpp,
// OpenRouter…; SPEC §7), through the official SDK, always streamed. It maps the wire chunks to
// ProviderEvents and every failure to a ProviderError whose message is fit for the user.
import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, OpenAI } from "openai";
import type {
  ChatCompletionChunk,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from "openai/resources/chat/completions";
import type { ProviderView } from "../../config/derived-views.js";
import {
  type ChatMessage,
  type CompletionRequest,
  type Provider,
  ProviderError,
  type ProviderEvent,
  type ToolCall,
  type ToolSpec,
} from "../provider.js";

export type OpenAiProviderView = Extract<ProviderView, { kind: "openai" }>;

export type OpenAiProviderOptions = {
  /**
   * How long to wait for the response headers, and then for each next chunk, before failing the turn.
   * The default is generous on purpose: a local server may first load the model and prefill a long
   * context, and a reasoning model may think silently for minutes. It still bounds a server that
   * accepted the connection and went quiet, which would otherwise keep the session busy until a cancel.
   */
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 5 * 60_000;

/**
 * The SDK always sends `Authorization: Bearer <key>` and refuses to start without a key; local servers
 * (Ollama, llama.cpp, vLLM without --api-key) ignore it, so a keyless provider sends this placeholder.
 */
const NO_API_KEY = "none";

/** Server messages are shown to the user: long HTML error pages are cut to something readable. */
const MAX_SERVER_MESSAGE_CHARS = 300;

/**
 * Cancellation is not a failure: when `request.signal` aborts (before the request, while waiting for
 * the headers or mid-stream) the iterator ENDS QUIETLY, without a `done` event and without throwing,
 * like EchoProvider. The caller tells cancellation from completion by `request.signal.aborted` (a
 * completed stream always ends with `done`). Every other failure throws a ProviderError.
 */
export class OpenAiProvider implements Provider {
  readonly #alias: string;
  readonly #model: string | undefined;
  readonly #apiKey: string | undefined;
  readonly #timeoutMs: number;
  readonly #client: OpenAI;

  constructor(view: OpenAiProviderView, options: OpenAiProviderOptions = {}) {
    this.#alias = view.alias;
    this.#model = view.model;
    this.#apiKey = view.apiKey;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#client = new OpenAI({
      baseURL: view.baseUrl,
      apiKey: view.apiKey ?? NO_API_KEY,
      // No retries: a turn should fail fast and say why. The SDK's silent backoff (up to minutes on a
      // 429/5xx) would look like a hung turn, and the user can simply prompt again.
      maxRetries: 0,
      timeout: this.#timeoutMs,
      // Explicit nulls keep the daemon's own OPENAI_ORG_ID / OPENAI_PROJECT_ID environment out of
      // requests to whatever server this provider points at.
      organization: null,
      project: null,
      // The daemon reports failures itself; the SDK must not write to the daemon's stdout/stderr.
      logLevel: "off",
    });
  }

  async *stream(request: CompletionRequest): AsyncGenerator<ProviderEvent> {
    const { signal } = request;
    if (signal.aborted) return;
    const model = request.model ?? this.#model;
    if (model === undefined) throw new ProviderError(`provider ${this.#alias}: no model configured`);

    // The SDK's timeout only covers the wait for the response headers; `idle` bounds each later gap
    // between chunks. Both the caller's signal and the idle timer abort one internal controller, and
    // which of them fired decides between "cancelled" (quiet end) and "timed out" (ProviderError).
    const internal = new AbortController();
    const onCallerAbort = (): void => internal.abort(signal.reason);
    signal.addEventListener("abort", onCallerAbort, { once: true });
    let idleTimedOut = false;
    let idle: NodeJS.Timeout | undefined;
    const armIdle = (): void => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        idleTimedOut = true;
        internal.abort(new Error("idle timeout"));
      }, this.#timeoutMs);
    };

    const calls = new CallAccumulator(this.#alias);
    let finishReason: string | null = null;
    try {
      const tools = request.tools.map(toOpenAiTool);
      const chunks = await this.#client.chat.completions.create(
        {
          model,
          messages: toOpenAiMessages(request.system, request.messages),
          // OpenAI rejects an empty `tools` array, so no tools means no key at all.
          ...(tools.length > 0 ? { tools } : {}),
          stream: true,
        },
        { signal: internal.signal },
      );
      // The idle timer runs only while waiting for the server, never while this generator is
      // suspended at a `yield`: the consumer may take its time (e.g. run a tool as soon as its call
      // arrives), and that is not the server being silent.
      armIdle();
      for await (const chunk of chunks) {
        clearTimeout(idle);
        if (signal.aborted) return; // aborted while suspended at a yield: emit nothing more
        // Only the first choice: this provider never asks for n > 1. Usage-only chunks have none.
        const choice = chunk.choices[0];
        if (choice !== undefined) {
          yield* deltaEvents(choice.delta);
          for (const tc of choice.delta.tool_calls ?? []) calls.add(tc);
          if (choice.finish_reason != null) {
            finishReason = choice.finish_reason;
            // The calls are complete once the finish reason arrives: hand them over without waiting
            // for the trailing usage chunk or `[DONE]`.
            for (const call of calls.flush()) yield { type: "tool_call", call };
          }
        }
        armIdle();
      }
      clearTimeout(idle);
      // The SDK ends its stream quietly when its signal aborts mid-stream, so "ended" is not "finished".
      if (signal.aborted) return;
      if (idleTimedOut) throw this.#timeoutError();
      for (const call of calls.flush()) yield { type: "tool_call", call };
      yield { type: "done", stopReason: stopReasonOf(finishReason, calls.seen) };
    } catch (err) {
      if (signal.aborted) return; // cancelled: whatever the SDK threw on the way out is not a failure
      if (idleTimedOut || err instanceof APIConnectionTimeoutError) throw this.#timeoutError();
      if (err instanceof ProviderError) throw err; // our own, already worded
      throw this.#providerError(err);
    } finally {
      clearTimeout(idle);
      signal.removeEventListener("abort", onCallerAbort);
      // The consumer may stop iterating early (break/return): tear the HTTP request down with it.
      internal.abort();
    }
  }

  #timeoutError(): ProviderError {
    return new ProviderError(`provider ${this.#alias}: no response for ${this.#timeoutMs / 1000} s, gave up`);
  }

  /** Maps whatever the SDK or the stream threw to a user-facing ProviderError, scrubbed of the key. */
  #providerError(err: unknown): ProviderError {
    return new ProviderError(
      redact(`provider ${this.#alias}: ${describeFailure(err)}`, this.#apiKey),
      err instanceof APIError ? err.status : undefined,
    );
  }
}

function describeFailure(err: unknown): string {
  if (err instanceof APIConnectionTimeoutError) return "request timed out";
  if (err instanceof APIUserAbortError) return "request aborted"; // only reached if not the caller's
  if (err instanceof APIConnectionError) return `cannot connect: ${rootCause(err)}`;
  if (err instanceof APIError) {
    const server = serverMessage(err);
    if (err.status === undefined) {
      // An `{"error": …}` object inside an otherwise successful stream.
      return `error from server mid-stream: ${server ?? "(no message)"}`;
    }
    const status = `${err.status} ${STATUS_CODES[err.status] ?? ""}`.trim();
    return server === undefined ? status : `${status}: ${server}`;
  }
  if (err instanceof SyntaxError) return `invalid response from server: ${err.message}`;
  // After the headers, a dropped socket surfaces as undici's bare "TypeError: terminated".
  return `connection lost: ${rootCause(err)}`;
}

/**
 * The server's own words: `{"error": {"message": …}}` (OpenAI, vLLM, llama.cpp), `{"error": "…"}`
 * (Ollama), or a non-JSON body the SDK kept as the error message.
 */
function serverMessage(err: APIError): string | undefined {
  const body: unknown = err.error;
  let text: string | undefined;
  if (typeof body === "string") text = body;
  else if (isRecord(body) && typeof body.message === "string") text = body.message;
  else if (body !== undefined && body !== null) text = JSON.stringify(body);
  else {
    // No JSON body: the SDK's message is "<status> <text body>" or "<status> status code (no body)".
    const rest = err.message.replace(/^\d{3} /, "");
    if (rest !== "status code (no body)" && rest !== "(no status code or body)") text = rest;
  }
  text = text?.replace(/\s+/g, " ").trim();
  if (!text) return undefined;
  return text.length > MAX_SERVER_MESSAGE_CHARS ? `${text.slice(0, MAX_SERVER_MESSAGE_CHARS)}…` : text;
}

/**
 * The innermost useful cause: fetch wraps "connect ECONNREFUSED 127.0.0.1:1234" in "fetch failed",
 * and a mid-stream drop is "terminated" caused by "other side closed".
 */
function rootCause(err: unknown): string {
  const messages: string[] = [];
  let current: unknown = err;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    if (current.message && !/^(Connection error\.|fetch failed)$/.test(current.message)) {
      messages.push(current.message);
    }
    current = current.cause;
  }
  if (messages.length === 0) return err instanceof Error ? err.message || err.name : String(err);
  return messages.length === 1 ? messages[0]! : `${messages[0]} (${messages[messages.length - 1]})`;
}

/** A server may echo the credentials it was sent; the user-facing message must never carry them. */
function redact(message: string, apiKey: string | undefined): string {
  return apiKey !== undefined && apiKey.length > 0 ? message.replaceAll(apiKey, "[redacted]") : message;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function* deltaEvents(delta: ChatCompletionChunk.Choice.Delta): Generator<ProviderEvent> {
  // Reasoning is not in the SDK's types: vLLM, DeepSeek and llama.cpp send `reasoning_content`,
  // OpenRouter and Ollama `reasoning`. Newer vLLM sends both with the same text, so take one, never both.
  const extra = delta as { reasoning_content?: unknown; reasoning?: unknown };
  const thought = nonEmpty(extra.reasoning_content) ?? nonEmpty(extra.reasoning);
  if (thought !== undefined) yield { type: "thought", text: thought };
  const text = nonEmpty(delta.content);
  if (text !== undefined) yield { type: "text", text };
  // A refusal replaces the answer (OpenAI safety); showing it as text tells the user why it is missing.
  const refusal = nonEmpty(delta.refusal);
  if (refusal !== undefined) yield { type: "text", text: refusal };
}

/** Servers routinely send `content: ""` or `null` in role-only and tool-call chunks. */
function nonEmpty(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

/**
 * Tool calls arrive as fragments keyed by `index`: the first carries the id and the function name,
 * later ones pieces of the JSON arguments. Parallel calls interleave by index.
 */
class CallAccumulator {
  readonly #alias: string;
  readonly #pending = new Map<number, { id: string | undefined; name: string | undefined; args: string }>();
  #lastIndex = 0;
  /** Whether this completion produced any call (decides the stop reason, see `stopReasonOf`). */
  seen = false;

  constructor(alias: string) {
    this.#alias = alias;
  }

  add(delta: ChatCompletionChunk.Choice.Delta.ToolCall): void {
    // `index` is required by the protocol, but a server that omits it means "a new call" when it
    // sends an id and "the same call" otherwise.
    const index =
      typeof delta.index === "number" ? delta.index : delta.id ? this.#pending.size : this.#lastIndex;
    this.#lastIndex = index;
    this.seen = true;
    let call = this.#pending.get(index);
    if (call === undefined) {
      call = { id: undefined, name: undefined, args: "" };
      this.#pending.set(index, call);
    }
    // Some servers repeat the id and the name on every fragment: keep the first, never concatenate.
    call.id ||= delta.id ?? undefined;
    call.name ||= delta.function?.name ?? undefined;
    call.args += delta.function?.arguments ?? "";
  }

  /** The accumulated calls in index order, then forgets them. */
  flush(): ToolCall[] {
    const out: ToolCall[] = [];
    for (const [index, call] of [...this.#pending].sort(([a], [b]) => a - b)) {
      if (!call.name) {
        throw new ProviderError(
          `provider ${this.#alias}: tool call #${index} arrived without a function name`,
        );
      }
      out.push({
        // Some local servers omit the id; the next request must still pair the result with its call.
        id: call.id || `call_${randomUUID().replaceAll("-", "")}`,
        name: call.name,
        // A call without parameters may come with no argument text at all; "{}" keeps it valid JSON.
        arguments: call.args.trim() === "" ? "{}" : call.args,
      });
    }
    this.#pending.clear();
    return out;
  }
}

/**
 * `length` always means truncated. Otherwise, if the model produced calls, they are what the turn must
 * act on, whatever the server says: gpt-4o and several compatible servers (older Ollama, Gemini's
 * compatibility layer) report `stop` on a streamed tool-calling completion. No finish reason at all
 * (a server that just closes the stream) counts as a normal end.
 */
function stopReasonOf(
  finishReason: string | null,
  sawCalls: boolean,
): "end_turn" | "tool_calls" | "max_tokens" {
  if (finishReason === "length") return "max_tokens";
  return sawCalls || finishReason === "tool_calls" ? "tool_calls" : "end_turn";
}

function toOpenAiTool(tool: ToolSpec): ChatCompletionTool {
  return {
    type: "function",
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  };
}

function toOpenAiMessages(
  system: string | undefined,
  messages: readonly ChatMessage[],
): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [];
  if (system !== undefined && system !== "") out.push({ role: "system", content: system });
  for (const m of messages) {
    switch (m.role) {
      case "user":
        out.push({ role: "user", content: m.content });
        break;
      case "assistant":
        if (m.tool_calls !== undefined && m.tool_calls.length > 0) {
          out.push({
            role: "assistant",
            // What OpenAI itself returns for a call-only message; some servers reject "" beside calls.
            content: m.content === "" ? null : m.content,
            tool_calls: m.tool_calls.map((c) => ({
              id: c.id,
              type: "function" as const,
              function: { name: c.name, arguments: c.arguments },
            })),
          });
        } else {
          // An empty `tool_calls` array is rejected by OpenAI, so a plain message carries none.
          out.push({ role: "assistant", content: m.content });
        }
        break;
      case "tool":
        out.push({ role: "tool", tool_call_id: m.tool_call_id, content: m.content });
        break;
    }
  }
  return out;
}
