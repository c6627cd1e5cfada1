// What a watcher joining midway needs (SPEC §18, session/subscribe's running_turn): each running
// turn's prompt and every update already sent for it, in order. Kept per session from the turn's start
// to its turn_complete, as the turn emitted them (seed form, plus the model's text of a tool result),
// so the snapshot can be given in the watcher's own dialect (SPEC §13), like every later update.
// Consecutive text chunks of one kind are merged as they come (a long reply is a few entries, not
// thousands), which a watcher shows exactly as it would the chunks themselves.
// Recording and snapshotting are synchronous, and the subscribe handler takes the snapshot and the
// subscription in one synchronous step: an update is either in the snapshot or sent after the answer.
import type { Dialect, SessionUpdateParams, ZeroclawSessionUpdateParams } from "../../generated/types.js";
import { type UpdateBody, zeroclawUpdate } from "./update-lines.js";

/** `parts`: a text chunk's text and the texts of the same-kind chunks after it, joined at snapshot. */
type Recorded = { update: UpdateBody; modelText: string | undefined; parts?: string[] };
type Record = { turnId: string; prompt: string; updates: Recorded[] };

export type RunningTurnSnapshot<U> = { turn_id: string; prompt: string; updates: U[] };

export class RunningTurns {
  private readonly bySession = new Map<string, Record>();

  /** A turn started (before its first update). */
  start(sessionId: string, turnId: string, prompt: string): void {
    this.bySession.set(sessionId, { turnId, prompt, updates: [] });
  }

  /** An update the turn just sent; its turn_complete ends the record. */
  record(sessionId: string, update: UpdateBody, modelText?: string): void {
    if (update.type === "turn_complete") {
      this.bySession.delete(sessionId);
      return;
    }
    const updates = this.bySession.get(sessionId)?.updates;
    if (!updates) return;
    if (update.type === "agent_message_chunk" || update.type === "agent_thought_chunk") {
      // The streaming hot path: one push per chunk, no object and no string built until a snapshot.
      const last = updates.at(-1);
      if (last?.parts && last.update.type === update.type) last.parts.push(update.text);
      else updates.push({ update, modelText: undefined, parts: [update.text] });
      return;
    }
    updates.push({ update, modelText });
  }

  /** The turn ended without a turn_complete being sent (it always is; this is the safety net). */
  end(sessionId: string, turnId: string): void {
    if (this.bySession.get(sessionId)?.turnId === turnId) this.bySession.delete(sessionId);
  }

  /** The running turn so far in `dialect`'s session/update params, or null; later updates do not change it. */
  snapshot(
    sessionId: string,
    dialect: Dialect,
  ): RunningTurnSnapshot<SessionUpdateParams | ZeroclawSessionUpdateParams> | null {
    const r = this.bySession.get(sessionId);
    if (!r) return null;
    const updates = r.updates.map(({ update: recorded, modelText, parts }) => {
      const update = parts && "text" in recorded ? { ...recorded, text: parts.join("") } : recorded;
      return dialect === "zeroclaw"
        ? ({ session_id: sessionId, ...zeroclawUpdate(update, modelText) } as ZeroclawSessionUpdateParams)
        : ({ sessionId, ...update } as SessionUpdateParams);
    });
    return { turn_id: r.turnId, prompt: r.prompt, updates };
  }
}
