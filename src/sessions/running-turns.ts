// What a watcher joining midway needs (SPEC §18, session/subscribe's running_turn): each running
// turn's prompt and every update already sent for it, in order. Kept per session from the turn's start
// to its turn_complete. Consecutive text chunks of one kind are merged as they come (a long reply is a
// few entries, not thousands), which a watcher shows exactly as it would the chunks themselves.
// Recording and snapshotting are synchronous, and the subscribe handler takes the snapshot and the
// subscription in one synchronous step: an update is either in the snapshot or sent after the answer.

/** An update as the turn emits it: the session/update params without the session id. */
export type RecordedUpdate = { type: string; [member: string]: unknown };

type Record = { turnId: string; prompt: string; updates: RecordedUpdate[] };

export type RunningTurnSnapshot = { turn_id: string; prompt: string; updates: RecordedUpdate[] };

const MERGED = new Set(["agent_message_chunk", "agent_thought_chunk"]);

export class RunningTurns {
  private readonly bySession = new Map<string, Record>();

  /** A turn started (before its first update). */
  start(sessionId: string, turnId: string, prompt: string): void {
    this.bySession.set(sessionId, { turnId, prompt, updates: [] });
  }

  /** An update the turn just sent; its turn_complete ends the record. */
  record(sessionId: string, update: RecordedUpdate): void {
    if (update.type === "turn_complete") {
      this.bySession.delete(sessionId);
      return;
    }
    const updates = this.bySession.get(sessionId)?.updates;
    if (!updates) return;
    const last = updates.at(-1);
    if (last && last.type === update.type && MERGED.has(update.type)) {
      updates[updates.length - 1] = { ...last, text: `${String(last.text)}${String(update.text)}` };
      return;
    }
    updates.push(update);
  }

  /** The turn ended without a turn_complete being sent (it always is; this is the safety net). */
  end(sessionId: string, turnId: string): void {
    if (this.bySession.get(sessionId)?.turnId === turnId) this.bySession.delete(sessionId);
  }

  /** The running turn so far, or null; a copy, so later updates do not change what was answered. */
  snapshot(sessionId: string): RunningTurnSnapshot | null {
    const r = this.bySession.get(sessionId);
    return r ? { turn_id: r.turnId, prompt: r.prompt, updates: [...r.updates] } : null;
  }
}
