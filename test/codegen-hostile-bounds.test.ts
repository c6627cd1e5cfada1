// Issue 25, second round (SPEC §19): documents an attacker found that ended in exit 70, ran past the
// 20 s budget, generated packages that do not build, or reached the terminal raw. Each is refused with
// exit 1 naming its JSON pointer (or its $ref), or generates; none is a crash. Fast: one `--check` or
// one TypeScript generation each; only the recursive types that must keep working are built (tsc).
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { HARNESSES } from "./helpers/codegen-corpus/index.js";
import { BIN, requireBuild, run } from "./helpers/proc-daemon.js";
import { xEvilExtension } from "./helpers/x-extension.js";

const root = mkdtempSync(join(tmpdir(), "zc-hostile-bounds-"));
afterAll(() => {
  if (!process.env.KEEP) rmSync(root, { recursive: true, force: true });
});

let n = 0;
function write(doc: unknown): string {
  const dir = join(root, `doc-${n++}`);
  mkdirSync(dir);
  const file = join(dir, "openrpc.json");
  writeFileSync(file, JSON.stringify(doc));
  return file;
}

const codegen = (file: string, extra: string[]) => {
  requireBuild();
  return run(process.execPath, [BIN, "codegen", "--openrpc", file, ...extra], {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: root,
  });
};
const check = (file: string, extra: string[] = []) => codegen(file, ["--check", ...extra]);
const generate = (file: string, extra: string[] = []) => {
  const out = join(root, `out-${n++}`);
  return codegen(file, ["--lang", "ts", "--out", out, ...extra]).then((r) => ({ ...r, out }));
};

const doc = (result: unknown, schemas: Record<string, unknown> = {}, more: Record<string, unknown> = {}) => ({
  openrpc: "1.3.2",
  info: { title: "hostile", version: "1.0.0" },
  methods: [{ name: "m", params: [], result: { name: "r", schema: result } }],
  components: { schemas },
  ...more,
});
const ref = (key: string) => ({ $ref: `#/components/schemas/${key}` });

/** `count` components C0 → C1 → … each made by `link` from the next one's $ref; the last is a string. */
function chain(count: number, link: (next: unknown, i: number) => unknown, reversed = false) {
  const schemas: Record<string, unknown> = {};
  const keys = [...Array(count).keys()];
  for (const i of reversed ? keys.reverse() : keys)
    schemas[`C${i}`] = i === count - 1 ? { type: "string" } : link(ref(`C${i + 1}`), i);
  return doc(ref("C0"), schemas);
}

const refused = async (
  p: Promise<{ code: number | null; stdout: string; stderr: string }>,
  where: RegExp,
) => {
  const r = await p;
  expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(1);
  expect(r.stderr).toMatch(where);
  return r;
};

describe("depth reached through $ref is capped: exit 1 at a pointer, never a stack overflow", () => {
  for (const [what, link] of [
    ["arrays", (next: unknown) => ({ type: "array", items: next })],
    ["plain aliases", (next: unknown) => next],
    [
      "allOf",
      (next: unknown, i: number) => ({ allOf: [next, { properties: { [`p${i}`]: { type: "string" } } }] }),
    ],
  ] as const)
    it(`a chain of 3,000 ${what}`, async () => {
      await refused(
        check(write(chain(3000, link))),
        /\/components\/schemas\/C\d+: (schema nested deeper than \d+ levels|schema too large)/,
      );
    });

  it("a chain of 1,000 arrays written last link first (no deep read) still generates", async () => {
    const r = await check(write(chain(1000, (next) => ({ type: "array", items: next }), true)));
    expect(r.code, r.stderr).toBe(0);
  });

  it("a long problem list is cut short", async () => {
    const r = await refused(
      check(write(chain(400, (next, i) => ({ allOf: [next, { properties: { [`p${i}`]: {} } }] })))),
      /… and \d+ more/,
    );
    expect(r.stderr.split("\n").length).toBeLessThan(60);
  });
});

describe("a schema that is only a $ref to itself names no type: exit 1 at its pointer", () => {
  it("a method result that is an allOf of itself", async () => {
    await refused(
      check(write(doc({ allOf: [{ $ref: "#/methods/0/result/schema" }] }))),
      /\/methods\/0\/result\/schema: a cycle of \$ref aliases/,
    );
  });

  it("two components that alias each other", async () => {
    await refused(
      check(write(doc(ref("A"), { A: ref("B"), B: ref("A") }))),
      /\/components\/schemas\/[AB]: a cycle of \$ref aliases/,
    );
  });

  it("a recursive type through an array or an object still generates, and a package that builds", async (ctx) => {
    const r = await generate(
      write(
        doc(ref("Tree"), {
          Tree: { type: "object", properties: { kids: ref("Trees") } },
          Trees: { type: "array", items: ref("Tree") },
          List: { oneOf: [{ type: "null" }, { type: "array", items: ref("List") }] },
        }),
      ),
    );
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(r.out).length).toBeGreaterThan(0);
    const ts = HARNESSES.ts!;
    if (ts.missing()) return ctx.skip(ts.missing()!);
    const b = await ts.build(r.out);
    expect(b.code, b.stdout).toBe(0);
  });
});

/** The document with one x- extension `x-evil` on methods, whose values `schema` describes. */
const withExtension = (schema: unknown) => ({
  ...doc({ type: "string" }),
  "x-extensions": [xEvilExtension(schema)],
});

describe("work is bounded: an enum of 300,000 values, a pattern RE2 runs slowly", () => {
  const bigEnum = (count: number) =>
    doc(ref("Kind"), { Kind: { type: "string", enum: Array.from({ length: count }, (_, i) => `v${i}`) } });

  it("an enum of 300,000 values generates in every language within the budget (was a stack overflow; 100,000 took 65 s)", async () => {
    // Exit 0 is the measure: past the 20 s budget the run is exit 1 "longer than its budget".
    const r = await check(write(bigEnum(300_000)));
    expect(r.code, r.stderr).toBe(0);
  });

  it("the budget stops a long stage inside its loop, not after it (budget shortened in-process)", async () => {
    const { codegenCommand } = await import("../src/cli/codegen-command.js");
    const path = write(bigEnum(300_000));
    let thrown: unknown;
    try {
      codegenCommand({ openrpc: path, check: true, timeBudgetMs: 1 }, () => {});
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toMatchObject({ exitCode: 1, message: expect.stringMatching(/longer than its budget/) });
  });

  const xEvil = (pattern: string) => withExtension({ type: "string", pattern });
  const alternation = (count: number) =>
    `^(${Array.from({ length: count }, (_, i) => `(a{${i + 1}})`).join("|")})*$`;

  for (const [what, count] of [
    ["longer than RE2 is given", 999],
    ["compiled to a program too large for its input", 300],
  ] as const)
    it(`a pattern ${what} is not checked, with a warning, within the budget`, async () => {
      const d = xEvil(alternation(count));
      (d.methods[0] as Record<string, unknown>)["x-evil"] = "a".repeat(1000);
      const r = await check(write(d));
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/warning: pattern "\^\(\(a\{1\}\).*was not checked/);
    });
});

describe("x-extension schemas Ajv cannot compile are the document's problem: exit 1 at the extension", () => {
  for (const [what, schema] of [
    ["an $id of the JSON Schema meta-schema", { $id: "https://meta.json-schema.tools", type: "string" }],
    ["an $id of the OpenRPC meta-schema", { $id: "https://meta.open-rpc.org/", type: "string" }],
    ["a recursive $id", { $id: "r", type: "array", items: { $ref: "#" } }],
    ["an unknown type", { type: "foo" }],
    [
      "a $ref into its own definitions",
      { definitions: { d0: { type: "string" } }, $ref: "#/definitions/d0" },
    ],
    ["a $ref to a missing definition", { $ref: "#/definitions/nope" }],
  ] as const)
    it(what, async () => {
      const d = withExtension(schema);
      (d.methods[0] as Record<string, unknown>)["x-evil"] = "x";
      await refused(check(write(d)), /\/x-extensions\/0\/schema: cannot apply the document's x-extensions/);
    });
});

describe("external $refs that read nothing, and what messages echo", () => {
  for (const [what, target] of [
    ["a URL", "http://127.0.0.1:1/x.json"],
    ["a missing file", "missing.json#/S"],
    ["a backslash path", "..\\\\x.json"],
    ["a NUL inside", "a\u0000b.json"],
  ] as const)
    it(`${what}: exit 1 naming the $ref, not any JSON with a warning`, async () => {
      await refused(check(write(doc({ $ref: target }))), /external \$ref refused: \$ref /);
    });

  it("a $ref member inside a data value (a default, an example's value) is data, not a reference", async () => {
    const d = doc(ref("S"), {
      S: {
        type: "object",
        default: { $ref: "http://127.0.0.1:1/x.json" },
        examples: [{ $ref: "missing.json" }],
      },
    });
    (d.methods[0] as Record<string, unknown>).examples = [
      { name: "e", params: [], result: { name: "r", value: { $ref: "missing.json#/S" } } },
    ];
    const r = await check(write(d));
    expect(r.code, r.stderr).toBe(0);
    const { bundleExternalRefs } = await import("../codegen/model/index.js");
    const bundled = bundleExternalRefs(d, join(root, "data-refs.json"));
    expect(bundled.errors).toEqual([]);
    expect((bundled.document.components as { schemas: { S: unknown } }).schemas.S).toEqual(
      d.components.schemas.S,
    );
  });

  it("a $ref's control characters are escaped on stderr, never written raw", async () => {
    const r = await refused(
      check(write(doc({ $ref: "\u001b[2J\u001b]0;pwned\u0007\u009bmissing.json" }))),
      /\\u001b\[2J\\u001b\]0;pwned\\u0007\\u009bmissing\.json/,
    );
    expect(r.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  });

  it("a pointer with control characters is escaped too", async () => {
    const r = await refused(
      check(write(doc(ref("A\u001b]0;x\u0007"), { "A\u001b]0;x\u0007": { $ref: "#/nowhere" } }))),
      /A\\u001b\]0;x\\u0007/,
    );
    expect(r.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  });
});

describe("prose is made safe in schema keywords only, never in data values", () => {
  it("a title or description inside a default, const, enum or example value is left as written", async () => {
    const { readDocument, withSafeProse } = await import("../codegen/model/index.js");
    const value = { title: "keep\u0007me", description: "line\nbreak" };
    const d = doc(ref("default"), {
      default: {
        type: "object",
        description: "bell\u0007here",
        properties: {
          title: { type: "string", description: "p\u0007" },
          o: { type: "object", default: value },
        },
        default: value,
        examples: [value],
      },
      K: { const: value },
      E: { enum: [value] },
    });
    (d.methods[0] as Record<string, unknown>).examples = [
      { name: "e", description: "a\u0007b", params: [], result: { name: "r", value } },
    ];
    const safe = withSafeProse(d) as typeof d;
    const schemas = safe.components.schemas as Record<string, Record<string, unknown>>;
    expect(schemas.default!.description).toBe("bell here");
    expect((schemas.default!.properties as Record<string, { description: string }>).title!.description).toBe(
      "p ",
    );
    expect(schemas.default!.default).toEqual(value);
    expect(schemas.default!.examples).toEqual([value]);
    expect((schemas.default!.properties as Record<string, { default: unknown }>).o!.default).toEqual(value);
    expect(schemas.K!.const).toEqual(value);
    expect(schemas.E!.enum).toEqual([value]);
    const example = (
      safe.methods[0] as unknown as { examples: { description: string; result: { value: unknown } }[] }
    ).examples[0]!;
    expect(example.description).toBe("a b");
    expect(example.result.value).toEqual(value);
    const model = readDocument(d);
    expect(model.methods[0]!.examples[0]!.result?.value).toEqual(value);
  });
});
