// session/subscribe (SPEC §14, §17): which connections watch which session, and the fan-out of a turn's
// session/update notifications to them, each in its watcher's own dialect (SPEC §13). The turn awaits
// only its own connection's output; a watcher gets the notifications queued on its own transport, and
// never more than sessions.max_watcher_buffer_bytes of them unread: past that its subscription ends
// (`lagging`), so a watcher that stops reading costs the daemon a bounded amount and never slows or
// cancels the turn. A subscription also ends when its watcher loses the right to the session (policy
// changes, §17).
import { Method, methodTable } from "../../generated/methods.js";
import type {
  Dialect,
  SessionUpdateSubscriptionEnded,
  SubscriptionEndReason,
  ZeroclawSessionUpdateSubscriptionEnded,
} from "../../generated/types.js";
import { hasGrant, owns, type Principal } from "../auth/principal.js";
import type { Peer } from "../jsonrpc/peer.js";
import type { UpdateLine } from "./update-lines.js";

/** Watching needs what session/subscribe needs: its grant (openrpc.json's x-grant), and the session. */
const WATCH_GRANT = methodTable[Method.sessionSubscribe].grant;

/** What the registry needs of a connection: a stable id, a peer to notify, its end, and its dialect. */
export type Watcher = {
  readonly id: number;
  readonly peer: Peer;
  readonly closed: AbortSignal;
  readonly dialect: Dialect;
};

/**
 * One connection watching one session: where per-watcher delivery state lives (its byte budget),
 * apart from the connection itself, which may watch many sessions.
 */
export class Subscription {
  constructor(
    readonly sessionId: string,
    readonly watcher: Watcher,
  ) {}

  /**
   * Queues one update on the watcher's connection, in its dialect, unless its unread output has
   * already passed `budget`; false (nothing queued) when it has: the caller then ends the subscription
   * as lagging. One update may take it past the budget (a turn_complete carries the whole reply), the
   * next one is refused.
   */
  deliver(update: UpdateLine, budget: number): boolean {
    const transport = this.watcher.peer.transport;
    if (transport.queuedBytes > budget) return false;
    transport.send(update.line(this.watcher.dialect));
    return true;
  }

  /** The last update of this subscription (SPEC §17): sent whatever the budget, it is one short line. */
  ended(reason: SubscriptionEndReason): void {
    const params: SessionUpdateSubscriptionEnded | ZeroclawSessionUpdateSubscriptionEnded =
      this.watcher.dialect === "zeroclaw"
        ? { session_id: this.sessionId, type: "subscription_ended", reason }
        : { sessionId: this.sessionId, type: "subscription_ended", reason };
    this.watcher.peer.notify(Method.sessionUpdate, params);
  }
}

export class SessionSubscriptions {
  /** session id → (connection id → subscription). Insertion order is subscription order. */
  private readonly bySession = new Map<string, Map<number, Subscription>>();
  /** connection id → the sessions it watches, so a closing connection is dropped in one pass. */
  private readonly byConnection = new Map<number, Set<string>>();

  /** `watcherBudget`: sessions.max_watcher_buffer_bytes as configured now. */
  constructor(private readonly watcherBudget: () => number = () => Number.POSITIVE_INFINITY) {}

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

  /** The sessions connection `connectionId` watches now. */
  watchedBy(connectionId: number): string[] {
    return [...(this.byConnection.get(connectionId) ?? [])];
  }

  /**
   * Ends one subscription without its watcher asking (SPEC §17): one subscription_ended update, then
   * nothing more of that session reaches it.
   */
  end(sessionId: string, connectionId: number, reason: SubscriptionEndReason): void {
    const sub = this.bySession.get(sessionId)?.get(connectionId);
    if (!sub) return;
    this.unsubscribe(sessionId, connectionId);
    sub.ended(reason);
  }

  /**
   * After a policy change (SPEC §17): ends every subscription of `connectionId` its principal may no
   * longer hold, `not_granted` without session/subscribe's grant, `session_not_owned` for a session it
   * neither owns nor administers. `ownerOf` answers undefined for a session that is gone.
   */
  revise(
    connectionId: number,
    principal: Principal,
    ownerOf: (sessionId: string) => string | undefined,
  ): void {
    const granted = WATCH_GRANT === null || hasGrant(principal, WATCH_GRANT);
    for (const sessionId of this.watchedBy(connectionId)) {
      const owner = ownerOf(sessionId);
      if (!granted) this.end(sessionId, connectionId, "not_granted");
      else if (owner !== undefined && !owns(principal, owner))
        this.end(sessionId, connectionId, "session_not_owned");
    }
  }

  /** The connection's credential is gone (SPEC §17): every subscription ends with `reason`. */
  endAll(connectionId: number, reason: SubscriptionEndReason): void {
    for (const sessionId of this.watchedBy(connectionId)) this.end(sessionId, connectionId, reason);
  }

  /**
   * Sends one session/update to every watcher of the session except `source`, the connection running
   * the turn (it already got it), each in its own dialect; `update` serializes each dialect once.
   * Called right after the turn's own send, so each watcher sees the turn's order. A watcher whose
   * unread output has passed its budget gets subscription_ended (lagging) instead, and nothing more.
   */
  publish(sessionId: string, update: UpdateLine, source: Peer): void {
    const subs = this.bySession.get(sessionId);
    if (!subs) return;
    const budget = this.watcherBudget();
    // Deleting the entry being visited (end) is safe while iterating a Map.
    for (const sub of subs.values()) {
      if (sub.watcher.peer === source) continue;
      if (!sub.deliver(update, budget)) this.end(sessionId, sub.watcher.id, "lagging");
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
