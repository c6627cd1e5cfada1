// `zeroclaw codegen --openrpc FILE --lang ts|python|go|rust --out DIR [--name NAME]`: a typed client
// package for any valid OpenRPC 1.x document. The document is checked against the OpenRPC
// meta-schema (an invalid one: exit 1, each problem with its JSON Pointer and the meta-schema path),
// read into the model (codegen/model/) and handed to the language's target (codegen/targets/). Only
// files under --out are written; the zeroclaw lint profile is not applied (that is for our own
// openrpc.json, `npm run generate`).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, normalize, resolve, sep } from "node:path";
import {
  bundleExternalRefs,
  formatProblem,
  inputProblems,
  readDocument,
  validateDocument,
  withSafeProse,
} from "../../codegen/model/index.js";
import { withNativeIntegers } from "../../codegen/model/native-integers.js";
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
};

export function codegenCommand(
  o: CodegenOptions,
  log: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
  warn: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
): number {
  if (!o.openrpc) throw usageError("missing --openrpc FILE");
  if (!o.lang) throw usageError(`missing --lang (${TARGETS.map((t) => t.lang).join(", ")})`);
  if (!o.out) throw usageError("missing --out DIR");
  const target = findTarget(o.lang);
  if (!target) throw usageError(`unknown --lang ${o.lang} (${TARGETS.map((t) => t.lang).join(", ")})`);
  if (!target.emit)
    throw usageError(`--lang ${target.lang}: the ${target.displayName} target is not yet available`);

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
    throw new CliError(`${o.openrpc} is not JSON: ${(err as Error).message}`, Exit.failed);
  }
  // Hostile input (SPEC §19): too deep, or numbers no language can spell — refused before anything
  // recursive reads it (and again once other files joined it); then its prose is made safe.
  refuseHostile(doc, o.openrpc);
  // Another file's schemas and errors, named by an external $ref, join the document first.
  if (doc !== null && typeof doc === "object" && !Array.isArray(doc)) {
    const bundled = bundleExternalRefs(doc as Record<string, unknown>, o.openrpc, o.refRoot);
    for (const w of bundled.warnings) warn(`warning: ${w}`);
    if (bundled.errors.length > 0)
      throw new CliError(
        `${o.openrpc}: external $refs refused:\n${bundled.errors.map((e) => `  ${e}`).join("\n")}`,
        Exit.failed,
      );
    doc = bundled.document;
  }
  refuseHostile(doc, o.openrpc);
  doc = withSafeProse(doc);
  const problems = validateDocument(doc);
  if (problems.length > 0)
    throw new CliError(
      `${o.openrpc} is not a valid OpenRPC document:\n${problems.map((p) => `  ${formatProblem(p)}`).join("\n")}`,
      Exit.failed,
    );
  const model = readDocument(doc);
  const broken = model.notes.filter((n) => n.severity === "error");
  if (broken.length > 0)
    throw new CliError(
      `${o.openrpc} is not a valid OpenRPC document:\n${broken.map((n) => `  ${n.pointer.slice(1) || "/"}: ${n.message}`).join("\n")}`,
      Exit.failed,
    );

  // A name from the document is at most 64 characters before the language's rules shape it: every
  // file system takes a folder of that length (a 100,000-character title failed with ENAMETOOLONG).
  const packageName = target.naming.packageName((o.name ?? model.info.title).slice(0, 64));
  const integers = o.integers ?? "native";
  if (integers !== "native" && integers !== "exact")
    throw usageError(`--integers ${integers}: native or exact`);
  const files = target.emit(integers === "native" ? withNativeIntegers(model, target.lang) : model, {
    packageName,
  });
  const out = resolve(o.out);
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
  const fallbacks = model.notes.filter((n) => n.severity === "fallback").length;
  log(
    `wrote ${files.length} files to ${out}: ${target.displayName} package ${packageName} ` +
      `(${count(model.methods.length, "method")}, ${count(model.types.size, "type")}, ` +
      `${count(model.errors.size, "error")}` +
      `${fallbacks > 0 ? `, ${count(fallbacks, "schema")} typed as any JSON` : ""})`,
  );
  return Exit.ok;
}

const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? "" : "s"}`;

function refuseHostile(doc: unknown, file: string): void {
  const hostile = inputProblems(doc);
  if (hostile.length > 0)
    throw new CliError(
      `${file} cannot be generated:\n${hostile.map((p) => `  ${p.pointer || "/"}: ${p.message}`).join("\n")}`,
      Exit.failed,
    );
}
