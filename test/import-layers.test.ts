// scripts/import-layers.mjs is the gate on the layer order of docs/architecture.md (npm run lint runs
// it): it passes on this tree, and on a tree with an upward import and a cycle it names both and exits 1.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const script = new URL("../scripts/import-layers.mjs", import.meta.url).pathname;
const run = (...args: string[]) => spawnSync(process.execPath, [script, ...args], { encoding: "utf8" });
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("import-layers", () => {
  it("finds no upward import and no cycle in src/", () => {
    const out = run();
    expect(out.stdout).toContain("upward imports (0):");
    expect(out.stdout).toContain("import cycles (0):");
    expect(out.status).toBe(0);
  });

  it("exits 1 naming an upward import and a cycle", () => {
    dir = mkdtempSync(join(tmpdir(), "zc-layers-"));
    const file = (path: string, text: string) => {
      mkdirSync(join(dir!, "src", path, ".."), { recursive: true });
      writeFileSync(join(dir!, "src", path), text);
    };
    file("jsonrpc/peer.ts", 'import type { X } from "../handlers/context.js";\n');
    file("handlers/context.ts", "export type X = 1;\n");
    file("sessions/a.ts", 'import { b } from "./b.js";\nexport const a = 1;\n');
    file("sessions/b.ts", 'import { a } from "./a.js";\nexport const b = 2;\n');
    const out = run("--root", dir);
    expect(out.stdout).toContain("jsonrpc/peer.ts → handlers/context.ts");
    expect(out.stdout).toContain("sessions/a.ts ↔ sessions/b.ts");
    expect(out.status).toBe(1);
  });
});
