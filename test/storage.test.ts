// Storage layer against real SQLite files: migrations, pragmas, file privacy, and the pairing token store.
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findMigrationsFolder, openDatabase, type Storage, StorageError } from "../src/storage/database.js";
import { PairingTokenStore } from "../src/storage/pairing-tokens.js";

const repoRoot = join(import.meta.dirname, "..");
const journal = JSON.parse(
  readFileSync(join(repoRoot, "src/storage/migrations/meta/_journal.json"), "utf8"),
) as { entries: { tag: string }[] };
const posix = process.platform !== "win32";

let dir: string;
let opened: Storage[];

const open = (fileName?: string): Storage => {
  const s = openDatabase(dir, fileName === undefined ? {} : { fileName });
  opened.push(s);
  return s;
};

const appliedMigrations = (s: Storage): number =>
  (s.sqlite.prepare("SELECT count(*) AS n FROM __drizzle_migrations").get() as { n: number }).n;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "zc-storage-"));
  opened = [];
});

afterEach(() => {
  for (const s of opened) s.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("openDatabase", () => {
  it("creates <dataDir>/zeroclaw.db with the pairing_tokens table from the checked-in migrations", () => {
    const s = open();
    expect(s.path).toBe(join(dir, "zeroclaw.db"));
    const columns = s.sqlite.prepare("PRAGMA table_info(pairing_tokens)").all() as { name: string }[];
    expect(columns.map((c) => c.name)).toEqual([
      "token_id",
      "user",
      "label",
      "token_hash",
      "created_at",
      "revoked_at",
    ]);
    expect(appliedMigrations(s)).toBe(journal.entries.length);
    const sqlFile = readFileSync(join(repoRoot, "src/storage/migrations", `${journal.entries[0]!.tag}.sql`));
    const hash = createHash("sha256").update(sqlFile.toString()).digest("hex");
    expect(s.sqlite.prepare("SELECT hash FROM __drizzle_migrations").pluck().all()).toContain(hash);
  });

  it("reopening applies no migration twice and keeps the data", () => {
    const first = open();
    const created = new PairingTokenStore(first).create("alice", "laptop");
    first.close();
    const again = open();
    expect(appliedMigrations(again)).toBe(journal.entries.length);
    expect(new PairingTokenStore(again).list()).toEqual([
      { token_id: created.token_id, user: "alice", label: "laptop", created_at: created.created_at },
    ]);
  });

  it("sets WAL and the connection pragmas", () => {
    const s = open();
    expect(s.sqlite.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(s.sqlite.pragma("synchronous", { simple: true })).toBe(1); // NORMAL
    expect(s.sqlite.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(s.sqlite.pragma("busy_timeout", { simple: true })).toBe(5000);
  });

  it.runIf(posix)("creates the database, and SQLite its -wal, with mode 0600", () => {
    const s = open();
    new PairingTokenStore(s).create("alice");
    expect(statSync(s.path).mode & 0o777).toBe(0o600);
    expect(statSync(`${s.path}-wal`).mode & 0o777).toBe(0o600);
  });

  it("creates a missing data dir and honours fileName", () => {
    const s = openDatabase(join(dir, "nested", "data"), { fileName: "other.db" });
    opened.push(s);
    expect(s.path).toBe(join(dir, "nested", "data", "other.db"));
    expect(existsSync(s.path)).toBe(true);
  });

  it("a failing migration throws a StorageError naming the database file", () => {
    const path = join(dir, "zeroclaw.db");
    // A table the first migration would create, made outside drizzle's bookkeeping.
    const raw = new Database(path);
    raw.exec("CREATE TABLE pairing_tokens (x)");
    raw.close();
    let err: unknown;
    try {
      open();
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(StorageError);
    expect((err as StorageError).path).toBe(path);
    expect((err as Error).message).toContain(path);
    expect((err as Error).message).toMatch(/migration failed/);
  });

  it("a file that is not a database throws a StorageError naming it", () => {
    const path = join(dir, "zeroclaw.db");
    writeFileSync(path, "definitely not sqlite, just text that is long enough to be read as a header");
    expect(() => open()).toThrow(StorageError);
    expect(() => open()).toThrow(path);
  });

  it("finds the migrations from the compiled location too (tsc copies no .sql)", () => {
    const expected = join(repoRoot, "src/storage/migrations");
    expect(findMigrationsFolder(join(repoRoot, "src/storage"))).toBe(expected);
    expect(findMigrationsFolder(join(repoRoot, "dist/src/storage"))).toBe(expected);
    expect(() => findMigrationsFolder(tmpdir())).toThrow(/migrations not found/);
  });
});

describe("PairingTokenStore", () => {
  it("creates tokens in the documented shapes and lists them oldest first", () => {
    const store = new PairingTokenStore(open());
    const a = store.create("alice", "laptop");
    const b = store.create("bob");
    expect(a.token_id).toMatch(/^tok_[0-9a-f]{16}$/);
    expect(a.token).toMatch(/^zc_[A-Za-z0-9_-]{43}$/);
    expect(new Date(a.created_at).toISOString()).toBe(a.created_at);
    expect(store.list()).toEqual([
      { token_id: a.token_id, user: "alice", label: "laptop", created_at: a.created_at },
      { token_id: b.token_id, user: "bob", label: null, created_at: b.created_at },
    ]);
    expect(store.activeTokens().map((t) => t.token_id)).toEqual([a.token_id, b.token_id]);
    expect(store.activeTokens()[0]!.token_hash).toBe(createHash("sha256").update(a.token).digest("hex"));
  });

  it("findActive and isActive see a token until it is revoked", () => {
    const store = new PairingTokenStore(open());
    const a = store.create("alice");
    expect(store.findActive(a.token)).toEqual({ token_id: a.token_id, user: "alice" });
    expect(store.isActive(a.token_id)).toBe(true);
    expect(store.findActive(`${a.token}x`)).toBeUndefined();

    expect(store.revoke(a.token_id)).toBe(true);
    expect(store.findActive(a.token)).toBeUndefined();
    expect(store.isActive(a.token_id)).toBe(false);
    expect(store.list()).toEqual([]);
    expect(store.activeTokens()).toEqual([]);
  });

  it("revoke returns false for an unknown id and for a second revoke, leaving revoked_at alone", () => {
    const s = open();
    const store = new PairingTokenStore(s);
    expect(store.revoke("tok_0000000000000000")).toBe(false);
    const a = store.create("alice");
    expect(store.revoke(a.token_id)).toBe(true);
    const revokedAt = s.sqlite.prepare("SELECT revoked_at FROM pairing_tokens").pluck().get();
    expect(store.revoke(a.token_id)).toBe(false);
    expect(s.sqlite.prepare("SELECT revoked_at FROM pairing_tokens").pluck().get()).toBe(revokedAt);
    expect(store.isActive("tok_0000000000000000")).toBe(false);
  });

  it("never writes the raw token to disk, only its sha256", () => {
    const s = open();
    const store = new PairingTokenStore(s);
    const tokens = [store.create("alice", "one"), store.create("bob", "two")];
    store.revoke(tokens[1]!.token_id);
    s.sqlite.pragma("wal_checkpoint(PASSIVE)");
    const bytes = Buffer.concat(
      [s.path, `${s.path}-wal`].filter((p) => existsSync(p)).map((p) => readFileSync(p)),
    );
    for (const t of tokens) {
      expect(bytes.includes(t.token)).toBe(false);
      expect(bytes.includes(t.token.slice(3))).toBe(false);
      expect(bytes.includes(createHash("sha256").update(t.token).digest("hex"))).toBe(true);
    }
  });

  it("two connections on the same file see each other's writes", () => {
    const one = new PairingTokenStore(open());
    const two = new PairingTokenStore(open());
    const a = one.create("alice");
    expect(two.findActive(a.token)?.token_id).toBe(a.token_id);
    const b = two.create("bob");
    expect(one.list().map((t) => t.token_id)).toEqual([a.token_id, b.token_id]);
    expect(two.revoke(a.token_id)).toBe(true);
    expect(one.isActive(a.token_id)).toBe(false);
    expect(one.revoke(a.token_id)).toBe(false);
  });

  it("property: list() and findActive() follow a model of creates and revokes", () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant("create" as const),
        user: fc.string({ minLength: 1, maxLength: 12 }),
        label: fc.option(fc.string({ maxLength: 12 }), { nil: undefined }),
      }),
      // Index into everything created so far (revoked ones included); out of range means an unknown id.
      fc.record({ kind: fc.constant("revoke" as const), pick: fc.nat({ max: 40 }) }),
    );
    let run = 0;
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        const s = open(`prop-${run++}.db`);
        const store = new PairingTokenStore(s);
        const created: { token_id: string; token: string; user: string; label: string | null }[] = [];
        const revoked = new Set<string>();
        for (const o of ops) {
          if (o.kind === "create") {
            const c = store.create(o.user, o.label);
            created.push({ token_id: c.token_id, token: c.token, user: o.user, label: o.label ?? null });
          } else {
            const target = created[o.pick];
            const id = target?.token_id ?? `tok_${o.pick.toString(16).padStart(16, "0")}`;
            const expected = target !== undefined && !revoked.has(id);
            expect(store.revoke(id)).toBe(expected);
            revoked.add(id);
          }
        }
        const live = created.filter((c) => !revoked.has(c.token_id));
        expect(store.list().map(({ token_id, user, label }) => ({ token_id, user, label }))).toEqual(
          live.map(({ token_id, user, label }) => ({ token_id, user, label })),
        );
        for (const c of created) {
          const found = store.findActive(c.token);
          expect(found).toEqual(revoked.has(c.token_id) ? undefined : { token_id: c.token_id, user: c.user });
          expect(store.isActive(c.token_id)).toBe(!revoked.has(c.token_id));
        }
        s.close();
      }),
      { numRuns: 60 },
    );
  });
});
