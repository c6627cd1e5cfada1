// SPEC §9 (files and chunked uploads) and the upload errors of §11, against the real in-process daemon
// over real sockets: begin limits (size, filename bytes, per-connection slots, the staging budget with
// metadata, idle reclaim), chunk offsets and re-sends, commit (incomplete, hash, FileEntry, content
// addressing, dedup, slots), the binding to connection and session generation, re-checks of grants,
// ownership and agent rights at commit, the gateway's local-only rule, restore of tampered files, and a
// fast-check property over interleavings of chunk sends, retries and refusals.
import { createHash } from "node:crypto";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { ownerPrincipal } from "../src/auth/principal.js";
import { WsRpcClient } from "./helpers/proc-ws-client.js";
import { RawClient, type WireMessage } from "./helpers/raw-client.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let d: TestDaemon | undefined;
const closers: (() => void)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) c();
  await d?.stop();
  d = undefined;
});

type RpcError = { code: number; message: string; data?: Record<string, unknown> };
type FileEntry = {
  ref_id: string;
  filename: string;
  marker: string;
  workspace_path: string;
  size_bytes: number;
  deduplicated: boolean;
};
type Begun = { upload_id: string; chunk_bytes: number; max_bytes: number };
type Session = { session_id: string; workspace_dir: string };

const MIB = 1024 * 1024;
const uid = process.getuid!();
const sha = (b: Buffer): string => createHash("sha256").update(b).digest("hex");
const b64 = (b: Buffer | string): string => Buffer.from(b).toString("base64");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function resultOf<T>(m: WireMessage): T {
  if (m.error || m.result === undefined) throw new Error(`expected a result, got ${JSON.stringify(m)}`);
  return m.result as T;
}
function errorOf(m: WireMessage): RpcError {
  if (!m.error) throw new Error(`expected an error, got ${JSON.stringify(m)}`);
  return m.error;
}

/** Polls `probe` until it returns true (an observable event), failing after 10 s. */
async function eventually(probe: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (await probe()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

async function local(): Promise<RawClient> {
  const c = await RawClient.connect(d!.endpoint);
  closers.push(() => c.close());
  await c.initialize();
  return c;
}

async function gateway(token: string): Promise<WsRpcClient> {
  const url = d!.daemon.services.gatewayUrl();
  if (!url) throw new Error("gateway not running");
  const g = await WsRpcClient.open(url);
  closers.push(() => g.close());
  resultOf(await g.request("initialize", { protocolVersion: 1, auth_token: token }));
  return g;
}

/** A pairing token for `user`, made through the same store pairing/create uses. */
function pairToken(user: string): string {
  const { token } = d!.daemon.services.pairing.create(user, "files test");
  d!.daemon.services.authority.tokensChanged();
  return token;
}

/** Changes config as the owner, through the same service config/set-many uses. */
const asOwner = (sets: { prop: string; value: unknown }[]) =>
  d!.daemon.services.config.setMany(sets, () => ownerPrincipal());

async function newSession(
  c: RawClient | WsRpcClient,
  params: Record<string, unknown> = {},
): Promise<Session> {
  return resultOf<Session>(await c.request("session/new", params));
}

async function begin(c: RawClient, params: Record<string, unknown>): Promise<Begun> {
  return resultOf<Begun>(await c.request("file/upload/begin", params));
}

const chunk = (c: RawClient, uploadId: string, offset: number, data: Buffer | string): Promise<WireMessage> =>
  c.request("file/upload/chunk", { upload_id: uploadId, offset, data_b64: b64(data) });

const commit = (c: RawClient, uploadId: string): Promise<WireMessage> =>
  c.request("file/upload/commit", { upload_id: uploadId });

/** Sends `bytes[from..]` in order, `size` bytes a chunk, checking each acknowledgement. */
async function sendFrom(c: RawClient, uploadId: string, bytes: Buffer, from: number, size: number) {
  for (let off = from; off < bytes.length; off += size) {
    const piece = bytes.subarray(off, Math.min(off + size, bytes.length));
    expect(resultOf(await chunk(c, uploadId, off, piece))).toEqual({
      upload_id: uploadId,
      received_bytes: off + piece.length,
    });
  }
}

/** begin + every chunk + commit; resolves with the FileEntry. */
async function upload(
  c: RawClient,
  sessionId: string,
  bytes: Buffer,
  opts: { filename?: string; sha256?: string; chunkSize?: number } = {},
): Promise<FileEntry> {
  const params: Record<string, unknown> = { session_id: sessionId, size_bytes: bytes.length };
  if (opts.filename !== undefined) params.filename = opts.filename;
  if (opts.sha256 !== undefined) params.sha256 = opts.sha256;
  const { upload_id, chunk_bytes } = await begin(c, params);
  await sendFrom(c, upload_id, bytes, 0, opts.chunkSize ?? chunk_bytes);
  return resultOf<FileEntry>(await commit(c, upload_id));
}

async function attach(
  c: RawClient | WsRpcClient,
  sessionId: string,
  bytes: Buffer,
  filename = "a.bin",
): Promise<WireMessage> {
  return c.request("file/attach", { session_id: sessionId, files: [{ filename, data_b64: b64(bytes) }] });
}

/** Every entry below `dir` (relative paths, directories included), [] if it does not exist. */
function tree(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (p: string): void => {
    for (const name of readdirSync(p)) {
      const full = join(p, name);
      out.push(relative(dir, full));
      const st = lstatSync(full);
      if (st.isDirectory()) walk(full);
    }
  };
  walk(dir);
  return out.sort();
}

/** Where the store keeps a session's files, relative to its workspace (SPEC §12). */
const STORE = join(".zeroclaw", "files");

const bytesOf = (n: number, seed = 1): Buffer => {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = (i * 31 + seed * 17) & 0xff;
  return b;
};

function files(settings: Record<string, number>): string {
  return `[files]\n${Object.entries(settings)
    .map(([k, v]) => `${k} = ${v}`)
    .join("\n")}\n`;
}

/** trust_daemon_uid off, this process's uid mapped to `me` (non-admin), a second agent `other`. */
const POLICY = `
[security]
trust_daemon_uid = false

[agents.other]
provider = "echo"

[permission_profiles.uploader]
grants = { sessions = ["*"], files = ["create"] }
allowed_agents = ["default", "other"]

[users.me]
uid = ${uid}
permission_profiles = ["uploader"]
`;

const GATEWAY = `
[gateway]
enabled = true
port = 0

[permission_profiles.paired]
grants = { sessions = ["*"], files = ["create"] }
allowed_agents = ["default"]

[users.alice]
permission_profiles = ["paired"]
`;

// ---------------------------------------------------------------------------------------------------

describe("file/upload/begin", () => {
  it("reports the SPEC defaults with no config: chunk_bytes 1 MiB, max_bytes 10 MiB", async () => {
    d = await startTestDaemon();
    const c = await local();
    const s = await newSession(c);
    const r = await begin(c, { session_id: s.session_id, size_bytes: 4, filename: "t.txt" });
    expect(r).toEqual({ upload_id: expect.any(String), chunk_bytes: MIB, max_bytes: 10 * MIB });
    expect(r.upload_id.length).toBeGreaterThan(0);
  });

  it("reports the configured chunk size and maximum, and gives every upload its own id", async () => {
    d = await startTestDaemon(files({ chunk_bytes: 8, max_file_bytes: 64 }));
    const c = await local();
    const s = await newSession(c);
    const a = await begin(c, { session_id: s.session_id, size_bytes: 64 });
    const b = await begin(c, { session_id: s.session_id, size_bytes: 0 });
    expect(a).toEqual({ upload_id: expect.any(String), chunk_bytes: 8, max_bytes: 64 });
    expect(b.upload_id).not.toBe(a.upload_id);
  });

  it("refuses a size over max_bytes with -32602 file_too_large {limit_bytes, size_bytes}; file/attach too", async () => {
    d = await startTestDaemon(files({ max_file_bytes: 64 }));
    const c = await local();
    const s = await newSession(c);
    expect(
      errorOf(await c.request("file/upload/begin", { session_id: s.session_id, size_bytes: 65 })),
    ).toEqual({
      code: -32602,
      message: expect.any(String),
      data: { reason: "file_too_large", limit_bytes: 64, size_bytes: 65 },
    });
    expect(errorOf(await attach(c, s.session_id, bytesOf(65))).data).toEqual({
      reason: "file_too_large",
      limit_bytes: 64,
      size_bytes: 65,
    });
    await begin(c, { session_id: s.session_id, size_bytes: 64 });
    expect(resultOf<{ files: FileEntry[] }>(await attach(c, s.session_id, bytesOf(64))).files).toHaveLength(
      1,
    );
  });

  it("counts the filename in UTF-8 bytes: 255 bytes pass, 256 are filename_too_long (multi-byte too)", async () => {
    d = await startTestDaemon();
    const c = await local();
    const s = await newSession(c);
    const ok255 = ["a".repeat(255), "€".repeat(85), `${"é".repeat(127)}a`];
    for (const filename of ok255) {
      expect(Buffer.byteLength(filename)).toBe(255);
      await begin(c, { session_id: s.session_id, size_bytes: 0, filename });
    }
    const over = ["a".repeat(256), `${"€".repeat(85)}a`, "é".repeat(128), "😀".repeat(64)];
    for (const filename of over) {
      expect(filename.length).toBeLessThanOrEqual(256);
      expect(Buffer.byteLength(filename)).toBeGreaterThan(255);
      expect(
        errorOf(await c.request("file/upload/begin", { session_id: s.session_id, size_bytes: 1, filename })),
      ).toEqual({
        code: -32602,
        message: expect.any(String),
        data: { reason: "filename_too_long", limit_bytes: 255 },
      });
      expect(errorOf(await attach(c, s.session_id, Buffer.from("x"), filename)).data).toEqual({
        reason: "filename_too_long",
        limit_bytes: 255,
      });
    }
  });

  it("allows 4 staged uploads per connection: the 5th is -32031 connection_uploads {limit: 4}; another connection still begins", async () => {
    d = await startTestDaemon();
    const c = await local();
    const s = await newSession(c);
    for (let i = 0; i < 4; i++) await begin(c, { session_id: s.session_id, size_bytes: 10 });
    expect(
      errorOf(await c.request("file/upload/begin", { session_id: s.session_id, size_bytes: 10 })),
    ).toEqual({
      code: -32031,
      message: expect.any(String),
      data: { reason: "connection_uploads", limit: 4 },
    });
    // a refusal does not take a slot: still refused, not more
    expect(
      errorOf(await c.request("file/upload/begin", { session_id: s.session_id, size_bytes: 0 })).data,
    ).toEqual({ reason: "connection_uploads", limit: 4 });
    const other = await local();
    for (let i = 0; i < 4; i++) await begin(other, { session_id: s.session_id, size_bytes: 10 });
  });

  it("reports the configured per-connection limit", async () => {
    d = await startTestDaemon(files({ max_uploads_per_connection: 2 }));
    const c = await local();
    const s = await newSession(c);
    await begin(c, { session_id: s.session_id, size_bytes: 1 });
    await begin(c, { session_id: s.session_id, size_bytes: 1 });
    expect(
      errorOf(await c.request("file/upload/begin", { session_id: s.session_id, size_bytes: 1 })).data,
    ).toEqual({ reason: "connection_uploads", limit: 2 });
  });

  it("a successful commit frees its slot: after 4 commits, 4 more can begin", async () => {
    d = await startTestDaemon();
    const c = await local();
    const s = await newSession(c);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      ids.push((await begin(c, { session_id: s.session_id, size_bytes: 1, filename: `f${i}` })).upload_id);
    }
    for (const [i, id] of ids.entries()) {
      resultOf(await chunk(c, id, 0, Buffer.from([i])));
      resultOf<FileEntry>(await commit(c, id));
      // once committed the id is gone
      expect(errorOf(await commit(c, id)).code).toBe(-32030);
    }
    for (let i = 0; i < 4; i++) await begin(c, { session_id: s.session_id, size_bytes: 1 });
    expect(
      errorOf(await c.request("file/upload/begin", { session_id: s.session_id, size_bytes: 1 })).code,
    ).toBe(-32031);
  });

  it("refuses uploads that do not fit the staging budget (across connections) with -32031 budget {limit_bytes}", async () => {
    d = await startTestDaemon(files({ upload_budget_bytes: 4096, max_file_bytes: 8192 }));
    const a = await local();
    const b = await local();
    const s = await newSession(a);
    // the payload alone must fit with its metadata on top
    expect(
      errorOf(await a.request("file/upload/begin", { session_id: s.session_id, size_bytes: 4096 })),
    ).toEqual({ code: -32031, message: expect.any(String), data: { reason: "budget", limit_bytes: 4096 } });
    await begin(a, { session_id: s.session_id, size_bytes: 2000 });
    // 2000 + 2096 = 4096 payload bytes: with any metadata counted, it no longer fits
    for (const c of [a, b]) {
      expect(
        errorOf(await c.request("file/upload/begin", { session_id: s.session_id, size_bytes: 2096 })).data,
      ).toEqual({ reason: "budget", limit_bytes: 4096 });
    }
    // a small one still fits
    await begin(b, { session_id: s.session_id, size_bytes: 100 });
  });

  it("counts metadata: empty uploads are not free, and enough of them with long filenames exhaust a small budget", async () => {
    d = await startTestDaemon(files({ upload_budget_bytes: 1500 }));
    const conns = [await local(), await local(), await local()];
    const s = await newSession(conns[0]!);
    const filename = "n".repeat(250);
    let accepted = 0;
    const refusals: RpcError[] = [];
    for (const c of conns) {
      for (let i = 0; i < 4; i++) {
        const m = await c.request("file/upload/begin", { session_id: s.session_id, size_bytes: 0, filename });
        if (m.result) accepted++;
        else refusals.push(errorOf(m));
      }
    }
    // each retained filename alone is 250 bytes, so at most 6 fit even with no other metadata; every
    // refusal is the budget (no connection held more than 4)
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThanOrEqual(5);
    expect(refusals.length).toBe(12 - accepted);
    for (const e of refusals)
      expect(e).toMatchObject({ code: -32031, data: { reason: "budget", limit_bytes: 1500 } });
  });

  it("refuses even an empty, unnamed upload when the budget cannot hold its metadata", async () => {
    d = await startTestDaemon(files({ upload_budget_bytes: 1 }));
    const c = await local();
    const s = await newSession(c);
    expect(
      errorOf(await c.request("file/upload/begin", { session_id: s.session_id, size_bytes: 0 })),
    ).toEqual({
      code: -32031,
      message: expect.any(String),
      data: { reason: "budget", limit_bytes: 1 },
    });
  });

  it("a silent client cannot hold the budget: its idle uploads are reclaimed when a new upload does not fit, even on an open connection", async () => {
    // The default idle timeout (5 min) keeps the background sweep out of this test; the timeout is then
    // lowered so that the silent client's upload is idle past it and only the begin can reclaim it.
    d = await startTestDaemon(files({ upload_budget_bytes: 4096 }));
    const silent = await local();
    const busy = await local();
    const s = await newSession(silent);
    const held = await begin(silent, { session_id: s.session_id, size_bytes: 3000 });
    resultOf(await chunk(silent, held.upload_id, 0, bytesOf(10)));
    // not idle yet: the budget is held
    expect(
      errorOf(await busy.request("file/upload/begin", { session_id: s.session_id, size_bytes: 3000 })).data,
    ).toEqual({ reason: "budget", limit_bytes: 4096 });

    await asOwner([{ prop: "files.upload_idle_timeout_ms", value: 5 }]);
    const idleSince = Date.now();
    await eventually(() => Date.now() - idleSince > 30, "the silent upload to be idle past the timeout");
    const fresh = await begin(busy, { session_id: s.session_id, size_bytes: 3000 });
    expect(fresh.upload_id).not.toBe(held.upload_id);
    // Back to the default, so the background sweep cannot take the fresh upload between its calls on
    // a loaded machine (5 ms is shorter than a busy event loop's turn).
    await asOwner([{ prop: "files.upload_idle_timeout_ms", value: 300_000 }]);
    // the silent client's connection is still open, but its upload is gone
    expect(silent.isClosed).toBe(false);
    expect(errorOf(await chunk(silent, held.upload_id, 10, bytesOf(10)))).toEqual({
      code: -32030,
      message: expect.any(String),
      data: { reason: "upload_not_found", upload_id: held.upload_id },
    });
    expect(errorOf(await commit(silent, held.upload_id)).code).toBe(-32030);
    expect(resultOf(await silent.request("status", {}))).toBeDefined();
    // the upload that reclaimed it works normally
    await sendFrom(busy, fresh.upload_id, bytesOf(3000, 2), 0, MIB);
    expect(resultOf<FileEntry>(await commit(busy, fresh.upload_id)).size_bytes).toBe(3000);
  });

  it("an upload idle past the timeout is discarded in the background, with no budget pressure", async () => {
    d = await startTestDaemon(files({ upload_idle_timeout_ms: 100 }));
    const c = await local();
    const s = await newSession(c);
    const { upload_id } = await begin(c, { session_id: s.session_id, size_bytes: 10 });
    // commit of an incomplete upload is refused without counting as activity; wait for it to vanish
    await eventually(
      async () => errorOf(await commit(c, upload_id)).code === -32030,
      "the idle upload to go",
    );
    expect(c.isClosed).toBe(false);
  });

  it("an upload idle past the timeout is expired at once, not revived by a chunk before the next sweep", async () => {
    d = await startTestDaemon();
    const c = await local();
    const s = await newSession(c);
    const { upload_id } = await begin(c, { session_id: s.session_id, size_bytes: 10 });
    resultOf(await chunk(c, upload_id, 0, bytesOf(5)));
    await asOwner([{ prop: "files.upload_idle_timeout_ms", value: 5 }]);
    const idleSince = Date.now();
    await eventually(() => Date.now() - idleSince > 30, "the upload to be idle past the timeout");
    // SPEC §9: "an upload idle 5 minutes is discarded"; -32030 covers "expired"
    expect(errorOf(await chunk(c, upload_id, 5, bytesOf(5).subarray(0, 5))).code).toBe(-32030);
  });

  it("checks the session: unknown → -32000", async () => {
    d = await startTestDaemon();
    const c = await local();
    expect(errorOf(await c.request("file/upload/begin", { session_id: "nope", size_bytes: 1 }))).toEqual({
      code: -32000,
      message: expect.any(String),
      data: { reason: "session_not_found", session_id: "nope" },
    });
  });
});

// ---------------------------------------------------------------------------------------------------

describe("file/upload/chunk", () => {
  it("requires offset == bytes received so far: -32032 {expected_offset}, the upload unchanged", async () => {
    d = await startTestDaemon(files({ chunk_bytes: 8 }));
    const c = await local();
    const s = await newSession(c);
    const data = bytesOf(20);
    const { upload_id } = await begin(c, { session_id: s.session_id, size_bytes: 20 });
    expect(errorOf(await chunk(c, upload_id, 3, data.subarray(3, 7)))).toEqual({
      code: -32032,
      message: expect.any(String),
      data: { reason: "offset_mismatch", expected_offset: 0 },
    });
    expect(resultOf(await chunk(c, upload_id, 0, data.subarray(0, 8)))).toEqual({
      upload_id,
      received_bytes: 8,
    });
    expect(errorOf(await chunk(c, upload_id, 12, data.subarray(12, 16))).data).toEqual({
      reason: "offset_mismatch",
      expected_offset: 8,
    });
    // an overlap (starts inside what arrived, runs past it) is refused even though its bytes are right
    expect(errorOf(await chunk(c, upload_id, 4, data.subarray(4, 12))).data).toEqual({
      reason: "offset_mismatch",
      expected_offset: 8,
    });
    await sendFrom(c, upload_id, data, 8, 8);
    const entry = resultOf<FileEntry>(await commit(c, upload_id));
    expect(readFileSync(entry.workspace_path)).toEqual(data);
  });

  it("acknowledges an identical re-send of an accepted chunk unchanged; a different re-send is -32032", async () => {
    d = await startTestDaemon(files({ chunk_bytes: 4 }));
    const c = await local();
    const s = await newSession(c);
    const data = Buffer.from("abcdefghij");
    const { upload_id } = await begin(c, { session_id: s.session_id, size_bytes: 10 });
    expect(resultOf(await chunk(c, upload_id, 0, "abcd"))).toEqual({ upload_id, received_bytes: 4 });
    // lost response: the same chunk again
    expect(resultOf(await chunk(c, upload_id, 0, "abcd"))).toEqual({ upload_id, received_bytes: 4 });
    expect(resultOf(await chunk(c, upload_id, 4, "efgh"))).toEqual({ upload_id, received_bytes: 8 });
    // an older accepted chunk re-sent later: still acknowledged with what has arrived
    expect(resultOf(await chunk(c, upload_id, 0, "abcd"))).toEqual({ upload_id, received_bytes: 8 });
    expect(resultOf(await chunk(c, upload_id, 4, "efgh"))).toEqual({ upload_id, received_bytes: 8 });
    // different bytes at an old offset
    expect(errorOf(await chunk(c, upload_id, 0, "abcX"))).toEqual({
      code: -32032,
      message: expect.any(String),
      data: { reason: "offset_mismatch", expected_offset: 8 },
    });
    expect(errorOf(await chunk(c, upload_id, 4, "XXXX")).data).toEqual({
      reason: "offset_mismatch",
      expected_offset: 8,
    });
    expect(resultOf(await chunk(c, upload_id, 8, "ij"))).toEqual({ upload_id, received_bytes: 10 });
    const entry = resultOf<FileEntry>(await commit(c, upload_id));
    expect(readFileSync(entry.workspace_path)).toEqual(data);
  });

  it("refuses a chunk past the declared size (-32602 exceeds_declared_size {size_bytes}) and leaves the upload as it was", async () => {
    d = await startTestDaemon(files({ chunk_bytes: 8 }));
    const c = await local();
    const s = await newSession(c);
    const { upload_id } = await begin(c, { session_id: s.session_id, size_bytes: 6 });
    expect(errorOf(await chunk(c, upload_id, 0, "1234567"))).toEqual({
      code: -32602,
      message: expect.any(String),
      data: { reason: "exceeds_declared_size", size_bytes: 6 },
    });
    expect(resultOf(await chunk(c, upload_id, 0, "1234"))).toEqual({ upload_id, received_bytes: 4 });
    expect(errorOf(await chunk(c, upload_id, 4, "567")).data).toEqual({
      reason: "exceeds_declared_size",
      size_bytes: 6,
    });
    expect(resultOf(await chunk(c, upload_id, 4, "56"))).toEqual({ upload_id, received_bytes: 6 });
    expect(errorOf(await chunk(c, upload_id, 6, "7")).data).toEqual({
      reason: "exceeds_declared_size",
      size_bytes: 6,
    });
    expect(readFileSync(resultOf<FileEntry>(await commit(c, upload_id)).workspace_path).toString()).toBe(
      "123456",
    );
  });

  it("refuses a chunk over chunk_bytes with -32602 chunk_too_large {limit_bytes}", async () => {
    d = await startTestDaemon(files({ chunk_bytes: 8 }));
    const c = await local();
    const s = await newSession(c);
    const { upload_id } = await begin(c, { session_id: s.session_id, size_bytes: 20 });
    for (const n of [9, 12, 20]) {
      expect(errorOf(await chunk(c, upload_id, 0, bytesOf(n)))).toEqual({
        code: -32602,
        message: expect.any(String),
        data: { reason: "chunk_too_large", limit_bytes: 8 },
      });
    }
    expect(resultOf(await chunk(c, upload_id, 0, bytesOf(8)))).toEqual({ upload_id, received_bytes: 8 });
  });

  it("refuses invalid base64 with -32602 and leaves the upload as it was", async () => {
    d = await startTestDaemon(files({ chunk_bytes: 16 }));
    const c = await local();
    const s = await newSession(c);
    const { upload_id } = await begin(c, { session_id: s.session_id, size_bytes: 8 });
    resultOf(await chunk(c, upload_id, 0, "abcd"));
    for (const bad of ["abc", "ab!d", "YQ", "Y===", "YQ==YQ==", "ZW Zn", "ZW-_", "ZWZn\n"]) {
      const e = errorOf(await c.request("file/upload/chunk", { upload_id, offset: 4, data_b64: bad }));
      expect(e.code).toBe(-32602);
      expect(e.data).toMatchObject({ reason: "invalid_params" });
    }
    expect(resultOf(await chunk(c, upload_id, 4, "efgh"))).toEqual({ upload_id, received_bytes: 8 });
    // file/attach shares the rule
    expect(
      errorOf(
        await c.request("file/attach", {
          session_id: s.session_id,
          files: [{ filename: "x", data_b64: "a!==" }],
        }),
      ).code,
    ).toBe(-32602);
  });

  it("an upload belongs to its connection: another connection naming it gets -32030, like an unknown id", async () => {
    d = await startTestDaemon();
    const owner = await local();
    const other = await local();
    const s = await newSession(owner);
    const { upload_id } = await begin(owner, { session_id: s.session_id, size_bytes: 4 });
    const unknown = errorOf(await chunk(other, "up_does_not_exist", 0, "abcd"));
    const foreign = errorOf(await chunk(other, upload_id, 0, "abcd"));
    expect(foreign).toEqual({
      code: -32030,
      message: unknown.message,
      data: { reason: "upload_not_found", upload_id },
    });
    expect(unknown.data).toEqual({ reason: "upload_not_found", upload_id: "up_does_not_exist" });
    const foreignCommit = errorOf(await commit(other, upload_id));
    expect(foreignCommit).toEqual({ code: -32030, message: unknown.message, data: foreign.data });
    // the owner's upload was not touched by any of this
    expect(resultOf(await chunk(owner, upload_id, 0, "abcd"))).toEqual({ upload_id, received_bytes: 4 });
    expect(resultOf<FileEntry>(await commit(owner, upload_id)).size_bytes).toBe(4);
  });

  it("discards a connection's uploads when it closes: the id is gone and its budget is free again", async () => {
    d = await startTestDaemon(files({ upload_budget_bytes: 4096 }));
    const first = await local();
    const second = await local();
    const s = await newSession(second);
    const { upload_id } = await begin(first, { session_id: s.session_id, size_bytes: 3000 });
    resultOf(await chunk(first, upload_id, 0, bytesOf(100)));
    expect(
      errorOf(await second.request("file/upload/begin", { session_id: s.session_id, size_bytes: 3000 })).data,
    ).toEqual({ reason: "budget", limit_bytes: 4096 });
    first.close();
    await first.closed;
    // fits only once the daemon has discarded the closed connection's upload
    let fresh: Begun | undefined;
    await eventually(async () => {
      const m = await second.request("file/upload/begin", { session_id: s.session_id, size_bytes: 3000 });
      if (m.result) fresh = m.result as Begun;
      else expect(errorOf(m).data).toEqual({ reason: "budget", limit_bytes: 4096 });
      return m.result !== undefined;
    }, "the closed connection's upload to be discarded");
    expect(fresh!.upload_id).not.toBe(upload_id);
    const third = await local();
    expect(errorOf(await chunk(third, upload_id, 100, bytesOf(10))).code).toBe(-32030);
    expect(errorOf(await commit(third, upload_id)).code).toBe(-32030);
    expect(errorOf(await commit(second, upload_id)).code).toBe(-32030);
  });
});

// ---------------------------------------------------------------------------------------------------

describe("file/upload/commit", () => {
  it("refuses an incomplete upload with -32033 {received_bytes, size_bytes}; the upload stays and completes", async () => {
    d = await startTestDaemon(files({ chunk_bytes: 4 }));
    const c = await local();
    const s = await newSession(c);
    const data = Buffer.from("0123456789");
    const { upload_id } = await begin(c, { session_id: s.session_id, size_bytes: 10, filename: "n.txt" });
    expect(errorOf(await commit(c, upload_id))).toEqual({
      code: -32033,
      message: expect.any(String),
      data: { reason: "upload_incomplete", received_bytes: 0, size_bytes: 10 },
    });
    resultOf(await chunk(c, upload_id, 0, data.subarray(0, 4)));
    expect(errorOf(await commit(c, upload_id)).data).toEqual({
      reason: "upload_incomplete",
      received_bytes: 4,
      size_bytes: 10,
    });
    expect(tree(s.workspace_dir)).toEqual([]);
    await sendFrom(c, upload_id, data, 4, 4);
    const entry = resultOf<FileEntry>(await commit(c, upload_id));
    expect(readFileSync(entry.workspace_path)).toEqual(data);
  });

  it("refuses a declared sha256 that does not match with -32034; the upload stays staged and nothing is written", async () => {
    d = await startTestDaemon();
    const c = await local();
    const s = await newSession(c);
    const data = Buffer.from("hello");
    const wrong = sha(Buffer.from("hellO"));
    const { upload_id } = await begin(c, { session_id: s.session_id, size_bytes: 5, sha256: wrong });
    resultOf(await chunk(c, upload_id, 0, data));
    const e = errorOf(await commit(c, upload_id));
    expect(e).toEqual({
      code: -32034,
      message: expect.any(String),
      data: { reason: "hash_mismatch", expected_sha256: wrong, actual_sha256: sha(data) },
    });
    // still staged (not -32030), still refused, and nothing reached the workspace
    expect(errorOf(await commit(c, upload_id)).code).toBe(-32034);
    expect(resultOf(await chunk(c, upload_id, 0, data))).toEqual({ upload_id, received_bytes: 5 });
    expect(tree(s.workspace_dir)).toEqual([]);
  });

  it("accepts a matching sha256, in upper case too", async () => {
    d = await startTestDaemon();
    const c = await local();
    const s = await newSession(c);
    const data = Buffer.from("hash me");
    const e1 = await upload(c, s.session_id, data, { sha256: sha(data) });
    const s2 = await newSession(c);
    const e2 = await upload(c, s2.session_id, data, { sha256: sha(data).toUpperCase() });
    expect(e1.ref_id).toBe(`sha256:${sha(data)}`);
    expect(e2.ref_id).toBe(`sha256:${sha(data)}`);
  });

  it("stores the file under its hash in the session workspace and answers with a FileEntry", async () => {
    d = await startTestDaemon(files({ chunk_bytes: 3 }));
    const c = await local();
    const s = await newSession(c);
    const data = Buffer.from("hello world");
    const hex = sha(data);
    const { upload_id } = await begin(c, { session_id: s.session_id, size_bytes: 11, filename: "hello.txt" });
    await sendFrom(c, upload_id, data, 0, 3);
    // nothing in the workspace before commit: no files dir, no temp file
    expect(tree(s.workspace_dir)).toEqual([]);
    const entry = resultOf<FileEntry>(await commit(c, upload_id));
    expect(entry).toEqual({
      ref_id: `sha256:${hex}`,
      filename: "hello.txt",
      marker: expect.any(String),
      workspace_path: join(s.workspace_dir, ".zeroclaw", "files", hex),
      size_bytes: 11,
      deduplicated: false,
    });
    expect(entry.marker).toContain("hello.txt");
    expect(readFileSync(entry.workspace_path)).toEqual(data);
    expect(lstatSync(entry.workspace_path).isFile()).toBe(true);
    expect(tree(s.workspace_dir)).toEqual([".zeroclaw", STORE, join(STORE, hex)]);
    // the same marker as file/attach for the same file
    const attached = resultOf<{ files: FileEntry[] }>(await attach(c, s.session_id, data, "hello.txt"))
      .files[0]!;
    expect(attached.marker).toBe(entry.marker);
  });

  it("stores an empty upload committed without any chunk", async () => {
    d = await startTestDaemon();
    const c = await local();
    const s = await newSession(c);
    const { upload_id } = await begin(c, { session_id: s.session_id, size_bytes: 0, filename: "empty" });
    const entry = resultOf<FileEntry>(await commit(c, upload_id));
    expect(entry).toMatchObject({
      ref_id: `sha256:${sha(Buffer.alloc(0))}`,
      size_bytes: 0,
      deduplicated: false,
      workspace_path: join(s.workspace_dir, ".zeroclaw", "files", sha(Buffer.alloc(0))),
    });
    expect(readFileSync(entry.workspace_path).length).toBe(0);
  });

  it.each([
    "../../evil",
    "a/b",
    "../evil-sibling",
    "/tmp/zc-files-test-absolute-evil",
    "..",
    "files/../../x",
  ])(
    "names the stored file by its hash, never by the filename %j: nothing escapes the workspace",
    async (filename) => {
      d = await startTestDaemon();
      const c = await local();
      const s = await newSession(c);
      const data = Buffer.from(`payload for ${filename}`);
      const before = tree(d.dir);
      const viaUpload = await upload(c, s.session_id, data, { filename });
      const viaAttach = resultOf<{ files: FileEntry[] }>(
        await attach(c, s.session_id, Buffer.from(`other ${filename}`), filename),
      ).files[0]!;
      for (const e of [viaUpload, viaAttach]) {
        expect(e.filename).toBe(filename);
        expect(e.workspace_path).toBe(join(s.workspace_dir, ".zeroclaw", "files", e.ref_id.slice(7)));
      }
      expect(tree(s.workspace_dir)).toEqual(
        [
          ".zeroclaw",
          STORE,
          join(STORE, viaUpload.ref_id.slice(7)),
          join(STORE, viaAttach.ref_id.slice(7)),
        ].sort(),
      );
      // outside the workspace nothing new appeared (the database files existed before)
      const added = tree(d.dir).filter(
        (p) => !before.includes(p) && !p.startsWith(`${relative(d!.dir, s.workspace_dir)}/`),
      );
      expect(added).toEqual([]);
      expect(existsSync("/tmp/zc-files-test-absolute-evil")).toBe(false);
    },
  );

  it("deduplicates per session: the same bytes again (upload or attach) → deduplicated true, same path", async () => {
    d = await startTestDaemon(files({ chunk_bytes: 4 }));
    const c = await local();
    const s = await newSession(c);
    const data = Buffer.from("dedup me please");
    const first = await upload(c, s.session_id, data, { filename: "one.txt" });
    expect(first.deduplicated).toBe(false);
    const again = await upload(c, s.session_id, data, { filename: "two.txt", chunkSize: 3 });
    expect(again).toMatchObject({
      ref_id: first.ref_id,
      workspace_path: first.workspace_path,
      size_bytes: data.length,
      deduplicated: true,
    });
    const attached = resultOf<{ files: FileEntry[] }>(await attach(c, s.session_id, data, "three.txt"))
      .files[0]!;
    expect(attached).toMatchObject({
      ref_id: first.ref_id,
      workspace_path: first.workspace_path,
      deduplicated: true,
    });
    expect(tree(s.workspace_dir)).toEqual([".zeroclaw", STORE, join(STORE, sha(data))]);
    // another session does not share the index: a fresh copy in its own workspace
    const s2 = await newSession(c);
    const elsewhere = await upload(c, s2.session_id, data);
    expect(elsewhere.deduplicated).toBe(false);
    expect(elsewhere.workspace_path).toBe(join(s2.workspace_dir, ".zeroclaw", "files", sha(data)));
  });

  it("attach first, then upload of the same bytes is deduplicated too", async () => {
    d = await startTestDaemon();
    const c = await local();
    const s = await newSession(c);
    const data = bytesOf(300, 9);
    const attached = resultOf<{ files: FileEntry[] }>(await attach(c, s.session_id, data)).files[0]!;
    expect(attached.deduplicated).toBe(false);
    const uploaded = await upload(c, s.session_id, data);
    expect(uploaded).toMatchObject({ deduplicated: true, workspace_path: attached.workspace_path });
  });

  it("file/attach stores several files at once, deduplicating within the call", async () => {
    d = await startTestDaemon();
    const c = await local();
    const s = await newSession(c);
    const r = resultOf<{ files: FileEntry[] }>(
      await c.request("file/attach", {
        session_id: s.session_id,
        files: [
          { filename: "a", data_b64: b64("x") },
          { filename: "b", data_b64: b64("y"), mime_type: "text/plain" },
          { filename: "c", data_b64: b64("x") },
        ],
      }),
    );
    expect(r.files.map((f) => [f.filename, f.deduplicated])).toEqual([
      ["a", false],
      ["b", false],
      ["c", true],
    ]);
  });
});

// ---------------------------------------------------------------------------------------------------

describe("binding to the session and re-checks at commit", () => {
  /** begin on `c` for `sessionId` and send all of `data`; resolves with the upload id. */
  async function staged(c: RawClient, sessionId: string, data: Buffer): Promise<string> {
    const { upload_id } = await begin(c, {
      session_id: sessionId,
      size_bytes: data.length,
      filename: "bound",
    });
    await sendFrom(c, upload_id, data, 0, MIB);
    return upload_id;
  }

  it("revoking files:create between begin and commit refuses the commit (-32012) with nothing written; restoring it lets the same upload commit", async () => {
    d = await startTestDaemon(POLICY);
    const c = await local();
    const s = await newSession(c);
    const data = Buffer.from("granted?");
    const id = await staged(c, s.session_id, data);
    await asOwner([{ prop: "permission_profiles.uploader.grants", value: { sessions: ["*"] } }]);
    expect(errorOf(await commit(c, id))).toEqual({
      code: -32012,
      message: expect.any(String),
      data: { reason: "not_granted", grant: "files:create", method: "file/upload/commit" },
    });
    expect(tree(s.workspace_dir)).toEqual([]);
    await asOwner([
      { prop: "permission_profiles.uploader.grants", value: { sessions: ["*"], files: ["create"] } },
    ]);
    const entry = resultOf<FileEntry>(await commit(c, id));
    expect(readFileSync(entry.workspace_path)).toEqual(data);
  });

  it("revoking the agent between begin and commit refuses the commit with agent_not_allowed; begin checks it too", async () => {
    d = await startTestDaemon(POLICY);
    const c = await local();
    const s = await newSession(c, { agent: "other" });
    const id = await staged(c, s.session_id, Buffer.from("agent"));
    await asOwner([{ prop: "permission_profiles.uploader.allowed_agents", value: ["default"] }]);
    expect(errorOf(await commit(c, id))).toEqual({
      code: -32012,
      message: expect.any(String),
      data: { reason: "agent_not_allowed", agent: "other" },
    });
    expect(tree(s.workspace_dir)).toEqual([]);
    expect(
      errorOf(await c.request("file/upload/begin", { session_id: s.session_id, size_bytes: 1 })),
    ).toEqual({
      code: -32012,
      message: expect.any(String),
      data: { reason: "agent_not_allowed", agent: "other" },
    });
    expect(errorOf(await attach(c, s.session_id, Buffer.from("agent"))).data).toEqual({
      reason: "agent_not_allowed",
      agent: "other",
    });
    await asOwner([{ prop: "permission_profiles.uploader.allowed_agents", value: ["default", "other"] }]);
    expect(resultOf<FileEntry>(await commit(c, id)).deduplicated).toBe(false);
  });

  it("a caller who stopped owning the session (no longer admin) gets -32003 at commit, nothing written", async () => {
    d = await startTestDaemon(POLICY.replace("trust_daemon_uid = false", "trust_daemon_uid = true"));
    const c = await local(); // the daemon's uid: the admin owner
    const s = await newSession(c);
    const id = await staged(c, s.session_id, Buffer.from("owned"));
    await asOwner([{ prop: "security.trust_daemon_uid", value: false }]); // now user `me`, not admin
    expect(errorOf(await commit(c, id))).toEqual({
      code: -32003,
      message: expect.any(String),
      data: { reason: "session_not_owned", session_id: s.session_id },
    });
    expect(tree(s.workspace_dir)).toEqual([]);
  });

  it("a credential that no longer resolves fails the commit with -32010, nothing written", async () => {
    d = await startTestDaemon(POLICY);
    const c = await local();
    const s = await newSession(c);
    const id = await staged(c, s.session_id, Buffer.from("who?"));
    await asOwner([{ prop: "users.me.uid", value: uid + 4242 }]);
    expect(errorOf(await commit(c, id)).code).toBe(-32010);
    expect(tree(s.workspace_dir)).toEqual([]);
  });

  async function recreatedBy(
    how: "prompt" | "attach" | "delete-new",
    c: RawClient,
    s: Session,
  ): Promise<void> {
    if (how === "delete-new") {
      resultOf(await c.request("session/delete", { session_id: s.session_id }));
      resultOf(await c.request("session/new", { session_id: s.session_id }));
      return;
    }
    resultOf(await c.request("session/close", { session_id: s.session_id }));
    if (how === "prompt")
      resultOf(await c.request("session/prompt", { session_id: s.session_id, prompt: "back" }));
    else resultOf(await attach(c, s.session_id, Buffer.from("rehydrating attach")));
  }

  it.each(["prompt", "attach", "delete-new"] as const)(
    "a session closed and re-created with the same id (%s) between begin and commit refuses the commit with -32000, nothing written",
    async (how) => {
      d = await startTestDaemon();
      const c = await local();
      const s = await newSession(c, { session_id: "same-id" });
      const data = Buffer.from("bound to the first generation");
      const id = await staged(c, s.session_id, data);
      await recreatedBy(how, c, s);
      expect(d.daemon.services.sessions.liveSession("same-id")).toBeDefined();
      expect(errorOf(await commit(c, id))).toEqual({
        code: -32000,
        message: expect.any(String),
        data: { reason: "session_not_found", session_id: "same-id" },
      });
      expect(existsSync(join(s.workspace_dir, ".zeroclaw", "files", sha(data)))).toBe(false);
      // a refused commit leaves the upload staged: still refused the same way, not -32030
      expect(errorOf(await commit(c, id)).code).toBe(-32000);
      // an upload begun against the new generation works
      const entry = await upload(c, s.session_id, data);
      expect(readFileSync(entry.workspace_path)).toEqual(data);
    },
  );

  it.each(["close", "kill"] as const)(
    "a session ended by %s before commit refuses it with -32000",
    async (how) => {
      d = await startTestDaemon();
      const c = await local();
      const s = await newSession(c);
      const data = Buffer.from("ended");
      const id = await staged(c, s.session_id, data);
      resultOf(await c.request(`session/${how}`, { session_id: s.session_id }));
      expect(errorOf(await commit(c, id))).toMatchObject({
        code: -32000,
        data: { session_id: s.session_id },
      });
      expect(tree(s.workspace_dir)).toEqual([]);
    },
  );

  it("over the gateway the upload methods are -32012 local_only, while file/attach works", async () => {
    d = await startTestDaemon(GATEWAY);
    const g = await gateway(pairToken("alice"));
    const s = await newSession(g);
    for (const [method, params] of [
      ["file/upload/begin", { session_id: s.session_id, size_bytes: 1 }],
      ["file/upload/chunk", { upload_id: "up_1", offset: 0, data_b64: "YQ==" }],
      ["file/upload/commit", { upload_id: "up_1" }],
    ] as const) {
      expect(errorOf(await g.request(method, params))).toEqual({
        code: -32012,
        message: expect.any(String),
        data: { reason: "local_only", method },
      });
    }
    const r = resultOf<{ files: FileEntry[] }>(
      await attach(g, s.session_id, Buffer.from("over ws"), "ws.txt"),
    );
    expect(r.files[0]).toMatchObject({ filename: "ws.txt", deduplicated: false, size_bytes: 7 });
    expect(readFileSync(r.files[0]!.workspace_path).toString()).toBe("over ws");
  });

  it("begin and attach check ownership: another user's session is -32003 for a non-admin, fine for the admin", async () => {
    d = await startTestDaemon(`${POLICY}\n${GATEWAY}`);
    const g = await gateway(pairToken("alice"));
    const theirs = await newSession(g);
    const c = await local(); // user `me`
    expect(
      errorOf(await c.request("file/upload/begin", { session_id: theirs.session_id, size_bytes: 1 })),
    ).toEqual({
      code: -32003,
      message: expect.any(String),
      data: { reason: "session_not_owned", session_id: theirs.session_id },
    });
    expect(errorOf(await attach(c, theirs.session_id, Buffer.from("x"))).code).toBe(-32003);
    expect(tree(theirs.workspace_dir)).toEqual([]);
    await asOwner([{ prop: "security.trust_daemon_uid", value: true }]); // `c` is the admin owner now
    expect((await upload(c, theirs.session_id, Buffer.from("admin"))).deduplicated).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------------

describe("restore of an indexed file", () => {
  const tamperings = {
    edited: (path: string) => writeFileSync(path, "tampered"),
    "edited, same size": (path: string) => {
      const b = readFileSync(path);
      b[0] = (b[0]! + 1) & 0xff;
      writeFileSync(path, b);
    },
    deleted: (path: string) => rmSync(path),
    "replaced by a link": (path: string, outside: string) => {
      rmSync(path);
      symlinkSync(outside, path);
    },
  } as const;
  const cases = Object.keys(tamperings).flatMap((t) =>
    (["upload", "attach"] as const).map((via) => [t as keyof typeof tamperings, via] as const),
  );

  it.each(cases)("%s, then the same bytes re-sent by %s: written back, deduplicated true", async (t, via) => {
    d = await startTestDaemon();
    const c = await local();
    const s = await newSession(c);
    const data = Buffer.from("the original bytes");
    const outside = join(d.dir, "outside.txt");
    writeFileSync(outside, "outside the workspace");
    const first = await upload(c, s.session_id, data, { filename: "orig.txt" });
    tamperings[t](first.workspace_path, outside);
    const again =
      via === "upload"
        ? await upload(c, s.session_id, data, { filename: "orig.txt" })
        : resultOf<{ files: FileEntry[] }>(await attach(c, s.session_id, data, "orig.txt")).files[0]!;
    expect(again).toMatchObject({
      ref_id: first.ref_id,
      workspace_path: first.workspace_path,
      deduplicated: true,
    });
    const st = lstatSync(first.workspace_path);
    expect(st.isFile()).toBe(true);
    expect(st.isSymbolicLink()).toBe(false);
    expect(readFileSync(first.workspace_path)).toEqual(data);
    expect(readFileSync(outside, "utf8")).toBe("outside the workspace");
    // no temp file left behind
    expect(tree(s.workspace_dir)).toEqual([".zeroclaw", STORE, join(STORE, sha(data))]);
  });

  it("a store directory replaced by a link to an outside directory: the store fails with -32603, the link and the outside directory untouched", async () => {
    d = await startTestDaemon();
    const c = await local();
    const s = await newSession(c);
    const data = Buffer.from("dir link");
    await upload(c, s.session_id, data);
    const outsideDir = join(d.dir, "outside-dir");
    mkdirSync(outsideDir);
    writeFileSync(join(outsideDir, "keep"), "keep");
    const storeDir = join(s.workspace_dir, STORE);
    rmSync(storeDir, { recursive: true });
    symlinkSync(outsideDir, storeDir);
    const again = await attach(c, s.session_id, Buffer.from("other bytes"));
    expect(again.error).toMatchObject({ code: -32603, data: { reason: "internal_error" } });
    expect(lstatSync(storeDir).isSymbolicLink()).toBe(true);
    expect(readdirSync(outsideDir)).toEqual(["keep"]);
  });

  for (const [what, plant] of [
    ["a regular file named .zeroclaw", (ws: string) => writeFileSync(join(ws, ".zeroclaw"), "mine")],
    [
      "a regular file at .zeroclaw/files",
      (ws: string) => {
        mkdirSync(join(ws, ".zeroclaw"));
        writeFileSync(join(ws, STORE), "mine");
      },
    ],
    ["a symlink named .zeroclaw", (ws: string) => symlinkSync(join(ws, "elsewhere"), join(ws, ".zeroclaw"))],
  ] as const) {
    it(`${what} in the workspace: attach and commit fail with -32603 and nothing is removed or replaced`, async () => {
      d = await startTestDaemon();
      const c = await local();
      const cwd = join(d.dir, "project");
      mkdirSync(cwd);
      writeFileSync(join(cwd, "files"), "a user's file named files");
      const s = resultOf<{ session_id: string; workspace_dir: string }>(
        await c.request("session/new", { cwd }),
      );
      plant(cwd);
      const before = tree(cwd).map((p) => [
        p,
        lstatSync(join(cwd, p)).isFile() ? readFileSync(join(cwd, p), "utf8") : "",
      ]);
      const attached = await attach(c, s.session_id, Buffer.from("abc"));
      expect(attached.error).toMatchObject({ code: -32603, data: { reason: "internal_error" } });
      const begun = resultOf<{ upload_id: string }>(
        await c.request("file/upload/begin", { session_id: s.session_id, size_bytes: 3 }),
      );
      await chunk(c, begun.upload_id, 0, Buffer.from("xyz"));
      const committed = await commit(c, begun.upload_id);
      expect(committed.error).toMatchObject({ code: -32603, data: { reason: "internal_error" } });
      const after = tree(cwd).map((p) => [
        p,
        lstatSync(join(cwd, p)).isFile() ? readFileSync(join(cwd, p), "utf8") : "",
      ]);
      expect(after).toEqual(before);
      expect(readFileSync(join(cwd, "files"), "utf8")).toBe("a user's file named files");
    });
  }

  it("session/new never creates the store; the first stored file does", async () => {
    d = await startTestDaemon();
    const c = await local();
    const s = await newSession(c);
    expect(existsSync(join(s.workspace_dir, ".zeroclaw"))).toBe(false);
    await attach(c, s.session_id, Buffer.from("first"));
    expect(lstatSync(join(s.workspace_dir, STORE)).isDirectory()).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------------

describe("session/delete and the file index", () => {
  it("a session deleted and re-created with the same id does not inherit the old session's indexed files", async () => {
    d = await startTestDaemon();
    const c = await local();
    await newSession(c, { session_id: "reborn" });
    const data = Buffer.from("belongs to the deleted session");
    const old = await upload(c, "reborn", data);
    resultOf(await c.request("session/delete", { session_id: "reborn" }));
    resultOf(await c.request("session/new", { session_id: "reborn" }));
    // the old ref_id is not a file of the new session
    expect(
      errorOf(
        await c.request("session/prompt", { session_id: "reborn", prompt: "x", attachments: [old.ref_id] }),
      ).code,
    ).toBe(-32602);
    // and the same bytes are new to it
    expect(resultOf<{ files: FileEntry[] }>(await attach(c, "reborn", data)).files[0]!.deduplicated).toBe(
      false,
    );
  });
});

// ---------------------------------------------------------------------------------------------------

describe("property: interleavings of chunk sends, retries and refusals", () => {
  const CHUNK = 16;
  type Action =
    | { kind: "next"; len: number }
    | { kind: "retry"; pick: number }
    | { kind: "stale"; pick: number; at: number }
    | { kind: "ahead"; gap: number; len: number }
    | { kind: "overlap"; pick: number }
    | { kind: "past" }
    | { kind: "garbage" }
    | { kind: "commit" };
  const action: fc.Arbitrary<Action> = fc.oneof(
    {
      arbitrary: fc.record({ kind: fc.constant("next" as const), len: fc.integer({ min: 0, max: CHUNK }) }),
      weight: 5,
    },
    { arbitrary: fc.record({ kind: fc.constant("retry" as const), pick: fc.nat() }), weight: 2 },
    {
      arbitrary: fc.record({ kind: fc.constant("stale" as const), pick: fc.nat(), at: fc.nat() }),
      weight: 2,
    },
    {
      arbitrary: fc.record({
        kind: fc.constant("ahead" as const),
        gap: fc.integer({ min: 1, max: 40 }),
        len: fc.integer({ min: 1, max: CHUNK }),
      }),
      weight: 1,
    },
    { arbitrary: fc.record({ kind: fc.constant("overlap" as const), pick: fc.nat() }), weight: 1 },
    { arbitrary: fc.record({ kind: fc.constant("past" as const) }), weight: 1 },
    { arbitrary: fc.record({ kind: fc.constant("garbage" as const) }), weight: 1 },
    { arbitrary: fc.record({ kind: fc.constant("commit" as const) }), weight: 1 },
  );

  it("ends in a byte-identical committed file or clean errors that leave the upload consistent", async () => {
    d = await startTestDaemon(files({ chunk_bytes: CHUNK, max_file_bytes: 4096 }));
    const setup = await local();
    const s = await newSession(setup);
    const stored = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 0, maxLength: 150 }),
        fc.array(action, { maxLength: 30 }),
        fc.boolean(),
        async (raw, actions, declareHash) => {
          const content = Buffer.from(raw);
          const c = await RawClient.connect(d!.endpoint);
          try {
            await c.initialize();
            const params: Record<string, unknown> = { session_id: s.session_id, size_bytes: content.length };
            if (declareHash) params.sha256 = sha(content);
            const { upload_id } = resultOf<Begun>(await c.request("file/upload/begin", params));
            let received = 0;
            const accepted: { offset: number; bytes: Buffer }[] = [];
            let committed: FileEntry | undefined;
            const expectMismatch = (m: WireMessage) =>
              expect(errorOf(m)).toMatchObject({
                code: -32032,
                data: { reason: "offset_mismatch", expected_offset: received },
              });
            for (const a of actions) {
              if (committed) break;
              switch (a.kind) {
                case "next": {
                  const piece = content.subarray(received, Math.min(received + a.len, content.length));
                  const m = await chunk(c, upload_id, received, piece);
                  expect(resultOf(m)).toEqual({ upload_id, received_bytes: received + piece.length });
                  if (piece.length > 0) accepted.push({ offset: received, bytes: Buffer.from(piece) });
                  received += piece.length;
                  break;
                }
                case "retry": {
                  if (accepted.length === 0) break;
                  const p = accepted[a.pick % accepted.length]!;
                  expect(resultOf(await chunk(c, upload_id, p.offset, p.bytes))).toEqual({
                    upload_id,
                    received_bytes: received,
                  });
                  break;
                }
                case "stale": {
                  if (accepted.length === 0) break;
                  const p = accepted[a.pick % accepted.length]!;
                  const changed = Buffer.from(p.bytes);
                  const i = a.at % changed.length;
                  changed[i] = changed[i]! ^ 0xff;
                  expectMismatch(await chunk(c, upload_id, p.offset, changed));
                  break;
                }
                case "ahead": {
                  const off = received + a.gap;
                  const piece = content.subarray(
                    Math.min(off, content.length),
                    Math.min(off + a.len, content.length),
                  );
                  expectMismatch(await chunk(c, upload_id, off, piece.length > 0 ? piece : Buffer.from("z")));
                  break;
                }
                case "overlap": {
                  if (accepted.length === 0 || received === content.length) break;
                  const p = accepted[a.pick % accepted.length]!;
                  const end = Math.min(received + 1, p.offset + CHUNK);
                  if (end <= received) break;
                  expectMismatch(await chunk(c, upload_id, p.offset, content.subarray(p.offset, end)));
                  break;
                }
                case "past": {
                  // one refusal at a time: only past the declared size, or only over chunk_bytes
                  const over = content.length - received + 1;
                  if (over === CHUNK + 1) break;
                  const m = await chunk(c, upload_id, received, Buffer.alloc(Math.min(over, CHUNK + 1), 7));
                  expect(errorOf(m)).toMatchObject({
                    code: -32602,
                    data:
                      over <= CHUNK
                        ? { reason: "exceeds_declared_size", size_bytes: content.length }
                        : { reason: "chunk_too_large", limit_bytes: CHUNK },
                  });
                  break;
                }
                case "garbage": {
                  const m = await c.request("file/upload/chunk", {
                    upload_id,
                    offset: received,
                    data_b64: "!!",
                  });
                  expect(errorOf(m).code).toBe(-32602);
                  break;
                }
                case "commit": {
                  const m = await commit(c, upload_id);
                  if (received < content.length) {
                    expect(errorOf(m)).toMatchObject({
                      code: -32033,
                      data: {
                        reason: "upload_incomplete",
                        received_bytes: received,
                        size_bytes: content.length,
                      },
                    });
                  } else {
                    committed = resultOf<FileEntry>(m);
                  }
                  break;
                }
              }
            }
            if (!committed) {
              // a final in-order resend completes it
              await sendFrom(c, upload_id, content, received, CHUNK);
              committed = resultOf<FileEntry>(await commit(c, upload_id));
            }
            const hex = sha(content);
            expect(committed).toMatchObject({
              ref_id: `sha256:${hex}`,
              size_bytes: content.length,
              workspace_path: join(s.workspace_dir, ".zeroclaw", "files", hex),
              deduplicated: stored.has(hex),
            });
            stored.add(hex);
            expect(readFileSync(committed.workspace_path)).toEqual(content);
            expect(errorOf(await commit(c, upload_id)).code).toBe(-32030);
          } finally {
            c.close();
          }
        },
      ),
      { numRuns: 100 },
    );
    // nothing but content-addressed files in the workspace
    expect(tree(join(s.workspace_dir, ".zeroclaw", "files")).every((p) => /^[0-9a-f]{64}$/.test(p))).toBe(
      true,
    );
  });
});
