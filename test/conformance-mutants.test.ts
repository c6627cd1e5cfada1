// The mutation check of the conformance suite (scripts/conformance-mutants.mjs): the reference
// daemon's seeded bugs cover every contract area with at least 40 single edits, each of which still
// finds its text in src/ exactly once (when src/ changes under one, this fails loudly, as the
// check itself does before building anything). Killing them takes minutes: `npm run
// conformance:mutants` (CI runs a sample).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, run } from "./helpers/proc-daemon.js";

const AREAS = [
  "directions",
  "grants",
  "ownership",
  "durability",
  "status",
  "uploads",
  "lifecycle",
  "framing",
  "envelope",
  "handshake",
  "config",
  "pairing",
  "gateway",
  "files",
  "compat",
];

async function node(script: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return run(process.execPath, ["--input-type=module", "-e", script], { ...process.env }, { cwd: REPO_ROOT });
}

describe("the reference daemon's mutants", () => {
  it("are at least 40, in every contract area, each killed in a suite area that exists", async () => {
    const listed = await node(
      `const { REFERENCE_MUTANTS } = await import("./scripts/mutants/reference-daemon.mjs");
       console.log(JSON.stringify(REFERENCE_MUTANTS.map((m) => ({ name: m.name, area: m.area, suite: m.suite }))));`,
    );
    expect(listed.code, listed.stderr).toBe(0);
    const mutants = JSON.parse(listed.stdout) as { name: string; area: string; suite: string[] }[];
    expect(mutants.length).toBeGreaterThanOrEqual(40);
    expect(new Set(mutants.map((m) => m.name)).size).toBe(mutants.length);
    expect(new Set(mutants.map((m) => m.area))).toEqual(new Set(AREAS));
    const suiteAreas = ["endpoint", "framing", "envelope", "handshake", "config", "principals", "pairing"];
    suiteAreas.push("gateway", "sessions", "files", "compat");
    for (const m of mutants) for (const area of m.suite) expect(suiteAreas, m.name).toContain(area);
  });

  it("still match src/ exactly once (npm run conformance:mutants -- --check)", async () => {
    const check = await run(
      process.execPath,
      ["scripts/conformance-mutants.mjs", "--check"],
      { ...process.env },
      { cwd: REPO_ROOT },
    );
    expect(check.code, check.stderr).toBe(0);
    expect(check.stdout).toMatch(/^patterns: all \d+ reference mutants match src\/ exactly once$/m);
  });

  it("refuse loudly a pattern the source no longer has", async () => {
    const root = mkdtempSync(join(tmpdir(), "zc-mutant-pattern-"));
    try {
      mkdirSync(join(root, "src"));
      writeFileSync(join(root, "src", "x.ts"), "const a = 1;\nconst a = 1;\n");
      const tried = await node(
        `const { mutatedText, PatternError } = await import(${JSON.stringify(join(REPO_ROOT, "scripts/mutants/build.mjs"))});
         for (const search of ["const b = 2;", "const a = 1;"]) {
           try { mutatedText(${JSON.stringify(root)}, { name: "m", file: "src/x.ts", search, replace: "" }); console.log("applied"); }
           catch (e) { console.log(e instanceof PatternError ? e.message.split(":")[1].trim() : "other " + e); }
         }`,
      );
      expect(tried.stdout.trim().split("\n")).toEqual([
        "its search text occurs 0 times in src/x.ts (expected exactly once)",
        "its search text occurs 2 times in src/x.ts (expected exactly once)",
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
