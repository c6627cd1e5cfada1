// The retained provider context (SPEC §8): what a transcript replays to (SessionStore.retainedContext
// uses it for a session that was never trimmed), its token estimate, and the trim plan. Neither
// includes markers, thoughts or the system prompt. Pure functions over rows, no storage.
import type { transcriptRows } from "../storage/schema.js";
import type { ChatMessage } from "./provider.js";

type TranscriptRow = Pick<typeof transcriptRows.$inferSelect, "role" | "kind" | "content">;

/** Transcript rows → provider messages: markers and thoughts are display-only and are skipped. */
export function replayTranscript(rows: readonly TranscriptRow[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (const row of rows) {
    if (row.kind === "marker" || row.kind === "thought" || row.role === "system") continue;
    if (row.kind === "message" && row.role === "user") out.push({ role: "user", content: row.content });
    else if (row.kind === "message" && row.role === "assistant")
      out.push({ role: "assistant", content: row.content });
    else if (row.kind === "tool_call") {
      const call = JSON.parse(row.content) as { id: string; name: string; arguments: string };
      const last = out[out.length - 1];
      const holder = last?.role === "assistant" ? last : { role: "assistant" as const, content: "" };
      if (holder !== last) out.push(holder);
      holder.tool_calls = [...(holder.tool_calls ?? []), call];
    } else if (row.kind === "tool_result") {
      const result = JSON.parse(row.content) as { id: string; name: string; output: string };
      out.push({ role: "tool", tool_call_id: result.id, name: result.name, content: result.output });
    }
  }
  return out;
}

/** SPEC §8: an estimated token is 4 UTF-8 bytes. */
export const estimateTokens = (messages: readonly ChatMessage[]): number =>
  Math.ceil(Buffer.byteLength(JSON.stringify(messages)) / 4);

export type TrimPlan = { kept: ChatMessage[]; droppedMessages: number; keptTurns: number };

/**
 * Keeps the most recent whole turns (a turn starts at a user message) that fit in half the budget, so
 * a trim buys room for several more turns. Keeping none is allowed: the snapshot is then empty.
 */
export function planTrim(messages: readonly ChatMessage[], budgetTokens: number): TrimPlan {
  const starts = messages.flatMap((m, i) => (m.role === "user" ? [i] : []));
  let keepFrom = messages.length;
  let keptTurns = 0;
  for (let t = starts.length - 1; t >= 0; t--) {
    const from = starts[t]!;
    if (estimateTokens(messages.slice(from)) > budgetTokens / 2) break;
    keepFrom = from;
    keptTurns++;
  }
  const kept = messages.slice(keepFrom);
  return { kept, droppedMessages: messages.length - kept.length, keptTurns };
}
