// npm run generate: validate and lint openrpc.json, then write generated/ and every client target's
// generated files (codegen/<lang>/index.ts: typescript, python, go, rust).
// npm run generate:check: the same in memory, failing (exit 1) if any output differs from what is on
// disk, is missing, or a bannered generated file exists that codegen no longer produces.
// Options: --openrpc FILE (another document), --out DIR (another root to write to or check against).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { validateOpenRPCDocument } from "@open-rpc/schema-utils-js";
import { loadDocument, type OpenRpcDocument } from "./document.js";
import { emitClient } from "./emit-client.js";
import { emitDaemonToClient } from "./emit-daemon-to-client.js";
import { emitMethodsDoc, METHODS_DOC } from "./emit-docs.js";
import { emitEffectiveConfig } from "./emit-effective-config.js";
import { emitErrors } from "./emit-errors.js";
import { emitMethods } from "./emit-methods.js";
import { emitTypes } from "./emit-types.js";
import { emitValidators } from "./emit-validators.js";
import { lintDocument } from "./lint.js";
import { pascal } from "./names.js";

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, "..");
const BANNER = "// Generated from openrpc.json by codegen/ — do not edit. Run `npm run generate`.";
/** How every target's banner starts (any comment syntax, any case): how stray outputs are found. */
const BANNER_MARK = /generated from openrpc\.json by codegen\//i;
/** The client targets; each lives in codegen/<lang>/index.ts and exports emit<Lang>(doc). */
const TARGETS = ["typescript", "python", "go", "rust"] as const;

export type EmittedFile = { path: string; content: string };
type Emitter = (doc: OpenRpcDocument) => EmittedFile[] | Promise<EmittedFile[]>;

type Options = { check: boolean; openrpc: string; out: string };

function parseArgs(argv: string[]): Options {
  const value = (flag: string): string | undefined => {
    const at = argv.indexOf(flag);
    if (at === -1) return undefined;
    const v = argv[at + 1];
    if (v === undefined || v.startsWith("--")) throw new Error(`${flag} needs a value`);
    return resolve(v);
  };
  return {
    check: argv.includes("--check"),
    openrpc: value("--openrpc") ?? join(repoRoot, "openrpc.json"),
    out: value("--out") ?? repoRoot,
  };
}

/**
 * The targets whose folder exists. Loaded by path rather than a static import so a branch that does
 * not carry a language yet still generates the rest; once merged, every present target is covered.
 */
async function loadTargets(): Promise<{ lang: string; emit: Emitter }[]> {
  const targets: { lang: string; emit: Emitter }[] = [];
  for (const lang of TARGETS) {
    const file = join(here, lang, "index.ts");
    if (!existsSync(file)) continue;
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const emit = mod[`emit${pascal(lang)}`];
    if (typeof emit !== "function")
      throw new Error(`codegen/${lang}/index.ts must export emit${pascal(lang)}`);
    targets.push({ lang, emit: emit as Emitter });
  }
  return targets;
}

/** Every file codegen produces for `doc`, keyed by its path relative to the output root. */
export async function emitAll(
  doc: OpenRpcDocument,
): Promise<{ files: Map<string, string>; targets: string[] }> {
  const files = new Map<string, string>([
    ["generated/types.ts", await emitTypes(doc, BANNER)],
    ["generated/validators.ts", emitValidators(doc, BANNER)],
    ["generated/errors.ts", emitErrors(doc, BANNER)],
    ["generated/methods.ts", emitMethods(doc, BANNER)],
    ["generated/client.ts", emitClient(doc, BANNER)],
    ["generated/daemon-to-client.ts", emitDaemonToClient(doc, BANNER)],
    ["generated/effective-config.ts", emitEffectiveConfig(doc, BANNER)],
    // The method reference for client authors, outside generated/ so readers find it with the docs.
    [METHODS_DOC, emitMethodsDoc(doc)],
  ]);
  const targets = await loadTargets();
  for (const { lang, emit } of targets) {
    for (const f of await emit(doc)) {
      if (files.has(f.path)) throw new Error(`codegen/${lang} emits ${f.path}, which another target emits`);
      if (!BANNER_MARK.test(f.content.slice(0, 400)))
        throw new Error(`codegen/${lang}: ${f.path} has no banner`);
      files.set(f.path, f.content);
    }
  }
  return { files, targets: targets.map((t) => t.lang) };
}

/** Every file under generated/, and the bannered ones under clients/ (build outputs skipped). */
function generatedOnDisk(root: string): string[] {
  const skip = new Set(["node_modules", "target", ".venv", "__pycache__", "dist", "build", ".git"]);
  const found: string[] = [];
  const walk = (dir: string): void => {
    if (!existsSync(dir)) return;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) {
        if (!skip.has(e.name)) walk(path);
      } else if (e.isFile() && (all || BANNER_MARK.test(readFileSync(path, "utf8").slice(0, 400)))) {
        found.push(relative(root, path));
      }
    }
  };
  let all = true;
  walk(join(root, "generated"));
  all = false;
  walk(join(root, "clients"));
  return found;
}

async function main(options: Options): Promise<number> {
  const doc = loadDocument(options.openrpc);
  const valid = validateOpenRPCDocument(doc as never);
  if (valid !== true) {
    console.error(`${options.openrpc} fails the OpenRPC meta-schema:\n${valid.message}`);
    return 1;
  }
  const problems = lintDocument(doc);
  if (problems.length > 0) {
    console.error(
      `openrpc.json lint: ${problems.length} problem(s)\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
    return 1;
  }
  const { files, targets } = await emitAll(doc);
  const covered = `targets: generated/, ${targets.join(", ") || "none"}`;

  if (options.check) {
    const drift = [
      ...[...files]
        .filter(([path, text]) => {
          const file = join(options.out, path);
          return !existsSync(file) || readFileSync(file, "utf8") !== text;
        })
        .map(([path]) => `${path} differs from openrpc.json`),
      ...generatedOnDisk(options.out)
        .filter((path) => !files.has(path))
        .map((path) => `${path} is not produced by codegen`),
    ];
    if (drift.length > 0) {
      console.error(`${drift.join("\n")}\nRun \`npm run generate\` and commit the result.`);
      return 1;
    }
    console.log(`generated code is up to date (${files.size} files; ${covered})`);
    return 0;
  }
  for (const [path, text] of files) {
    const file = join(options.out, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  console.log(`wrote ${files.size} files (${covered})`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(parseArgs(process.argv.slice(2)));
}
