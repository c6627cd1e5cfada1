// The language-neutral model every codegen target (TypeScript, Python, Go, Rust) emits from: the
// document read once, names taken from its `$ref`s (never assumed), schemas resolved through them.
// Emitters add only their language's spelling (`names.ts` has the word splitting they share).
import {
  bareRef,
  derefSchema,
  errorVariants,
  implementedBy,
  isNotification,
  type JsonSchema,
  type MethodObject,
  type OpenRpcDocument,
  paramsSchema,
} from "./document.js";
import { pascal } from "./names.js";

/** A named component, or (for a method whose document inlines it) a synthesized name. */
export interface NamedSchema {
  /** The component's key in components.schemas (from the `$ref`), else `<Method>Params`/`Result`. */
  name: string;
  /** True when `name` is a key of components.schemas. */
  component: boolean;
  /** The schema with bare `$ref`s followed (its own nested `$ref`s are left for the emitter). */
  schema: JsonSchema;
}

export interface ParamModel {
  /** The wire name (`session_id`, `sessionId`, `protocolVersion`). */
  name: string;
  required: boolean;
  description: string | undefined;
  schema: JsonSchema;
}

export interface MethodModel {
  /** The wire name (`session/prompt`). */
  name: string;
  summary: string | undefined;
  description: string | undefined;
  /** Who sends it: `client→daemon` methods are calls, `daemon→client` ones are handler hooks. */
  direction: "client→daemon" | "daemon→client";
  notification: boolean;
  /** The grant the daemon checks; null when none (the handshake, daemon → client methods). */
  grant: string | null;
  localOnly: boolean;
  /** A request that also runs when sent as a notification (`x-notification-allowed`). */
  notificationAllowed: boolean;
  params: NamedSchema;
  /** The by-name members, as the content descriptors declare them. */
  paramMembers: ParamModel[];
  /** True when a call may omit params entirely (no required member). */
  paramsOptional: boolean;
  /** The tagged union the params are, when they are one (session/update). */
  paramsUnion: TaggedUnion | undefined;
  result: NamedSchema | undefined;
  /** Names of the errors (keys of components.errors) the method declares. */
  errors: string[];
  /**
   * Component names of the method's shapes in other dialects (`x-dialects`, SPEC §13): its result, or
   * a notification's params, as a connection of that dialect gets them.
   */
  dialects: { dialect: string; params: string | undefined; result: string | undefined }[];
}

export interface UnionVariant {
  /** The tag's value (`agent_message_chunk`). */
  tag: string;
  /** The variant's component name (`SessionUpdateAgentMessageChunk`). */
  name: string;
  schema: JsonSchema;
}

/** A `oneOf` of named object variants that all fix one property with `const`. */
export interface TaggedUnion {
  name: string;
  /** The tag property (`type` for session/update). */
  tagProperty: string;
  description: string | undefined;
  variants: UnionVariant[];
}

export interface ErrorDataVariant {
  /** `data.reason` (`frame_too_large`). */
  reason: string;
  /** The component name from the `$ref` (`FrameTooLargeData`), else `<Reason>Data`. */
  name: string;
  /** The variant's description: the default message for it. */
  description: string | undefined;
  schema: JsonSchema;
}

export interface ErrorModel {
  /** The key in components.errors (`VERSION_MISMATCH`). */
  name: string;
  code: number;
  message: string;
  variants: ErrorDataVariant[];
}

export interface DocumentModel {
  doc: OpenRpcDocument;
  title: string;
  version: string;
  methods: MethodModel[];
  errors: ErrorModel[];
  /** Every tagged union among the components, session/update's params included. */
  unions: TaggedUnion[];
  /** components.schemas as written (emitters resolve nested `$ref`s through `resolve`). */
  schemas: Record<string, JsonSchema>;
  grants: string[];
  /** The protocol versions initialize accepts. */
  protocolVersions: number[];
  /** Follows bare `$ref`s to the schema they name. */
  resolve(schema: JsonSchema): JsonSchema;
  /** The component a schema is a bare `$ref` to, if it is one. */
  refName(schema: JsonSchema | undefined): string | undefined;
}

export function buildModel(doc: OpenRpcDocument): DocumentModel {
  const schemas = doc.components.schemas;
  const resolve = (s: JsonSchema): JsonSchema => derefSchema(doc, s);
  const named = (given: JsonSchema, fallback: string): NamedSchema => {
    const ref = refOf(given);
    return ref !== undefined && ref in schemas
      ? { name: ref, component: true, schema: resolve(given) }
      : { name: fallback, component: false, schema: given };
  };
  const unions = Object.entries(schemas)
    .map(([name, s]) => taggedUnion(doc, name, s))
    .filter((u): u is TaggedUnion => u !== undefined);

  const methods = doc.methods.map((m): MethodModel => {
    const params = named(paramsSchema(m), `${pascal(m.name)}Params`);
    return {
      name: m.name,
      summary: m.summary,
      description: m.description,
      direction: implementedBy(m) === "daemon" ? "client→daemon" : "daemon→client",
      notification: isNotification(m),
      grant: m["x-grant"] ?? null,
      localOnly: m["x-local-only"] === true,
      notificationAllowed: m["x-notification-allowed"] === true,
      params,
      paramMembers: paramMembers(m),
      paramsOptional: !m.params.some((p) => p.required) && !requiresAlternatives(params.schema),
      paramsUnion: unions.find((u) => u.name === params.name),
      result: m.result ? named(m.result.schema, `${pascal(m.name)}Result`) : undefined,
      errors: (m.errors ?? []).map((e) => e.$ref.replace("#/components/errors/", "")),
      dialects: Object.entries(m["x-dialects"] ?? {}).map(([dialect, shapes]) => ({
        dialect,
        params: refOf(shapes?.params),
        result: refOf(shapes?.result),
      })),
    };
  });

  const errors = Object.entries(doc.components.errors).map(
    ([name, err]): ErrorModel => ({
      name,
      code: err.code,
      message: err.message,
      variants: errorVariants(doc, err).map((v) => ({
        reason: v.reason,
        name: v.component ?? `${pascal(v.reason)}Data`,
        description: v.schema.description as string | undefined,
        schema: v.schema,
      })),
    }),
  );

  return {
    doc,
    title: doc.info.title,
    version: doc.info.version,
    methods,
    errors,
    unions,
    schemas,
    grants: (schemas.Grant?.enum ?? []) as string[],
    protocolVersions: protocolVersions(doc),
    resolve,
    refName: refOf,
  };
}

/** `{$ref, description}` is still a reference: siblings of `$ref` only document it. */
function refOf(schema: JsonSchema | undefined): string | undefined {
  if (schema === undefined || typeof schema.$ref !== "string") return undefined;
  return bareRef({ $ref: schema.$ref });
}

function paramMembers(m: MethodObject): ParamModel[] {
  return m.params.map((p) => ({
    name: p.name,
    required: p.required === true,
    description: p.description,
    schema: p.schema,
  }));
}

/** `anyOf: [{required: [a]}, {required: [b]}]`: one of two aliases is required (initialize). */
function requiresAlternatives(schema: JsonSchema): boolean {
  const alts = schema.anyOf as JsonSchema[] | undefined;
  return Array.isArray(alts) && alts.every((a) => Array.isArray(a.required));
}

function taggedUnion(doc: OpenRpcDocument, name: string, schema: JsonSchema): TaggedUnion | undefined {
  const members = schema.oneOf as JsonSchema[] | undefined;
  if (!Array.isArray(members) || members.length === 0) return undefined;
  const refs = members.map((v) => refOf(v));
  if (refs.some((r) => r === undefined)) return undefined;
  const resolved = members.map((v) => derefSchema(doc, v));
  const consts = (v: JsonSchema): Map<string, unknown> =>
    new Map(
      Object.entries((v.properties as Record<string, JsonSchema> | undefined) ?? {})
        .filter(([, s]) => typeof s.const === "string")
        .map(([k, s]) => [k, s.const]),
    );
  const all = resolved.map(consts);
  const tagProperty = [...all[0]!.keys()].find((k) => all.every((c) => c.has(k)));
  if (tagProperty === undefined) return undefined;
  return {
    name,
    tagProperty,
    description: schema.description as string | undefined,
    variants: resolved.map((v, i) => ({
      tag: all[i]!.get(tagProperty) as string,
      name: refs[i]!,
      schema: v,
    })),
  };
}

/** InitializeResult.protocolVersion's `const` (or `enum`): what the daemon speaks. */
function protocolVersions(doc: OpenRpcDocument): number[] {
  const init = doc.methods.find((m) => m.name === "initialize")?.result?.schema;
  const result = init ? derefSchema(doc, init) : undefined;
  const pv = (result?.properties as Record<string, JsonSchema> | undefined)?.protocolVersion;
  const v = pv ? derefSchema(doc, pv) : undefined;
  if (typeof v?.const === "number") return [v.const];
  return (v?.enum as number[] | undefined) ?? [];
}
