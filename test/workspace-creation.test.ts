// SPEC §17: the daemon makes each session workspace itself. A symlink or a non-directory planted at
// <data_dir>/workspaces/<id> (or at <data_dir>/workspaces itself) is refused with -32603 internal_error
// and left exactly as it was; no session is created. Real daemon, real socket, real files.
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { RawClient } from "./helpers/raw-client.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let d: TestDaemon | undefined;
let elsewhere: string | undefined;
const closers: (() => void)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) c();
  await d?.stop();
  d = undefined;
  if (elsewhere) rmSync(elsewhere, { recursive: true, force: true });
  elsewhere = undefined;
});

async function owner(): Promise<RawClient> {
  const c = await RawClient.connect(d!.endpoint);
  closers.push(() => c.close());
  await c.initialize();
  return c;
}

const workspaces = (): string => join(d!.daemon.paths.dataDir, "workspaces");

async function sessionIds(c: RawClient): Promise<string[]> {
  const res = await c.request("session/list", {});
  return (res.result as { sessions: { session_id: string }[] }).sessions.map((s) => s.session_id);
}

describe("daemon-made workspaces", () => {
  it("are real 0700 directories the daemon creates", async () => {
    d = await startTestDaemon();
    const c = await owner();
    const res = await c.request("session/new", { session_id: "fresh" });
    const dir = (res.result as { workspace_dir: string }).workspace_dir;
    expect(dir).toBe(join(workspaces(), "fresh"));
    const st = lstatSync(dir);
    expect(st.isDirectory()).toBe(true);
    expect(st.mode & 0o777).toBe(0o700);
  });

  it("refuses a planted symlink with -32603 and leaves it, and its target, as they were", async () => {
    d = await startTestDaemon();
    const c = await owner();
    elsewhere = mkdtempSync(join(tmpdir(), "zc-elsewhere-"));
    writeFileSync(join(elsewhere, "precious.txt"), "mine\n");
    mkdirSync(workspaces(), { recursive: true });
    const link = join(workspaces(), "planted");
    symlinkSync(elsewhere, link);
    const res = await c.request("session/new", { session_id: "planted" });
    expect(res.error).toMatchObject({ code: -32603, data: { reason: "internal_error" } });
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(elsewhere);
    expect(readdirSync(elsewhere)).toEqual(["precious.txt"]);
    expect(await sessionIds(c)).not.toContain("planted");
    // The id stays usable once the link is gone.
    rmSync(link);
    expect((await c.request("session/new", { session_id: "planted" })).result).toBeDefined();
  });

  it("refuses a regular file in the way with -32603 and leaves it untouched", async () => {
    d = await startTestDaemon();
    const c = await owner();
    mkdirSync(workspaces(), { recursive: true });
    const file = join(workspaces(), "a-file");
    writeFileSync(file, "not a workspace\n");
    const res = await c.request("session/new", { session_id: "a-file" });
    expect(res.error).toMatchObject({ code: -32603, data: { reason: "internal_error" } });
    expect(readFileSync(file, "utf8")).toBe("not a workspace\n");
    expect(await sessionIds(c)).not.toContain("a-file");
  });

  it("refuses when <data_dir>/workspaces itself is a symlink, creating nothing behind it", async () => {
    d = await startTestDaemon();
    const c = await owner();
    elsewhere = mkdtempSync(join(tmpdir(), "zc-elsewhere-"));
    rmSync(workspaces(), { recursive: true, force: true });
    symlinkSync(elsewhere, workspaces());
    const res = await c.request("session/new", { session_id: "via-root" });
    expect(res.error).toMatchObject({ code: -32603, data: { reason: "internal_error" } });
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(lstatSync(workspaces()).isSymbolicLink()).toBe(true);
  });

  it("takes over a real directory already there (left by an earlier run)", async () => {
    d = await startTestDaemon();
    const c = await owner();
    mkdirSync(join(workspaces(), "leftover"), { recursive: true });
    const res = await c.request("session/new", { session_id: "leftover" });
    expect((res.result as { workspace_dir: string }).workspace_dir).toBe(join(workspaces(), "leftover"));
    expect(statSync(join(workspaces(), "leftover")).isDirectory()).toBe(true);
  });
});
