// npm run generate: validate openrpc.json against the OpenRPC meta-schema, read it into the model
// (codegen/model/), apply the zeroclaw lint profile (codegen/zeroclaw/lint.ts: our document only),
// then write generated/, docs/methods.md and the legacy client targets' files under clients/.
// npm run generate:check: the same in memory, failing (exit 1) if any output differs from what is on
// disk, is missing, or a bannered generated file exists that codegen no longer produces.
// Options: --openrpc FILE (another document), --out DIR (another root to write to or check against).
// `zeroclaw codegen` (src/cli/codegen-command.ts) is the command for any other document.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { formatProblem, readDocument, validateDocument } from "./model/index.js";
import type { Model } from "./model/types.js";
import { pascal } from "./naming/words.js";
import { emitOwnGo } from "./targets/go/index.js";
import { emitOwn } from "./zeroclaw/index.js";
import { lintModel } from "./zeroclaw/lint.js";

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, "..");
/** How every target's banner starts (any comment syntax, any case): how stray outputs are found. */
const BANNER_MARK = /generated from openrpc\.json by codegen\//i;
/**
 * The client targets that still read the raw document (codegen/<lang>/index.ts exporting
 * emit<Lang>(doc)), writing our own clients/<lang>/. Each leaves this list when its target on the
 * model (codegen/targets/<lang>/) generates clients/<lang>/ instead.
 */
const LEGACY_TARGETS = ["python", "rust"] as const;
/** The client targets on the model (codegen/targets/<lang>/) that write our own clients/<lang>/. */
const MODEL_CLIENTS: { lang: string; emit: (model: Model) => EmittedFile[] }[] = [
  { lang: "go", emit: emitOwnGo },
];

export type EmittedFile = { path: string; content: string };
type LegacyEmitter = (doc: never) => EmittedFile[] | Promise<EmittedFile[]>;

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

/** The legacy targets whose folder exists (loaded by path, so a branch without one still generates). */
async function loadLegacyTargets(): Promise<{ lang: string; emit: LegacyEmitter }[]> {
  const targets: { lang: string; emit: LegacyEmitter }[] = [];
  for (const lang of LEGACY_TARGETS) {
    const file = join(here, lang, "index.ts");
    if (!existsSync(file)) continue;
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const emit = mod[`emit${pascal(lang)}`];
    if (typeof emit !== "function")
      throw new Error(`codegen/${lang}/index.ts must export emit${pascal(lang)}`);
    targets.push({ lang, emit: emit as LegacyEmitter });
  }
  return targets;
}

/** Every file codegen produces for `doc`, keyed by its path relative to the output root. */
export async function emitAll(doc: unknown): Promise<{ files: Map<string, string>; targets: string[] }> {
  const model = readDocument(doc);
  const files = emitOwn(model);
  const add = (lang: string, emitted: EmittedFile[]): void => {
    for (const f of emitted) {
      if (files.has(f.path)) throw new Error(`codegen/${lang} emits ${f.path}, which another target emits`);
      if (!BANNER_MARK.test(f.content.slice(0, 400)))
        throw new Error(`codegen/${lang}: ${f.path} has no banner`);
      files.set(f.path, f.content);
    }
  };
  for (const { lang, emit } of MODEL_CLIENTS) add(lang, emit(model));
  const targets = await loadLegacyTargets();
  for (const { lang, emit } of targets) add(lang, await emit(doc as never));
  return { files, targets: [...MODEL_CLIENTS, ...targets].map((t) => t.lang) };
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
  const doc: unknown = JSON.parse(readFileSync(options.openrpc, "utf8"));
  const invalid = validateDocument(doc);
  if (invalid.length > 0) {
    console.error(
      `${options.openrpc} fails the OpenRPC meta-schema:\n${invalid.map((p) => `  - ${formatProblem(p)}`).join("\n")}`,
    );
    return 1;
  }
  const problems = lintModel(readDocument(doc));
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
