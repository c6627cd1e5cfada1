// Issue 27.1: `zeroclaw codegen` writes integers as a person would — Go int64, Rust i64/u64, TypeScript
// number, Python int — unless bounds or format need more; `--integers exact` keeps the lossless types
// (json.Number, i128, number | bigint) for documents that need them. Both build in every language.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { HARNESSES } from "./helpers/codegen-corpus/index.js";
import { BIN, requireBuild, run } from "./helpers/proc-daemon.js";

const root = mkdtempSync(join(tmpdir(), "zc-ints-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const DOC = join(root, "ints.json");
writeFileSync(
  DOC,
  JSON.stringify({
    openrpc: "1.3.2",
    info: { title: "ints", version: "1.0.0" },
    methods: [
      {
        name: "tap",
        params: [
          { name: "x", required: true, schema: { type: "integer" } },
          { name: "count", required: true, schema: { type: "integer", minimum: 0 } },
          { name: "small", required: false, schema: { type: "integer", format: "int32" } },
        ],
        result: { name: "r", schema: { $ref: "#/components/schemas/Point" } },
      },
    ],
    components: {
      schemas: {
        Point: {
          type: "object",
          required: ["x", "big"],
          properties: { x: { type: "integer" }, big: { type: "integer", format: "uint64" } },
        },
      },
    },
  }),
);

const gen = async (lang: string, mode?: string) => {
  const out = join(root, `${lang}-${mode ?? "default"}`);
  const args = [
    BIN,
    "codegen",
    "--openrpc",
    DOC,
    "--lang",
    lang,
    "--out",
    out,
    ...(mode ? ["--integers", mode] : []),
  ];
  const r = await run(process.execPath, args, { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: root });
  expect(r.code, r.stderr).toBe(0);
  return out;
};
const read = (dir: string, file: string) => readFileSync(join(dir, file), "utf8");

describe("integers", () => {
  it("go: int64 by default (uint64 kept), json.Number with --integers exact", {
    timeout: 300_000,
  }, async () => {
    requireBuild();
    const native = read(await gen("go"), "types_gen.go");
    expect(native).toMatch(/X\s+int64/);
    expect(native).toMatch(/Big\s+uint64/);
    expect(native).not.toContain("json.Number");
    const exact = read(await gen("go", "exact"), "types_gen.go");
    expect(exact).toMatch(/X\s+json\.Number/);
    if (!HARNESSES.go!.missing()) expect((await HARNESSES.go!.build(join(root, "go-default"))).code).toBe(0);
  });

  it("rust: i64 / u64 by default, i128 with --integers exact", { timeout: 600_000 }, async () => {
    requireBuild();
    const native = read(await gen("rust"), "src/types.rs");
    expect(native).toMatch(/pub x: i64/);
    expect(native).toMatch(/pub big: u64/);
    expect(native).not.toContain("i128");
    expect(read(await gen("rust", "exact"), "src/types.rs")).toMatch(/pub x: i128/);
    if (!HARNESSES.rust!.missing()) {
      const b = await HARNESSES.rust!.build(join(root, "rust-default"));
      expect(b.code, b.stdout + b.stderr).toBe(0);
    }
  });

  it("typescript: number by default, number | bigint with --integers exact", {
    timeout: 300_000,
  }, async () => {
    requireBuild();
    const native = read(await gen("ts"), "src/types.ts");
    expect(native).toMatch(/x: number;/);
    expect(native).not.toContain("bigint");
    expect(read(await gen("ts", "exact"), "src/types.ts")).toMatch(/x: number \| bigint;/);
    const client = read(join(root, "ts-default"), "src/client.ts");
    expect(client).not.toContain("bigint");
    if (!HARNESSES.ts!.missing()) expect((await HARNESSES.ts!.build(join(root, "ts-default"))).code).toBe(0);
  });

  it("python: int either way; an unknown mode is a usage error", async () => {
    requireBuild();
    expect(read(await gen("python"), "src/ints/types.py")).toMatch(/x: int/);
    const bad = await run(
      process.execPath,
      [BIN, "codegen", "--openrpc", DOC, "--lang", "go", "--out", join(root, "x"), "--integers", "huge"],
      process.env,
    );
    expect(bad.code).toBe(2);
  });
});
