// A session with a live owner in this daemon: its running turn (at most one), its pending approval
// requests and the tools allowed for the rest of the session.
import type { ApprovalDecision } from "../../generated/types.js";
import type { Logger } from "../log.js";
import type { ChatMessage } from "./provider.js";
import type { SessionStore, Surface } from "./session-store.js";

export type PendingApproval = {
  toolName: string;
  /** `replacement`: reject_with_edit's text (SPEC §13). */
  decide(decision: ApprovalDecision, replacement?: string): void;
};

export type RunningTurn = { turnId: string; abort: AbortController; done: Promise<unknown> };

export class LiveSession {
  turn: RunningTurn | undefined;
  readonly approvals = new Map<string, PendingApproval>();
  readonly allowedAlways = new Set<string>();
  private approvalCounter = 0;
  private turnCounter: number;
  private attachment: { readonly closed: AbortSignal } | undefined;
  /** When a turn last ended, or when the session went live: the LRU order of reclaiming. */
  lastUsed = performance.now();

  constructor(
    readonly id: string,
    readonly mode: Surface,
    readonly agent: string,
    readonly owner: string,
    readonly workspaceDir: string,
    /** Which live instance this is: a session re-created with the same id is a new generation. */
    readonly generation: number,
    /** The retained provider context, kept in step with the store. */
    public context: ChatMessage[],
    turnsSoFar: number,
  ) {
    this.turnCounter = turnsSoFar;
  }

  /** Turn end states the store refused (e.g. locked); written at the next chance, never lost. */
  private readonly unrecordedEnds = new Map<string, "completed" | "cancelled" | "failed">();

  /**
   * Records how a turn ended. If the write fails the state is kept and retried before the next turn
   * and before the session is closed, so a turn that ended is never later "recovered" as interrupted.
   */
  recordTurnEnd(
    store: SessionStore,
    turnId: string,
    state: "completed" | "cancelled" | "failed",
    log: Logger,
  ): void {
    this.unrecordedEnds.set(turnId, state);
    this.flushTurnEnds(store, log);
  }

  flushTurnEnds(store: SessionStore, log: Logger): void {
    for (const [turnId, state] of [...this.unrecordedEnds]) {
      try {
        store.endTurn(this.mode, this.id, turnId, state);
        this.unrecordedEnds.delete(turnId);
      } catch (err) {
        log.error({ err, session: this.id, turn: turnId }, "could not record how a turn ended; will retry");
        return;
      }
    }
  }

  /** Binds the session to the connection that created (or rehydrated) it. */
  attach(attachment: { readonly closed: AbortSignal }): void {
    this.attachment = attachment;
    this.lastUsed = performance.now();
  }

  /** No running turn and the connection it is attached to has closed (SPEC §12). */
  get idleDetached(): boolean {
    return this.turn === undefined && this.attachment?.closed.aborted === true;
  }

  nextTurnId(): string {
    this.turnCounter++;
    return `t_${this.turnCounter}`;
  }

  nextApprovalId(): string {
    this.approvalCounter++;
    return `ap_${this.approvalCounter}`;
  }

  /** Cancels the running turn, if any; resolves once it has ended. */
  async cancel(): Promise<boolean> {
    const turn = this.turn;
    if (!turn) return false;
    turn.abort.abort();
    await turn.done.catch(() => undefined);
    return true;
  }
}
