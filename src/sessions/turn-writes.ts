// A turn's durable writes, gathered and committed in as few transactions as SPEC §8 allows (issue 13).
// A turn commits once when it starts (the "running" turn row, the prompt row and its checkpoint: from
// then on a crash is recovered with one marker), once before it runs tools (what the model asked for
// is durable before anything runs), once after each tool (its result is on disk before anything else
// happens), and once at its end (the reply's rows, checkpoints and the end state together). A turn
// without tools is two transactions. Whatever prefix of these commits reached disk, recovery finds
// either no turn, or a "running" turn whose committed rows are all there.
import type { ChatMessage } from "./provider.js";
import type { NewTranscriptRow, SessionStore, TurnEndState, TurnWrites } from "./session-store.js";

export class TurnWriteBuffer {
  private start: string | undefined;
  private rows: NewTranscriptRow[] = [];
  private checkpoints: { turnId: string; message: ChatMessage }[] = [];

  constructor(
    private readonly store: SessionStore,
    private readonly surface: string,
    private readonly sessionId: string,
    private readonly turnId: string,
  ) {}

  /** The turn's "running" row goes into the next commit. */
  begin(): void {
    this.start = this.turnId;
  }

  row(...rows: NewTranscriptRow[]): void {
    this.rows.push(...rows);
  }

  checkpoint(message: ChatMessage): void {
    this.checkpoints.push({ turnId: this.turnId, message });
  }

  /**
   * Commits everything gathered (and, with `end`, the turn's end state) as one transaction. If it
   * throws, none of it reached disk and none of it is kept for a later commit.
   */
  flush(end?: TurnEndState): void {
    const writes: TurnWrites = {
      start: this.start,
      rows: this.rows,
      checkpoints: this.checkpoints,
      end: end === undefined ? undefined : { turnId: this.turnId, state: end },
    };
    this.start = undefined;
    this.rows = [];
    this.checkpoints = [];
    if (!writes.start && !writes.end && writes.rows.length === 0 && writes.checkpoints.length === 0) return;
    this.store.commitTurnWrites(this.surface, this.sessionId, writes);
  }
}
