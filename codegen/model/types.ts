// The model every codegen target emits from: an OpenRPC document read once (codegen/model/read.ts)
// into a small type algebra plus methods, errors, servers and docs. Targets receive a `Model` and
// nothing else; they map each kind below to their language and never look at the document.
//
// Two layers:
// - `Type`: what a position (a member, a param, an array item, a result) holds. Inline kinds only:
//   scalars, literals, arrays, maps, nullable, any, and `ref` to a declaration.
// - `Decl`: a named declaration in `Model.types`: object, enum, tagged union, untagged union, alias.
//   Every object, enum and union is a declaration (named from its component key, or from its path:
//   `<Method>Params`, `<Method>Result`, `<Parent><Member>`), so languages that need a name for a
//   struct or an enum always have one; a language that prefers inline types may inline them.
// Names here are logical names (a component's key as written, or a PascalCase path name), unique in
// the model; each language turns them into identifiers through its naming table (codegen/naming/).

/** A JSON value as the document holds it (examples, defaults, literal values). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** The values an enum or a literal may take. */
export type Scalar = string | number | boolean | null;
/** A raw JSON Schema fragment, carried only for validators (Ajv); targets never interpret it. */
export type JsonSchema = { [key: string]: unknown };

// ---- Types: what a position holds --------------------------------------------------------------

/** A reference to a declaration: `name` is a key of `Model.types`. */
export interface RefType {
  kind: "ref";
  name: string;
}

export interface StringType {
  kind: "string";
  /** JSON Schema `format` (`date-time`, `uri`, `byte`…): informative, the value is still a string. */
  format?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  contentEncoding?: string;
}

export interface NumberType {
  kind: "number";
  format?: string;
  minimum?: number;
  maximum?: number;
}

/**
 * The range an integer is known to fit, from its `format` and bounds. `unbounded` means the document
 * says nothing: a 64-bit-safe representation is the target's call (i64, int64, int, bigint-safe).
 */
export type IntegerRange = "int32" | "uint32" | "int53" | "int64" | "uint64" | "unbounded";

/** Kept apart from `number` so 64-bit values never pass through a double unless a target says so. */
export interface IntegerType {
  kind: "integer";
  format?: string;
  minimum?: number;
  maximum?: number;
  /** The smallest standard range that holds every value the schema allows. */
  range: IntegerRange;
  /** True when the schema rules out negative values (`minimum >= 0`, `uint*` formats). */
  unsigned: boolean;
}

export interface BooleanType {
  kind: "boolean";
}

/** Only `null` (a `{type: "null"}` schema). A value that may also be null is `NullableType`. */
export interface NullType {
  kind: "null";
}

/** Exactly one value (`const`, or a one-value `enum`). Never `null` (that is `NullType`). */
export interface LiteralType {
  kind: "literal";
  value: string | number | boolean;
}

export interface ArrayType {
  kind: "array";
  items: Type;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
}

/**
 * A JSON array with one type per position (`prefixItems`, or draft-04 `items: [A, B]`): a string
 * and an integer, say. Targets that can say it give each position its type (TypeScript `[A, B]`,
 * Python `tuple[A, B]`, Rust `(A, B)`); the rest take any JSON, with the reason.
 */
export interface TupleType {
  kind: "tuple";
  items: Type[];
}

/** A JSON object used as a dictionary: any keys, every value of one type. */
export interface MapType {
  kind: "map";
  values: Type;
  /** `propertyNames.pattern` or the one `patternProperties` key, when the document gives one. */
  keyPattern?: string;
}

/** The inner type or `null`. Never nested, never around `null` or `any`. */
export interface NullableType {
  kind: "nullable";
  type: Type;
}

/**
 * Any JSON value. `reason` is set when the schema said something the algebra cannot express
 * exactly (a tuple, `not`, an external `$ref`…): targets put the reason in a comment there.
 */
export interface AnyType {
  kind: "any";
  reason?: string;
}

export type Type =
  | RefType
  | StringType
  | NumberType
  | IntegerType
  | BooleanType
  | NullType
  | LiteralType
  | ArrayType
  | TupleType
  | MapType
  | NullableType
  | AnyType;

// ---- Declarations ------------------------------------------------------------------------------

export interface Docs {
  /** `title` for schemas, `summary` for methods and params. */
  summary?: string;
  description?: string;
  deprecated?: boolean;
}

/** Where a declaration comes from: a component (named by its key) or an inline schema (named by path). */
export type Origin =
  | { kind: "component"; key: string; pointer: string }
  | { kind: "inline"; pointer: string };

interface DeclBase {
  /** The logical name, unique in `Model.types`. */
  name: string;
  docs: Docs;
  origin: Origin;
  /** The schema as written (components' `$ref`s left in place): for validators only. */
  source: JsonSchema;
}

export interface Member {
  /** The wire name, exactly as in the document. */
  name: string;
  /** Nullable members are `nullable` types; optional is `required: false`. */
  type: Type;
  required: boolean;
  docs: Docs;
  /** The schema's `default`, when it has one (present only then: test with `"default" in member`). */
  default?: Json;
  readOnly?: boolean;
  writeOnly?: boolean;
  /** Other wire spellings of this member the document also declares (alias-members.ts). */
  aliases?: string[];
}

/**
 * What an object holds besides its declared members: nothing (`additionalProperties: false`),
 * unspecified (the keyword absent: JSON Schema allows anything, but the document declared no use
 * for it), or values of one type (`additionalProperties: true` or a schema, `patternProperties`).
 */
export type Additional = { kind: "closed" } | { kind: "unspecified" } | { kind: "typed"; values: Type };

export interface ObjectDecl extends DeclBase {
  kind: "object";
  members: Member[];
  additional: Additional;
}

export interface EnumValue {
  value: string | number | boolean;
}

export interface EnumDecl extends DeclBase {
  kind: "enum";
  /** At least two values, never `null` (a nullable enum is `nullable` around a ref to this). */
  values: EnumValue[];
  /** `mixed` when values of more than one JSON type appear. */
  valueType: "string" | "integer" | "number" | "boolean" | "mixed";
}

export interface TaggedVariant {
  /** The tag member's value in this variant. */
  value: string | number | boolean;
  /** The variant's object declaration (it still lists the tag member, as a literal). */
  type: RefType;
}

/**
 * A `oneOf`/`anyOf` whose variants are all objects sharing one required member whose schema is a
 * `const` (or one-value `enum`), each variant with a different value: decoded by that member.
 */
export interface TaggedUnionDecl extends DeclBase {
  kind: "tagged";
  /** The tag member's wire name (`type`, `reason`, `kind`…). */
  tag: string;
  variants: TaggedVariant[];
}

/** Any other `oneOf`/`anyOf`, or a `type` array of several kinds: decoded by trying variants in order. */
export interface UnionDecl extends DeclBase {
  kind: "union";
  variants: Type[];
  /** `oneOf` (exactly one variant matches) rather than `anyOf`. */
  exclusive: boolean;
}

/** A component that is not an object, enum or union: a named scalar, array, map, literal or ref. */
export interface AliasDecl extends DeclBase {
  kind: "alias";
  type: Type;
}

export type Decl = ObjectDecl | EnumDecl | TaggedUnionDecl | UnionDecl | AliasDecl;

// ---- Methods, errors, servers ------------------------------------------------------------------

export interface Param {
  /** The wire name (by-name key; for by-position params only documentation). */
  name: string;
  type: Type;
  required: boolean;
  docs: Docs;
  /** The param's schema as written, for validators. */
  source: JsonSchema;
}

export interface ExampleValue {
  name: string;
  value: Json | undefined;
}

export interface Example {
  name: string;
  docs: Docs;
  params: ExampleValue[];
  result?: ExampleValue;
  /** zeroclaw's `x-error` (an expected error instead of a result). */
  error?: { code: number; message?: string; data?: Json };
  /** Every `x-*` member of the pairing, as written. */
  extensions: Record<string, Json>;
}

export interface Method {
  /** The wire name (`session/prompt`, `eth_getBalance`, `Filecoin.ChainHead`). */
  name: string;
  docs: Docs;
  tags: string[];
  /** Who implements it: a client calls `server` methods and answers `client` methods. From `x-implemented-by`. */
  implementedBy: "server" | "client";
  /** How params travel: an object (`by-name`) or an array (`by-position`). `either` is read as `by-position`. */
  paramStructure: "by-name" | "by-position";
  /** `paramStructure` as the document wrote it (absent means `either`). */
  declaredParamStructure?: "by-name" | "by-position" | "either";
  params: Param[];
  /**
   * The whole params object, for by-name methods: the declaration `x-params-schema` names, else
   * `<Method>Params` built from `params` (unknown members refused). Absent for by-position methods.
   */
  paramsObject?: RefType;
  /** True when every param may be left out (`{}` or `[]` is a valid call). */
  paramsOptional: boolean;
  /** Absent: the method is a notification (no response). */
  result?: { name: string; type: Type; docs: Docs; source: JsonSchema };
  /** Names (keys of `Model.errors`) of the errors the method declares. */
  errors: string[];
  examples: Example[];
  /** zeroclaw's conventions, when the document uses them. */
  annotations: { grant?: string; localOnly?: boolean; notificationAllowed?: boolean };
  /** Every `x-*` member, as written. */
  extensions: Record<string, Json>;
  /** The whole params schema (`x-params-schema`, or one built from the descriptors), for validators. */
  paramsSource: JsonSchema;
}

/** One `data.reason` an error's data may carry (zeroclaw's `x-data-schema` convention). */
export interface ErrorVariant {
  reason: string;
  /** The object declaration for this reason's data. */
  type: RefType;
  /** The variant's description: the default message for this reason. */
  description?: string;
}

export interface ErrorDecl {
  /** The logical name: the key in components.errors, else built from the message (`PetsBusy`). */
  name: string;
  code: number;
  message: string;
  docs: Docs;
  /** What `data` holds, from `x-data-schema`; absent when the document does not say (any JSON). */
  data?: Type;
  /** The logical name for the data type (`<Name>ErrorData`), for targets that name it. */
  dataName: string;
  /** Per-`data.reason` variants, when `data` is a union tagged by `reason` (or one such object). */
  variants: ErrorVariant[];
  /** OpenRPC's own `data` member: an example value, not a schema. */
  exampleData?: Json;
  origin: Origin;
  /** `x-data-schema` as written, for validators. */
  dataSource?: JsonSchema;
}

export interface ServerVariable {
  name: string;
  default: string;
  enum?: string[];
  description?: string;
}

export interface Server {
  name?: string;
  /** The URL as written, `${variable}`s included. */
  url: string;
  /** The URL with every variable replaced by its default. */
  defaultUrl: string;
  docs: Docs;
  variables: ServerVariable[];
}

/** Something the reader could not express exactly or could not resolve, with where it is. */
export interface Note {
  /** A JSON Pointer into the document (`#/methods/3/result/schema/items`). */
  pointer: string;
  message: string;
  /** `error`: the document is broken there (an unresolved `$ref`); `fallback`: typed as any JSON. */
  severity: "error" | "fallback";
}

export interface Model {
  openrpc: string;
  info: { title: string; version: string; description?: string; license?: string };
  servers: Server[];
  methods: Method[];
  /** Every declared error: components.errors first, then inline ones (deduplicated), by name. */
  errors: ReadonlyMap<string, ErrorDecl>;
  /** Every declaration, in the order the reader met them; refs point here by name. */
  types: ReadonlyMap<string, Decl>;
  notes: Note[];
  /** Top-level `x-*` members. */
  extensions: Record<string, Json>;
  /** components.schemas as written: what validators resolve `#/components/schemas/…` refs against. */
  schemaSources: ReadonlyMap<string, JsonSchema>;
}
