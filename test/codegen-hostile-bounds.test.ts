// Issue 25, second round (SPEC §19): documents an attacker found that ended in exit 70, ran past the
// 20 s budget, generated packages that do not build, or reached the terminal raw. Each is refused with
// exit 1 naming its JSON pointer (or its $ref), or generates; none is a crash. Fast: one `--check` or
// one TypeScript generation each, no language builds.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, requireBuild, run } from "./helpers/proc-daemon.js";

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

  it("a recursive type through an array or an object still generates", async () => {
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
  });
});
