// SPEC §19 atomic writes never follow links, with real files: the writer's temp file is O_EXCL |
// O_NOFOLLOW with a random name (a link planted at the name tried first is not followed, another name
// is used), a link at the target is refused with LinkInTheWayError and everything stays as it was
// (the link, what it points at, the folder), and — over a real daemon — a planted config.toml.tmp link
// (issue 25's attack 7) is not written through by config/set, while a link at config.toml fails the
// commit with -32603 and leaves the config unchanged. A property test plants arbitrary links and files
// around arbitrary content.
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
import fc from "fast-check";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import {
  LinkInTheWayError,
  tempNameFor,
  writeFileAtomic,
  writeFileAtomicSync,
} from "../src/storage/atomic-write.js";
import { openDatabase } from "../src/storage/database.js";
import { RawClient } from "./helpers/raw-client.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

const root = mkdtempSync(join(tmpdir(), "zc-atomic-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
function scratch(): { dir: string; outside: string } {
  const base = join(root, `c${n++}`);
  const dir = join(base, "dir");
  mkdirSync(dir, { recursive: true });
  const outside = join(base, "outside.txt");
  writeFileSync(outside, "the link's target, never to be written", { mode: 0o666 });
  return { dir, outside };
}

/** Every entry of `dir`: name → link target, or file bytes. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    out[name] = lstatSync(path).isSymbolicLink() ? `-> ${readlinkSync(path)}` : readFileSync(path, "latin1");
  }
  return out;
}

describe("writeFileAtomic", () => {
  it("writes a new 0600 file and leaves no temp file", async () => {
    const { dir } = scratch();
    const target = join(dir, "config.toml");
    await writeFileAtomic(target, "a = 1\n");
    expect(readFileSync(target, "utf8")).toBe("a = 1\n");
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(["config.toml"]);
  });

  it.each([
    ["async", (t: string, d: string, o: object) => writeFileAtomic(t, d, o)],
    ["sync", async (t: string, d: string, o: object) => writeFileAtomicSync(t, d, o)],
  ])(
    "%s: a link planted at the temp name tried first is not followed; another name is used",
    async (_, write) => {
      const { dir, outside } = scratch();
      const target = join(dir, "config.toml");
      const planted = join(dir, "config.toml.tmp");
      symlinkSync(outside, planted);
      const names = [planted];
      await write(target, "secret = 'sk-live'\n", {
        tempName: (t: string, s: string) => names.shift() ?? tempNameFor(t, s),
      });
      expect(readFileSync(outside, "utf8")).toBe("the link's target, never to be written");
      expect(readlinkSync(planted)).toBe(outside);
      expect(readFileSync(target, "utf8")).toBe("secret = 'sk-live'\n");
      expect(statSync(target).mode & 0o777).toBe(0o600);
      expect(readdirSync(dir).sort()).toEqual(["config.toml", "config.toml.tmp"]);
    },
  );

  it("a dangling link at the temp name is not followed either (O_EXCL: nothing is created at its target)", async () => {
    const { dir } = scratch();
    const target = join(dir, "config.toml");
    const nowhere = join(dir, "..", "created-through-link");
    const planted = join(dir, "t.tmp");
    symlinkSync(nowhere, planted);
    const names = [planted];
    await writeFileAtomic(target, "x", { tempName: (t, s) => names.shift() ?? tempNameFor(t, s) });
    expect(() => lstatSync(nowhere)).toThrow(/ENOENT/);
    expect(readFileSync(target, "utf8")).toBe("x");
  });

  it("a link at the target: LinkInTheWayError, the link and its target untouched, no temp file left", async () => {
    const { dir, outside } = scratch();
    const target = join(dir, "config.toml");
    symlinkSync(outside, target);
    const before = snapshot(dir);
    await expect(writeFileAtomic(target, "api_key = 'sk'\n")).rejects.toBeInstanceOf(LinkInTheWayError);
    expect(() => writeFileAtomicSync(target, "api_key = 'sk'\n")).toThrow(LinkInTheWayError);
    expect(snapshot(dir)).toEqual(before);
    expect(readFileSync(outside, "utf8")).toBe("the link's target, never to be written");
  });

  it('atTarget "replace": a link at the target is replaced by the file, never followed', () => {
    const { dir, outside } = scratch();
    const target = join(dir, "blob");
    symlinkSync(outside, target);
    writeFileAtomicSync(target, "bytes", { atTarget: "replace" });
    expect(lstatSync(target).isFile()).toBe(true);
    expect(readFileSync(target, "utf8")).toBe("bytes");
    expect(readFileSync(outside, "utf8")).toBe("the link's target, never to be written");
  });

  it("property: whatever is planted around it, the write lands in a 0600 file or fails leaving everything as it was", async () => {
    const plantName = fc.constantFrom(
      "config.toml.tmp",
      ".config.toml.tmp",
      "config.toml~",
      ".config.toml.0000000000000000.tmp",
      "other",
    );
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 4096 }),
        fc.constantFrom("absent", "file", "link", "dangling-link"),
        fc.uniqueArray(fc.tuple(plantName, fc.constantFrom("link", "dangling-link", "file")), {
          selector: ([name]) => name,
          maxLength: 4,
        }),
        fc.boolean(),
        async (bytes, targetState, plants, sync) => {
          const { dir, outside } = scratch();
          const target = join(dir, "config.toml");
          if (targetState === "file") writeFileSync(target, "old config");
          if (targetState === "link") symlinkSync(outside, target);
          if (targetState === "dangling-link") symlinkSync(join(dir, "..", "nowhere"), target);
          for (const [name, kind] of plants) {
            const p = join(dir, name);
            if (kind === "file") writeFileSync(p, "planted");
            else symlinkSync(kind === "link" ? outside : join(dir, "..", `nowhere-${name}`), p);
          }
          const before = snapshot(dir);
          let failed: unknown;
          try {
            if (sync) writeFileAtomicSync(target, bytes);
            else await writeFileAtomic(target, bytes);
          } catch (err) {
            failed = err;
          }
          expect(readFileSync(outside, "utf8")).toBe("the link's target, never to be written");
          expect(readdirSync(join(dir, "..")).filter((e) => e.startsWith("nowhere"))).toEqual([]);
          if (targetState === "link" || targetState === "dangling-link") {
            expect(failed).toBeInstanceOf(LinkInTheWayError);
            expect(snapshot(dir)).toEqual(before);
          } else {
            expect(failed).toBeUndefined();
            expect(new Uint8Array(readFileSync(target))).toEqual(bytes);
            expect(lstatSync(target).mode & 0o777).toBe(0o600);
            const after = snapshot(dir);
            delete after["config.toml"];
            delete before["config.toml"];
            expect(after).toEqual(before);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("config/set over a real daemon (issue 25, attack 7)", () => {
  let d: TestDaemon | undefined;
  let c: RawClient | undefined;
  afterEach(async () => {
    c?.close();
    await d?.stop();
    d = undefined;
  });

  async function start(): Promise<{ configFile: string; outside: string }> {
    d = await startTestDaemon('[sessions]\nmax_live = 4\n\n[providers.p]\nkind = "echo"\n');
    c = await RawClient.connect(d.endpoint);
    await c.initialize();
    const outside = join(d.dir, "attacker-readable.txt");
    writeFileSync(outside, "", { mode: 0o666 });
    return { configFile: join(d.dir, "config", "config.toml"), outside };
  }

  it("a planted config.toml.tmp link is not written through; the config is written, 0600", async () => {
    const { configFile, outside } = await start();
    symlinkSync(outside, `${configFile}.tmp`);
    const res = await c!.request("config/set", { prop: "sessions.max_live", value: 9 });
    expect(res.error).toBeUndefined();
    expect(readFileSync(outside, "utf8")).toBe("");
    expect(readlinkSync(`${configFile}.tmp`)).toBe(outside);
    expect(readFileSync(configFile, "utf8")).toMatch(/max_live = 9/);
    expect(statSync(configFile).mode & 0o777).toBe(0o600);
  });

  it("a link at config.toml: -32603 naming the link, config and link unchanged", async () => {
    const { configFile, outside } = await start();
    writeFileSync(outside, readFileSync(configFile));
    rmSync(configFile);
    symlinkSync(outside, configFile);
    const before = readFileSync(outside, "utf8");
    const res = await c!.request("config/set", { prop: "sessions.max_live", value: 9 });
    expect(res.error).toMatchObject({ code: -32603, data: { reason: "internal_error" } });
    expect((res.error as { message: string }).message).toContain("link");
    expect(readFileSync(outside, "utf8")).toBe(before);
    expect(lstatSync(configFile).isSymbolicLink()).toBe(true);
    expect((await c!.request("config/get", { prop: "sessions.max_live" })).result).toMatchObject({
      value: 4,
    });
  });
});

describe("files SQLite opens by name", () => {
  it("a link planted at the database or its WAL file is refused, never followed", () => {
    for (const at of ["zc.db", "zc.db-wal"]) {
      const { dir, outside } = scratch();
      symlinkSync(outside, join(dir, at));
      const before = snapshot(dir);
      expect(() => openDatabase(dir, { fileName: "zc.db" })).toThrow(LinkInTheWayError);
      expect(readFileSync(outside, "utf8")).toBe("the link's target, never to be written");
      expect(snapshot(dir)).toEqual(before);
    }
  });
});
