// One Ajv configuration for everything codegen compiles (the lint profile and the emitted
// validators), over the raw schema fragments the model carries for validators.
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import type { JsonSchema, Model } from "../model/types.js";

/** $id under which components.schemas are registered; refs are rewritten to point into it. */
export const COMPONENTS_ID = "zeroclaw-components";
const COMPONENT_REF = "#/components/schemas/";

/** Deep copy of a schema fragment with component refs pointing into COMPONENTS_ID. */
export function toComponentsRef<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => toComponentsRef(v)) as T;
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === "$ref" && typeof v === "string" && v.startsWith(COMPONENT_REF)
        ? `${COMPONENTS_ID}#/definitions/${v.slice(COMPONENT_REF.length)}`
        : toComponentsRef(v),
    ]),
  ) as T;
}

/**
 * `lenient`: for another project's document (the tests hold its examples to its own schemas): no strict
 * mode and no format checks, since documents use keywords and formats of their own, and no defaults
 * filled into the values checked.
 */
export function createAjv(model: Model, options: { standalone: boolean; lenient?: boolean }): Ajv {
  const lenient = options.lenient === true;
  const ajv = new Ajv({
    strict: !lenient,
    validateFormats: !lenient,
    // `anyOf: [{required: [a]}, {required: [b]}]` (a required alias) names properties defined one level up.
    strictRequired: false,
    allowUnionTypes: true,
    allErrors: true,
    // Fills schema defaults (config values, optional params) into the validated object.
    useDefaults: !lenient,
    code: options.standalone ? { source: true, esm: true, optimize: true } : {},
  });
  addFormats.default(ajv);
  ajv.addSchema({
    $id: COMPONENTS_ID,
    definitions: toComponentsRef(Object.fromEntries(model.schemaSources)),
  });
  return ajv;
}

export const compileSchema = (schema: JsonSchema): JsonSchema => toComponentsRef(schema);
