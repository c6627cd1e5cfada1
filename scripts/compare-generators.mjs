// The comparison table of codegen/README.md ("Measured against quicktype and @open-rpc/generator"),
// measured anew: for each document of the corpus (test/fixtures/openrpc-corpus), TypeScript from
// `zeroclaw codegen`, from quicktype (types only, from one root schema holding every component and
// each method's params and result) and from @open-rpc/generator's client, each checked with
// `tsc --strict --noEmit`. quicktype and @open-rpc/generator come from the npm registry through
// `npx -y` (never added to package.json). Prints the table; `--write` puts it into codegen/README.md
// between its markers.
//
//   npm run -s build && node scripts/compare-generators.mjs [--write]
import { spawnSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const CORPUS = resolve("test/fixtures/openrpc-corpus");
const TSC = resolve("node_modules/typescript/bin/tsc");
const QUICKTYPE = "quicktype@26";
const GENERATOR = "@open-rpc/generator@1.22";
const BEGIN = "<!-- compare-generators: begin -->";
const END = "<!-- compare-generators: end -->";

function run(cmd, args, cwd, timeout = 300_000) {
  const started = performance.now();
  const r = spawnSync(cmd, args, {
    cwd,
    encoding: "utf8",
    timeout,
    env: { ...process.env, npm_config_yes: "true" },
  });
  return {
    code: r.status,
    out: `${r.stdout ?? ""}${r.stderr ?? ""}`,
    seconds: (performance.now() - started) / 1000,
  };
}

/** `tsc --strict --noEmit` over these files: the number of errors it reports. */
function tscErrors(files, cwd) {
  const r = run(process.execPath, [TSC, "--strict", "--noEmit", "--target", "es2022", ...files], cwd);
  return (r.out.match(/error TS\d+/g) ?? []).length;
}

/** `tsc -p tsconfig.json --noEmit` in a package: the errors it reports in its own `src/`. */
function projectErrors(dir, extra = []) {
  const r = run(process.execPath, [TSC, "-p", "tsconfig.json", "--noEmit", ...extra], dir);
  return (r.out.match(/^src\/\S+\(\d+,\d+\): error TS\d+/gm) ?? []).length;
}

function ours(doc, out) {
  const r = run(process.execPath, [
    resolve("bin/zeroclaw.js"),
    "codegen",
    "--openrpc",
    doc,
    "--lang",
    "ts",
    "--out",
    out,
  ]);
  const m = /\((\d+) methods?, (\d+) types?, (\d+) errors?/.exec(r.out);
  // The package's own tsconfig (strict, @types/node): this repository's node_modules stands in for its install.
  symlinkSync(resolve("node_modules"), join(out, "node_modules"), "dir");
  const errors = r.code === 0 ? projectErrors(out) : Number.NaN;
  return {
    ok: r.code === 0,
    methods: m?.[1],
    types: m?.[2],
    errorClasses: m?.[3],
    tsc: errors,
    seconds: r.seconds,
  };
}

/** One root schema: every component, and each method's params (an object) and result. */
function rootSchema(document) {
  const definitions = { ...(document.components?.schemas ?? {}) };
  const properties = {};
  for (const m of document.methods ?? []) {
    const base = String(m.name).replace(/[^A-Za-z0-9]/g, "_");
    const params = {
      type: "object",
      properties: Object.fromEntries((m.params ?? []).map((p) => [p.name, p.schema ?? {}])),
    };
    definitions[`${base}_params`] = params;
    if (m.result?.schema) definitions[`${base}_result`] = m.result.schema;
  }
  for (const key of Object.keys(definitions)) properties[key] = { $ref: `#/definitions/${key}` };
  const text = JSON.stringify({ type: "object", properties, definitions }).replaceAll(
    "#/components/schemas/",
    "#/definitions/",
  );
  return text;
}

function quicktype(document, out) {
  const schema = join(out, "root.json");
  writeFileSync(schema, rootSchema(document));
  const target = join(out, "types.ts");
  const r = run(
    "npx",
    ["-y", QUICKTYPE, "--src-lang", "schema", "--lang", "ts", "--just-types", "-o", target, schema],
    out,
  );
  if (r.code !== 0) return { ok: false, why: r.out.split("\n").find((l) => l.trim() !== "") ?? "failed" };
  const text = readFileSync(target, "utf8");
  const types = (text.match(/^export (interface|enum|type) /gm) ?? []).length;
  return { ok: true, types, tsc: tscErrors([target], out), seconds: r.seconds };
}

function generator(docPath, out) {
  const r = run(
    "npx",
    ["-y", GENERATOR, "generate", "-d", docPath, "-o", out, "-t", "client", "-l", "typescript"],
    out,
  );
  if (r.code !== 0) return { ok: false, why: r.out.split("\n").find((l) => l.trim() !== "") ?? "failed" };
  const manifest = readdirSync(out, { recursive: true })
    .map(String)
    .find((f) => f.endsWith("package.json") && !f.includes("node_modules"));
  if (manifest === undefined) return { ok: false, why: "no package.json generated" };
  const pkg = join(out, manifest, "..");
  // Installed as its package.json says, then its own src/ checked with a current compiler and
  // skipLibCheck: as installed, its pinned TypeScript 4.2 cannot parse its own dependencies' types.
  const install = run(
    "npm",
    ["install", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
    pkg,
    600_000,
  );
  if (install.code !== 0) return { ok: false, why: "npm install failed" };
  return { ok: true, tsc: projectErrors(pkg, ["--skipLibCheck"]), seconds: r.seconds };
}

const docs = readdirSync(CORPUS).filter((d) => statSync(join(CORPUS, d)).isDirectory() && d !== "LICENSES");
const scratch = mkdtempSync(join(tmpdir(), "compare-generators-"));
const rows = [];
try {
  for (const name of docs) {
    const docPath = join(CORPUS, name, "openrpc.json");
    const document = JSON.parse(readFileSync(docPath, "utf8"));
    const dir = (tool) => {
      const d = join(scratch, name, tool);
      mkdirSync(d, { recursive: true });
      return d;
    };
    const a = ours(docPath, dir("ours"));
    const b = quicktype(document, dir("quicktype"));
    const c = generator(docPath, dir("generator"));
    const cell = (r, what) => (r.ok ? what(r) : `could not run: ${r.why}`);
    rows.push([
      `${name} (${(document.methods ?? []).length})`,
      cell(
        a,
        (r) =>
          `${r.tsc === 0 ? "builds" : `**${r.tsc} tsc errors**`}; ${r.methods} methods, ${r.types} types, ${r.errorClasses} error classes; ${r.seconds.toFixed(1)} s`,
      ),
      cell(b, (r) => `${r.types} types, ${r.tsc} tsc errors; no methods; ${r.seconds.toFixed(1)} s`),
      cell(
        c,
        (r) =>
          `${r.tsc === 0 ? "0 tsc errors in `src/`" : `**${r.tsc} tsc errors** in \`src/\``}; ${r.seconds.toFixed(1)} s`,
      ),
    ]);
    console.error(`measured ${name}`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const table = [
  `| Document (methods) | ours, TypeScript | ${QUICKTYPE.replace("@", " ")}, TypeScript | ${GENERATOR.replace(/@(?=[\d])/, " ")}, TypeScript |`,
  "| --- | --- | --- | --- |",
  ...rows.map((r) => `| ${r.join(" | ")} |`),
].join("\n");
const block = `${BEGIN}\n\nMeasured ${new Date().toISOString().slice(0, 10)} by \`node scripts/compare-generators.mjs --write\` (tsc --strict --noEmit, generation time including Node's start-up):\n\n${table}\n\n${END}`;
console.log(block);
if (process.argv.includes("--write")) {
  const path = "codegen/README.md";
  const readme = readFileSync(path, "utf8");
  const at = readme.indexOf(BEGIN);
  const end = readme.indexOf(END);
  if (at === -1 || end === -1) throw new Error(`${path} has no ${BEGIN} … ${END} markers`);
  writeFileSync(path, `${readme.slice(0, at)}${block}${readme.slice(end + END.length)}`);
  console.error(`wrote the table into ${path}`);
}
