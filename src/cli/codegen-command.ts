// `zeroclaw codegen --openrpc FILE --lang ts|python|go|rust --out DIR [--name NAME] [--ref-root DIR]`:
// a typed client package for any valid OpenRPC 1.x document. `--check` only checks the document (every
// problem, nothing written); `--list-languages` says what each --lang writes.
//
// The document is hostile input (SPEC §19): read only if it is a regular file of at most 16 MiB, its
// nesting and numbers scanned without recursion, external $refs confined (codegen/model/bundle.ts),
// checked against the OpenRPC meta-schema, read into the model within the expansion and time bounds
// (codegen/model/bounds.ts). Every problem found is reported in one run, each with its JSON Pointer,
// and ends in exit 1; exit 70 is left for bugs. Only files under --out are written; the zeroclaw lint
// profile is not applied (that is for our own openrpc.json, `npm run generate`).
import { accessSync, constants, mkdirSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, normalize, resolve, sep } from "node:path";
import {
  checkTime,
  DocumentRefused,
  endBudget,
  scanDocument,
  startBudget,
} from "../../codegen/model/bounds.js";
import {
  bundleExternalRefs,
  formatProblem,
  type Model,
  readDocument,
  validateDocument,
} from "../../codegen/model/index.js";
import { parseJsonQuietly, readRegularFile } from "../../codegen/model/read-file.js";
import { findTarget, TARGETS, type Target } from "../../codegen/targets/index.js";
import { CliError, Exit, usageError } from "./exit-codes.js";

export type CodegenOptions = {
  openrpc?: string;
  lang?: string;
  out?: string;
  name?: string;
  refRoot?: string;
  check?: boolean;
  listLanguages?: boolean;
  /** Tests shorten the 20 s budget. */
  timeBudgetMs?: number;
};

const langs = (): string => TARGETS.map((t) => t.lang).join(", ");

export function codegenCommand(
  o: CodegenOptions,
  log: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
  warn: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
): number {
  if (o.listLanguages) {
    for (const line of listLanguages()) log(line);
    return Exit.ok;
  }
  if (!o.openrpc) throw usageError("missing --openrpc FILE");
  let target: Target | undefined;
  if (!o.check) {
    if (!o.lang) throw usageError(`missing --lang (${langs()})`);
    if (!o.out) throw usageError("missing --out DIR");
  }
  if (o.lang !== undefined) {
    target = findTarget(o.lang);
    if (!target) throw usageError(`unknown --lang ${o.lang} (${langs()})`);
    if (!target.emit)
      throw usageError(`--lang ${target.lang}: the ${target.displayName} target is not yet available`);
  }

  try {
    accessSync(o.openrpc, constants.R_OK);
  } catch (err) {
    throw usageError(
      `cannot read --openrpc ${o.openrpc}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
    );
  }
  startBudget(o.timeBudgetMs === undefined ? {} : { timeMs: o.timeBudgetMs });
  try {
    const checked = checkDocument(o.openrpc, o.refRoot, warn);
    const targets = target ? [target] : o.check ? TARGETS.filter((t) => t.emit) : [];
    const emitted = new Map<Target, ReturnType<NonNullable<Target["emit"]>>>();
    if (checked.model !== undefined) {
      for (const t of targets) {
        const files = guarded(checked.problems, () => {
          checkTime();
          return t.emit!(checked.model!, {
            packageName: t.naming.packageName(o.name ?? checked.model!.info.title),
          });
        });
        if (files !== undefined) emitted.set(t, files);
      }
    }
    if (checked.problems.length > 0) {
      const problems = [...new Set(checked.problems)];
      const n = problems.length;
      throw new CliError(
        `${o.openrpc} is not a valid OpenRPC document (${n} problem${n === 1 ? "" : "s"}, nothing written):\n${problems.map((p) => `  ${p}`).join("\n")}`,
        Exit.failed,
      );
    }
    const model = checked.model!;
    if (o.check) {
      log(
        `${o.openrpc}: no problems (${summary(model)}; checked for ${targets.map((t) => t.lang).join(", ")})`,
      );
      return Exit.ok;
    }
    const files = emitted.get(target!)!;
    const packageName = target!.naming.packageName(o.name ?? model.info.title);
    const out = resolve(o.out!);
    for (const f of files) {
      const path = normalize(join(out, f.path));
      // A target only ever names paths inside the package; refuse anything else rather than write it.
      if (isAbsolute(f.path) || !path.startsWith(out + sep))
        throw new Error(`target ${target!.lang} emitted ${f.path}, outside --out`);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, f.content);
    }
    log(
      `wrote ${files.length} files to ${out}: ${target!.displayName} package ${packageName} (${summary(model)})`,
    );
    return Exit.ok;
  } finally {
    endBudget();
  }
}

type Checked = { model?: Model; problems: string[] };

/** `fn()`, or undefined with its refusal added to `problems` (a stack overflow is a nesting refusal). */
function guarded<T>(problems: string[], fn: () => T): T | undefined {
  try {
    return fn();
  } catch (err) {
    if (err instanceof DocumentRefused) problems.push(`${err.pointer || "/"}: ${err.message}`);
    else if (err instanceof RangeError && /call stack/i.test(err.message))
      // The depth scan should have refused it first; this keeps a miss from being a crash.
      problems.push("/: nested too deeply to read");
    else throw err;
    return undefined;
  }
}

/** Every problem of the document at `path`, and its model when it has none that stop reading. */
function checkDocument(path: string, refRoot: string | undefined, warn: (l: string) => void): Checked {
  const problems: string[] = [];
  const doc = guarded(problems, () => parseJsonQuietly(readRegularFile(path, "--openrpc"), path, "/"));
  if (doc === undefined) return { problems };
  const scan = (d: unknown): boolean => {
    const found = scanDocument(d);
    for (const p of found) problems.push(`${p.pointer}: ${p.message}`);
    return !found.some((p) => p.message.startsWith("nested"));
  };
  if (!scan(doc)) return { problems };
  let bundled: unknown = doc;
  if (doc !== null && typeof doc === "object" && !Array.isArray(doc)) {
    const b = guarded(problems, () =>
      bundleExternalRefs(doc as Record<string, unknown>, path, refRoot === undefined ? {} : { refRoot }),
    );
    if (b === undefined) return { problems };
    for (const w of b.warnings) warn(`warning: ${w}`);
    bundled = b.document;
    if (!scan(bundled)) return { problems };
  }
  const invalid = guarded(problems, () => validateDocument(bundled)) ?? [];
  for (const p of invalid) problems.push(formatProblem(p));
  if (invalid.length > 0) return { problems };
  const model = guarded(problems, () => readDocument(bundled));
  if (model === undefined) return { problems };
  for (const n of model.notes.filter((n) => n.severity === "error"))
    problems.push(`${n.pointer.slice(1) || "/"}: ${n.message}`);
  return { model, problems };
}

function summary(model: Model): string {
  const fallbacks = model.notes.filter((n) => n.severity === "fallback").length;
  return (
    `${count(model.methods.length, "method")}, ${count(model.types.size, "type")}, ` +
    `${count(model.errors.size, "error")}` +
    `${fallbacks > 0 ? `, ${count(fallbacks, "schema")} typed as any JSON` : ""}`
  );
}

/** Each language, its aliases and the files it writes (emitted for a one-method document, so never stale). */
function listLanguages(): string[] {
  const sample = readDocument({
    openrpc: "1.3.2",
    info: { title: "example", version: "1.0.0" },
    methods: [{ name: "ping", params: [], result: { name: "pong", schema: { type: "string" } } }],
  });
  return TARGETS.map((t) => {
    const aliases = t.aliases.length > 0 ? ` (also ${t.aliases.join(", ")})` : "";
    if (!t.emit) return `${t.lang}${aliases}: ${t.displayName}, not yet available`;
    const files = t.emit(sample, { packageName: t.naming.packageName("example") }).map((f) => f.path);
    return `${t.lang}${aliases}: ${t.displayName} package — ${files.sort().join(", ")}`;
  });
}

const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? "" : "s"}`;
