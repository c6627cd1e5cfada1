// The built-in offline provider (SPEC §7): replies with exactly the text of the last user message, so a
// fresh install works with no network and tests and benchmarks get a deterministic reply whose
// concatenated chunks equal the prompt.
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { CompletionRequest, Provider, ProviderEvent } from "../provider.js";

/**
 * Chunks end just after a whitespace run ("Hello there friend" → "Hello ", "there ", "friend"), the
 * last one at the end of the text. The two alternatives cover every character, so the chunks always
 * concatenate back to the exact input (leading whitespace becomes its own chunk).
 */
const CHUNK = /\S*\s+|\S+/y;

/**
 * A consumer awaiting each chunk only ever resumes this generator through microtasks, which never let
 * I/O run; a multi-megabyte prompt would otherwise starve every other connection. One macrotask hop
 * per this many chunks keeps that fair while costing almost nothing per chunk (throughput benchmark).
 */
const CHUNKS_PER_YIELD = 64;

export class EchoProvider implements Provider {
  /**
   * Never emits tool calls or thoughts. On abort it stops between chunks and ends quietly, without a
   * `done` event: the caller tells cancellation from completion by `request.signal.aborted`.
   */
  async *stream(request: CompletionRequest): AsyncGenerator<ProviderEvent> {
    const { signal } = request;
    const text = lastUserText(request);
    const re = new RegExp(CHUNK); // a private copy: `lastIndex` is per-stream state
    let chunks = 0;
    while (re.lastIndex < text.length) {
      if (signal.aborted) return;
      const match = re.exec(text);
      if (match === null) break; // unreachable: the pattern matches any non-empty rest
      yield { type: "text", text: match[0] };
      if (++chunks % CHUNKS_PER_YIELD === 0) await yieldToEventLoop();
    }
    if (signal.aborted) return;
    yield { type: "done", stopReason: "end_turn" };
  }
}

function lastUserText(request: CompletionRequest): string {
  for (let i = request.messages.length - 1; i >= 0; i--) {
    const m = request.messages[i];
    if (m?.role === "user") return m.content;
  }
  return "";
}
