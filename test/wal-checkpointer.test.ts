// Issue 13: WAL checkpoints run off the request path. A worker thread checkpoints (PASSIVE) once
// writes pause, or after checkpoint_max_delay_ms of continuous writes; SQLite's in-commit checkpoint
// is only a net at wal_autocheckpoint_pages. Tests wait for the checkpointer's count, never for time.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Storage } from "../src/storage/database.js";

let dir: string;
let storage: Storage | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "zc-wal-"));
});
afterEach(() => {
  storage?.close();
  storage = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const until = async (cond: () => boolean): Promise<void> => {
  while (!cond()) await new Promise((r) => setTimeout(r, 5));
};

describe("the idle WAL checkpointer", () => {
  it("moves SQLite's in-commit checkpoint to the safety-net page count and checkpoints every written page once writes pause", async () => {
    storage = openDatabase(dir, { checkpoints: { idleMs: 20, maxDelayMs: 60_000, safetyPages: 100_000 } });
    const s = storage;
    expect(s.sqlite.pragma("wal_autocheckpoint", { simple: true })).toBe(100_000);
    s.sqlite.exec("CREATE TABLE t (x TEXT)");
    const insert = s.sqlite.prepare("INSERT INTO t VALUES (?)");
    for (let i = 0; i < 50; i++) insert.run("x".repeat(1000));
    await until(() => s.checkpointer!.completed >= 1);
    const last = s.checkpointer!.last!;
    expect(last.log).toBeGreaterThan(0);
    expect(last.checkpointed).toBe(last.log);
  });

  it("however busy the daemon is, a checkpoint comes within checkpoint_max_delay_ms", async () => {
    storage = openDatabase(dir, { checkpoints: { idleMs: 10, maxDelayMs: 50, safetyPages: 100_000 } });
    const s = storage;
    s.sqlite.exec("CREATE TABLE t (x TEXT)");
    const insert = s.sqlite.prepare("INSERT INTO t VALUES (?)");
    // A write on every tick (a 1 ms timer fires before each 10 ms check), so writes never pause.
    const busy = setInterval(() => insert.run("y"), 1);
    try {
      await until(() => s.checkpointer!.completed >= 1);
    } finally {
      clearInterval(busy);
    }
    expect(s.checkpointer!.last!.log).toBeGreaterThan(0);
  });

  it("without the option (short-lived openers such as the pair command) SQLite auto-checkpoints as before", () => {
    storage = openDatabase(dir);
    expect(storage.checkpointer).toBeUndefined();
    expect(storage.sqlite.pragma("wal_autocheckpoint", { simple: true })).toBe(1000);
  });
});
