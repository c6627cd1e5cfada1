// codegen/: deterministic output that matches the committed generated/, a lint that catches what the
// OpenRPC meta-schema lets through, a method table that cannot be reached through the prototype, and a
// `generate:check` that fails on drift (run in a temp copy so generated/ here is never touched).
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readDocument } from "../codegen/model/index.js";
import { emitOwn } from "../codegen/zeroclaw/index.js";
import { lintDocument } from "../codegen/zeroclaw/lint.js";
import { lookupMethod, methodTable } from "../generated/methods.js";
import { loadOwnDocument, type OpenRpcDocument } from "./helpers/own-document.js";
import { run } from "./helpers/proc-daemon.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const BANNER = "// Generated from openrpc.json by codegen/ — do not edit. Run `npm run generate`.";

const load = (): OpenRpcDocument => loadOwnDocument();

/** Every file of our own document (generated/*.ts and docs/methods.md), by path from the root. */
async function emitAll(doc: OpenRpcDocument): Promise<Record<string, string>> {
  return Object.fromEntries(emitOwn(readDocument(doc)));
}

describe("codegen output", () => {
  let first: Record<string, string>;

  beforeAll(async () => {
    first = await emitAll(load());
  });

  it("is byte-identical across runs, and emitting does not mutate the document", async () => {
    const doc = load();
    const before = JSON.stringify(doc);
    const second = await emitAll(doc);
    const third = await emitAll(doc);
    expect(JSON.stringify(doc)).toBe(before);
    for (const name of Object.keys(first)) {
      expect(second[name], name).toBe(first[name]);
      expect(third[name], name).toBe(first[name]);
    }
  });

  it("matches the committed generated/ files, each starting with the banner", () => {
    for (const [name, text] of Object.entries(first)) {
      const committed = readFileSync(join(ROOT, name), "utf8");
      if (name.startsWith("generated/")) expect(committed.split("\n").slice(0, 2)).toContain(BANNER);
      expect(committed === text, `${name} differs from a fresh codegen run`).toBe(true);
    }
  });
});

describe("lintDocument", () => {
  it("returns no problems for openrpc.json", () => {
    expect(lintDocument(load())).toEqual([]);
  });

  /** Lints a deep copy of openrpc.json changed by `mutate`. */
  const lintWith = (mutate: (doc: OpenRpcDocument) => void): string[] => {
    const doc = structuredClone(load());
    mutate(doc);
    return lintDocument(doc);
  };
  const method = (doc: OpenRpcDocument, name: string) => {
    const m = doc.methods.find((x) => x.name === name);
    if (!m) throw new Error(`openrpc.json has no method ${name}`);
    return m;
  };

  it("reports duplicate error codes", () => {
    const problems = lintWith((doc) => {
      doc.components.errors.SESSION_BUSY!.code = doc.components.errors.SESSION_NOT_FOUND!.code;
    });
    expect(problems.join("\n")).toMatch(/SESSION_NOT_FOUND.*SESSION_BUSY.*share code -32000/);
  });

  it("reports duplicate reasons", () => {
    const problems = lintWith((doc) => {
      // Error data variants are named components (`$ref` → SessionBusyData); rename the reason there.
      const variant = doc.components.schemas.SessionBusyData!;
      (variant.properties as { reason: { const: string } }).reason.const = "parse_error";
    });
    expect(problems.join("\n")).toMatch(
      /reason parse_error is declared by both PARSE_ERROR and SESSION_BUSY/,
    );
  });

  it("reports duplicate method names", () => {
    const problems = lintWith((doc) => {
      doc.methods.push(structuredClone(method(doc, "status")));
    });
    expect(problems.join("\n")).toMatch(/duplicate method name status/);
  });

  it("reports an x-grant that is not in components.schemas.Grant", () => {
    const problems = lintWith((doc) => {
      method(doc, "status")["x-grant"] = "system:own";
    });
    expect(problems.join("\n")).toMatch(/status: unknown grant system:own/);
  });

  it("reports an example whose result violates the result schema", () => {
    const problems = lintWith((doc) => {
      const example = method(doc, "status").examples!.find((e) => e.result)!;
      (example.result!.value as Record<string, unknown>).pid = "not a number";
    });
    expect(problems.join("\n")).toMatch(/status example "[^"]+" result: .*pid/);
  });

  it("reports an example whose x-error code is not among the method's errors", () => {
    const problems = lintWith((doc) => {
      const example = method(doc, "status").examples!.find((e) => e["x-error"])!;
      example["x-error"] = { code: -32002, data: { reason: "session_busy" } }; // SESSION_BUSY: not listed
    });
    expect(problems.join("\n")).toMatch(
      /status example "[^"]+": code -32002 is not among the method's errors/,
    );
  });

  it("reports an x-error code that no error declares", () => {
    const problems = lintWith((doc) => {
      const example = method(doc, "status").examples!.find((e) => e["x-error"])!;
      example["x-error"] = { code: -32099, data: { reason: "nothing" } };
    });
    expect(problems.join("\n")).toMatch(/code -32099 is not among the method's errors/);
  });

  it("reports a method without examples", () => {
    const problems = lintWith((doc) => {
      method(doc, "rpc.discover").examples = [];
    });
    expect(problems.join("\n")).toMatch(/rpc\.discover: needs at least one example pairing/);
    const missing = lintWith((doc) => {
      delete method(doc, "rpc.discover").examples;
    });
    expect(missing.join("\n")).toMatch(/rpc\.discover: needs at least one example pairing/);
  });

  it("reports an x-match pointer that points nowhere", () => {
    const problems = lintWith((doc) => {
      const example = method(doc, "status").examples!.find((e) => e.result)!;
      example["x-match"] = [...(example["x-match"] ?? []), "/no_such_field/deeper"];
    });
    expect(problems.join("\n")).toMatch(/x-match \/no_such_field\/deeper points nowhere/);
  });

  it("reports every problem, not just the first", () => {
    const problems = lintWith((doc) => {
      method(doc, "status")["x-grant"] = "system:own";
      doc.methods.push(structuredClone(method(doc, "initialize")));
    });
    expect(problems.some((p) => p.includes("unknown grant"))).toBe(true);
    expect(problems.some((p) => p.includes("duplicate method name initialize"))).toBe(true);
  });
});

describe("generated method table", () => {
  it("never resolves prototype members", () => {
    for (const name of ["__proto__", "toString", "constructor", "hasOwnProperty", "valueOf"])
      expect(lookupMethod(name), name).toBeUndefined();
  });

  it("resolves every method in openrpc.json", () => {
    for (const m of load().methods) expect(lookupMethod(m.name)?.name).toBe(m.name);
    expect(Object.keys(methodTable).sort()).toEqual(
      load()
        .methods.map((m) => m.name)
        .sort(),
    );
  });
});

describe("npm run generate:check (in a temp copy of the repo)", () => {
  let copy: string;

  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), "zc-codegen-"));
    // clients/ too: generate:check also covers each client target's generated files there.
    for (const entry of [
      "codegen",
      "docs",
      "generated",
      "clients",
      "openrpc.json",
      "package.json",
      "tsconfig.json",
      "conformance",
    ])
      cpSync(join(ROOT, entry), join(copy, entry), {
        recursive: true,
        filter: (src) => !/[\\/](target|node_modules|\.venv|__pycache__)$/.test(src),
      });
    symlinkSync(join(ROOT, "node_modules"), join(copy, "node_modules"), "dir");
  });

  afterAll(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  const npm = (script: string) => run("npm", ["run", "-s", script], process.env, { cwd: copy });

  it("passes on an unchanged copy", async () => {
    const r = await npm("generate:check");
    expect(r.code, r.stderr).toBe(0);
  });

  it("exits 1 naming the file when a generated file is edited", async () => {
    const file = join(copy, "generated", "methods.ts");
    const original = readFileSync(file, "utf8");
    writeFileSync(file, `${original}// hand edit\n`);
    try {
      const r = await npm("generate:check");
      expect(r.code).toBe(1);
      expect(r.stderr).toContain("generated/methods.ts");
    } finally {
      writeFileSync(file, original);
    }
  });

  it("exits 1 naming each file when one is missing and a stray one appears", async () => {
    const file = join(copy, "generated", "client.ts");
    const original = readFileSync(file, "utf8");
    const extra = join(copy, "generated", "stray.ts");
    unlinkSync(file);
    writeFileSync(extra, "export {};\n");
    try {
      const r = await npm("generate:check");
      expect(r.code).toBe(1);
      expect(r.stderr).toContain("generated/client.ts");
      expect(r.stderr).toContain("generated/stray.ts");
    } finally {
      writeFileSync(file, original);
      unlinkSync(extra);
    }
  });

  it("`generate` rewrites an edited file back to the committed bytes", async () => {
    const file = join(copy, "generated", "errors.ts");
    writeFileSync(file, "// clobbered\n");
    const r = await npm("generate");
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(file, "utf8") === readFileSync(join(ROOT, "generated", "errors.ts"), "utf8")).toBe(
      true,
    );
  });

  it("exits 1 naming docs/methods.md when the method reference is edited", async () => {
    const file = join(copy, "docs", "methods.md");
    const original = readFileSync(file, "utf8");
    writeFileSync(file, `${original}hand edit\n`);
    try {
      const r = await npm("generate:check");
      expect(r.code).toBe(1);
      expect(r.stderr).toContain("docs/methods.md");
    } finally {
      writeFileSync(file, original);
    }
  });
});
