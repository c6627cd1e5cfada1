// The zeroclaw lint profile: what `npm run generate` demands of our own openrpc.json beyond the OpenRPC
// meta-schema (never applied to other documents: `zeroclaw codegen` takes any valid document).
// Duplicates, examples that break their own schemas, unknown grants, error data without a reason,
// and (lint-shape.ts) the generator-friendly shape of SPEC §15. Every problem is reported, not just
// the first. It reads the model (and the schema fragments the model keeps for validators).
import { readDocument } from "../model/read.js";
import type { Example, JsonSchema, Method, Model, Type } from "../model/types.js";
import { pascal } from "../naming/words.js";
import { createAjv, toComponentsRef } from "./ajv.js";
import { dialectSource, exampleDialect, lintDialects } from "./dialects.js";
import { lintGeneratorShape } from "./lint-shape.js";

const SNAKE = /^[a-z][a-z0-9_]*$/;

/** Lints a parsed document (the test helpers' entry). */
export const lintDocument = (doc: unknown): string[] => lintModel(readDocument(doc));

/** The enum values a type allows, through aliases. */
export function enumValues(model: Model, t: Type): unknown[] {
  if (t.kind === "literal") return [t.value];
  if (t.kind !== "ref") return [];
  const d = model.types.get(t.name);
  if (d?.kind === "enum") return d.values.map((v) => v.value);
  return d?.kind === "alias" ? enumValues(model, d.type) : [];
}

export function lintModel(model: Model): string[] {
  const problems: string[] = model.notes
    .filter((n) => n.severity === "error")
    .map((n) => `${n.pointer}: ${n.message}`);
  const ajv = createAjv(model, { standalone: false });
  const check = (where: string, schema: JsonSchema, value: unknown): void => {
    const validate = ajv.compile(toComponentsRef(schema));
    if (!validate(value)) problems.push(`${where}: ${ajv.errorsText(validate.errors)}`);
  };

  const grants = enumValues(model, { kind: "ref", name: "Grant" }) as string[];
  if (grants.length === 0) problems.push("components.schemas.Grant must enumerate the grants");

  // Errors: unique codes and reasons, every variant fixes a snake_case reason and has a message.
  const codes = new Map<number, string>();
  const reasons = new Map<string, string>();
  for (const err of model.errors.values()) {
    const name = err.name;
    const seen = codes.get(err.code);
    if (seen) problems.push(`errors ${seen} and ${name} share code ${err.code}`);
    codes.set(err.code, name);
    const variants = err.dataSource?.oneOf;
    if (!Array.isArray(variants) || variants.length === 0) {
      problems.push(`error ${name}: x-data-schema must be a non-empty oneOf`);
      continue;
    }
    if (err.variants.length !== variants.length)
      problems.push(`error ${name}: every variant needs properties.reason.const in snake_case, required`);
    for (const v of err.variants) {
      if (!SNAKE.test(v.reason)) problems.push(`error ${name}: reason ${v.reason} is not snake_case`);
      if (v.description === undefined) problems.push(`error ${name}/${v.reason}: needs a description`);
      const other = reasons.get(v.reason);
      if (other) problems.push(`reason ${v.reason} is declared by both ${other} and ${name}`);
      reasons.set(v.reason, name);
    }
  }

  // Methods.
  const names = new Set<string>();
  const components = new Set(model.schemaSources.keys());
  if (!model.methods.some((m) => m.name === "initialize")) problems.push("the initialize method is missing");
  for (const m of model.methods) {
    if (names.has(m.name)) problems.push(`duplicate method name ${m.name}`);
    names.add(m.name);
    if (m.declaredParamStructure !== "by-name") problems.push(`${m.name}: paramStructure must be by-name`);
    const { grant, localOnly } = m.annotations;
    if (grant !== undefined && !grants.includes(grant)) problems.push(`${m.name}: unknown grant ${grant}`);
    if (m.implementedBy === "server" && m.name !== "initialize" && grant === undefined)
      problems.push(`${m.name}: a daemon method needs an x-grant`);
    if (m.implementedBy === "client" && (grant !== undefined || localOnly !== undefined))
      problems.push(`${m.name}: x-grant and x-local-only apply to daemon methods only`);
    if (m.extensions["x-params-schema"] !== undefined) {
      const covered = paramsMembers(model, m);
      for (const p of m.params)
        if (!covered.has(p.name)) problems.push(`${m.name}: x-params-schema does not cover param ${p.name}`);
    }
    for (const [suffix, t] of [
      ["Params", m.paramsObject],
      ["Result", m.result?.type],
    ] as const) {
      const wanted = `${pascal(m.name)}${suffix}`;
      const own = t?.kind === "ref" ? t.name : undefined;
      if (components.has(wanted) && own !== wanted)
        problems.push(`${m.name}: generated type ${wanted} collides with a schema`);
    }
    lintDialects(model, m, problems);
    lintExamples(model, m, problems, check);
  }
  problems.push(...lintGeneratorShape(model));
  return problems;
}

/** Every member name the whole params object has (each variant's, for a union). */
function paramsMembers(model: Model, m: Method): Set<string> {
  const out = new Set<string>();
  const add = (t: Type | undefined): void => {
    const d = t?.kind === "ref" ? model.types.get(t.name) : undefined;
    if (d?.kind === "object") for (const x of d.members) out.add(x.name);
    else if (d?.kind === "tagged") for (const v of d.variants) add(v.type);
    else if (d?.kind === "union") for (const v of d.variants) add(v);
    else if (d?.kind === "alias") add(d.type);
  };
  add(m.paramsObject);
  return out;
}

function lintExamples(
  model: Model,
  m: Method,
  problems: string[],
  check: (where: string, schema: JsonSchema, value: unknown) => void,
): void {
  const notification = m.result === undefined;
  if (m.examples.length === 0) problems.push(`${m.name}: needs at least one example pairing`);
  if (m.implementedBy === "server" && m.errors.length > 0 && !m.examples.some((e) => e.error))
    problems.push(`${m.name}: needs at least one error example (x-error)`);
  for (const e of m.examples) {
    const where = `${m.name} example "${e.name}"`;
    const dialect = exampleDialect(e);
    // Requests are accepted in either spelling: only a notification's params are the dialect's.
    if (e.error === undefined)
      check(
        `${where} params`,
        dialectSource(m, notification ? dialect : "seed", "params")!,
        Object.fromEntries(e.params.map((p) => [p.name, p.value])),
      );
    if (e.result && e.error) problems.push(`${where}: has both result and x-error`);
    if (notification && (e.result || e.error)) problems.push(`${where}: a notification has no answer`);
    if (!notification && !e.result && !e.error) problems.push(`${where}: needs result or x-error`);
    if (e.result && m.result) check(`${where} result`, dialectSource(m, dialect, "result")!, e.result.value);
    const xerr = e.error;
    if (xerr) {
      const declared = [...model.errors.values()].find((err) => err.code === xerr.code);
      if (!declared || !m.errors.includes(declared.name))
        problems.push(`${where}: code ${xerr.code} is not among the method's errors`);
      else if (declared.dataSource) check(`${where} error data`, declared.dataSource, xerr.data);
    }
    lintPointers(where, e, problems);
  }
}

function lintPointers(where: string, e: Example, problems: string[]): void {
  const base = e.error ?? e.result?.value;
  const pointers = e.extensions["x-match"];
  for (const pointer of Array.isArray(pointers) ? pointers : []) {
    if (typeof pointer !== "string" || resolvePointer(base, pointer) === undefined)
      problems.push(`${where}: x-match ${String(pointer)} points nowhere`);
  }
}

function resolvePointer(value: unknown, pointer: string): unknown {
  if (pointer === "") return value;
  let cur: unknown = value;
  for (const raw of pointer.slice(1).split("/")) {
    const key = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    if (cur === null || typeof cur !== "object" || !Object.hasOwn(cur, key)) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}
