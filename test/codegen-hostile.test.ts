// Issue 25 (SPEC §19): `zeroclaw codegen` treats a document as hostile input. Each hostile document
// either builds and imports cleanly in all four languages (tsc, pyright strict + import, go vet/build,
// cargo build — the corpus harnesses) or is refused with exit 1 naming its JSON pointer, never exit 70,
// never a hang, never a byte of a file it was pointed at. The text-injection documents are made by
// fast-check (every format's metacharacters and control characters in every text field, and names that
// collide with each target's runtime), from a fixed seed so CI builds the same few packages every run.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { FORBIDDEN } from "../codegen/quote/index.js";
import { HARNESSES } from "./helpers/codegen-corpus/index.js";
import { BIN, requireBuild, run } from "./helpers/proc-daemon.js";
import { xEvilExtension } from "./helpers/x-extension.js";

const root = mkdtempSync(join(tmpdir(), "zc-hostile-"));
afterAll(() => {
  if (!process.env.KEEP) rmSync(root, { recursive: true, force: true });
});
const LANGS = ["ts", "python", "go", "rust"];

let n = 0;
function write(doc: unknown, text?: string): string {
  const dir = join(root, `doc-${n++}`);
  mkdirSync(dir);
  const file = join(dir, "openrpc.json");
  writeFileSync(file, text ?? JSON.stringify(doc));
  return file;
}

const codegen = (file: string, lang: string, out: string, extra: string[] = []) =>
  run(process.execPath, [BIN, "codegen", "--openrpc", file, "--lang", lang, "--out", out, ...extra], {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: root,
  });

const base = () => ({
  openrpc: "1.3.2",
  info: { title: "hostile", version: "1.0.0" },
  methods: [{ name: "m", params: [], result: { name: "r", schema: { type: "string" } } }] as unknown[],
  components: { schemas: {} as Record<string, unknown> },
});

/** Every format's metacharacters: string and comment ends, metadata line starts, template and macro syntax. */
const META = [
  '"',
  "'",
  "\\",
  "*/",
  '"""',
  "`",
  "${x}",
  "#[cfg(x)]",
  "\n",
  "\r\n",
  "\u0000",
  "\u001b[31m",
  "\u2028",
  "\u2029",
  "\u0085",
  "\u007f",
  "\u009b",
  "\ufeff",
  "\u202e",
  "\ud83d\ude00",
  "\ud800",
  "\t",
  "''",
  "``",
  "json.Marshal",
  "context.Background()",
  "}}",
  "{{",
  "<!--",
  "Requires-Dist: evil",
  "\nrequire evil v1.0.0",
  '\n[dependencies]\nevil = "1"',
];
const nasty = fc
  .array(fc.oneof(fc.constantFrom(...META), fc.string({ unit: "binary", maxLength: 6 })), {
    minLength: 1,
    maxLength: 6,
  })
  .map((parts) => parts.join(""));

/** Names the targets' runtimes declare (Python, Go, Rust, TypeScript), as schema names. */
const RUNTIME_NAMES = [
  "Uploads",
  "ClientBase",
  "Client",
  "RpcError",
  "RPCError",
  "Connection",
  "ConnectionError",
  "ConnectError",
  "ConnectFailedError",
  "JsonValue",
  "Unset",
  "UNSET",
  "Subscription",
  "DecodeError",
  "Option",
  "Result",
  "Error",
  "Map",
  "Ptr",
  "Nullable",
  "UnknownVariant",
  "CallError",
  "TransportError",
  "Transport",
  "CallOptions",
  "UploadOptions",
  "TransportOptions",
  "ErrorClass",
  "Declared",
  "RequestHandler",
  "NotificationHandler",
  "Socket",
  "Http",
  // Go's standard packages the generated code imports: a schema so named must not decide an import.
  "json",
  "context",
];

/** Text that names Go packages (an import decided by text would be unused) and gofmt's `` and '' quotes. */
const GO_PROSE = "see json.Marshal, context.Background() and fmt.Errorf; ``quoted'' ''twice``";
/** Characters a string literal must escape: DEL, C1 (NEL, CSI), BOM, line separator, right-to-left override. */
const RAW_IN_LITERAL = "a\u007fb\u0085c\u009bd\ufeffe\u2028f\u202eg";

function injected(t: string[]): unknown {
  const doc = base();
  const at = (i: number) => t[i % t.length]!;
  doc.info = {
    title: `hostile ${at(0)}`,
    version: "1.0.0",
    description: at(1),
    license: { name: `MIT${at(2)}`, url: `https://x/${at(3)}` },
    contact: { name: at(4), email: "a@b.c", url: `https://y/${at(5)}` },
  } as never;
  (doc as Record<string, unknown>).servers = [{ name: at(1), url: `http://h/${at(2)}`, description: at(3) }];
  doc.methods = [
    {
      name: "m",
      summary: at(6),
      description: `${at(7)} ${GO_PROSE}`,
      params: [
        { name: "p", description: at(8), required: false, schema: { $ref: "#/components/schemas/Uploads" } },
      ],
      result: { name: "r", description: at(9), schema: { $ref: "#/components/schemas/Client" } },
      examples: [{ name: at(10), params: [], result: { name: "r", value: { s: at(11) } } }],
      errors: [
        { code: 1, message: at(4), data: { type: "string" } },
        { code: 2, message: `${RAW_IN_LITERAL}${at(5)}` },
      ],
    },
    // By-name params named as Object.prototype's members (TypeScript checks `{}` against inherited ones).
    {
      name: "n",
      paramStructure: "by-name",
      params: ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"].map((name) => ({
        name,
        schema: { type: "string" },
      })),
      result: { name: "r", schema: { type: "string", enum: [RAW_IN_LITERAL, at(6)] } },
    },
  ];
  for (const [i, name] of RUNTIME_NAMES.entries())
    doc.components.schemas[name] = {
      type: "object",
      title: at(i),
      description: at(i + 1),
      properties: {
        s: { type: "string", description: at(i + 2), default: at(i + 3), examples: [at(i + 4)] },
        e: { type: "string", enum: [at(i + 5), `${at(i + 6)}!`] },
        c: { const: at(i + 7) },
      },
    };
  return doc;
}

const docs = fc.sample(fc.array(nasty, { minLength: 12, maxLength: 12 }), { seed: 25, numRuns: 2 });

/**
 * Wire values a literal must escape where the READMEs' programs hold them (a by-name example's params
 * as JSON in a Go or Rust raw string, the server URL), and tags that are lone surrogates: Go decodes
 * each as U+FFFD, so two such tags are one Go value (a switch may not repeat a case).
 */
function literals(): unknown {
  const doc = base();
  (doc as Record<string, unknown>).servers = [{ name: "s", url: `http://h/${RAW_IN_LITERAL}` }];
  doc.methods = [
    {
      name: "m",
      paramStructure: "by-name",
      params: [{ name: "s", required: true, schema: { type: "string" } }],
      result: { name: "r", schema: { $ref: "#/components/schemas/T" } },
      examples: [
        {
          name: "e",
          params: [{ name: "s", value: RAW_IN_LITERAL }],
          result: { name: "r", value: { t: "\ud800" } },
        },
      ],
    },
  ];
  const variant = (t: string) => ({ type: "object", required: ["t"], properties: { t: { const: t } } });
  doc.components.schemas = {
    T: { oneOf: [variant("\ud800"), variant("\udc00"), variant("\ufffd")] },
    K: { type: "string", enum: ["\ud800", "\udc00", `x${RAW_IN_LITERAL}\ud83d`] },
  };
  return doc;
}

describe("hostile text and names: a package that builds, in every language", () => {
  for (const lang of LANGS) {
    it(`${lang}: metacharacters in every text field, runtime names as schema names`, {
      timeout: 600_000,
    }, async (ctx) => {
      requireBuild();
      const harness = HARNESSES[lang]!;
      const why = harness.missing();
      if (why) {
        ctx.skip(`${lang} skipped: ${why}`);
        return;
      }
      for (const doc of [...docs.map(injected), literals()]) {
        const file = write(doc);
        const out = join(root, `${lang}-${n++}`);
        const g = await codegen(file, lang, out);
        expect(g.code, g.stderr).toBe(0);
        // Nothing of the document's text reaches a file raw as a control character, a line or paragraph
        // separator, an invisible formatting character or a lone surrogate, in any file.
        for (const f of files(out)) {
          const text = readFileSync(f, "utf8");
          const raw = new RegExp(FORBIDDEN.source).exec(text);
          expect(
            raw &&
              `${JSON.stringify(raw[0])} at ${raw.index}: ${JSON.stringify(text.slice(raw.index - 40, raw.index + 40))}`,
            f,
          ).toBeNull();
        }
        const b = await harness.build(out);
        expect(b.code, `${lang} build of ${file}:\n${b.stdout}\n${b.stderr}`).toBe(0);
      }
    });
  }
});

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

describe("metadata: a document's text never adds a dependency", () => {
  const doc = base();
  doc.info = {
    // Non-BMP characters survive; a version no manifest can take (a wheel's file name holds it) is 0.0.0.
    title: "meta \u{1f600}",
    version: `1.${"0".repeat(100_000)}`,
    description: "d\nRequires-Dist: evil-desc",
    license: { name: "MIT\nRequires-Dist: evil-license \u{1f600}" },
    contact: { name: 'x\n[dependencies]\nevil = "1"', email: "a@b.c" },
  } as never;
  it("python: the built wheel's METADATA has no Requires-Dist; Cargo.toml, go.mod and package.json none either", {
    timeout: 300_000,
  }, async () => {
    requireBuild();
    const file = write(doc);
    for (const lang of LANGS) {
      const out = join(root, `meta-${lang}`);
      const g = await codegen(file, lang, out);
      expect(g.code, g.stderr).toBe(0);
    }
    expect(readFileSync(join(root, "meta-rust", "Cargo.toml"), "utf8")).not.toMatch(/^evil/m);
    expect(readFileSync(join(root, "meta-rust", "Cargo.toml"), "utf8")).toMatch(/^version = "0\.0\.0"$/m);
    const pyproject = readFileSync(join(root, "meta-python", "pyproject.toml"), "utf8");
    expect(pyproject).toMatch(/^version = "0\.0\.0"$/m);
    expect(pyproject).toContain("meta \u{1f600}");
    expect(readFileSync(join(root, "meta-go", "go.mod"), "utf8")).not.toMatch(/require/);
    const pkg = JSON.parse(readFileSync(join(root, "meta-ts", "package.json"), "utf8")) as Record<
      string,
      unknown
    >;
    expect(JSON.stringify(pkg.dependencies ?? {})).not.toContain("evil");
    expect(pkg.version).toBe("0.0.0");
    expect(readFileSync(join(root, "meta-python", "pyproject.toml"), "utf8")).not.toMatch(/^Requires-Dist/m);
    if (spawnSync("python3", ["-m", "pip", "--version"]).status !== 0) return;
    const wheels = join(root, "wheels");
    const w = await run(
      "python3",
      [
        "-m",
        "pip",
        "wheel",
        "--no-index",
        "--no-deps",
        "--no-build-isolation",
        "-w",
        wheels,
        join(root, "meta-python"),
      ],
      process.env,
    );
    expect(w.code, w.stderr).toBe(0);
    const wheel = readdirSync(wheels).find((f) => f.endsWith(".whl"))!;
    const meta = spawnSync(
      "python3",
      [
        "-c",
        "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); print(z.read([n for n in z.namelist() if n.endswith('METADATA')][0]).decode())",
        join(wheels, wheel),
      ],
      { encoding: "utf8" },
    );
    expect(meta.status, meta.stderr).toBe(0);
    const header = meta.stdout.split("\n\n")[0]!;
    expect(header).not.toMatch(/^Requires-Dist/m);
    expect(header).toMatch(/^License: MIT Requires-Dist: evil-license \u{1f600}$/mu);
    expect(header).toMatch(/^Summary: .*meta \u{1f600}/mu);
    expect(header).toMatch(/^Version: 0\.0\.0$/m);
  });
});

describe("refused with exit 1 naming where, never exit 70, never a byte of a file", () => {
  const refused = async (file: string, expectInOutput: RegExp, extra: string[] = []) => {
    requireBuild();
    const r = await codegen(file, "ts", join(root, `refused-${n++}`), extra);
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(1);
    expect(r.stderr).toMatch(expectInOutput);
    return r;
  };

  it("a number with no finite value, in an enum and in a default", async () => {
    const text = JSON.stringify({
      ...base(),
      components: { schemas: { N: { type: "number", enum: [1, 2], default: 7 } } },
    })
      .replace('"default":7', '"default":1e400')
      .replace("[1,2]", "[1,-1e999]");
    const r = await refused(
      write(undefined, text),
      /\/components\/schemas\/N\/default: a number with no finite value/,
    );
    expect(r.stderr).toContain("/components/schemas/N/enum/1");
  });

  it("nesting 3,000 levels deep", async () => {
    let schema = '{"type":"string"}';
    for (let i = 0; i < 3000; i++) schema = `{"type":"array","items":${schema}}`;
    const text = JSON.stringify(base()).replace('{"type":"string"}', schema);
    await refused(
      write(undefined, text),
      /\/methods\/0\/result\/schema(\/items)+: nested deeper than \d+ levels/,
    );
  });

  for (const [what, ref] of [
    ["/dev/zero", "/dev/zero"],
    ["/dev/stdin", "/dev/stdin"],
    ["an absolute path", "/etc/passwd"],
    ["the parent folder", "../outside.json#/components/schemas/S"],
  ] as const)
    it(`an external $ref to ${what}`, async () => {
      writeFileSync(
        join(root, "outside.json"),
        '{"components":{"schemas":{"S":{"description":"TOPSECRET-BYTES"}}}}',
      );
      const doc = base();
      doc.methods = [{ name: "m", params: [], result: { name: "r", schema: { $ref: ref } } }];
      const r = await refused(
        write(doc),
        new RegExp(`\\$ref ${ref.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}.*outside the ref root`),
      );
      expect(`${r.stdout}${r.stderr}`).not.toMatch(/TOPSECRET|root:x:0/);
    });

  it("a $ref below the ref root that is not JSON is named, not echoed; --ref-root widens the root", async () => {
    const doc = base();
    doc.methods = [{ name: "m", params: [], result: { name: "r", schema: { $ref: "data.json#/S" } } }];
    const file = write(doc);
    writeFileSync(join(file, "..", "data.json"), "SECRET-PLAINTEXT not json");
    const r = await refused(file, /data\.json is not a JSON document/);
    expect(r.stderr).not.toContain("SECRET-PLAINTEXT");
    const outside = base();
    outside.methods = [
      {
        name: "m",
        params: [],
        result: { name: "r", schema: { $ref: "../outside.json#/components/schemas/S" } },
      },
    ];
    const g = await codegen(write(outside), "ts", join(root, `widened-${n++}`), ["--ref-root", root]);
    expect(g.code, g.stderr).toBe(0);
  });

  it("a backtracking pattern in an x-extension is checked in linear time", async () => {
    const doc = {
      ...base(),
      "x-extensions": [xEvilExtension({ type: "string", pattern: "^(a|a)*$" })],
    };
    doc.methods = [
      {
        name: "m",
        params: [],
        result: { name: "r", schema: { type: "string" } },
        "x-evil": `${"a".repeat(40)}!`,
      },
    ];
    const r = await refused(write(doc), /\/methods\/0\/x-evil: must match pattern/);
    expect(r.code).toBe(1);
  });

  it("12 levels of allOf fan-out generate (memoized), and a package that builds", async (ctx) => {
    requireBuild();
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < 12; i++) {
      const next = { $ref: `#/components/schemas/S${i + 1}` };
      schemas[`S${i}`] = { allOf: [next, next, { properties: { [`p${i}`]: { type: "string" } } }] };
    }
    schemas.S12 = { type: "object", properties: { leaf: { type: "integer" } } };
    const doc = { ...base(), components: { schemas } };
    doc.methods = [
      { name: "m", params: [], result: { name: "r", schema: { $ref: "#/components/schemas/S0" } } },
    ];
    const out = join(root, `fan-${n++}`);
    const g = await codegen(write(doc), "ts", out);
    expect(g.code, g.stderr).toBe(0);
    const ts = HARNESSES.ts!;
    if (ts.missing()) return ctx.skip(ts.missing()!);
    const b = await ts.build(out);
    expect(b.code, b.stdout).toBe(0);
  });
});
