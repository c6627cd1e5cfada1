// `allOf` as one schema: every member's `$ref` followed and its own `allOf` flattened, then merged
// keyword by keyword (properties united, a property two members both define becomes the allOf of
// both, required united, types intersected, the first title and description kept). Raw JSON Schema
// in, raw out: the schema reader then reads the result like any other schema.
import { spend } from "./bounds.js";
import { arr, type DocumentView, isObj, type Obj, own, str } from "./document-view.js";

type Merged = { schema: Obj } | { error: string };

const nullProto = (): Record<string, unknown> => Object.create(null) as Record<string, unknown>;

/**
 * Flattened schemas by schema object, per document: an `allOf` fan-out (each level naming the one
 * below twice) is merged once per schema, not once per path to it (SPEC §19: expansion memoized).
 * Only results reached without cutting a cycle are kept, so a memo never depends on the path.
 */
const memo = new WeakMap<DocumentView, WeakMap<object, Merged>>();

/** `schema` itself with `$ref` chains followed and `allOf` merged (cycles end as `{}`: anything). */
function flatten(view: DocumentView, schema: unknown, seen: Set<string>): Merged {
  if (schema === true || schema === undefined) return { schema: nullProto() };
  if (!isObj(schema)) return { error: "an allOf member that is not a schema" };
  spend();
  let byView = memo.get(view);
  if (byView === undefined) {
    byView = new WeakMap();
    memo.set(view, byView);
  }
  const known = byView.get(schema);
  if (known !== undefined) return known;
  const cut = { cycle: false };
  const merged = flattenOnce(view, schema, seen, cut);
  if (!cut.cycle) byView.set(schema, merged);
  return merged;
}

/** Set when a flatten ended a cycle, so the callers up the stack do not memoize either. */
let cycleCut = false;

function flattenOnce(view: DocumentView, schema: Obj, seen: Set<string>, cut: { cycle: boolean }): Merged {
  const outer = cycleCut;
  cycleCut = false;
  try {
    const r = flattenUncached(view, schema, seen);
    cut.cycle = cycleCut;
    return r;
  } finally {
    cycleCut = outer || cut.cycle;
  }
}

function flattenUncached(view: DocumentView, schema: Obj, seen: Set<string>): Merged {
  const ref = str(own(schema, "$ref"));
  if (ref !== undefined) {
    if (seen.has(ref)) {
      cycleCut = true;
      return { schema: nullProto() };
    }
    const r = view.resolve(ref);
    if ("error" in r) return { error: r.error };
    return flatten(view, r.value, new Set([...seen, ref]));
  }
  const all = own(schema, "allOf");
  if (!Array.isArray(all)) return { schema };
  const rest = nullProto();
  for (const [k, v] of Object.entries(schema)) if (k !== "allOf") rest[k] = v;
  return mergeList(view, [rest, ...all], seen);
}

export function mergeAllOf(view: DocumentView, schemas: unknown[]): Merged {
  return mergeList(view, schemas, new Set());
}

function mergeList(view: DocumentView, schemas: unknown[], seen: Set<string>): Merged {
  const out = nullProto();
  const flat = schemas.map((s) => flatten(view, s, seen));
  const contributesProperties = flat.filter(
    (f) => "schema" in f && isObj(own(f.schema, "properties")),
  ).length;
  for (const f of flat) {
    if ("error" in f) return f;
    for (const [k, v] of Object.entries(f.schema)) {
      const had = Object.hasOwn(out, k);
      switch (k) {
        case "properties": {
          const props = had ? (out[k] as Record<string, unknown>) : nullProto();
          for (const [p, s] of Object.entries(isObj(v) ? v : {})) {
            spend();
            props[p] =
              Object.hasOwn(props, p) && props[p] !== s && JSON.stringify(props[p]) !== JSON.stringify(s)
                ? { allOf: [props[p], s] }
                : s;
          }
          out[k] = props;
          break;
        }
        case "required":
          out[k] = [...new Set([...arr(out[k]), ...arr(v)])];
          break;
        case "type": {
          if (!had) out[k] = v;
          else {
            const a = new Set(Array.isArray(out[k]) ? (out[k] as unknown[]) : [out[k]]);
            const both = (Array.isArray(v) ? v : [v]).filter(
              (t) => a.has(t) || (t === "integer" && a.has("number")),
            );
            if (both.length === 0)
              return {
                error: `allOf members disagree on type (${JSON.stringify(out[k])} and ${JSON.stringify(v)})`,
              };
            out[k] = both.length === 1 ? both[0] : both;
          }
          break;
        }
        case "additionalProperties":
          // `false` in one member of an inheritance chain would refuse the other members' properties.
          if (v === false && contributesProperties > 1) break;
          out[k] = v;
          break;
        case "oneOf":
        case "anyOf":
          if (had) return { error: `allOf members each carry a ${k}` };
          out[k] = v;
          break;
        case "title":
        case "description":
        case "default":
          if (!had) out[k] = v;
          break;
        default:
          out[k] = v;
      }
    }
  }
  return { schema: out };
}

/** `{type: "null"}` (or a `$ref` to one, `const: null`, `enum: [null]`): the null variant of a union. */
export function nullVariant(view: DocumentView, schema: unknown): boolean {
  const f = flatten(view, schema, new Set());
  if ("error" in f) return false;
  const s = f.schema;
  const t = own(s, "type");
  if (t === "null" || (Array.isArray(t) && t.length === 1 && t[0] === "null")) return true;
  if (Object.hasOwn(s, "const") && own(s, "const") === null) return true;
  const e = own(s, "enum");
  return Array.isArray(e) && e.length === 1 && e[0] === null;
}

const CONSTRAINTS = new Set([
  "required",
  "not",
  "description",
  "title",
  "minProperties",
  "maxProperties",
  "dependentRequired",
  "$comment",
]);

/**
 * `anyOf: [{required: [a]}, {required: [b]}]`: alternatives that only constrain which members are
 * present. They say nothing about types (the members stay optional; validators enforce the rule).
 */
export function requiredAlternatives(alts: unknown[]): boolean {
  return (
    alts.length > 0 &&
    alts.every(
      (a) => isObj(a) && Object.keys(a).length > 0 && Object.keys(a).every((k) => CONSTRAINTS.has(k)),
    )
  );
}
