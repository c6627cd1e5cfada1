// The generator-friendly shape SPEC §15 asks of openrpc.json, so generic generators (quicktype,
// @open-rpc/generator) and our own per-language emitters get a name for every type they need:
// - every method's params object and result is a `$ref` to a named component (`<Method>Params`,
//   `<Method>Result`); the params component agrees with the by-name content descriptors;
// - a tagged union is a `oneOf` of `$ref`s to named variants, each fixing the tag with `const`;
// - every error's `x-data-schema` is a `oneOf` of `$ref`s to `<Reason>Data` components;
// - every array schema says what its items are.
import {
  bareRef,
  derefSchema,
  type JsonSchema,
  type MethodObject,
  type OpenRpcDocument,
} from "./document.js";
import { pascal } from "./names.js";

export function lintGeneratorShape(doc: OpenRpcDocument): string[] {
  const problems: string[] = [];
  const schemas = doc.components.schemas;
  const named = (where: string, schema: JsonSchema | undefined, expected: string): string | undefined => {
    const target = bareRef(schema);
    if (target === undefined) problems.push(`${where} must be a $ref to components.schemas.${expected}`);
    else if (!(target in schemas)) problems.push(`${where}: $ref to unknown component ${target}`);
    else if (target !== expected)
      problems.push(`${where}: the component must be named ${expected}, not ${target}`);
    return target !== undefined && target in schemas ? target : undefined;
  };

  for (const m of doc.methods) {
    const p = named(`${m.name}: x-params-schema`, m["x-params-schema"], `${pascal(m.name)}Params`);
    if (p) lintParamsAgree(doc, m, schemas[p]!, problems);
    if (m.result) named(`${m.name}: result schema`, m.result.schema, `${pascal(m.name)}Result`);
  }
  for (const [name, schema] of Object.entries(schemas)) {
    if (Array.isArray(schema.oneOf)) lintTaggedUnion(doc, name, schema.oneOf as JsonSchema[], problems);
  }
  for (const [name, err] of Object.entries(doc.components.errors)) {
    for (const v of err["x-data-schema"]?.oneOf ?? []) {
      const target = bareRef(v);
      const reason = (derefSchema(doc, v).properties as Record<string, JsonSchema> | undefined)?.reason
        ?.const as string | undefined;
      if (target === undefined) problems.push(`error ${name}/${reason}: data variant must be a $ref`);
      else if (typeof reason === "string" && target !== `${pascal(reason)}Data`)
        problems.push(`error ${name}/${reason}: data component must be named ${pascal(reason)}Data`);
    }
  }
  lintArrays(doc, problems);
  return problems;
}

/** The params component must say what the content descriptors say: same members, same required set. */
function lintParamsAgree(
  doc: OpenRpcDocument,
  m: MethodObject,
  schema: JsonSchema,
  problems: string[],
): void {
  const descriptors = new Set(m.params.map((d) => d.name));
  if (Array.isArray(schema.oneOf)) {
    for (const v of schema.oneOf as JsonSchema[]) {
      const props = Object.keys((derefSchema(doc, v).properties as object | undefined) ?? {});
      for (const k of props)
        if (!descriptors.has(k))
          problems.push(`${m.name}: params variant member ${k} has no content descriptor`);
    }
    return;
  }
  const props = Object.keys((schema.properties as object | undefined) ?? {});
  for (const k of props)
    if (!descriptors.has(k)) problems.push(`${m.name}: params member ${k} has no content descriptor`);
  for (const d of descriptors)
    if (!props.includes(d)) problems.push(`${m.name}: param ${d} is missing from the params component`);
  const required = new Set((schema.required as string[] | undefined) ?? []);
  for (const d of m.params) {
    if ((d.required === true) !== required.has(d.name))
      problems.push(
        `${m.name}: param ${d.name} is ${d.required ? "" : "not "}required in its descriptor only`,
      );
  }
}

/** A oneOf of objects is a tagged union: named variants, one property fixed by `const` in each. */
function lintTaggedUnion(
  doc: OpenRpcDocument,
  name: string,
  members: JsonSchema[],
  problems: string[],
): void {
  const resolved = members.map((v) => derefSchema(doc, v));
  if (!resolved.every((v) => v.type === "object")) return; // a union of scalars needs no tag
  if (!members.every((v) => bareRef(v) !== undefined))
    problems.push(`${name}: every oneOf variant must be a $ref to a named component`);
  const consts = (v: JsonSchema): string[] =>
    Object.entries((v.properties as Record<string, JsonSchema> | undefined) ?? {})
      .filter(([k, s]) => s.const !== undefined && ((v.required as string[] | undefined) ?? []).includes(k))
      .map(([k]) => k);
  const tags = consts(resolved[0]!).filter((k) => resolved.every((v) => consts(v).includes(k)));
  if (tags.length === 0) problems.push(`${name}: oneOf variants share no const tag property`);
}

/** Walks the document (examples excepted: they are values, not schemas) for arrays without items. */
function lintArrays(doc: OpenRpcDocument, problems: string[]): void {
  const walk = (value: unknown, pointer: string): void => {
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) walk(v, `${pointer}/${i}`);
      return;
    }
    if (value === null || typeof value !== "object") return;
    const obj = value as JsonSchema;
    const types = Array.isArray(obj.type) ? obj.type : [obj.type];
    if (types.includes("array") && obj.items === undefined && obj.prefixItems === undefined)
      problems.push(`${pointer}: an array schema needs items`);
    for (const [k, v] of Object.entries(obj)) if (k !== "examples") walk(v, `${pointer}/${k}`);
  };
  walk(doc.methods, "#/methods");
  walk(doc.components, "#/components");
}
