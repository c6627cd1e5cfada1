// WAL checkpoints off the request path (issue 13). SQLite's auto-checkpoint runs inside the commit
// that crosses 1,000 WAL pages (about 75 echo turns), so that request paid for two fsyncs and a copy
// of the WAL into the database: the turn p99. Here a PASSIVE checkpoint runs on a second connection
// in a worker thread once writes have paused for `idleMs`, or `maxDelayMs` after the first write not
// yet checkpointed however busy the daemon is. A PASSIVE checkpoint never blocks a writer.
//
// Why SQLite's own checkpoint stays as a net (at `safetyPages`, default 4,000, not off): the WAL
// starts over only when a writer finds every frame checkpointed, and under writes that never pause
// a background checkpoint never quite catches up, so with it off the WAL grew without bound (229 MB
// over 4,000 turns, and every commit got 40 % slower). With the net it is bounded, and a commit that
// trips it finds most frames already copied by the worker.
//
// Durability is unchanged: in WAL mode with synchronous=NORMAL a commit survives a crash of the
// process the moment it returns (the WAL holds it); only a power loss can lose commits made since
// the last checkpoint fsynced the WAL, and that is now at most `maxDelayMs` (plus the checkpoint's
// own time) while anything is written, where it was up to 1,000 pages.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type Database from "better-sqlite3";

export type CheckpointTiming = { idleMs: number; maxDelayMs: number; safetyPages: number };

export const DEFAULT_CHECKPOINT_TIMING: CheckpointTiming = {
  idleMs: 100,
  maxDelayMs: 500,
  safetyPages: 4000,
};

// Evaluated in the worker (CommonJS): its own connection, one PASSIVE checkpoint per message.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.module);
const db = new Database(workerData.path, { fileMustExist: true });
db.pragma("busy_timeout = 1000");
parentPort.on("message", () => {
  let result;
  try { result = db.pragma("wal_checkpoint(PASSIVE)")[0]; } catch (err) { result = { error: String(err) }; }
  parentPort.postMessage(result);
});`;

export class WalCheckpointer {
  private readonly changes: Database.Statement;
  private readonly timer: NodeJS.Timeout;
  private worker: Worker | undefined;
  private running = false;
  /** total_changes() at the last checkpoint, and at the last tick. */
  private saved: number;
  private seen: number;
  private dirtySince = 0;
  private stopped = false;
  /** Checkpoints completed: a test waits on this, never on time. */
  completed = 0;
  /** The last checkpoint's result (SQLite's wal_checkpoint row: WAL frames and frames copied). */
  last: { busy: number; log: number; checkpointed: number } | undefined;

  constructor(
    sqlite: Database.Database,
    private readonly path: string,
    private readonly timing: CheckpointTiming = DEFAULT_CHECKPOINT_TIMING,
  ) {
    this.changes = sqlite.prepare("SELECT total_changes()").pluck();
    this.saved = this.seen = this.total();
    // One cheap query per tick; unref'd, so it never keeps the daemon alive.
    this.timer = setInterval(() => this.tick(), Math.max(1, Math.min(timing.idleMs, timing.maxDelayMs)));
    this.timer.unref();
  }

  private total(): number {
    return Number(this.changes.get());
  }

  private tick(): void {
    if (this.stopped || this.running) return;
    const now = this.total();
    if (now === this.saved) return;
    const at = performance.now();
    if (this.dirtySince === 0) this.dirtySince = at;
    const idle = now === this.seen;
    this.seen = now;
    if (idle || at - this.dirtySince >= this.timing.maxDelayMs) this.checkpoint(now);
  }

  private checkpoint(upTo: number): void {
    this.running = true;
    const worker = this.ensureWorker();
    worker.once("message", (result: { busy: number; log: number; checkpointed: number }) => {
      this.running = false;
      this.last = result;
      this.saved = upTo;
      this.dirtySince = 0;
      this.completed++;
    });
    worker.postMessage(0);
  }

  private ensureWorker(): Worker {
    if (!this.worker) {
      const module = createRequire(import.meta.url).resolve("better-sqlite3");
      this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { module, path: this.path } });
      this.worker.unref();
      this.worker.on("error", () => {
        // A broken worker must not take the daemon down: checkpoints fall back to SQLite's close.
        this.worker = undefined;
        this.running = false;
      });
    }
    return this.worker;
  }

  /** Stops checking; the worker's connection closes with it (the daemon's close checkpoints last). */
  stop(): Promise<unknown> {
    this.stopped = true;
    clearInterval(this.timer);
    const w = this.worker;
    this.worker = undefined;
    return w ? w.terminate() : Promise.resolve();
  }
}
