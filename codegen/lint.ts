// Checks the OpenRPC meta-schema lets through: duplicates, examples that break their own schemas,
// unknown grants, error data without a reason. Every problem is reported, not just the first.

import { createAjv, toComponentsRef } from "./ajv.js";
import {
  bareRef,
  derefSchema,
  dialectSchema,
  type ExamplePairing,
  errorVariants,
  exampleParams,
  implementedBy,
  isNotification,
  type JsonSchema,
  type MethodObject,
  type OpenRpcDocument,
} from "./document.js";
import { lintGeneratorShape } from "./lint-shape.js";
import { pascal } from "./names.js";

const SNAKE = /^[a-z][a-z0-9_]*$/;

export function lintDocument(doc: OpenRpcDocument): string[] {
  const problems: string[] = [];
  const ajv = createAjv(doc, { standalone: false });
  const check = (where: string, schema: JsonSchema, value: unknown): void => {
    const validate = ajv.compile(toComponentsRef(schema));
    if (!validate(value)) problems.push(`${where}: ${ajv.errorsText(validate.errors)}`);
  };

  const grants = (doc.components.schemas.Grant?.enum ?? []) as string[];
  if (grants.length === 0) problems.push("components.schemas.Grant must enumerate the grants");

  // Errors: unique codes and reasons, every variant fixes a snake_case reason and has a message.
  const codes = new Map<number, string>();
  const reasons = new Map<string, string>();
  for (const [name, err] of Object.entries(doc.components.errors)) {
    const seen = codes.get(err.code);
    if (seen) problems.push(`errors ${seen} and ${name} share code ${err.code}`);
    codes.set(err.code, name);
    const variants = err["x-data-schema"]?.oneOf;
    if (!Array.isArray(variants) || variants.length === 0) {
      problems.push(`error ${name}: x-data-schema must be a non-empty oneOf`);
      continue;
    }
    for (const { reason, schema: v } of errorVariants(doc, err)) {
      if (typeof reason !== "string" || !SNAKE.test(reason)) {
        problems.push(`error ${name}: every variant needs properties.reason.const in snake_case`);
        continue;
      }
      if (!(v.required as string[] | undefined)?.includes("reason"))
        problems.push(`error ${name}/${reason}: reason must be required`);
      if (typeof v.description !== "string") problems.push(`error ${name}/${reason}: needs a description`);
      const other = reasons.get(reason);
      if (other) problems.push(`reason ${reason} is declared by both ${other} and ${name}`);
      reasons.set(reason, name);
    }
  }

  // Methods.
  const names = new Set<string>();
  const typeNames = new Set(Object.keys(doc.components.schemas));
  if (!doc.methods.some((m) => m.name === "initialize")) problems.push("the initialize method is missing");
  for (const m of doc.methods) {
    if (names.has(m.name)) problems.push(`duplicate method name ${m.name}`);
    names.add(m.name);
    if (m.paramStructure !== "by-name") problems.push(`${m.name}: paramStructure must be by-name`);
    const grant = m["x-grant"];
    if (grant !== undefined && !grants.includes(grant)) problems.push(`${m.name}: unknown grant ${grant}`);
    if (implementedBy(m) === "daemon" && m.name !== "initialize" && grant === undefined)
      problems.push(`${m.name}: a daemon method needs an x-grant`);
    if (implementedBy(m) === "client" && (grant !== undefined || m["x-local-only"] !== undefined))
      problems.push(`${m.name}: x-grant and x-local-only apply to daemon methods only`);
    const given = m["x-params-schema"];
    if (given) {
      const whole = derefSchema(doc, given);
      const props = whole.properties as object | undefined;
      const covered = (n: string): boolean => (props ? n in props : variantsCover(doc, whole, n));
      for (const p of m.params)
        if (!covered(p.name)) problems.push(`${m.name}: x-params-schema does not cover param ${p.name}`);
    }
    for (const suffix of ["Params", "Result"]) {
      const t = `${pascal(m.name)}${suffix}`;
      const own = suffix === "Result" ? bareRef(m.result?.schema) : bareRef(m["x-params-schema"]);
      if (typeNames.has(t) && own !== t)
        problems.push(`${m.name}: generated type ${t} collides with a schema`);
    }
    for (const ref of m.errors ?? []) {
      const name = ref.$ref.replace("#/components/errors/", "");
      if (!doc.components.errors[name]) problems.push(`${m.name}: unknown error ${ref.$ref}`);
    }
    lintDialects(doc, m, problems);
    lintExamples(doc, m, problems, check);
  }
  problems.push(...lintGeneratorShape(doc));
  return problems;
}

function variantsCover(doc: OpenRpcDocument, schema: JsonSchema, param: string): boolean {
  const variants = (schema.oneOf ?? []) as JsonSchema[];
  return variants.some((v) => param in ((derefSchema(doc, v).properties as object | undefined) ?? {}));
}

/** x-dialects: each shape a $ref to a named component; params only on notifications, result only on requests. */
function lintDialects(doc: OpenRpcDocument, m: MethodObject, problems: string[]): void {
  for (const [dialect, shapes] of Object.entries(m["x-dialects"] ?? {})) {
    for (const [part, schema] of Object.entries(shapes ?? {})) {
      const where = `${m.name}: x-dialects.${dialect}.${part}`;
      const target = bareRef(schema);
      if (target === undefined || !(target in doc.components.schemas))
        problems.push(`${where} must be a $ref to a named component`);
      if (part === "result" && isNotification(m)) problems.push(`${where}: a notification has no result`);
      if (part === "params" && implementedBy(m) === "daemon")
        problems.push(`${where}: only what the daemon sends differs between dialects`);
    }
  }
}

function lintExamples(
  doc: OpenRpcDocument,
  m: MethodObject,
  problems: string[],
  check: (where: string, schema: JsonSchema, value: unknown) => void,
): void {
  const examples = m.examples ?? [];
  if (examples.length === 0) problems.push(`${m.name}: needs at least one example pairing`);
  if (implementedBy(m) === "daemon" && (m.errors?.length ?? 0) > 0 && !examples.some((e) => e["x-error"]))
    problems.push(`${m.name}: needs at least one error example (x-error)`);
  for (const e of examples) {
    const where = `${m.name} example "${e.name}"`;
    const dialect = e["x-dialect"] ?? "seed";
    if (e["x-error"] === undefined) {
      // Requests are accepted in either spelling: only a notification's params are the dialect's.
      const params = isNotification(m)
        ? dialectSchema(m, dialect, "params")
        : dialectSchema(m, "seed", "params");
      check(`${where} params`, params!, exampleParams(e));
    }
    if (e.result && e["x-error"]) problems.push(`${where}: has both result and x-error`);
    if (isNotification(m) && (e.result || e["x-error"]))
      problems.push(`${where}: a notification has no answer`);
    if (!isNotification(m) && !e.result && !e["x-error"]) problems.push(`${where}: needs result or x-error`);
    if (e.result && m.result) check(`${where} result`, dialectSchema(m, dialect, "result")!, e.result.value);
    const xerr = e["x-error"];
    if (xerr) {
      const entry = Object.entries(doc.components.errors).find(([, err]) => err.code === xerr.code);
      const listed = (m.errors ?? []).some((r) => r.$ref === `#/components/errors/${entry?.[0]}`);
      if (!entry || !listed) problems.push(`${where}: code ${xerr.code} is not among the method's errors`);
      else check(`${where} error data`, entry[1]["x-data-schema"], xerr.data);
    }
    lintPointers(where, e, problems);
  }
}

function lintPointers(where: string, e: ExamplePairing, problems: string[]): void {
  const base = e["x-error"] ?? e.result?.value;
  for (const pointer of e["x-match"] ?? []) {
    if (resolvePointer(base, pointer) === undefined)
      problems.push(`${where}: x-match ${pointer} points nowhere`);
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
