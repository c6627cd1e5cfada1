// `zeroclaw pair` / `zeroclaw unpair` (SPEC §4, §5 pairing/*, §10) as real child processes against a
// real daemon process running as this test's uid (so the CLI is the admin owner). The token is printed
// once on stdout and is nowhere else afterwards: not in pairing/list, not in the daemon's log, not in
// the SQLite files under the data dir (only its sha256 is stored).
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  childEnv,
  type DaemonProcess,
  type RunResult,
  requireBuild,
  runCli,
  startDaemon,
  tempDirs,
} from "./helpers/proc-daemon.js";

const dirs = tempDirs("zc-pair-");
let daemon: DaemonProcess;
let env: NodeJS.ProcessEnv;
let dataDir: string;

const TOML = `
[users.alice]
permission_profiles = ["reader"]

[permission_profiles.reader]
grants = { system = ["read"] }
`;

beforeAll(async () => {
  requireBuild();
  const home = dirs.make();
  const configDir = join(home, "config");
  mkdirSync(configDir);
  writeFileSync(join(configDir, "config.toml"), TOML);
  dataDir = join(configDir, "data");
  env = childEnv(home, { ZEROCLAW_CONFIG_DIR: configDir });
  daemon = await startDaemon(env, join(dataDir, "daemon.sock"));
});

afterAll(async () => {
  await daemon?.kill();
  dirs.cleanup();
});

type ErrorObject = { code: number; message: string; data?: { reason?: string; [k: string]: unknown } };
type Created = { token_id: string; token: string };
type Listed = { tokens: { token_id: string; user: string; label: string | null; created_at: string }[] };

const stdoutJson = <T>(r: RunResult): T => {
  expect(r.code, `exit ${r.code}; stderr:\n${r.stderr}`).toBe(0);
  return JSON.parse(r.stdout) as T;
};

/**
 * A failed CLI call: exit 1 (3 when no daemon listens), nothing on stdout, one line on stderr: the
 * daemon's message, then its code and reason in parentheses.
 */
const failure = (r: RunResult, exitCode = 1): ErrorObject => {
  expect(r.code, `stdout:\n${r.stdout}`).toBe(exitCode);
  expect(r.stdout).toBe("");
  expect(r.stderr.trim().split("\n"), r.stderr).toHaveLength(1);
  const m = /\((-\d+) ([a-z_]+)\)$/.exec(r.stderr.trim());
  return { code: m ? Number(m[1]) : 0, message: r.stderr, data: m ? { reason: m[2] } : undefined };
};

const list = async (): Promise<Listed> => stdoutJson<Listed>(await runCli(["call", "pairing/list"], env));

/** Every regular file under `dir` (the SQLite database and its -wal/-shm/-journal companions included). */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    const st = statSync(path);
    if (st.isDirectory()) out.push(...filesUnder(path));
    else if (st.isFile()) out.push(path);
  }
  return out;
}

const filesContaining = (dir: string, needle: string): string[] =>
  filesUnder(dir).filter((f) => readFileSync(f).includes(Buffer.from(needle, "utf8")));

const sha256Hex = (s: string): string => createHash("sha256").update(s, "utf8").digest("hex");

describe("zeroclaw pair / unpair", () => {
  let laptop: Created;
  let phone: Created;

  it("pair --user alice --label laptop prints {token_id, token} as JSON on stdout", async () => {
    const r = await runCli(["pair", "--user", "alice", "--label", "laptop"], env);
    laptop = stdoutJson<Created>(r);
    expect(Object.keys(laptop).sort()).toEqual(["token", "token_id"]);
    expect(laptop.token_id).toMatch(/\S/);
    expect(laptop.token).toMatch(/\S/);
    expect(laptop.token).not.toBe(laptop.token_id);
    // Shown once: only on stdout, not echoed on the CLI's stderr.
    expect(r.stderr).not.toContain(laptop.token);

    phone = stdoutJson<Created>(await runCli(["pair", "--user", "alice"], env));
    expect(phone.token_id).not.toBe(laptop.token_id);
    expect(phone.token).not.toBe(laptop.token);
  });

  it("pairing/list shows the tokens (user, label, created_at) but never the token itself", async () => {
    const r = await runCli(["call", "pairing/list"], env);
    const listed = stdoutJson<Listed>(r);
    expect(listed.tokens).toHaveLength(2);
    const entry = listed.tokens.find((t) => t.token_id === laptop.token_id);
    expect(entry).toMatchObject({ token_id: laptop.token_id, user: "alice", label: "laptop" });
    expect(Number.isNaN(Date.parse(entry!.created_at))).toBe(false);
    expect(listed.tokens.find((t) => t.token_id === phone.token_id)).toMatchObject({ user: "alice" });
    for (const t of listed.tokens) expect(Object.keys(t)).not.toContain("token");
    expect(r.stdout).not.toContain(laptop.token);
    expect(r.stdout).not.toContain(phone.token);
  });

  it("pair --user for a user that is not configured exits 1, says how to create it, creates nothing", async () => {
    const err = failure(await runCli(["pair", "--user", "nobody", "--label", "x"], env));
    expect(err.message).toContain('no user "nobody"');
    expect(err.message).toContain("zeroclaw profile add");
    expect(err.message).toContain("zeroclaw user add nobody --profile");
    expect((await list()).tokens).toHaveLength(2);
  });

  it("unpair TOKEN_ID prints {token_id, revoked: true}; the token leaves pairing/list", async () => {
    const revoked = stdoutJson<unknown>(await runCli(["unpair", laptop.token_id], env));
    expect(revoked).toEqual({ token_id: laptop.token_id, revoked: true });
    const ids = (await list()).tokens.map((t) => t.token_id);
    expect(ids).toEqual([phone.token_id]);
  });

  it("unpairing the same token again, or an unknown id, exits 1 with the error object on stderr", async () => {
    const again = failure(await runCli(["unpair", laptop.token_id], env));
    expect(again.code).toBe(-32602);
    const unknown = failure(await runCli(["unpair", "tok_does_not_exist"], env));
    expect(unknown.code).toBe(-32602);
    expect((await list()).tokens.map((t) => t.token_id)).toEqual([phone.token_id]);
  });

  it("no token appears in the daemon's log or in the files under the data dir (only their sha256)", async () => {
    const tokens = [laptop.token, phone.token];
    // While running (rows may still sit in the WAL) and after a clean stop (checkpointed, flushed).
    for (const phase of ["running", "stopped"] as const) {
      if (phase === "stopped") {
        daemon.child.kill("SIGTERM");
        expect(await daemon.waitExit()).toEqual({ code: 0, signal: null });
      }
      for (const token of tokens) {
        expect(daemon.stderr, phase).not.toContain(token);
        expect(filesContaining(dataDir, token), phase).toEqual([]);
      }
      // Positive control: the scan does read the database, where the digests are stored.
      for (const token of tokens) expect(filesContaining(dataDir, sha256Hex(token)), phase).not.toEqual([]);
    }
  });

  it("with no daemon listening, pair exits 3 with one line naming the endpoint", async () => {
    const home = dirs.make();
    const socket = join(home, "none.sock");
    const err = failure(
      await runCli(["pair", "--user", "alice"], childEnv(home, { ZEROCLAW_SOCKET: socket })),
      3,
    );
    expect(err.message).toContain(socket);
    expect(err.message).toContain("zeroclaw daemon");
  });

  it("pair without --user and unpair without an id are usage errors (exit 2)", async () => {
    const pair = await runCli(["pair", "--label", "x"], env);
    expect(pair.code).toBe(2);
    expect(pair.stderr).toContain("zeroclaw pair --user");
    const unpair = await runCli(["unpair"], env);
    expect(unpair.code).toBe(2);
    expect(unpair.stderr).toContain("zeroclaw unpair");
  });
});
