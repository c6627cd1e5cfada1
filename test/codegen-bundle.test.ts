// External $refs (codegen/model/bundle.ts): a document split over several files is read as one, each
// referenced value under its own name in the section its pointer names, references inside it followed
// relative to its own file; what cannot be loaded becomes any JSON with a warning, never an error. The
// built command generates a TypeScript package for it that compiles.
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundleExternalRefs } from "../codegen/model/bundle.js";
import { readDocument } from "../codegen/model/index.js";
import { BIN, REPO_ROOT, requireBuild, run } from "./helpers/proc-daemon.js";

const ROOT = join(REPO_ROOT, "test", "fixtures", "openrpc-multifile");
const MAIN = join(ROOT, "api", "main.json");
const load = () => JSON.parse(readFileSync(MAIN, "utf8")) as Record<string, unknown>;
const out = mkdtempSync(join(tmpdir(), "zc-bundle-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("a document split over several files", () => {
  it("brings every referenced value in under its own name, and leaves the original document alone", () => {
    const original = load();
    const before = JSON.stringify(original);
    const { document, warnings } = bundleExternalRefs(original, MAIN, ROOT);
    expect(JSON.stringify(original)).toBe(before);
    const components = document.components as Record<string, Record<string, unknown>>;
    expect(Object.keys(components.schemas!).sort()).toEqual(["Id", "Thing", "Thing_2", "label"]);
    // The root's own Thing was an alias of the other file's: it now points at the copy.
    expect(components.schemas!.Thing).toEqual({ $ref: "#/components/schemas/Thing_2" });
    const copy = components.schemas!.Thing_2 as { properties: Record<string, unknown> };
    expect(copy.properties.id).toEqual({ $ref: "#/components/schemas/Id" });
    expect(copy.properties.children).toEqual({
      type: "array",
      items: { $ref: "#/components/schemas/Thing_2" },
    });
    expect(copy.properties.label).toEqual({ $ref: "#/components/schemas/label" });
    expect(components.errors!.NOT_FOUND).toEqual({ code: 404, message: "no such thing" });
    expect(warnings).toHaveLength(2);
    expect(warnings.join("\n")).toMatch(/missing\.json/);
    expect(warnings.join("\n")).toMatch(/https:\/\/example\.com/);
  });

  it("reads into the model with no error: what could not be loaded is any JSON, and says why", () => {
    const model = readDocument(bundleExternalRefs(load(), MAIN, ROOT).document);
    expect(model.notes.filter((n) => n.severity === "error")).toEqual([]);
    const put = model.methods.find((m) => m.name === "thing_put")!;
    expect(put.params.find((p) => p.name === "extra")?.docs.description).toMatch(/could not be loaded/);
    expect(model.errors.get("NOT_FOUND")?.code).toBe(404);
    const get = model.methods.find((m) => m.name === "thing_get")!;
    expect(get.errors).toEqual(["NOT_FOUND"]);
  });

  it("zeroclaw codegen builds a TypeScript package from it, warning about the two it could not load", async () => {
    requireBuild();
    const pkg = join(out, "ts");
    const r = await run(
      process.execPath,
      [BIN, "codegen", "--openrpc", MAIN, "--lang", "ts", "--out", pkg, "--ref-root", ROOT],
      {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        HOME: out,
      },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr.match(/^warning: /gm)).toHaveLength(2);
    symlinkSync(join(REPO_ROOT, "node_modules"), join(pkg, "node_modules"), "dir");
    const tsc = await run(
      process.execPath,
      [join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.json"],
      process.env,
      { cwd: pkg },
    );
    expect(tsc.code, tsc.stdout).toBe(0);
  });
});
