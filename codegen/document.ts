// The slice of an OpenRPC 1.3 document that codegen reads, plus the helpers every emitter shares.
import { readFileSync } from "node:fs";

export type JsonSchema = { [key: string]: unknown };

export interface ContentDescriptor {
  name: string;
  description?: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface ExamplePairing {
  name: string;
  description?: string;
  params: { name: string; value: unknown }[];
  result?: { name: string; value: unknown };
  "x-error"?: { code: number; data: unknown };
  "x-match"?: string[];
  "x-connection"?: "uninitialized" | "initialized";
  /** The dialect of the connection the pairing belongs to (SPEC §13); default seed. */
  "x-dialect"?: Dialect;
}

/** A connection's wire dialect (SPEC §13): components.schemas.Dialect. */
export type Dialect = "seed" | "zeroclaw";

/** A method's shapes in a dialect other than the seed's (`x-dialects`). */
export interface DialectShapes {
  params?: JsonSchema;
  result?: JsonSchema;
}

export interface MethodObject {
  name: string;
  summary?: string;
  description?: string;
  paramStructure?: "by-name" | "by-position" | "either";
  params: ContentDescriptor[];
  result?: ContentDescriptor;
  errors?: { $ref: string }[];
  examples?: ExamplePairing[];
  "x-grant"?: string;
  "x-local-only"?: boolean;
  "x-notification-allowed"?: boolean;
  "x-implemented-by"?: ("daemon" | "client")[];
  "x-params-schema"?: JsonSchema;
  "x-dialects"?: Partial<Record<Exclude<Dialect, "seed">, DialectShapes>>;
}

export interface ErrorObject {
  code: number;
  message: string;
  "x-data-schema": { oneOf: JsonSchema[] };
}

export interface OpenRpcDocument {
  openrpc: string;
  info: { title: string; version: string; description?: string };
  methods: MethodObject[];
  components: { schemas: Record<string, JsonSchema>; errors: Record<string, ErrorObject> };
  "x-extensions"?: unknown[];
}

export function loadDocument(path: string): OpenRpcDocument {
  return JSON.parse(readFileSync(path, "utf8")) as OpenRpcDocument;
}

export const implementedBy = (m: MethodObject): "daemon" | "client" =>
  m["x-implemented-by"]?.includes("daemon") === false ? "client" : "daemon";

/** OpenRPC 1.3: a method without a result is a notification. */
export const isNotification = (m: MethodObject): boolean => m.result === undefined;

const COMPONENT_REF = "#/components/schemas/";

/** Deep-copies a schema, rewriting component refs with `rewrite(name)`. */
export function rewriteRefs<T>(value: T, rewrite: (name: string) => string): T {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, rewrite)) as T;
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] =
      k === "$ref" && typeof v === "string" && v.startsWith(COMPONENT_REF)
        ? rewrite(v.slice(COMPONENT_REF.length))
        : rewriteRefs(v, rewrite);
  }
  return out as T;
}

/** The component a schema is a bare `$ref` to, if it is one. */
export function bareRef(schema: JsonSchema | undefined): string | undefined {
  if (!schema || Object.keys(schema).length !== 1 || typeof schema.$ref !== "string") return undefined;
  return schema.$ref.startsWith(COMPONENT_REF) ? schema.$ref.slice(COMPONENT_REF.length) : undefined;
}

/** Follows bare `$ref`s into components.schemas until a schema that is not a bare reference. */
export function derefSchema(doc: OpenRpcDocument, schema: JsonSchema): JsonSchema {
  let cur = schema;
  for (let hops = 0; hops < 32; hops++) {
    const target = bareRef(cur);
    if (target === undefined) return cur;
    const next = doc.components.schemas[target];
    if (next === undefined) throw new Error(`unresolved $ref #/components/schemas/${target}`);
    cur = next;
  }
  throw new Error("$ref chain longer than 32 hops");
}

/** An error's data variants, each resolved through its `$ref` (`<Reason>Data`) with the reason it fixes. */
export function errorVariants(
  doc: OpenRpcDocument,
  err: ErrorObject,
): { reason: string; component: string | undefined; schema: JsonSchema }[] {
  return (err["x-data-schema"]?.oneOf ?? []).map((v) => {
    const schema = derefSchema(doc, v);
    const props = schema.properties as Record<string, JsonSchema> | undefined;
    return { reason: props?.reason?.const as string, component: bareRef(v), schema };
  });
}

/**
 * The schema of a method's whole by-name params object: `x-params-schema` when given,
 * else an object synthesized from the content descriptors (unknown members refused).
 */
export function paramsSchema(m: MethodObject): JsonSchema {
  const given = m["x-params-schema"];
  if (given) return given;
  const properties: Record<string, JsonSchema> = {};
  for (const p of m.params) {
    properties[p.name] = p.description ? { description: p.description, ...p.schema } : p.schema;
  }
  const required = m.params.filter((p) => p.required).map((p) => p.name);
  return {
    type: "object",
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

/** The params of an example pairing as the by-name object sent on the wire. */
export function exampleParams(e: ExamplePairing): Record<string, unknown> {
  return Object.fromEntries(e.params.map((p) => [p.name, p.value]));
}

/**
 * The schema a method's params (`"params"`) or result (`"result"`) have on a connection of `dialect`:
 * its `x-dialects` entry when there is one, else the seed's.
 */
export function dialectSchema(
  m: MethodObject,
  dialect: Dialect,
  part: "params" | "result",
): JsonSchema | undefined {
  const own = dialect === "seed" ? undefined : m["x-dialects"]?.[dialect]?.[part];
  if (own) return own;
  return part === "params" ? paramsSchema(m) : m.result?.schema;
}
