// `zeroclaw codegen --openrpc FILE --lang ts|python|go|rust --out DIR [--name NAME]`: a typed client
// package for any valid OpenRPC 1.x document. The document is checked against the OpenRPC
// meta-schema (an invalid one: exit 1, each problem with its JSON Pointer and the meta-schema path),
// read into the model (codegen/model/) and handed to the language's target (codegen/targets/). Only
// files under --out are written; the zeroclaw lint profile is not applied (that is for our own
// openrpc.json, `npm run generate`).
//
// Every problem of a document is reported in one run (issue 27.8): each stage adds its problems to one
// list, and a later stage runs only when what it reads is safe to read (no nesting past the cap, no
// refused $ref, a valid document). `--check` runs every stage and every language's target in memory
// and writes nothing; `--list-languages` emits a one-method document in memory per target, so the
// files it lists are the ones the target writes today.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, normalize, resolve, sep } from "node:path";
import {
  bundleExternalRefs,
  checkDeadline,
  formatProblem,
  inputProblems,
  type Model,
  OutOfTime,
  readDocument,
  validateDocument,
  withDeadline,
  withSafeProse,
} from "../../codegen/model/index.js";
import { withNativeIntegers } from "../../codegen/model/native-integers.js";
import { terminalText } from "../../codegen/quote/index.js";
import { findTarget, TARGETS } from "../../codegen/targets/index.js";
import { CliError, Exit, usageError } from "./exit-codes.js";

export type CodegenOptions = {
  openrpc?: string;
  lang?: string;
  out?: string;
  name?: string;
  /** The folder below which an external $ref may read files (default: the document's folder). */
  refRoot?: string;
  /** `native` (default): int64/i64/number/int unless bounds need more; `exact`: lossless types. */
  integers?: string;
  /** Report every problem of the document (for all languages), write nothing. */
  check?: boolean;
  /** Print each language, its aliases and the files it writes. */
  listLanguages?: boolean;
  /** The document-wide time budget (SPEC §19: 20 s); tests shorten it. */
  timeBudgetMs?: number;
};

/** SPEC §19: any document generates within 20 s or fails with exit 1 saying why. */
export const TIME_BUDGET_MS = 20_000;

/** How many of a refused document's problems are listed. */
const MAX_PROBLEMS_SHOWN = 50;

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
  if (!o.check && !o.lang) throw usageError(`missing --lang (${langs()})`);
  if (!o.check && !o.out) throw usageError("missing --out DIR");
  const target = o.lang === undefined ? undefined : findTarget(o.lang);
  if (o.lang !== undefined && !target) throw usageError(`unknown --lang ${o.lang} (${langs()})`);
  if (target && !target.emit)
    throw usageError(`--lang ${target.lang}: the ${target.displayName} target is not yet available`);
  const integers = o.integers ?? "native";
  if (integers !== "native" && integers !== "exact")
    throw usageError(`--integers ${integers}: native or exact`);

  let text: string;
  try {
    text = readFileSync(o.openrpc, "utf8");
  } catch (err) {
    throw usageError(
      `cannot read --openrpc ${o.openrpc}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
    );
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    // V8's message quotes the text around the error: say where, not what (SPEC §19: no byte echoed).
    const at = /position (\d+)/.exec((err as Error).message);
    throw new CliError(`${o.openrpc} is not JSON${at ? ` (error at offset ${at[1]})` : ""}`, Exit.failed);
  }
  // Each stage is bounded by itself (nesting, merge steps and time); the budget is checked inside the
  // long loops of the reading stages (a deadline, codegen/model/deadline.ts), between stages and
  // between languages, so no stage runs far past it and the sum of stages cannot exceed it unnoticed.
  const started = Date.now();
  const budget = o.timeBudgetMs ?? TIME_BUDGET_MS;
  const { model, targets, emitted } = (() => {
    try {
      return withDeadline(started + budget, () => {
        const model = checkDocument(doc, o, warn);
        checkDeadline("reading the document", true);
        const targets = target ? [target] : TARGETS.filter((t) => t.emit);
        const emitted = targets.map((t) => {
          // A name from the document is at most 64 characters before the language's rules shape it:
          // every file system takes a folder of that length (a 100,000-character title: ENAMETOOLONG).
          const packageName = t.naming.packageName((o.name ?? model.info.title).slice(0, 64));
          const files = t.emit!(integers === "native" ? withNativeIntegers(model, t.lang) : model, {
            packageName,
          });
          checkDeadline(`generating ${t.displayName}`, true);
          return { packageName, files };
        });
        return { model, targets, emitted };
      });
    } catch (err) {
      if (err instanceof OutOfTime)
        throw new CliError(
          `${o.openrpc}: codegen took longer than its budget of ${budget / 1000} s (${err.stage}); nothing written`,
          Exit.failed,
        );
      throw err;
    }
  })();
  if (o.check || !target) {
    log(
      `${o.openrpc}: no problems (${summary(model)}; generated in memory for ${targets.map((t) => t.lang).join(", ")}, nothing written)`,
    );
    return Exit.ok;
  }
  const { packageName, files } = emitted[0]!;

  const out = resolve(o.out!);
  for (const f of files) {
    const path = normalize(join(out, f.path));
    // A target only ever names paths inside the package; refuse anything else rather than write it.
    if (isAbsolute(f.path) || !path.startsWith(out + sep))
      throw new Error(`target ${target.lang} emitted ${f.path}, outside --out`);
    try {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, f.content);
    } catch (err) {
      throw new CliError(
        `cannot write ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
        Exit.failed,
      );
    }
  }
  log(
    `wrote ${files.length} files to ${out}: ${target.displayName} package ${packageName} (${summary(model)})`,
  );
  return Exit.ok;
}

function summary(model: Model): string {
  const fallbacks = model.notes.filter((n) => n.severity === "fallback").length;
  return (
    `${count(model.methods.length, "method")}, ${count(model.types.size, "type")}, ` +
    `${count(model.errors.size, "error")}` +
    `${fallbacks > 0 ? `, ${count(fallbacks, "schema")} typed as any JSON` : ""}`
  );
}

/**
 * The model of `doc`, or a CliError (exit 1) listing every problem found: hostile input (nesting,
 * non-finite numbers: SPEC §19), refused external $refs, meta-schema problems, broken references. A
 * stage whose input is unsafe to read (too deep, a refused $ref, an invalid document) ends the
 * collection there; problems of the same stage are all reported.
 */
function checkDocument(doc: unknown, o: CodegenOptions, warn: (line: string) => void): Model {
  const problems: string[] = [];
  const fail = (): never => {
    const unique = [...new Set(problems)];
    const n = unique.length;
    // A hostile document can have thousands (one per link of a long chain): the first ones say enough.
    const shown = unique.slice(0, MAX_PROBLEMS_SHOWN).map((p) => `  ${terminalText(p)}`);
    if (n > MAX_PROBLEMS_SHOWN) shown.push(`  … and ${n - MAX_PROBLEMS_SHOWN} more`);
    throw new CliError(
      `${o.openrpc} is not a valid OpenRPC document (${count(n, "problem")}, nothing written):\n${shown.join("\n")}`,
      Exit.failed,
    );
  };
  // Hostile input: too deep, or numbers no language can spell — found before anything recursive
  // reads the document (and again once other files joined it); then its prose is made safe.
  const hostile = (d: unknown): boolean => {
    const found = inputProblems(d);
    for (const p of found) problems.push(`${p.pointer || "/"}: ${p.message}`);
    return found.some((p) => p.message.startsWith("nested"));
  };
  if (hostile(doc)) fail();
  // Another file's schemas and errors, named by an external $ref, join the document first.
  if (doc !== null && typeof doc === "object" && !Array.isArray(doc)) {
    const bundled = bundleExternalRefs(doc as Record<string, unknown>, o.openrpc!, o.refRoot);
    for (const w of bundled.warnings) warn(`warning: ${terminalText(w)}`);
    for (const e of bundled.errors) problems.push(`external $ref refused: ${e}`);
    if (bundled.errors.length > 0) fail();
    doc = bundled.document;
  }
  if (hostile(doc)) fail();
  // Numbers with no finite value parse as Infinity: the meta-schema sees a number and the model a
  // value no target can write, so the document is refused here with them and its other problems.
  const tooBig = problems.length > 0;
  doc = withSafeProse(doc);
  for (const p of validateDocument(doc, (line) => warn(`warning: ${terminalText(line)}`)))
    problems.push(formatProblem(p));
  if (problems.length > 0 && !tooBig) fail();
  const model = readDocument(doc);
  for (const n of model.notes.filter((n) => n.severity === "error"))
    problems.push(`${n.pointer.slice(1) || "/"}: ${n.message}`);
  if (problems.length > 0) fail();
  return model;
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
    return `${t.lang}${aliases}: ${t.displayName} package: ${files.sort().join(", ")}`;
  });
}

const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? "" : "s"}`;
