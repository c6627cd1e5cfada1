// External $refs (codegen/model/bundle.ts): a document split over several files is read as one, each
// referenced value under its own name in the section its pointer names, references inside it followed
// relative to its own file. What cannot be loaded (a missing file, a URL) is an error naming the $ref
// (SPEC §19: exit 1), though the bundled document still has it as any JSON for readers that go on. The
// built command refuses the fixture for its two unloadable refs, and generates a TypeScript package
// that compiles once they are gone.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
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
    const { document, warnings, errors } = bundleExternalRefs(original, MAIN, ROOT);
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
    expect(warnings).toEqual([]);
    expect(errors).toHaveLength(2);
    expect(errors.join("\n")).toMatch(/\$ref missing\.json#\/components\/schemas\/Extra .*cannot find/);
    expect(errors.join("\n")).toMatch(/\$ref https:\/\/example\.com\/schemas\.json#\/Remote .*a URL/);
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

  it("zeroclaw codegen refuses it naming the two $refs it could not load; without them, a package that compiles", async () => {
    requireBuild();
    const codegen = (doc: string, root: string, pkg: string) =>
      run(
        process.execPath,
        [BIN, "codegen", "--openrpc", doc, "--lang", "ts", "--out", pkg, "--ref-root", root],
        {
          PATH: process.env.PATH ?? "/usr/bin:/bin",
          HOME: out,
        },
      );
    const refused = await codegen(MAIN, ROOT, join(out, "refused"));
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).toMatch(/\$ref missing\.json#\/components\/schemas\/Extra/);
    expect(refused.stderr).toMatch(/\$ref https:\/\/example\.com\/schemas\.json#\/Remote/);
    expect(existsSync(join(out, "refused"))).toBe(false);
    // The same files with the two unloadable params left out.
    const copy = join(out, "multifile");
    cpSync(ROOT, copy, { recursive: true });
    const main = load() as { methods: { name: string; params: { name: string }[] }[] };
    const put = main.methods.find((m) => m.name === "thing_put")!;
    put.params = put.params.filter((p) => p.name !== "extra" && p.name !== "remote");
    writeFileSync(join(copy, "api", "main.json"), JSON.stringify(main));
    const pkg = join(out, "ts");
    const r = await codegen(join(copy, "api", "main.json"), copy, pkg);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/^warning: /m);
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
