// Is this a valid OpenRPC 1.x document? The meta-schema for its `openrpc` version (1.3 for 1.0–1.3,
// 1.4 for 1.4.x) from @open-rpc/schema-utils-js, extended by the document's own `x-extensions`,
// checked with Ajv so each problem comes with its JSON Pointer into the document and the meta-schema
// path that refused it. Formats are not checked: a server URL with `${variable}`s is a valid URL
// template, and the reference validator lets format-free documents through the same way.
import * as jsonSchemaMeta from "@json-schema-tools/meta-schema";
import { getDocumentExtendedMetaSchema } from "@open-rpc/schema-utils-js";
import { Ajv, type ErrorObject } from "ajv";
import { checkDeadline, OutOfTime } from "./deadline.js";
import { isObj } from "./document-view.js";
import { linearRegExps } from "./linear-regexp.js";

export interface DocumentProblem {
  /** A JSON Pointer into the document (`/methods/3/params/0`), `""` for the root. */
  path: string;
  message: string;
  /** Where in the meta-schema the problem was found (`#/properties/methods/items/oneOf`). */
  schemaPath: string;
}

/**
 * The problems that make `document` invalid OpenRPC (none: it is valid). `warn` hears about checks
 * left out to keep the work bounded (a pattern too large to run).
 */
export function validateDocument(
  document: unknown,
  warn: (line: string) => void = () => {},
): DocumentProblem[] {
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
    return [extensionProblem("/x-extensions", err)];
  }
  const { engine, unchecked } = linearRegExps();
  const validate = (metaSchema: object): boolean => {
    const ajv = new Ajv({
      strict: false,
      allErrors: true,
      validateFormats: false,
      logger: false,
      verbose: true,
      // The document's own x-extensions schemas carry its patterns: never run them backtracking.
      code: { regExp: engine as never },
    });
    ajv.addKeyword({
      keyword: UNIQUE,
      type: "array",
      schemaType: "boolean",
      errors: true,
      validate: uniqueItems,
    });
    // The JSON Schema meta-schema the OpenRPC meta-schema refers to (the package types only its TS types).
    ajv.addSchema(linearUnique(JSON_SCHEMA_META), "https://meta.json-schema.tools");
    const ok = ajv.validate(linearUnique(metaSchema), document);
    errors = ajv.errors ?? [];
    return ok;
  };
  let errors: ErrorObject[] = [];
  let valid: boolean;
  try {
    valid = validate(schema);
  } catch (err) {
    // Ajv refused to compile the meta-schema the document's x-extensions made (an invalid schema, a
    // $ref that goes nowhere, an $id used twice): the document's problem, not codegen's (never exit 70).
    if (err instanceof OutOfTime) throw err;
    return [extensionProblem(culprit(document), err)];
  }
  for (const line of unchecked) warn(line);
  if (valid) return [];
  return mostSpecific(errors);
}

const JSON_SCHEMA_META = (jsonSchemaMeta as unknown as { jsonSchema: object }).jsonSchema;

function extensionProblem(path: string, err: unknown): DocumentProblem {
  return {
    path,
    message: `cannot apply the document's x-extensions: ${JSON.stringify(String((err as Error)?.message ?? err).slice(0, 300))}`,
    schemaPath: "#",
  };
}

/**
 * Which x-extension's schema Ajv could not compile: the first that fails on its own (at most 32 are
 * tried, each a meta-schema compile), else the x-extensions as a whole.
 */
function culprit(document: Record<string, unknown>): string {
  const extensions = document["x-extensions"];
  if (!Array.isArray(extensions)) return "/x-extensions";
  for (const [i, extension] of extensions.slice(0, 32).entries()) {
    try {
      const alone = getDocumentExtendedMetaSchema({ ...document, "x-extensions": [extension] } as never);
      const ajv = new Ajv({
        strict: false,
        logger: false,
        validateFormats: false,
        code: { regExp: linearRegExps().engine as never },
      });
      ajv.addKeyword({ keyword: UNIQUE, type: "array", schemaType: "boolean", validate: () => true });
      ajv.addSchema(linearUnique(JSON_SCHEMA_META), "https://meta.json-schema.tools");
      ajv.compile(linearUnique(alone as object));
    } catch {
      return `/x-extensions/${i}/schema`;
    }
  }
  return "/x-extensions";
}

/**
 * Ajv checks `uniqueItems` of items of any type by comparing every pair: an `enum` of 100,000 values
 * took a minute. Every `uniqueItems: true` of the meta-schemas (and of the document's x-extension
 * schemas merged into them) becomes this keyword, which compares canonical JSON texts in a Set.
 */
const UNIQUE = "x-zeroclaw-unique-items";

function linearUnique<T>(schema: T): T {
  const copy = structuredClone(schema);
  const stack: unknown[] = [copy];
  while (stack.length > 0) {
    const cur = stack.pop();
    if (cur === null || typeof cur !== "object") continue;
    if (Array.isArray(cur)) {
      for (const v of cur) stack.push(v);
      continue;
    }
    const node = cur as Record<string, unknown>;
    if (node.uniqueItems === true) {
      delete node.uniqueItems;
      node[UNIQUE] = true;
    }
    for (const v of Object.values(node)) stack.push(v);
  }
  return copy;
}

function uniqueItems(this: unknown, on: boolean, data: unknown[]): boolean {
  const self = uniqueItems as unknown as { errors?: Partial<ErrorObject>[] };
  self.errors = [];
  if (!on) return true;
  const seen = new Map<string, number>();
  for (const [i, item] of data.entries()) {
    checkDeadline("validating the document");
    const key = canonical(item);
    const j = seen.get(key);
    if (j !== undefined) {
      self.errors = [
        {
          keyword: "uniqueItems",
          message: `must NOT have duplicate items (items ## ${j} and ${i} are identical)`,
          params: { i, j },
        },
      ];
      return false;
    }
    seen.set(key, i);
  }
  return true;
}

/** JSON text with object keys sorted, so equal values (as JSON Schema sees them) have equal texts. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value);
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
