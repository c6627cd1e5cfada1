// Schema keywords as the schema reader (read-schema.ts) needs them: which kinds a schema has, its
// string and integer facets (integer ranges from format and bounds), copies with keys changed,
// tagged-union detection over flattened variants, and the keys that make inline declarations
// share one name. Pure functions over raw JSON Schema; no state.
import { pascal } from "../naming/words.js";
import { arr, type DocumentView, entries, isObj, num, type Obj, own, str } from "./document-view.js";
import { mergeAllOf } from "./merge-schema.js";
import type { Decl, Docs, IntegerRange, IntegerType, Origin, Type } from "./types.js";

/** The name a declaration gets, and where it comes from. */
export type Named = { name: string; origin: Origin };
/** A value that may also be null; idempotent, and null/any stay as they are. */
export function nullable(t: Type): Type {
  return t.kind === "nullable" || t.kind === "null" || t.kind === "any" ? t : { kind: "nullable", type: t };
}

export function docsOf(s: Obj): Docs {
  const d: Docs = {};
  const title = str(own(s, "title"));
  const description = str(own(s, "description"));
  if (title !== undefined) d.summary = title;
  if (description !== undefined) d.description = description;
  if (own(s, "deprecated") === true) d.deprecated = true;
  return d;
}

const ANNOTATIONS = new Set([
  "description",
  "title",
  "default",
  "examples",
  "example",
  "deprecated",
  "$comment",
  "readOnly",
  "writeOnly",
]);
export const annotationsOnly = (s: Obj): boolean => Object.keys(s).every((k) => ANNOTATIONS.has(k));

/** A copy of `s` with `changes` applied (undefined removes the key); a `__proto__` key stays data. */
export function withKeys(s: Obj, changes: Record<string, unknown>): Obj {
  const out: Record<string, unknown> = Object.create(null);
  for (const [k, v] of Object.entries(s)) if (!Object.hasOwn(changes, k)) out[k] = v;
  for (const [k, v] of Object.entries(changes)) if (v !== undefined) out[k] = v;
  return out;
}

export function typeList(s: Obj): string[] | undefined {
  const t = own(s, "type");
  if (typeof t === "string") return [t];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === "string");
  return undefined;
}

/** The kind a schema without `type` has from its keywords (an object, an array), or none. */
export function impliedType(s: Obj): string[] {
  if (
    ["properties", "additionalProperties", "patternProperties", "required", "propertyNames"].some(
      (k) => own(s, k) !== undefined,
    )
  )
    return ["object"];
  if (own(s, "items") !== undefined || own(s, "prefixItems") !== undefined) return ["array"];
  if (["minLength", "maxLength", "pattern"].some((k) => own(s, k) !== undefined)) return ["string"];
  return [];
}

export function stringType(s: Obj): Type {
  return prune({
    kind: "string",
    format: str(own(s, "format")),
    minLength: num(own(s, "minLength")),
    maxLength: num(own(s, "maxLength")),
    pattern: str(own(s, "pattern")),
    contentEncoding: str(own(s, "contentEncoding")),
  });
}

const RANGES: [IntegerRange, number, number][] = [
  ["int32", -(2 ** 31), 2 ** 31 - 1],
  ["uint32", 0, 2 ** 32 - 1],
  ["int53", -Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  ["int64", -(2 ** 63), 2 ** 63 - 1],
  ["uint64", 0, 2 ** 64 - 1],
];
const FORMATS: Record<string, IntegerRange> = {
  int8: "int32",
  int16: "int32",
  int32: "int32",
  uint8: "uint32",
  uint16: "uint32",
  uint32: "uint32",
  int64: "int64",
  uint64: "uint64",
};

export function integerType(s: Obj): IntegerType {
  const format = str(own(s, "format"));
  const exMin = num(own(s, "exclusiveMinimum"));
  const exMax = num(own(s, "exclusiveMaximum"));
  const minimum = num(own(s, "minimum")) ?? (exMin !== undefined ? exMin + 1 : undefined);
  const maximum = num(own(s, "maximum")) ?? (exMax !== undefined ? exMax - 1 : undefined);
  const byFormat = format !== undefined && Object.hasOwn(FORMATS, format) ? FORMATS[format] : undefined;
  const unsigned = (minimum !== undefined && minimum >= 0) || (byFormat?.startsWith("uint") ?? false);
  const lo = minimum ?? (unsigned ? 0 : undefined);
  let range: IntegerRange = byFormat ?? "unbounded";
  if (lo !== undefined && maximum !== undefined) {
    const order = (r: IntegerRange): number => RANGES.findIndex(([name]) => name === r);
    const fits = RANGES.find(([, min, max]) => lo >= min && maximum <= max)?.[0];
    if (fits !== undefined && (range === "unbounded" || order(fits) < order(range))) range = fits;
  }
  return prune({ kind: "integer", format, minimum, maximum, range, unsigned }) as IntegerType;
}

/** Drops undefined members, so two equal types serialize (and compare) alike. */
export function prune<T extends object>(t: T): T {
  return Object.fromEntries(Object.entries(t).filter(([, v]) => v !== undefined)) as T;
}

/** The shape of an inline declaration without its name and docs: equal shapes share one declaration. */
export function shapeKey(d: Decl): string {
  const { name: _n, docs: _d, origin: _o, source: _s, ...shape } = d;
  if (shape.kind === "object")
    return JSON.stringify({ ...shape, members: shape.members.map((m) => ({ ...m, docs: undefined })) });
  return JSON.stringify(shape);
}

export function hintFromPointer(pointer: string): string {
  const skip = new Set([
    "#",
    "components",
    "schemas",
    "definitions",
    "$defs",
    "properties",
    "items",
    "allOf",
    "anyOf",
    "oneOf",
    "additionalProperties",
    "methods",
    "params",
    "result",
    "schema",
  ]);
  const parts = pointer.split("/").filter((p) => !skip.has(p) && !/^[0-9]+$/.test(p));
  return parts.map((p) => pascal(p.replaceAll("~1", "/").replaceAll("~0", "~"))).join("") || "Ref";
}

/** The member every variant fixes to a distinct scalar (`const` or one-value `enum`), and each value. */
export function taggedBy(
  view: DocumentView,
  variants: unknown[],
): { member: string; values: (string | number | boolean)[] } | undefined {
  const flat = variants.map((v) => {
    const m = mergeAllOf(view, [v]);
    return "error" in m ? undefined : m.schema;
  });
  if (flat.some((v) => v === undefined || !isObjectSchema(v))) return undefined;
  const fixed = (v: Obj, member: string): string | number | boolean | undefined => {
    if (!arr(own(v, "required")).includes(member)) return undefined;
    const props = own(v, "properties");
    const raw = isObj(props) ? own(props, member) : undefined;
    const m = raw === undefined ? undefined : mergeAllOf(view, [raw]);
    const s = m === undefined || "error" in m ? undefined : m.schema;
    if (s === undefined) return undefined;
    const c = Object.hasOwn(s, "const")
      ? own(s, "const")
      : arr(own(s, "enum")).length === 1
        ? arr(own(s, "enum"))[0]
        : undefined;
    return typeof c === "string" || typeof c === "boolean" || (typeof c === "number" && Number.isFinite(c))
      ? c
      : undefined;
  };
  const first = flat[0]!;
  for (const [member] of entries(own(first, "properties"))) {
    const values = flat.map((v) => fixed(v!, member));
    if (values.some((v) => v === undefined)) continue;
    if (new Set(values).size !== values.length) continue;
    return { member, values: values as (string | number | boolean)[] };
  }
  return undefined;
}

/** Whether reading `v` creates a declaration (so a `$ref` to it needs a name). */
export function declares(v: unknown): boolean {
  if (!isObj(v) || own(v, "$ref") !== undefined) return false;
  const t = own(v, "type");
  return (
    ["allOf", "oneOf", "anyOf", "enum", "properties"].some((k) => own(v, k) !== undefined) ||
    t === "object" ||
    (Array.isArray(t) && t.filter((x) => x !== "null").length > 1)
  );
}

export function isObjectSchema(s: Obj): boolean {
  const t = own(s, "type");
  return t === "object" || (t === undefined && own(s, "properties") !== undefined);
}
