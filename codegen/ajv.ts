// One Ajv configuration for everything codegen compiles, so lint and the emitted validators agree.
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { type JsonSchema, type OpenRpcDocument, rewriteRefs } from "./document.js";

/** $id under which components.schemas are registered; refs are rewritten to point into it. */
export const COMPONENTS_ID = "zeroclaw-components";

export const toComponentsRef = (schema: JsonSchema): JsonSchema =>
  rewriteRefs(schema, (name) => `${COMPONENTS_ID}#/definitions/${name}`);

export function createAjv(doc: OpenRpcDocument, options: { standalone: boolean }): Ajv {
  const ajv = new Ajv({
    strict: true,
    // `anyOf: [{required: [a]}, {required: [b]}]` (a required alias) names properties defined one level up.
    strictRequired: false,
    allowUnionTypes: true,
    allErrors: true,
    // Fills schema defaults (config values, optional params) into the validated object.
    useDefaults: true,
    code: options.standalone ? { source: true, esm: true, optimize: true } : {},
  });
  addFormats.default(ajv);
  ajv.addSchema({ $id: COMPONENTS_ID, definitions: toComponentsRef(doc.components.schemas) });
  return ajv;
}
