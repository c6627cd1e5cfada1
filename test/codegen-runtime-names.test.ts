// A target's own runtime names never collide with a document's names (issue 27.4): every public type,
// function or constant a target's runtime declares (read from codegen/targets/<lang>/runtime/, so a
// name added there later is checked too) is reserved in that language's naming table, so a schema of
// that name is renamed by the naming rules (`Transport` → `TransportType` in TypeScript) rather than shadowing or
// clashing with it. test/codegen-hostile.test.ts builds such documents in all four languages.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readDocument } from "../codegen/model/index.js";
import { createNames } from "../codegen/naming/namer.js";
import { findTarget } from "../codegen/targets/index.js";
import { REPO_ROOT } from "./helpers/proc-daemon.js";

const RUNTIME = (dir: string) => join(REPO_ROOT, "codegen", "targets", dir, "runtime");

/** Top-level public names of a runtime's sources (methods and struct fields are not in scope). */
const DECLARATIONS: Record<string, { dir: string; ext: RegExp; pattern: RegExp }> = {
  go: { dir: "go", ext: /\.go$/, pattern: /^(?:type|func|var|const) ([A-Z]\w*)/gm },
  ts: {
    dir: "typescript",
    ext: /\.ts$/,
    pattern:
      /^export (?:declare )?(?:abstract )?(?:class|type|interface|const|let|function|async function|enum) ([A-Z]\w*)/gm,
  },
  rust: { dir: "rust", ext: /\.rs$/, pattern: /^pub (?:struct|enum|trait|type|const|static) ([A-Z]\w*)/gm },
};

function runtimeNames(lang: string): string[] {
  const { dir, ext, pattern } = DECLARATIONS[lang]!;
  const names = new Set<string>();
  for (const f of readdirSync(RUNTIME(dir)).filter((f) => ext.test(f)))
    for (const m of readFileSync(join(RUNTIME(dir), f), "utf8").matchAll(pattern)) names.add(m[1]!);
  return [...names].sort();
}

describe("runtime names are reserved in each language's naming table", () => {
  for (const lang of Object.keys(DECLARATIONS))
    it(`${lang}: every public name its runtime declares`, () => {
      const names = runtimeNames(lang);
      expect(names.length).toBeGreaterThan(3);
      const reserved = findTarget(lang)!.naming.reserved.type!;
      expect(names.filter((n) => !reserved.has(n))).toEqual([]);
    });

  it("python: every name the generated modules import from the runtime", () => {
    const source = readFileSync(join(REPO_ROOT, "codegen", "targets", "python", "py-text.ts"), "utf8");
    const block = /const SOURCES = new Map\(\s*\[([\s\S]*?)\]\.flatMap/.exec(source)![1]!;
    const imported = [...block.matchAll(/"([^"]*)"/g)].flatMap((m) => m[1]!.split(":")[1]!.trim().split(" "));
    const reserved = findTarget("python")!.naming.reserved.type!;
    expect(imported.filter((n) => /^[A-Za-z]/.test(n) && !reserved.has(n))).toEqual([]);
  });

  it("a schema named like a runtime name is renamed, in every language", () => {
    const schemas = Object.fromEntries(
      ["Uploads", "ClientBase", "Transport", "Socket", "ErrorClass"].map((n) => [n, { type: "string" }]),
    );
    const model = readDocument({
      openrpc: "1.3.2",
      info: { title: "names", version: "1.0.0" },
      methods: [],
      components: { schemas },
    });
    for (const lang of ["ts", "python", "go", "rust"]) {
      const target = findTarget(lang)!;
      const names = createNames(model, target.naming);
      const reserved = target.naming.reserved.type!;
      for (const d of model.types.values())
        if (reserved.has(d.name)) expect(names.type(d.name), `${lang} ${d.name}`).not.toBe(d.name);
    }
  });
});
