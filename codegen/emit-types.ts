// generated/types.ts: every component schema, every method's params and result, every error's data,
// compiled by json-schema-to-typescript from one root schema so `$ref`s resolve and names stay stable.
import { compile } from "json-schema-to-typescript";
import {
  bareRef,
  errorVariants,
  type JsonSchema,
  type OpenRpcDocument,
  paramsSchema,
  rewriteRefs,
} from "./document.js";
import { pascal } from "./names.js";

export const paramsTypeName = (method: string): string => `${pascal(method)}Params`;
export const resultTypeName = (method: string): string => `${pascal(method)}Result`;
export const errorDataTypeName = (errorName: string): string => `${pascal(errorName.toLowerCase())}ErrorData`;
export const reasonDataTypeName = (reason: string): string => `${pascal(reason)}Data`;

/**
 * `{$ref, default, description}` is still just the referenced type; left as is, json-schema-to-typescript
 * would declare a numbered copy of it (`RpcConfig1`).
 */
function refsOnly(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(refsOnly);
  if (value === null || typeof value !== "object") return value;
  const obj = value as JsonSchema;
  if (typeof obj.$ref === "string") return { $ref: obj.$ref };
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, refsOnly(v)]));
}

/**
 * `anyOf: [{required: [a]}, {required: [b]}]` (one of two aliases must be present) cannot be said in
 * TypeScript without losing the properties; the type keeps both optional and the validator enforces it.
 */
function withoutRequiredAlternatives(schema: JsonSchema): JsonSchema {
  const alts = schema.anyOf as JsonSchema[] | undefined;
  if (!alts?.every((a) => Object.keys(a).length === 1 && Array.isArray(a.required))) return schema;
  const { anyOf: _dropped, ...rest } = schema;
  return rest;
}

export async function emitTypes(doc: OpenRpcDocument, banner: string): Promise<string> {
  const toDefinitions = (s: JsonSchema): JsonSchema =>
    refsOnly(rewriteRefs(s, (n) => `#/definitions/${n}`)) as JsonSchema;
  const definitions: Record<string, JsonSchema> = {};
  const aliases: string[] = [];
  const define = (name: string, schema: JsonSchema): void => {
    // A `$ref` with a description beside it is still an alias of the referenced type.
    const target = bareRef(refsOnly(schema) as JsonSchema);
    if (target !== undefined) {
      if (target !== name) aliases.push(`export type ${name} = ${target};`);
      return;
    }
    definitions[name] = { ...toDefinitions(withoutRequiredAlternatives(schema)), title: name };
  };

  for (const [name, schema] of Object.entries(doc.components.schemas)) define(name, schema);
  for (const m of doc.methods) {
    define(paramsTypeName(m.name), paramsSchema(m));
    if (m.result) define(resultTypeName(m.name), m.result.schema);
  }
  for (const [name, err] of Object.entries(doc.components.errors)) {
    // Named variants (`$ref` to <Reason>Data) are already definitions; an inline one is titled so.
    const reasons = errorVariants(doc, err);
    const variants = err["x-data-schema"].oneOf.map((v, i) =>
      bareRef(v) !== undefined
        ? toDefinitions(v)
        : { ...toDefinitions(v), title: reasonDataTypeName(reasons[i]!.reason) },
    );
    definitions[errorDataTypeName(name)] = { title: errorDataTypeName(name), oneOf: variants };
  }

  const root = {
    title: "ZeroclawProtocolDocument",
    type: "object",
    additionalProperties: false,
    definitions,
  };
  const body = await compile(root as never, "ZeroclawProtocolDocument", {
    bannerComment: banner,
    unreachableDefinitions: true,
    additionalProperties: false,
    // noUncheckedIndexedAccess already adds `| undefined` on lookups; entries stay defined.
    strictIndexSignatures: false,
    format: true,
  });
  // The root type only exists to carry the definitions.
  const withoutRoot = body.replace(/export interface ZeroclawProtocolDocument \{\}\n\n?/, "");
  return `${withoutRoot.trimEnd()}\n\n// Method params/results that are plain references to a component.\n${aliases.join("\n")}\n`;
}
