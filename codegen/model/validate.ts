// Is this a valid OpenRPC 1.x document? The meta-schema for its `openrpc` version (1.3 for 1.0–1.3,
// 1.4 for 1.4.x) from @open-rpc/schema-utils-js, extended by the document's own `x-extensions`,
// checked with Ajv so each problem comes with its JSON Pointer into the document and the meta-schema
// path that refused it. Formats are not checked: a server URL with `${variable}`s is a valid URL
// template, and the reference validator lets format-free documents through the same way.
import * as jsonSchemaMeta from "@json-schema-tools/meta-schema";
import { getDocumentExtendedMetaSchema } from "@open-rpc/schema-utils-js";
import { Ajv, type ErrorObject } from "ajv";
import { isObj } from "./document-view.js";
import { linearRegExp } from "./linear-regexp.js";

export interface DocumentProblem {
  /** A JSON Pointer into the document (`/methods/3/params/0`), `""` for the root. */
  path: string;
  message: string;
  /** Where in the meta-schema the problem was found (`#/properties/methods/items/oneOf`). */
  schemaPath: string;
}

/** The problems that make `document` invalid OpenRPC (none: it is valid). */
export function validateDocument(document: unknown): DocumentProblem[] {
  if (!isObj(document)) return [{ path: "", message: "must be a JSON object", schemaPath: "#/type" }];
  const version = document.openrpc;
  if (typeof version !== "string" || !/^1\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version))
    return [
      {
        path: "/openrpc",
        message: 'must be an OpenRPC 1.x version string (e.g. "1.3.2")',
        schemaPath: "#/properties/openrpc",
      },
    ];
  let schema: object;
  try {
    schema = getDocumentExtendedMetaSchema(document as never) as object;
  } catch (err) {
    return [
      {
        path: "/x-extensions",
        message: `cannot apply the document's x-extensions: ${(err as Error).message}`,
        schemaPath: "#",
      },
    ];
  }
  const ajv = new Ajv({
    strict: false,
    allErrors: true,
    validateFormats: false,
    logger: false,
    verbose: true,
    // The document's own x-extensions schemas carry its patterns: never run them backtracking.
    code: { regExp: linearRegExp as never },
  });
  // The JSON Schema meta-schema the OpenRPC meta-schema refers to (the package types only its TS types).
  ajv.addSchema(
    (jsonSchemaMeta as unknown as { jsonSchema: object }).jsonSchema,
    "https://meta.json-schema.tools",
  );
  if (ajv.validate(schema, document)) return [];
  return mostSpecific(ajv.errors ?? []);
}

/**
 * Ajv reports every alternative of every `oneOf` it tried. A reader wants where the document goes
 * wrong: each deepest path, without the "or it could have been a $ref" alternatives and the
 * `oneOf` summaries above them.
 */
function mostSpecific(errors: ErrorObject[]): DocumentProblem[] {
  const useful = errors.filter(
    (e) =>
      e.keyword !== "oneOf" &&
      e.keyword !== "anyOf" &&
      !(e.keyword === "required" && e.params.missingProperty === "$ref"),
  );
  // Where a member is missing, "no other members allowed" comes from the `$ref` alternative: noise.
  const missing = new Set(useful.filter((e) => e.keyword === "required").map((e) => e.instancePath));
  const pool = (useful.length > 0 ? useful : errors).filter(
    (e) => !(e.keyword === "additionalProperties" && missing.has(e.instancePath)),
  );
  // An error on a path that has errors below it is the oneOf-summary of those: keep the leaves.
  const leaves = pool.filter((e) => !pool.some((o) => o.instancePath.startsWith(`${e.instancePath}/`)));
  const seen = new Set<string>();
  const out: DocumentProblem[] = [];
  for (const e of leaves) {
    const detail =
      e.keyword === "additionalProperties"
        ? ` (${JSON.stringify(e.params.additionalProperty)})`
        : e.keyword === "enum"
          ? ` (${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")})`
          : "";
    const message = `${e.message ?? e.keyword}${detail}`;
    if (seen.has(`${e.instancePath} ${message}`)) continue;
    seen.add(`${e.instancePath} ${message}`);
    // Ajv's schemaPath is relative to the meta-schema definition it is in; its title names that one.
    const title = (e.parentSchema as { title?: unknown } | undefined)?.title;
    out.push({
      path: e.instancePath,
      message,
      schemaPath: typeof title === "string" ? `${title} ${e.schemaPath}` : e.schemaPath,
    });
  }
  return out.slice(0, 5);
}

export function formatProblem(p: DocumentProblem): string {
  return `${p.path === "" ? "/" : p.path}: ${p.message} (meta-schema ${p.schemaPath})`;
}
