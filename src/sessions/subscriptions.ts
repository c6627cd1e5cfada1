// session/subscribe (SPEC §14): which connections watch which session, and the fan-out of a turn's
// session/update notifications to them. The turn awaits only its own connection's output; a watcher
// gets the same notifications queued on its own transport, so a watcher that stops reading is cut by
// that transport's write-stall clock and never slows or cancels the turn.
import type { Peer } from "../jsonrpc/peer.js";

/** What the registry needs of a connection: a stable id, a peer to notify, and its end. */
export type Watcher = { readonly id: number; readonly peer: Peer; readonly closed: AbortSignal };

export class SessionSubscriptions {
  /** session id → (connection id → watcher). Insertion order is subscription order. */
  private readonly bySession = new Map<string, Map<number, Watcher>>();
  /** connection id → the sessions it watches, so a closing connection is dropped in one pass. */
  private readonly byConnection = new Map<number, Set<string>>();

  subscribe(sessionId: string, watcher: Watcher): void {
    if (watcher.closed.aborted) return;
    let watchers = this.bySession.get(sessionId);
    if (!watchers) {
      watchers = new Map();
      this.bySession.set(sessionId, watchers);
    }
    if (watchers.has(watcher.id)) return;
    watchers.set(watcher.id, watcher);
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
    const watchers = this.bySession.get(sessionId);
    watchers?.delete(connectionId);
    if (watchers?.size === 0) this.bySession.delete(sessionId);
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
   * Sends one serialized session/update line to every watcher of the session except `source`, the
   * connection running the turn (it already got it). Called right after the turn's own notify, so each watcher sees the
   * turn's order.
   */
  publishLine(sessionId: string, line: string, source: Peer): void {
    const watchers = this.bySession.get(sessionId);
    if (!watchers) return;
    for (const w of watchers.values()) {
      if (w.peer !== source) w.peer.transport.send(line);
    }
  }

  private dropConnection(connectionId: number): void {
    for (const sessionId of this.byConnection.get(connectionId) ?? []) {
      const watchers = this.bySession.get(sessionId);
      watchers?.delete(connectionId);
      if (watchers?.size === 0) this.bySession.delete(sessionId);
    }
    this.byConnection.delete(connectionId);
  }
}
