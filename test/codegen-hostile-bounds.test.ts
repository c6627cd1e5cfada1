// `zeroclaw codegen` on a hostile document (SPEC §19), as a stranger runs it from the built package:
// external $refs are read only below the document's folder (or --ref-root) and only from regular files
// of at most 16 MiB, and no byte of a refused file is printed; nesting, schema expansion and the
// document's own patterns are bounded; numbers with no finite value are refused by JSON Pointer; every
// problem is reported in one run; --check writes nothing; --list-languages names each target. Each
// refusal is exit 1, never 70 (a bug) and never a hang.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, requireBuild, run } from "./helpers/proc-daemon.js";

let dir: string;
let outside: string;
beforeAll(() => {
  requireBuild();
  dir = mkdtempSync(join(tmpdir(), "zc-hostile-"));
  outside = mkdtempSync(join(tmpdir(), "zc-hostile-outside-"));
  writeFileSync(join(outside, "secret.json"), "SECRET-BYTES not json");
  writeFileSync(
    join(outside, "types.json"),
    JSON.stringify({ components: { schemas: { A: { type: "string" } } } }),
  );
});
afterAll(() => {
  for (const d of [dir, outside]) if (d) rmSync(d, { recursive: true, force: true });
});

const codegen = (...args: string[]) =>
  run(
    process.execPath,
    [BIN, "codegen", ...args],
    { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: dir },
    { cwd: dir },
  );

function doc(result: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    openrpc: "1.3.2",
    info: { title: "hostile", version: "1.0.0" },
    methods: [{ name: "m", params: [], result: { name: "r", schema: result } }],
    ...extra,
  };
}

function write(name: string, value: unknown, sub = ""): string {
  const folder = join(dir, sub);
  mkdirSync(folder, { recursive: true });
  const path = join(folder, name);
  writeFileSync(path, typeof value === "string" ? value : JSON.stringify(value));
  return path;
}

describe("external $refs are confined", () => {
  const refused: [string, string][] = [
    ["an absolute path", "/etc/passwd#/x"],
    ["a parent folder", "../zc-outside/secret.json"],
    ["/dev/zero", "/dev/zero"],
    ["/dev/stdin", "/dev/stdin"],
  ];
  for (const [what, ref] of refused)
    it(`refuses ${what} with exit 1 naming the $ref, printing none of its bytes`, async () => {
      const path = write(`ref-${what.replace(/\W/g, "")}.json`, doc({ $ref: ref }));
      const r = await codegen("--check", "--openrpc", path);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toContain("/methods/0/result/schema/$ref");
      expect(r.stderr).toContain(JSON.stringify(ref));
      expect(r.stderr).not.toMatch(/root:|SECRET/);
    });

  it("refuses a file outside the root reached through a symbolic link, and one outside via ..", async () => {
    symlinkSync(join(outside, "secret.json"), join(dir, "link.json"));
    const viaLink = write("via-link.json", doc({ $ref: "link.json#/x" }));
    let r = await codegen("--check", "--openrpc", viaLink);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/outside/);
    expect(r.stderr).not.toContain("SECRET");
    const up = write("up.json", doc({ $ref: `../${join(outside.split("/").pop()!, "secret.json")}` }));
    r = await codegen("--check", "--openrpc", up);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).not.toContain("SECRET");
  });

  it("refuses a FIFO and a directory below the root without blocking, and says a file that is not JSON is not, quietly", async () => {
    execFileSync("mkfifo", [join(dir, "fifo.json")]);
    mkdirSync(join(dir, "folder.json"));
    writeFileSync(join(dir, "text.json"), "SECRET-BYTES not json");
    const path = write(
      "special.json",
      doc({ oneOf: [{ $ref: "fifo.json#/x" }, { $ref: "folder.json#/x" }, { $ref: "text.json#/x" }] }),
    );
    const r = await codegen("--check", "--openrpc", path);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/not a regular file|is not JSON/);
    expect(r.stderr).not.toContain("SECRET");
  });

  it("refuses a file larger than 16 MiB", async () => {
    write("big.json", `{"a":"${"x".repeat(16 * 1024 * 1024)}"}`);
    const r = await codegen("--check", "--openrpc", write("big-ref.json", doc({ $ref: "big.json#/a" })));
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/larger than 16 MiB/);
  });

  it("reads a folder outside the document's own when --ref-root allows it", async () => {
    const sub = join(outside, "api");
    mkdirSync(sub, { recursive: true });
    const path = join(sub, "main.json");
    writeFileSync(path, JSON.stringify(doc({ $ref: "../types.json#/components/schemas/A" })));
    expect((await codegen("--check", "--openrpc", path)).code).toBe(1);
    const r = await codegen("--check", "--openrpc", path, "--ref-root", outside);
    expect(r.code, r.stderr).toBe(0);
  });
});

describe("work is bounded", () => {
  it("3,000 levels of nesting: exit 1 naming where, not a stack overflow", async () => {
    let s = '{"type":"string"}';
    for (let i = 0; i < 3000; i++) s = `{"type":"array","items":${s}}`;
    const text = JSON.stringify(doc("@")).replace('"@"', s);
    const r = await codegen("--check", "--openrpc", write("deep.json", text));
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/\/methods\/0\/result\/schema\/items\/items.*nested more than \d+ levels/);
  });

  it("allOf/oneOf fan-out 12 levels deep: exit 1 'schema too large' at a pointer, promptly", async () => {
    const schemas: Record<string, unknown> = {
      L0: { type: "object", properties: { z: { type: "string" } } },
    };
    for (let i = 1; i <= 12; i++) {
      const r = { $ref: `#/components/schemas/L${i - 1}` };
      schemas[`L${i}`] = {
        oneOf: [
          { allOf: [r, { properties: { a: { type: "string" } } }] },
          { allOf: [r, { properties: { b: { type: "string" } } }] },
        ],
      };
    }
    const path = write("fan.json", doc({ $ref: "#/components/schemas/L12" }, { components: { schemas } }));
    const r = await codegen("--check", "--openrpc", path);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/\/components\/schemas\/L12\/\S*: schema too large/);
  });

  it("an allOf fan-out that merges to something small is merged once per schema, and generates", async () => {
    const schemas: Record<string, unknown> = {
      L0: { type: "object", properties: { z: { type: "string" } } },
    };
    for (let i = 1; i <= 16; i++) {
      const r = { $ref: `#/components/schemas/L${i - 1}` };
      schemas[`L${i}`] = { allOf: [r, r, { properties: { [`p${i}`]: { type: "integer" } } }] };
    }
    const path = write("fan-ok.json", doc({ $ref: "#/components/schemas/L16" }, { components: { schemas } }));
    const r = await codegen("--check", "--openrpc", path);
    expect(r.code, r.stderr).toBe(0);
  });

  it("an x-extension's backtracking pattern is not run; the extension's other keywords still are", async () => {
    const ext = {
      name: "x-foo",
      version: "1.0.0",
      description: "d",
      summary: "s",
      url: "https://example.com",
      restricted: ["methodObject"],
      openrpcExtension: "0.0.0-development",
      schema: { type: "string", pattern: "^(a|a)*$" },
    };
    const with_ = (value: unknown) => {
      const d = doc({ type: "string" }, { "x-extensions": [ext] });
      (d.methods as Record<string, unknown>[])[0]!["x-foo"] = value;
      return d;
    };
    const slow = await codegen("--check", "--openrpc", write("pattern.json", with_(`${"a".repeat(40)}b`)));
    expect(slow.code, slow.stderr).toBe(0);
    const wrongType = await codegen("--check", "--openrpc", write("pattern-type.json", with_(5)));
    expect(wrongType.code, wrongType.stderr).toBe(1);
    expect(wrongType.stderr).toContain("/methods/0/x-foo");
  });

  it("a document slower than its time budget ends in exit 1 saying so (budget shortened in-process)", async () => {
    const { codegenCommand } = await import("../src/cli/codegen-command.js");
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < 3000; i++)
      schemas[`S${i}`] = { type: "object", properties: { a: { type: "string" } } };
    const path = write("slow.json", doc({ type: "string" }, { components: { schemas } }));
    expect(() => codegenCommand({ openrpc: path, check: true, timeBudgetMs: 0 }, () => {})).toThrow(
      /longer than its budget/,
    );
  });
});

describe("numbers and problems", () => {
  it("1e400 anywhere is refused naming each JSON pointer, every problem in one run", async () => {
    const text = JSON.stringify(
      doc(
        { enum: ["@1", 2], default: "@2" },
        { components: { schemas: { B: { type: "number", maximum: "@3" } } } },
      ),
    )
      .replace('"@1"', "1e400")
      .replace('"@2"', "-1e400")
      .replace('"@3"', "1e999");
    const r = await codegen("--check", "--openrpc", write("inf.json", text));
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain("3 problems");
    for (const p of [
      "/methods/0/result/schema/enum/0",
      "/methods/0/result/schema/default",
      "/components/schemas/B/maximum",
    ])
      expect(r.stderr).toContain(`${p}: a number with no finite value`);
  });

  it("--check writes nothing and exits 0 for a clean document; an invalid one lists every problem", async () => {
    const clean = await codegen("--check", "--openrpc", write("clean.json", doc({ type: "string" })));
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stdout).toMatch(/no problems/);
    const bad = doc({ $ref: "#/components/schemas/Nope" });
    (bad.methods as unknown[]).push({
      name: "n",
      params: [],
      result: { name: "r", schema: { $ref: "#/nowhere" } },
    });
    const r = await codegen("--check", "--openrpc", write("bad.json", bad));
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain("/methods/0/result/schema");
    expect(r.stderr).toContain("/methods/1/result/schema");
    expect(existsSync(join(dir, "out"))).toBe(false);
  });

  it("--list-languages names each language, its aliases and the files it writes", async () => {
    const r = await codegen("--list-languages");
    expect(r.code, r.stderr).toBe(0);
    for (const [lang, alias, manifest] of [
      ["ts", "typescript", "package.json"],
      ["python", "py", "pyproject.toml"],
      ["go", "golang", "go.mod"],
      ["rust", "rs", "Cargo.toml"],
    ])
      expect(r.stdout).toMatch(
        new RegExp(`^${lang} \\(also [^)]*${alias}[^)]*\\):.*${manifest!.replace(".", "\\.")}`, "m"),
      );
  });
});
