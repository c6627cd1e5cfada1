// `npm run daemon` rebuilds only when the sources changed (issue 28.1): the fingerprint follows content,
// and right after `npm run build` (which npm test ran first) the check builds nothing.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fingerprint } from "../scripts/build-fingerprint.mjs";
import { REPO_ROOT, requireBuild } from "./helpers/proc-daemon.js";

const root = mkdtempSync(join(tmpdir(), "zc-fp-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("build fingerprint", () => {
  it("changes with a source's content, not with its time", () => {
    mkdirSync(join(root, "src"));
    writeFileSync(join(root, "src", "a.ts"), "export const a = 1;\n");
    writeFileSync(join(root, "package.json"), "{}\n");
    const first = fingerprint(root);
    utimesSync(join(root, "src", "a.ts"), new Date(), new Date(Date.now() + 60_000));
    expect(fingerprint(root)).toBe(first);
    writeFileSync(join(root, "src", "a.ts"), "export const a = 2;\n");
    expect(fingerprint(root)).not.toBe(first);
    writeFileSync(join(root, "src", "a.ts"), "export const a = 1;\n");
    writeFileSync(join(root, "src", "b.ts"), "");
    expect(fingerprint(root)).not.toBe(first);
  });

  it("after a build, the daemon's start builds nothing", () => {
    requireBuild();
    const r = spawnSync(process.execPath, ["scripts/build-if-changed.mjs"], {
      cwd: REPO_ROOT,
      encoding: "utf8",
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe("");
  });
});
