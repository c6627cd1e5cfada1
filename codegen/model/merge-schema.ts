// `allOf` as one schema: every member's `$ref` followed and its own `allOf` flattened, then merged
// keyword by keyword (properties united, a property two members both define becomes the allOf of
// both, required united, types intersected, the first title and description kept). Raw JSON Schema
// in, raw out: the schema reader then reads the result like any other schema.
import { checkDeadline } from "./deadline.js";
import { arr, type DocumentView, isObj, type Obj, own, str } from "./document-view.js";

type Merged = { schema: Obj } | { error: string };

const nullProto = (): Record<string, unknown> => Object.create(null) as Record<string, unknown>;

/**
 * A document is hostile input (SPEC §19): `allOf`s that fan out over `$ref`s (each level naming the next
 * twice) would merge 2^depth schemas. Flattening is memoized per document by schema and by the refs
 * already followed, and each document gets a budget of merge steps; past it the merge fails ("schema
 * too large"), which the reader reports at the schema's pointer (exit 1), instead of running for ever.
 */
export const MAX_MERGE_STEPS = 200_000;
/** And whatever the steps, merging one document's schemas stops after this long. */
export const MAX_MERGE_MS = 20_000;
type Work = { steps: number; started: number; memo: WeakMap<object, Map<string, Merged>> };
const work = new WeakMap<DocumentView, Work>();
const TOO_LARGE: Merged = {
  error: `schema too large: merging its allOf takes more than ${MAX_MERGE_STEPS} steps`,
};

const TOO_SLOW: Merged = {
  error: `schema too large: merging its allOf took longer than ${MAX_MERGE_MS / 1000} s`,
};

/** How many `$ref`s one flattening may follow, one inside the other (each is a level of recursion). */
export const MAX_REF_HOPS = 200;
const TOO_DEEP: Merged = {
  error: `schema too large: its allOf follows a $ref chain longer than ${MAX_REF_HOPS}`,
};

/** A merge that failed because the document is too large (exit 1), not because the schemas disagree. */
export const tooLarge = (m: Merged): boolean => "error" in m && m.error.startsWith("schema too large");

function budget(view: DocumentView): Work {
  const known = work.get(view);
  if (known) return known;
  const fresh: Work = { steps: 0, started: Date.now(), memo: new WeakMap() };
  work.set(view, fresh);
  return fresh;
}

/** `schema` itself with `$ref` chains followed and `allOf` merged (cycles end as `{}`: anything). */
function flatten(view: DocumentView, schema: unknown, seen: Set<string>): Merged {
  if (!isObj(schema)) return flattenOnce(view, schema, seen);
  const w = budget(view);
  checkDeadline("merging the document's allOf schemas");
  if (++w.steps > MAX_MERGE_STEPS) return TOO_LARGE;
  if ((w.steps & 1023) === 0 && Date.now() - w.started > MAX_MERGE_MS) return TOO_SLOW;
  let bySeen = w.memo.get(schema);
  if (!bySeen) {
    bySeen = new Map();
    w.memo.set(schema, bySeen);
  }
  const key = [...seen].sort().join("\u0000");
  const known = bySeen.get(key);
  if (known) return known;
  const merged = flattenOnce(view, schema, seen);
  bySeen.set(key, merged);
  return merged;
}

function flattenOnce(view: DocumentView, schema: unknown, seen: Set<string>): Merged {
  if (schema === true || schema === undefined) return { schema: nullProto() };
  if (!isObj(schema)) return { error: "an allOf member that is not a schema" };
  const ref = str(own(schema, "$ref"));
  if (ref !== undefined) {
    if (seen.has(ref)) return { schema: nullProto() };
    if (seen.size >= MAX_REF_HOPS) return TOO_DEEP;
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
  const w = budget(view);
  w.steps += schemas.length;
  if (w.steps > MAX_MERGE_STEPS) return TOO_LARGE;
  const out = nullProto();
  const contributesProperties = schemas.filter((s) => {
    const f = flatten(view, s, seen);
    return "schema" in f && isObj(own(f.schema, "properties"));
  }).length;
  for (const member of schemas) {
    const f = flatten(view, member, seen);
    if ("error" in f) return f;
    for (const [k, v] of Object.entries(f.schema)) {
      const had = Object.hasOwn(out, k);
      switch (k) {
        case "properties": {
          const props = had ? (out[k] as Record<string, unknown>) : nullProto();
          for (const [p, s] of Object.entries(isObj(v) ? v : {})) {
            props[p] =
              Object.hasOwn(props, p) && JSON.stringify(props[p]) !== JSON.stringify(s)
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
