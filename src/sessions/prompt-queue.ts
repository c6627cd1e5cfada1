// zeroclaw's daemon queues a prompt for a session whose turn is running (its SessionActorQueue: one
// turn at a time, at most 32 waiting, each for at most 30 s); the seed dialect refuses it at once
// with -32002. This is the zeroclaw dialect's wait (SPEC §13), with the depth and the wait from
// config (sessions.prompt_queue_depth, sessions.prompt_queue_wait_ms).
import { rpcErrors } from "../../generated/errors.js";
import type { LiveSession } from "./live-session.js";

export class PromptQueue {
  private readonly waiting = new Map<string, number>();

  /**
   * Waits until `current()` names a session with no running turn and returns it. Another prompt may
   * take the session before the caller resumes: the caller checks again in the step that starts its
   * turn (runTurn sets session.turn before its first await) and waits again if it lost.
   */
  async untilIdle(
    sessionId: string,
    current: () => LiveSession,
    limits: { depth: number; waitMs: number },
    signal: AbortSignal,
  ): Promise<LiveSession> {
    let session = current();
    if (!session.turn) return session;
    const queued = this.waiting.get(sessionId) ?? 0;
    if (queued >= limits.depth) throw rpcErrors.sessionBusy({ session_id: sessionId });
    this.waiting.set(sessionId, queued + 1);
    const deadline = Date.now() + limits.waitMs;
    try {
      while (session.turn) {
        await ended(session.turn.done, deadline - Date.now(), signal);
        if (signal.aborted || Date.now() >= deadline) throw rpcErrors.sessionBusy({ session_id: sessionId });
        session = current();
      }
      return session;
    } finally {
      const left = (this.waiting.get(sessionId) ?? 1) - 1;
      if (left > 0) this.waiting.set(sessionId, left);
      else this.waiting.delete(sessionId);
    }
  }
}

/** Resolves when `done` settles, `ms` pass or `signal` aborts, whichever is first. */
function ended(done: Promise<unknown>, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const finish = (): void => {
      clearTimeout(timer);
      signal.removeEventListener("abort", finish);
      resolve();
    };
    const timer = setTimeout(finish, Math.max(0, ms));
    signal.addEventListener("abort", finish, { once: true });
    done.then(finish, finish);
  });
}
