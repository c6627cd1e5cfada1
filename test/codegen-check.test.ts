// `zeroclaw codegen --check` and `--list-languages` (issue 27.8), as a stranger runs them from the built
// package: --check reports every problem of a document in one run and writes nothing (exit 0 clean,
// 1 problems); generating reports the same problems in one run too; --list-languages names each
// language, its aliases and the files it writes.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, requireBuild, run } from "./helpers/proc-daemon.js";

let dir: string;
beforeAll(() => {
  requireBuild();
  dir = mkdtempSync(join(tmpdir(), "zc-check-"));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
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
    info: { title: "checked", version: "1.0.0" },
    methods: [{ name: "m", params: [], result: { name: "r", schema: result } }],
    ...extra,
  };
}

function write(name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof value === "string" ? value : JSON.stringify(value));
  return path;
}

describe("zeroclaw codegen --check", () => {
  it("exits 0 for a clean document, generating every language in memory and writing nothing", async () => {
    const before = readdirSync(dir).length;
    const path = write("clean.json", doc({ type: "string" }));
    const r = await codegen("--check", "--openrpc", path);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/no problems .*ts, python, go, rust.*nothing written/);
    expect(readdirSync(dir).length).toBe(before + 1);
  });

  it("reports every broken reference of the document in one run, with each JSON pointer", async () => {
    const bad = doc({ $ref: "#/components/schemas/Nope" });
    (bad.methods as unknown[]).push({
      name: "n",
      params: [],
      result: { name: "r", schema: { $ref: "#/nowhere" } },
    });
    const path = write("refs.json", bad);
    for (const args of [["--check"], ["--lang", "python", "--out", join(dir, "out")]]) {
      const r = await codegen(...args, "--openrpc", path);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toContain("2 problems");
      expect(r.stderr).toContain("/methods/0/result/schema");
      expect(r.stderr).toContain("/methods/1/result/schema");
    }
    expect(existsSync(join(dir, "out"))).toBe(false);
  });

  it("reports numbers with no finite value together with the document's meta-schema problems", async () => {
    const text = JSON.stringify(doc({ enum: ["@1", 2], default: "@2" }, { servers: [{ name: "no url" }] }))
      .replace('"@1"', "1e400")
      .replace('"@2"', "-1e400");
    const r = await codegen("--check", "--openrpc", write("inf.json", text));
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain("/methods/0/result/schema/enum/0: a number with no finite value");
    expect(r.stderr).toContain("/methods/0/result/schema/default: a number with no finite value");
    expect(r.stderr).toMatch(/\/servers\/0: must have required property 'url'/);
  });

  it("says where a file is not JSON without quoting any of it", async () => {
    const r = await codegen("--check", "--openrpc", write("text.json", "SECRET-BYTES, not JSON"));
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/is not JSON( \(error at offset \d+\))?$/m);
    expect(r.stderr).not.toContain("SECRET");
  });

  it("still needs --openrpc (exit 2)", async () => {
    const r = await codegen("--check");
    expect(r.code).toBe(2);
  });
});

describe("the document-wide time budget", () => {
  it("a run past its budget ends in exit 1 saying so and writes nothing (budget shortened in-process)", async () => {
    const { codegenCommand } = await import("../src/cli/codegen-command.js");
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < 2000; i++)
      schemas[`S${i}`] = { type: "object", properties: { a: { type: "string" } } };
    const path = write("slow.json", doc({ type: "string" }, { components: { schemas } }));
    const out = join(dir, "slow-out");
    let thrown: unknown;
    try {
      codegenCommand({ openrpc: path, lang: "go", out, timeBudgetMs: -1 }, () => {});
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toMatchObject({ exitCode: 1, message: expect.stringMatching(/longer than its budget/) });
    expect(existsSync(out)).toBe(false);
  });
});

describe("zeroclaw codegen --list-languages", () => {
  it("names each language, its aliases and the files it writes", async () => {
    const r = await codegen("--list-languages");
    expect(r.code, r.stderr).toBe(0);
    for (const [lang, alias, manifest] of [
      ["ts", "typescript", "package\\.json"],
      ["python", "py", "pyproject\\.toml"],
      ["go", "golang", "go\\.mod"],
      ["rust", "rs", "Cargo\\.toml"],
    ] as const)
      expect(r.stdout).toMatch(new RegExp(`^${lang} \\(also [^)]*${alias}[^)]*\\): .*${manifest}`, "m"));
  });
});
