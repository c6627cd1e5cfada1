// SPEC §19's figure that a test may not time: how long `zeroclaw codegen --check` (all four languages
// generated in memory, nothing written) takes on the hostile documents of issue 25 that once ran for
// minutes or overflowed the stack, beside a floor for the same file: a Node process that reads and
// JSON.parses it. Target: every document within the 20 s budget (exit 0, or exit 1 saying why —
// never 70). Run by `npm run bench` and alone (node bench/codegen-hostile.mjs). Never in CI.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median, root } from "./servers.mjs";

const RUNS = 3;

const doc = (schema, schemas = {}) => ({
  openrpc: "1.2.6",
  info: { title: "hostile", version: "1.0.0" },
  methods: [{ name: "get", params: [], result: { name: "r", schema } }],
  components: { schemas },
});
const ref = (name) => ({ $ref: `#/components/schemas/${name}` });

/** What issue 25's attacker sent, as documents (codegen/README.md names each bound). */
const DOCUMENTS = {
  "enum of 300,000 values": doc(ref("Kind"), {
    Kind: { type: "string", enum: Array.from({ length: 300_000 }, (_, i) => `v${i}`) },
  }),
  "12 levels of allOf fan-out": (() => {
    const schemas = { L12: { type: "object", properties: { leaf: { type: "string" } } } };
    for (let i = 11; i >= 0; i--)
      schemas[`L${i}`] = {
        allOf: [ref(`L${i + 1}`), ref(`L${i + 1}`), { properties: { [`p${i}`]: { type: "integer" } } }],
      };
    return doc(ref("L0"), schemas);
  })(),
  "$ref chain of 1,000 arrays (refused)": (() => {
    const schemas = {};
    for (let i = 0; i < 1000; i++) schemas[`C${i}`] = { type: "array", items: ref(`C${i + 1}`) };
    schemas.C1000 = { type: "string" };
    return doc(ref("C0"), schemas);
  })(),
  "999-way alternation pattern on 1,000 characters": {
    ...doc({ type: "string" }),
    "x-extensions": [
      {
        name: "x-evil",
        version: "1.0.0",
        description: "d",
        summary: "s",
        restricted: ["methodObject"],
        openrpcExtension: "0.0.0-development",
        schema: {
          type: "string",
          pattern: `^(${Array.from({ length: 999 }, (_, i) => `(a{${i + 1}})`).join("|")})*$`,
        },
      },
    ],
  },
};
DOCUMENTS["999-way alternation pattern on 1,000 characters"].methods[0]["x-evil"] = "a".repeat(1000);

const timed = (argv) => {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, argv, { encoding: "utf8", cwd: root });
  return { ms: performance.now() - t0, code: r.status };
};

export function codegenHostile() {
  const dir = mkdtempSync(join(tmpdir(), "zc-bench-codegen-"));
  try {
    return Object.entries(DOCUMENTS).map(([name, d]) => {
      const file = join(dir, "doc.json");
      writeFileSync(file, JSON.stringify(d));
      const runs = Array.from({ length: RUNS }, () => ({
        codegen: timed([join(root, "bin/zeroclaw.js"), "codegen", "--check", "--openrpc", file]),
        floor: timed(["-e", "JSON.parse(require('node:fs').readFileSync(process.argv[1], 'utf8'))", file]),
      }));
      return {
        name,
        exit: runs[0].codegen.code,
        codegen_ms: median(runs.map((r) => r.codegen.ms)),
        floor_ms: median(runs.map((r) => r.floor.ms)),
      };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function describeCodegenHostile(rows) {
  return [
    "codegen --check (four languages in memory) on issue 25's hostile documents, median of 3; floor: a Node process reading and parsing the same file (target: exit 0 or 1, within 20 s):",
    ...rows.map(
      (r) =>
        `  ${r.name}: exit ${r.exit}, ${(r.codegen_ms / 1000).toFixed(2)} s; floor ${(r.floor_ms / 1000).toFixed(2)} s (${(r.codegen_ms / r.floor_ms).toFixed(1)}×)`,
    ),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of describeCodegenHostile(codegenHostile())) console.log(line);
}
