// session/subscribe (SPEC §14): which connections watch which session, and the fan-out of a turn's
// session/update notifications to them, each in its watcher's own dialect (SPEC §13). The turn awaits
// only its own connection's output; a watcher gets the notifications queued on its own transport, so
// a watcher that stops reading is cut by that transport's write-stall clock and never slows or
// cancels the turn.
import type { Dialect } from "../../generated/types.js";
import type { Peer } from "../jsonrpc/peer.js";
import type { UpdateLine } from "./update-lines.js";

/** What the registry needs of a connection: a stable id, a peer to notify, its end, and its dialect. */
export type Watcher = {
  readonly id: number;
  readonly peer: Peer;
  readonly closed: AbortSignal;
  readonly dialect: Dialect;
};

/**
 * One connection watching one session: where per-watcher delivery state belongs (what it was sent,
 * a byte budget), apart from the connection itself, which may watch many sessions.
 */
export class Subscription {
  constructor(
    readonly sessionId: string,
    readonly watcher: Watcher,
  ) {}

  /** Queues one update on the watcher's connection, in its dialect. */
  deliver(update: UpdateLine): void {
    this.watcher.peer.transport.send(update.line(this.watcher.dialect));
  }
}

export class SessionSubscriptions {
  /** session id → (connection id → subscription). Insertion order is subscription order. */
  private readonly bySession = new Map<string, Map<number, Subscription>>();
  /** connection id → the sessions it watches, so a closing connection is dropped in one pass. */
  private readonly byConnection = new Map<number, Set<string>>();

  subscribe(sessionId: string, watcher: Watcher): void {
    if (watcher.closed.aborted) return;
    let subs = this.bySession.get(sessionId);
    if (!subs) {
      subs = new Map();
      this.bySession.set(sessionId, subs);
    }
    if (subs.has(watcher.id)) return;
    subs.set(watcher.id, new Subscription(sessionId, watcher));
    let sessions = this.byConnection.get(watcher.id);
    if (!sessions) {
      sessions = new Set();
      this.byConnection.set(watcher.id, sessions);
      // One listener per connection, however many sessions it watches.
      watcher.closed.addEventListener("abort", () => this.dropConnection(watcher.id), { once: true });
    }
    sessions.add(sessionId);
  }

  unsubscribe(sessionId: string, connectionId: number): void {
    const subs = this.bySession.get(sessionId);
    subs?.delete(connectionId);
    if (subs?.size === 0) this.bySession.delete(sessionId);
    this.byConnection.get(connectionId)?.delete(sessionId);
  }

  /** A deleted session's watchers go with it: a later session with the same id starts unwatched. */
  dropSession(sessionId: string): void {
    for (const connectionId of this.bySession.get(sessionId)?.keys() ?? []) {
      this.byConnection.get(connectionId)?.delete(sessionId);
    }
    this.bySession.delete(sessionId);
  }

  /** Number of connections watching `sessionId` (tests and status). */
  count(sessionId: string): number {
    return this.bySession.get(sessionId)?.size ?? 0;
  }

  /**
   * Sends one session/update to every watcher of the session except `source`, the connection running
   * the turn (it already got it), each in its own dialect; `update` serializes each dialect once.
   * Called right after the turn's own send, so each watcher sees the turn's order.
   */
  publish(sessionId: string, update: UpdateLine, source: Peer): void {
    const subs = this.bySession.get(sessionId);
    if (!subs) return;
    for (const sub of subs.values()) {
      if (sub.watcher.peer !== source) sub.deliver(update);
    }
  }

  private dropConnection(connectionId: number): void {
    for (const sessionId of this.byConnection.get(connectionId) ?? []) {
      const subs = this.bySession.get(sessionId);
      subs?.delete(connectionId);
      if (subs?.size === 0) this.bySession.delete(sessionId);
    }
    this.byConnection.delete(connectionId);
  }
}
