// The conformance package ships its own openrpc.json (it runs without this repository); the copy
// must never drift: `npm run generate:check` runs `conformance/sync-openrpc.mjs --check`.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { childEnv, REPO_ROOT, run } from "./helpers/proc-daemon.js";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function sandbox(): string {
  const dir = mkdtempSync(join(tmpdir(), "zc-openrpc-copy-"));
  made.push(dir);
  mkdirSync(join(dir, "conformance"));
  copyFileSync(join(REPO_ROOT, "openrpc.json"), join(dir, "openrpc.json"));
  copyFileSync(
    join(REPO_ROOT, "conformance", "sync-openrpc.mjs"),
    join(dir, "conformance", "sync-openrpc.mjs"),
  );
  return dir;
}

const sync = (dir: string, ...args: string[]) =>
  run(process.execPath, [join(dir, "conformance", "sync-openrpc.mjs"), ...args], childEnv(dir), { cwd: dir });

describe("conformance/openrpc.json", () => {
  it("is byte-identical to openrpc.json in this checkout", () => {
    expect(readFileSync(join(REPO_ROOT, "conformance", "openrpc.json"))).toEqual(
      readFileSync(join(REPO_ROOT, "openrpc.json")),
    );
  });

  it("--check fails on a drifted or missing copy, and a sync repairs it", async () => {
    const dir = sandbox();
    const missing = await sync(dir, "--check");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("run npm run generate");
    expect((await sync(dir)).code).toBe(0);
    expect((await sync(dir, "--check")).code).toBe(0);
    writeFileSync(join(dir, "openrpc.json"), `${readFileSync(join(dir, "openrpc.json"), "utf8")} `);
    expect((await sync(dir, "--check")).code).toBe(1);
    expect((await sync(dir)).code).toBe(0);
    expect(readFileSync(join(dir, "conformance", "openrpc.json"))).toEqual(
      readFileSync(join(dir, "openrpc.json")),
    );
  });
});
