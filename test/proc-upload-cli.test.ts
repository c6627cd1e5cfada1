// `zeroclaw upload SESSION FILE` (SPEC §9 chunked uploads) as a real child process against a real daemon
// process: the FileEntry on stdout matches the source bytes, a second upload is deduplicated, progress
// goes to stderr as plain lines when stderr is not a TTY, errors pass through with their exit codes, and
// a chunk whose answer is lost (the daemon is frozen with SIGSTOP past the chunk timeout) is re-sent and
// the upload still completes with identical bytes.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BIN,
  childEnv,
  type DaemonProcess,
  REPO_ROOT,
  type RunResult,
  requireBuild,
  runCli,
  startDaemon,
  tempDirs,
} from "./helpers/proc-daemon.js";

const MiB = 1024 * 1024;
const dirs = tempDirs("zc-upload-");

type FileEntry = {
  ref_id: string;
  filename: string;
  marker: string;
  workspace_path: string;
  size_bytes: number;
  deduplicated: boolean;
};
type Daemon = { process: DaemonProcess; env: NodeJS.ProcessEnv; home: string };

/** A daemon with its own config dir and `config.toml`, and one session "u" created through the CLI. */
async function daemonWith(toml: string): Promise<Daemon> {
  const home = dirs.make();
  const configDir = join(home, "config");
  mkdirSync(configDir);
  writeFileSync(join(configDir, "config.toml"), toml);
  const env = childEnv(home, { ZEROCLAW_CONFIG_DIR: configDir });
  const proc = await startDaemon(env, join(configDir, "data", "daemon.sock"));
  const created = await runCli(["call", "session/new", '{"session_id":"u"}'], env);
  expect(created.code, created.stderr).toBe(0);
  return { process: proc, env, home };
}

/** `len` random bytes written to `<dir>/name`; returns the path and the bytes. */
function randomFile(dir: string, name: string, len: number): { path: string; bytes: Buffer } {
  const bytes = randomBytes(len);
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return { path, bytes };
}

const sha256Hex = (b: Buffer): string => createHash("sha256").update(b).digest("hex");

const entryOf = (r: RunResult): FileEntry => {
  expect(r.code, `exit ${r.code}; stderr:\n${r.stderr}`).toBe(0);
  return JSON.parse(r.stdout) as FileEntry;
};

/**
 * A failed upload: exit 1, nothing on stdout, one line on stderr naming the daemon's code, reason and
 * figures (never the nine-line JSON error object it used to be).
 */
const failure = (r: RunResult): string => {
  expect(r.code, `stdout:\n${r.stdout}\nstderr:\n${r.stderr}`).toBe(1);
  expect(r.stdout).toBe("");
  const lines = r.stderr.split("\n").filter((l) => l !== "" && !PROGRESS.test(l));
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^zeroclaw upload: /);
  return lines[0]!;
};

const PROGRESS = /^upload: +(\d+)% (\d+)\/(\d+) bytes (\d+\.\d) MB\/s$/;
const progressLines = (stderr: string): string[] => stderr.split("\n").filter((l) => PROGRESS.test(l));

let plain: Daemon;
let small: Daemon;

beforeAll(async () => {
  requireBuild();
  // Defaults (1 MiB chunks, 10 MiB max) for the main flow; tiny chunks and a 2 MiB max for the rest.
  [plain, small] = await Promise.all([
    daemonWith(""),
    daemonWith("[files]\nchunk_bytes = 1024\nmax_file_bytes = 2097152\n"),
  ]);
});

afterAll(async () => {
  if (small?.process.running) small.process.child.kill("SIGCONT");
  await Promise.all([plain?.process.kill(), small?.process.kill()]);
  dirs.cleanup();
});

describe("zeroclaw upload", () => {
  let source: { path: string; bytes: Buffer };

  it("uploads a 10 MiB file in chunks and prints its FileEntry", async () => {
    source = randomFile(plain.home, "payload.bin", 10 * MiB);
    const started = performance.now();
    const r = await runCli(["upload", "u", source.path], plain.env);
    const seconds = (performance.now() - started) / 1000;
    const entry = entryOf(r);
    const hex = sha256Hex(source.bytes);
    expect(entry).toMatchObject({
      ref_id: `sha256:${hex}`,
      filename: "payload.bin",
      size_bytes: 10 * MiB,
      deduplicated: false,
    });
    expect(entry.marker).toContain(`sha256:${hex}`);
    expect(readFileSync(entry.workspace_path).equals(source.bytes)).toBe(true);

    const last = progressLines(r.stderr).at(-1) ?? "";
    const reported = PROGRESS.exec(last)?.[4];
    console.log(
      `10 MiB upload: ${(source.bytes.length / 1e6 / seconds).toFixed(1)} MB/s end to end ` +
        `(${(seconds * 1000).toFixed(0)} ms incl. process start and hashing); ` +
        `${reported ?? "?"} MB/s while sending chunks (the CLI's progress line)`,
    );
  });

  it("shows progress on stderr as plain lines, at most one per 10%, when stderr is not a TTY", async () => {
    const r = await runCli(["upload", "u", source.path], plain.env);
    entryOf(r);
    const lines = progressLines(r.stderr);
    // Nothing else on stderr: no carriage returns or escape codes in a log.
    expect(r.stderr).not.toMatch(/[\r\x1b]/);
    expect(r.stderr.split("\n").filter((l) => l !== "")).toEqual(lines);
    const percents = lines.map((l) => Number(PROGRESS.exec(l)?.[1]));
    expect(percents[0]).toBe(0);
    expect(percents.at(-1)).toBe(100);
    expect(lines.length).toBeLessThanOrEqual(11);
    const deciles = percents.map((p) => Math.floor(p / 10));
    expect(new Set(deciles).size).toBe(deciles.length);
    expect([...deciles].sort((a, b) => a - b)).toEqual(deciles);
    for (const l of lines) expect(PROGRESS.exec(l)?.[3]).toBe(String(10 * MiB));
    expect(PROGRESS.exec(lines.at(-1)!)?.[2]).toBe(String(10 * MiB));
  });

  it("uploading the same file again is deduplicated (same ref and path)", async () => {
    const again = entryOf(await runCli(["upload", "u", source.path], plain.env));
    expect(again.deduplicated).toBe(true);
    expect(again.ref_id).toBe(`sha256:${sha256Hex(source.bytes)}`);
    expect(readFileSync(again.workspace_path).equals(source.bytes)).toBe(true);
  });

  it("a file over files.max_file_bytes fails with the daemon's -32602 file_too_large, exit 1", async () => {
    const big = randomFile(small.home, "big.bin", 2 * MiB + 1);
    const line = failure(await runCli(["upload", "u", big.path], small.env));
    expect(line).toContain("(-32602 file_too_large;");
    expect(line).toContain(`limit_bytes=${2 * MiB}`);
    expect(line).toContain(`size_bytes=${2 * MiB + 1}`);
  });

  it("a missing file exits 2 with a message and does not touch the daemon", async () => {
    const r = await runCli(["upload", "u", join(plain.home, "no-such-file.bin")], plain.env);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/cannot read .*no-such-file\.bin.*ENOENT/);
  });

  it("an unknown session exits 1 with -32000 session_not_found", async () => {
    const tiny = randomFile(plain.home, "tiny.txt", 16);
    const line = failure(await runCli(["upload", "no-such-session", tiny.path], plain.env));
    expect(line).toContain("(-32000 session_not_found; session_id=no-such-session)");
  });

  it("re-sends a chunk whose answer did not come in time and still completes with identical bytes", async () => {
    const file = randomFile(small.home, "resume.bin", 2 * MiB);
    const env = { ...small.env, ZEROCLAW_UPLOAD_CHUNK_TIMEOUT_MS: "300" };
    const child = spawn(process.execPath, [BIN, "upload", "u", file.path], {
      env,
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    let frozen = false;
    let froze: () => void = () => undefined;
    const sending = new Promise<void>((resolve) => {
      froze = resolve;
    });
    child.stdout.setEncoding("utf8").on("data", (t: string) => {
      stdout += t;
    });
    child.stderr.setEncoding("utf8").on("data", (t: string) => {
      stderr += t;
      // The 0% line comes right before the first chunk: freeze the daemon while 2048 chunks are to go.
      if (!frozen && /^upload: +0% /m.test(stderr)) {
        frozen = true;
        small.process.child.kill("SIGSTOP");
        froze();
      }
    });
    const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));

    await sending;
    // Frozen past two chunk timeouts (but well short of the five attempts the CLI allows), then resumed.
    await new Promise((r) => setTimeout(r, 750));
    small.process.child.kill("SIGCONT");
    const code = await exited;

    expect(code, `stderr:\n${stderr}`).toBe(0);
    expect(stderr).toMatch(
      /no answer for the chunk at offset \d+ within 300 ms; re-sending \(attempt 2\/5\)/,
    );
    const entry = JSON.parse(stdout) as FileEntry;
    expect(entry).toMatchObject({ ref_id: `sha256:${sha256Hex(file.bytes)}`, size_bytes: 2 * MiB });
    expect(entry.deduplicated).toBe(false);
    expect(readFileSync(entry.workspace_path).equals(file.bytes)).toBe(true);
  });
});
