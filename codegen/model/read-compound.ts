// The compound schemas of the schema reader (read-schema.ts): objects (members, required,
// additionalProperties / patternProperties) and `oneOf`/`anyOf` (null variants, properties shared by
// every variant, tagged or untagged). Each declares itself through the reader, so names, recursion
// and shared shapes are handled in one place.
import { pascal, typeName as pascalName } from "../naming/words.js";
import { arr, asJson, child, entries, isObj, type Obj, own, str } from "./document-view.js";
import { mergeAllOf, nullVariant } from "./merge-schema.js";
import type { SchemaReader } from "./read-schema.js";
import { docsOf, type Named, nullable, prune, taggedBy, withKeys } from "./schema-keywords.js";
import type { Additional, Member, ObjectDecl, RefType, TaggedUnionDecl, Type } from "./types.js";

const ANY: Type = { kind: "any" };
const ref = (name: string): RefType => ({ kind: "ref", name });

export function readObject(r: SchemaReader, schema: Obj, pointer: string, hint: string, named?: Named): Type {
  const props = entries(own(schema, "properties"));
  const additional = own(schema, "additionalProperties");
  const patterns = entries(own(schema, "patternProperties"));
  const keyPattern = str(
    own(isObj(own(schema, "propertyNames")) ? (own(schema, "propertyNames") as Obj) : {}, "pattern"),
  );
  if (props.length === 0 && !(additional === false && patterns.length === 0)) {
    if (patterns.length > 1)
      return prune({
        kind: "map",
        values: r.fallback(pointer, "several `patternProperties`"),
        keyPattern,
      });
    if (patterns.length === 1 && (additional === undefined || additional === false)) {
      const [pattern, values] = patterns[0]!;
      return {
        kind: "map",
        values: r.read(values, child(pointer, "patternProperties", pattern), `${hint}Value`),
        keyPattern: pattern,
      };
    }
    const values = isObj(additional)
      ? r.read(additional, child(pointer, "additionalProperties"), `${hint}Value`)
      : ANY;
    return prune({ kind: "map", values, keyPattern });
  }
  const decl: ObjectDecl = {
    kind: "object",
    ...r.identity(schema, pointer, hint, named),
    members: [],
    additional: { kind: "closed" },
  };
  const self = r.addDecl(decl);
  r.building.add(decl.name);
  r.targets.set(pointer, r.targets.get(pointer) ?? self);
  const required = new Set(arr(own(schema, "required")).filter((r): r is string => typeof r === "string"));
  for (const [i, [name, s]] of props.entries()) {
    const words = pascal(name) || `Member${i + 1}`;
    const member: Member = {
      name,
      type: r.read(s, child(pointer, "properties", name), `${decl.name}${words}`),
      required: required.has(name),
      docs: isObj(s) ? docsOf(s) : {},
    };
    if (isObj(s)) {
      if (Object.hasOwn(s, "default")) member.default = asJson(own(s, "default")) ?? null;
      if (own(s, "readOnly") === true) member.readOnly = true;
      if (own(s, "writeOnly") === true) member.writeOnly = true;
    }
    decl.members.push(member);
  }
  for (const name of required)
    if (!props.some(([n]) => n === name)) decl.members.push({ name, type: ANY, required: true, docs: {} });
  decl.additional = additionalOf(r, additional, patterns, pointer, decl.name);
  r.building.delete(decl.name);
  return r.finish(decl, named);
}

function additionalOf(
  r: SchemaReader,
  additional: unknown,
  patterns: [string, unknown][],
  pointer: string,
  name: string,
): Additional {
  if (additional === false) return { kind: "closed" };
  if (additional === true) return { kind: "typed", values: ANY };
  if (isObj(additional))
    return {
      kind: "typed",
      values: r.read(additional, child(pointer, "additionalProperties"), `${name}Value`),
    };
  if (patterns.length === 1)
    return {
      kind: "typed",
      values: r.read(patterns[0]![1], child(pointer, "patternProperties", patterns[0]![0]), `${name}Value`),
    };
  if (patterns.length > 1)
    return { kind: "typed", values: r.fallback(pointer, "several `patternProperties`") };
  return { kind: "unspecified" };
}

export function readUnion(r: SchemaReader, schema: Obj, pointer: string, hint: string, named?: Named): Type {
  const key = Array.isArray(own(schema, "oneOf")) ? "oneOf" : "anyOf";
  // The union's own title and description document the union, not each variant.
  const base = withKeys(schema, {
    oneOf: undefined,
    anyOf: undefined,
    title: undefined,
    description: undefined,
  });
  const hasBase = entries(own(base, "properties")).length > 0;
  const alts = arr(own(schema, key)).map((a, i) => ({ schema: a, pointer: child(pointer, key, i) }));
  const nonNull = alts.filter((a) => !nullVariant(r.view, a.schema));
  const withNull = nonNull.length < alts.length ? nullable : (t: Type): Type => t;
  // Properties beside the oneOf belong to every variant: each variant is read as base ∧ variant.
  const variantSchema = (a: unknown): unknown => {
    if (!hasBase) return a;
    const m = mergeAllOf(r.view, [base, a]);
    return "error" in m ? a : withKeys(m.schema, { title: undefined });
  };
  // A merged variant that was a $ref keeps the component's name in its own.
  const variantHint = (a: unknown, name: string, fallback: string): string => {
    const key =
      hasBase && isObj(a) && typeof own(a, "$ref") === "string"
        ? r.view.componentKey(own(a, "$ref") as string)
        : undefined;
    return key !== undefined ? `${name}${pascalName(key)}` : fallback;
  };
  if (nonNull.length === 0) return { kind: "null" };
  if (nonNull.length === 1)
    return withNull(r.read(variantSchema(nonNull[0]!.schema), nonNull[0]!.pointer, hint, named));
  const identity = r.identity(schema, pointer, hint, named);
  const tag = taggedBy(
    r.view,
    nonNull.map((a) => variantSchema(a.schema)),
  );
  if (tag !== undefined) {
    const decl: TaggedUnionDecl = { kind: "tagged", ...identity, tag: tag.member, variants: [] };
    r.addDecl(decl);
    r.building.add(decl.name);
    const types = nonNull.map((a, i) =>
      r.read(
        variantSchema(a.schema),
        a.pointer,
        variantHint(a.schema, decl.name, `${decl.name}${pascal(String(tag.values[i])) || `Variant${i + 1}`}`),
      ),
    );
    r.building.delete(decl.name);
    const objects = types.map((t) => (t.kind === "ref" ? objectBehind(r, t) : undefined));
    if (objects.every((o) => o !== undefined)) {
      decl.variants = objects.map((o, i) => ({ value: tag.values[i]!, type: ref(o!) }));
      return withNull(r.finish(decl, named));
    }
    r.decls.delete(decl.name);
    return withNull(r.union(identity, named, types, key === "oneOf"));
  }
  const types = nonNull.map((a, i) =>
    r.read(
      variantSchema(a.schema),
      a.pointer,
      variantHint(a.schema, identity.name, `${identity.name}Variant${i + 1}`),
    ),
  );
  return withNull(r.union(identity, named, types, key === "oneOf"));
}

/** The object declaration a ref ends at (through aliases), if it ends at one. */
function objectBehind(r: SchemaReader, t: RefType): string | undefined {
  let cur: Type = t;
  for (let hops = 0; hops < 16 && cur.kind === "ref"; hops++) {
    const d = r.decls.get(cur.name);
    if (d?.kind === "object") return d.name;
    if (d?.kind !== "alias") return undefined;
    cur = d.type;
  }
  return undefined;
}

/** An untagged union of `all` (deduplicated); one variant is that variant, any variant `any` makes it any. */
