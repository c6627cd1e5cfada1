// The raw document as the reader walks it: JSON Pointer resolution for `$ref`s into any part of the
// document, and small typed accessors over `unknown`. Only own properties are ever read, so a key
// like `__proto__` or `constructor` is data, never the prototype. Used by the reader (read*.ts) only.
import type { Json } from "./types.js";

export type Obj = { readonly [key: string]: unknown };

export const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
export const own = (o: Obj, key: string): unknown => (Object.hasOwn(o, key) ? o[key] : undefined);
export const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
export const num = (v: unknown): number | undefined =>
  typeof v === "number" && Number.isFinite(v) ? v : undefined;
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const entries = (v: unknown): [string, unknown][] => (isObj(v) ? Object.entries(v) : []);

/** `a/b~c` → `a~1b~0c`: a key as a JSON Pointer segment. */
export const escapeSegment = (key: string): string => key.replaceAll("~", "~0").replaceAll("/", "~1");
export const child = (pointer: string, ...keys: (string | number)[]): string =>
  [pointer, ...keys.map((k) => escapeSegment(String(k)))].join("/");

/**
 * Keys whose values are data (a schema's `default`, `const`, `enum` and `examples`, an example's
 * `value`, an error's `data`): a `title`, `description` or `$ref` member inside them is part of a wire
 * value, neither prose nor a reference, and is left exactly as written.
 */
const DATA_KEYS = new Set(["default", "const", "enum", "example", "examples", "value", "data"]);
/** Where `examples` holds example pairings (prose of their own), not a schema's example values. */
const EXAMPLE_PAIRINGS = /^\/methods\/[^/]+$|^\/components$/;
/** Objects whose keys are names (a property, a component, a server variable), never keywords. */
const NAME_MAPS = new Set([
  "properties",
  "patternProperties",
  "definitions",
  "$defs",
  "dependentSchemas",
  "variables",
]);

/** A value a walk over the document visits: where it is, and whether its keys are names (not keywords). */
export type Place = { value: unknown; pointer: string; names: boolean };

/**
 * The members of `node` (at `pointer`) that a walk over the document's schemas and structure descends
 * into: every member of a map of names, otherwise every member but data values (DATA_KEYS).
 */
export function structuralMembers(node: Obj, pointer: string, names: boolean): [string, Place][] {
  const out: [string, Place][] = [];
  for (const [k, value] of Object.entries(node)) {
    const at = `${pointer}/${escapeSegment(k)}`;
    if (names) out.push([k, { value, pointer: at, names: false }]);
    else if (!DATA_KEYS.has(k) || (k === "examples" && EXAMPLE_PAIRINGS.test(pointer)))
      out.push([k, { value, pointer: at, names: NAME_MAPS.has(k) || pointer === "/components" }]);
  }
  return out;
}

const COMPONENT_SCHEMA = /^#\/components\/schemas\/([^/]+)$/;

export class DocumentView {
  constructor(readonly root: Obj) {}

  /** The key of components.schemas a `$ref` names, when it names one directly. */
  componentKey(ref: string): string | undefined {
    const m = COMPONENT_SCHEMA.exec(ref);
    if (!m) return undefined;
    const key = decodeSegment(m[1]!);
    return Object.hasOwn(this.componentSchemas(), key) ? key : undefined;
  }

  componentSchemas(): Obj {
    const c = own(this.root, "components");
    const s = isObj(c) ? own(c, "schemas") : undefined;
    return isObj(s) ? s : {};
  }

  /** The value a local `$ref` (`#/…`) points at, or a message saying why there is none. */
  resolve(ref: string): { value: unknown; pointer: string } | { error: string } {
    if (!ref.startsWith("#")) return { error: `external $ref ${ref} is not followed` };
    let cur: unknown = this.root;
    const path = ref.slice(1);
    if (path !== "" && !path.startsWith("/")) return { error: `$ref ${ref} is not a JSON Pointer` };
    for (const raw of path === "" ? [] : path.slice(1).split("/")) {
      const key = decodeSegment(raw);
      if (Array.isArray(cur) && /^(0|[1-9][0-9]*)$/.test(key) && Number(key) < cur.length)
        cur = cur[Number(key)];
      else if (isObj(cur) && Object.hasOwn(cur, key)) cur = cur[key];
      else return { error: `unresolved $ref ${ref}` };
    }
    return { value: cur, pointer: normalize(ref) };
  }

  /**
   * Follows `$ref`s of a non-schema object (content descriptor, error, example, method) to the
   * object itself; `onError` hears about a reference that goes nowhere or loops.
   */
  deref(
    value: unknown,
    pointer: string,
    onError: (pointer: string, message: string) => void,
  ): {
    value: Obj | undefined;
    pointer: string;
  } {
    let cur = value;
    let at = pointer;
    for (let hops = 0; hops < 32; hops++) {
      if (!isObj(cur)) return { value: undefined, pointer: at };
      const ref = str(own(cur, "$ref"));
      if (ref === undefined) return { value: cur, pointer: at };
      const r = this.resolve(ref);
      if ("error" in r) {
        onError(child(at, "$ref"), r.error);
        return { value: undefined, pointer: at };
      }
      cur = r.value;
      at = r.pointer;
    }
    onError(pointer, "$ref chain longer than 32 hops (a reference cycle?)");
    return { value: undefined, pointer: at };
  }
}

function decodeSegment(raw: string): string {
  let s = raw;
  try {
    s = decodeURIComponent(raw);
  } catch {
    // not percent-encoded: taken as written
  }
  return s.replaceAll("~1", "/").replaceAll("~0", "~");
}

/** One spelling per location, so pointers can key caches: segments decoded, then re-escaped. */
function normalize(ref: string): string {
  const path = ref.slice(1);
  if (path === "") return "#";
  return `#/${path
    .slice(1)
    .split("/")
    .map((s) => escapeSegment(decodeSegment(s)))
    .join("/")}`;
}

/** A JSON value with only own, enumerable data (what JSON.parse gives); anything else is dropped. */
export function asJson(v: unknown): Json | undefined {
  if (v === null || typeof v === "string" || typeof v === "boolean") return v;
  if (typeof v === "number") return Number.isFinite(v) ? v : undefined;
  if (Array.isArray(v)) return v.map((x) => asJson(x) ?? null);
  if (isObj(v)) {
    const out: [string, Json][] = [];
    for (const [k, x] of Object.entries(v)) {
      const j = asJson(x);
      if (j !== undefined) out.push([k, j]);
    }
    return Object.fromEntries(out); // defines own properties: a "__proto__" key stays a key
  }
  return undefined;
}

/** Every `x-*` member of an object, as JSON. */
export function extensionsOf(o: Obj | undefined): Record<string, Json> {
  if (!o) return {};
  return Object.fromEntries(
    Object.entries(o)
      .filter(([k]) => k.startsWith("x-"))
      .map(([k, v]) => [k, asJson(v) ?? null]),
  );
}
