// Issue 19, item 6: every document of the corpus (test/fixtures/openrpc-corpus/, real documents
// nobody here wrote) is valid OpenRPC, reads into the model without an unresolved reference, and
// comes out of every language target as a package that builds with that language's strictest
// checks. For two of them a program calls the generated client against a real HTTP JSON-RPC server
// on 127.0.0.1 that answers from the document's examples: the typed result decodes and re-encodes to
// the example's JSON, params go on the wire as the document says (an array by position), and a
// declared error arrives as its generated type. For Ethereum's execution API, every method with an
// example that fits its own schemas is called that way (real data: hex strings, nested objects,
// unions, nulls). A language without a target or a toolchain here is
// reported skipped, never passed.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readDocument, validateDocument } from "../codegen/model/index.js";
import type { Model } from "../codegen/model/types.js";
import { TARGETS } from "../codegen/targets/index.js";
import { HARNESSES, type Run } from "./helpers/codegen-corpus/index.js";
import { fittingExamples } from "./helpers/fitting-examples.js";
import { startMockServer } from "./helpers/openrpc-mock-server.js";
import { REPO_ROOT } from "./helpers/proc-daemon.js";

const CORPUS = join(REPO_ROOT, "test", "fixtures", "openrpc-corpus");
const DOCS = readdirSync(CORPUS, { withFileTypes: true })
  .filter((e) => e.isDirectory() && e.name !== "LICENSES")
  .map((e) => e.name)
  .sort();
const load = (name: string): unknown => JSON.parse(readFileSync(join(CORPUS, name, "openrpc.json"), "utf8"));

const temps: string[] = [];
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

/** Writes `lang`'s package for `model` into a fresh temp dir. */
function generate(lang: string, model: Model): string {
  const target = TARGETS.find((t) => t.lang === lang)!;
  const dir = mkdtempSync(join(tmpdir(), `zc-corpus-${lang}-`));
  temps.push(dir);
  for (const f of target.emit!(model, { packageName: target.naming.packageName(model.info.title) })) {
    mkdirSync(dirname(join(dir, f.path)), { recursive: true });
    writeFileSync(join(dir, f.path), f.content);
  }
  return dir;
}

/**
 * `lang`'s package for corpus document `name`, generated and built once per run: the build test and
 * the call tests share it (a call test writes its program into the built package).
 */
const builds = new Map<string, Promise<{ model: Model; dir: string; run: Run }>>();
function built(lang: string, name: string): Promise<{ model: Model; dir: string; run: Run }> {
  const key = `${lang}/${name}`;
  let b = builds.get(key);
  if (!b) {
    const model = readDocument(load(name));
    const dir = generate(lang, model);
    b = HARNESSES[lang]!.build(dir).then((run) => ({ model, dir, run }));
    builds.set(key, b);
  }
  return b;
}

/** Why `lang` cannot be exercised here, or undefined. */
function skipReason(lang: string): string | undefined {
  const target = TARGETS.find((t) => t.lang === lang);
  if (!target?.emit) return `no ${lang} target yet`;
  const harness = HARNESSES[lang];
  if (!harness) return `no ${lang} harness yet`;
  return harness.missing();
}

describe("the corpus", () => {
  it("has at least six documents, each with its source and licence", () => {
    expect(DOCS.length).toBeGreaterThanOrEqual(6);
    for (const d of DOCS) {
      const source = readFileSync(join(CORPUS, d, "SOURCE.md"), "utf8");
      expect(source, d).toMatch(/Origin: https:\/\/github\.com\//);
      expect(source, d).toMatch(/[Cc]ommit `?[0-9a-f]{40}/);
      expect(source, d).toMatch(/Licence: /);
    }
  });

  it.each(DOCS)("%s is valid OpenRPC and reads into the model with every reference resolved", (name) => {
    const doc = load(name);
    expect(validateDocument(doc)).toEqual([]);
    const model = readDocument(doc);
    expect(model.notes.filter((n) => n.severity === "error")).toEqual([]);
    expect(model.methods.length).toBeGreaterThan(0);
  });
});

for (const target of TARGETS) {
  const lang = target.lang;
  const skip = skipReason(lang);
  describe(`${target.displayName} packages from the corpus`, () => {
    it.for(DOCS)(`%s builds (${lang})`, { timeout: 600_000 }, async (name, ctx) => {
      if (skip) return ctx.skip(`${lang} skipped: ${skip}`);
      const { run: r } = await built(lang, name);
      expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
      // Zero warnings: whatever the compiler printed counts against the package.
      expect(`${r.stdout}${r.stderr}`.trim(), "compiler output").toBe("");
    });

    it("petstore: calls reach an HTTP JSON-RPC server, results decode typed, a declared error arrives typed", {
      timeout: 600_000,
    }, async (ctx) => {
      if (skip) return ctx.skip(`${lang} skipped: ${skip}`);
      const { model, dir, run } = await built(lang, "petstore");
      const harness = HARNESSES[lang]!;
      expect(run.code).toBe(0);
      const server = await startMockServer(model);
      try {
        const getPet = model.methods.find((m) => m.name === "get_pet")!.examples[0]!;
        const listPets = model.methods.find((m) => m.name === "list_pets")!.examples[0]!;
        server.failWith("create_pet", { code: 100, message: "pets busy" });
        // create_pet does not declare the error: it stays an untyped error, so it is not called here.
        server.failWith("list_pets", { code: 100, message: "pets busy" });
        const r = await harness.calls(dir, model, server.url, [
          { method: "get_pet", params: getPet.params },
          { method: "list_pets", params: listPets.params, expectError: "PetsBusy" },
        ]);
        expect(r.code, r.stderr).toBe(0);
        const lines = r.stdout
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l));
        expect(lines[0]).toEqual({ result: getPet.result!.value });
        expect(lines[1]).toEqual({ error: "PetsBusy", code: 100 });
        // No paramStructure: by position, so the server saw an array.
        expect(server.received.map((m) => [m.method, m.params])).toEqual([
          ["get_pet", [7]],
          ["list_pets", [1]],
        ]);
      } finally {
        await server.close();
      }
    });

    it("a document with no methods and an empty title (open-rpc's `empty` example) builds without a warning", {
      timeout: 600_000,
    }, async (ctx) => {
      if (skip) return ctx.skip(`${lang} skipped: ${skip}`);
      const model = readDocument({ openrpc: "1.2.4", info: { title: "", version: "1.0.0" }, methods: [] });
      const r = await HARNESSES[lang]!.build(generate(lang, model));
      expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
      expect(`${r.stdout}${r.stderr}`.trim(), "compiler output").toBe("");
    });

    it("ethereum-execution-apis: every method's first example that fits its own schemas is called and decodes to its result", {
      timeout: 600_000,
    }, async (ctx) => {
      if (skip) return ctx.skip(`${lang} skipped: ${skip}`);
      const { model, dir, run } = await built(lang, "ethereum-execution-apis");
      const { calls } = fittingExamples(model);
      // 46 of the document's 86 methods have an example that fits; the rest break their own schemas.
      expect(calls.length).toBeGreaterThanOrEqual(40);
      const harness = HARNESSES[lang]!;
      expect(run.code).toBe(0);
      const server = await startMockServer(model);
      try {
        const r = await harness.calls(dir, model, server.url, calls);
        expect(r.code, r.stderr).toBe(0);
        const lines = r.stdout
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l) as unknown);
        expect(lines).toEqual(calls.map((c) => ({ result: c.result })));
      } finally {
        await server.close();
      }
    });

    it("simple-math: by-position calls with $ref'd example params decode the typed result", {
      timeout: 600_000,
    }, async (ctx) => {
      if (skip) return ctx.skip(`${lang} skipped: ${skip}`);
      const { model, dir, run } = await built(lang, "simple-math");
      const harness = HARNESSES[lang]!;
      expect(run.code).toBe(0);
      const server = await startMockServer(model);
      try {
        const calls = model.methods.flatMap((m) =>
          m.examples.map((e) => ({ method: m.name, params: e.params, result: e.result })),
        );
        expect(calls.length).toBeGreaterThanOrEqual(4);
        const r = await harness.calls(dir, model, server.url, calls);
        expect(r.code, r.stderr).toBe(0);
        const lines = r.stdout
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l));
        expect(lines).toEqual(calls.map((c) => ({ result: c.result!.value })));
        expect(server.received[0]).toMatchObject({ method: "addition", params: [2, 2] });
      } finally {
        await server.close();
      }
    });
  });
}
