// JSON Schema → the model's type algebra. Every component becomes a declaration named by its key;
// every inline object, enum and union becomes one named by its path; `$ref`s into any part of the
// document are followed (recursion ends at the declaration being built); `allOf` is merged; a
// `oneOf`/`anyOf` of objects sharing a required `const` member is a tagged union. What cannot be
// expressed exactly is `any` with a reason, noted with its JSON Pointer.
import { pascal, typeName as pascalName } from "../naming/words.js";
import { checkDeadline } from "./deadline.js";
import { arr, child, type DocumentView, isObj, num, type Obj, own, str } from "./document-view.js";
import { mergeAllOf, nullVariant, requiredAlternatives, tooLarge } from "./merge-schema.js";
import { readObject, readUnion } from "./read-compound.js";
import {
  annotationsOnly,
  declares,
  docsOf,
  hintFromPointer,
  impliedType,
  integerType,
  type Named,
  nullable,
  prune,
  shapeKey,
  stringType,
  typeList,
  withKeys,
} from "./schema-keywords.js";
import type { Decl, Docs, EnumDecl, JsonSchema, Note, Origin, RefType, Type } from "./types.js";

const ANY: Type = { kind: "any" };
/**
 * How deep one schema may be read, counting each level of nesting and each `$ref` followed (SPEC §19):
 * the textual cap (hostile-input.ts, 128 levels) does not see depth reached through `$ref` chains, and
 * a chain of 1,000 `{items: {$ref: next}}` schemas overflowed the stack. Past it: exit 1 at the pointer.
 */
export const MAX_SCHEMA_DEPTH = 256;
const ref = (name: string): RefType => ({ kind: "ref", name });

type Identity = { name: string; docs: Docs; origin: Origin; source: JsonSchema };

export class SchemaReader {
  readonly decls = new Map<string, Decl>();
  readonly notes: Note[] = [];
  /** Logical names in use: every component key from the start, then each declaration's. */
  readonly taken = new Set<string>();
  /** What a `$ref` to a component (or another pointer) yields: a ref, nullable when the schema allows null. */
  readonly targets = new Map<string, Type>();
  /** Declarations being read (internal: read-compound.ts). */
  readonly building = new Set<string>();
  private readonly following = new Set<string>();
  /** Schemas being read, one inside the other (capped at MAX_SCHEMA_DEPTH). */
  private depth = 0;
  private tooDeep = false;
  private readonly recursive = new Set<string>();
  /** Inline declarations by shape, so identical inline objects share one declaration. */
  private readonly shapes = new Map<string, string>();

  constructor(readonly view: DocumentView) {
    for (const key of Object.keys(view.componentSchemas())) this.taken.add(key);
  }

  /** A logical name not yet in use: `base`, else `base2`, `base3`… */
  reserve(base: string): string {
    const stem = base === "" ? "Anonymous" : base;
    let name = stem;
    for (let n = 2; this.taken.has(name); n++) name = `${stem}${n}`;
    this.taken.add(name);
    return name;
  }

  addDecl(decl: Decl): RefType {
    this.decls.set(decl.name, decl);
    return ref(decl.name);
  }

  fallback(pointer: string, reason: string): Type {
    this.notes.push({ pointer, message: reason, severity: "fallback" });
    return { kind: "any", reason };
  }

  error(pointer: string, message: string): Type {
    this.notes.push({ pointer, message, severity: "error" });
    return { kind: "any", reason: message };
  }

  /** The type a `$ref` to components.schemas[key] yields; reads the component on first use. */
  component(key: string): Type {
    const pointer = child("#/components/schemas", key);
    const schema = own(this.view.componentSchemas(), key);
    return this.named(schema, pointer, { name: key, origin: { kind: "component", key, pointer } });
  }

  /** Reads a schema that must end up as a declaration of its own name (a component, a `$ref` target). */
  private named(schema: unknown, pointer: string, named: Named): Type {
    const known = this.targets.get(pointer);
    if (known !== undefined) {
      const inner = known.kind === "nullable" ? known.type : known;
      if (inner.kind === "ref" && this.building.has(inner.name)) this.recursive.add(inner.name);
      return known;
    }
    const self = ref(named.name);
    const canBeNull = isObj(schema) && this.allowsNull(schema);
    this.targets.set(pointer, canBeNull ? nullable(self) : self);
    this.building.add(named.name);
    const t = this.read(schema, pointer, named.name, named);
    this.building.delete(named.name);
    const inner = canBeNull && t.kind === "nullable" ? t.type : t;
    if (this.aliasCycle(inner, named.name)) {
      // `A: {$ref: B}, B: {$ref: A}` (or a schema that is only an allOf of itself): no type at all.
      this.error(pointer, "a cycle of $ref aliases: the schema names no type, only itself");
      return this.targets.get(pointer)!;
    }
    if (!(inner.kind === "ref" && inner.name === named.name)) {
      this.addDecl({
        kind: "alias",
        name: named.name,
        docs: isObj(schema) ? docsOf(schema) : {},
        origin: named.origin,
        source: isObj(schema) ? (schema as JsonSchema) : {},
        type: inner,
      });
    }
    return this.targets.get(pointer)!;
  }

  /** Does `t` lead back to `name` through aliases only (no object, union or enum declared on the way)? */
  private aliasCycle(t: Type, name: string): boolean {
    let cur = t;
    // A longer cycle is refused by the depth cap first: reading it nests one level per alias.
    for (let hops = 0; hops <= MAX_SCHEMA_DEPTH; hops++) {
      if (cur.kind === "nullable") cur = cur.type;
      if (cur.kind !== "ref") return false;
      if (cur.name === name) return !this.decls.has(name);
      const d = this.decls.get(cur.name);
      if (d?.kind !== "alias") return false;
      cur = d.type;
    }
    return false;
  }

  private allowsNull(s: Obj): boolean {
    const t = own(s, "type");
    if (own(s, "nullable") === true || t === "null") return true;
    if (Array.isArray(t) && t.includes("null")) return true;
    if (Array.isArray(own(s, "enum")) && arr(own(s, "enum")).includes(null)) return true;
    const alts = own(s, "oneOf") ?? own(s, "anyOf");
    return Array.isArray(alts) && alts.some((a) => nullVariant(this.view, a));
  }

  /**
   * The type of `schema` found at `pointer`. `hint` names a declaration created for it; `named`
   * (components and `$ref` targets) gives the exact name and origin for the top-level declaration.
   */
  read(schema: unknown, pointer: string, hint: string, named?: Named): Type {
    if (this.depth >= MAX_SCHEMA_DEPTH) {
      // Reported once, at the deepest pointer; every read above it unwinds with `any`.
      if (this.tooDeep) return ANY;
      this.tooDeep = true;
      return this.error(
        pointer,
        `schema nested deeper than ${MAX_SCHEMA_DEPTH} levels (counting each $ref followed)`,
      );
    }
    checkDeadline("reading the document's schemas");
    this.depth++;
    try {
      return this.readSchema(schema, pointer, hint, named);
    } finally {
      this.depth--;
    }
  }

  private readSchema(schema: unknown, pointer: string, hint: string, named?: Named): Type {
    if (schema === true || schema === undefined) return ANY;
    if (schema === false) return this.fallback(pointer, "a `false` schema: no value is valid");
    if (!isObj(schema)) return this.fallback(pointer, "not a schema");
    const $ref = str(own(schema, "$ref"));
    if ($ref !== undefined) return this.readRef($ref, pointer); // siblings of $ref only annotate it
    const types = typeList(schema);
    if (own(schema, "nullable") === true || (types?.includes("null") && types.length > 1)) {
      const rest = (types ?? []).filter((t) => t !== "null");
      const inner = withKeys(schema, {
        nullable: undefined,
        type: rest.length === 1 ? rest[0] : rest.length === 0 ? undefined : rest,
      });
      return nullable(this.read(inner, pointer, hint, named));
    }
    if (Array.isArray(own(schema, "allOf"))) return this.readAllOf(schema, pointer, hint, named);
    if (Object.hasOwn(schema, "const")) return this.literal(own(schema, "const"), pointer);
    if (Array.isArray(own(schema, "enum"))) return this.readEnum(schema, pointer, hint, named);
    const alts = own(schema, "oneOf") ?? own(schema, "anyOf");
    if (Array.isArray(alts) && !requiredAlternatives(alts))
      return readUnion(this, schema, pointer, hint, named);
    const kinds = types ?? impliedType(schema);
    if (kinds.length > 1) {
      const identity = this.identity(schema, pointer, hint, named);
      const variants = kinds.map((k) =>
        this.read(withKeys(schema, { type: k }), pointer, `${identity.name}${pascal(k)}`),
      );
      return this.union(identity, named, variants, true);
    }
    switch (kinds[0]) {
      case undefined:
        if (own(schema, "not") !== undefined)
          return this.fallback(pointer, "`not` cannot be expressed as a type");
        return ANY;
      case "string":
        return stringType(schema);
      case "integer":
        return integerType(schema);
      case "number":
        return prune({
          kind: "number",
          format: str(own(schema, "format")),
          minimum: num(own(schema, "minimum")),
          maximum: num(own(schema, "maximum")),
        });
      case "boolean":
        return { kind: "boolean" };
      case "null":
        return { kind: "null" };
      case "array":
        return this.readArray(schema, pointer, hint);
      case "object":
        return readObject(this, schema, pointer, hint, named);
      default:
        return this.fallback(pointer, `unknown type ${JSON.stringify(kinds[0])}`);
    }
  }

  private readRef($ref: string, pointer: string): Type {
    const key = this.view.componentKey($ref);
    if (key !== undefined) return this.component(key);
    const r = this.view.resolve($ref);
    if ("error" in r) {
      return $ref.startsWith("#")
        ? this.error(child(pointer, "$ref"), r.error)
        : this.fallback(child(pointer, "$ref"), r.error);
    }
    const known = this.targets.get(r.pointer);
    if (known !== undefined)
      return this.named(r.value, r.pointer, { name: "", origin: { kind: "inline", pointer: r.pointer } });
    // A pointer to a scalar or to another $ref needs no name of its own (and cannot recurse but
    // through a $ref, which `following` stops); anything that declares something gets one.
    if (!declares(r.value)) {
      if (this.following.has(r.pointer))
        return this.error(child(pointer, "$ref"), `$ref cycle through ${$ref}`);
      this.following.add(r.pointer);
      const t = this.read(r.value, r.pointer, hintFromPointer(r.pointer));
      this.following.delete(r.pointer);
      return t;
    }
    const name = this.reserve(hintFromPointer(r.pointer));
    return this.named(r.value, r.pointer, { name, origin: { kind: "inline", pointer: r.pointer } });
  }

  private literal(value: unknown, pointer: string): Type {
    if (value === null) return { kind: "null" };
    if (
      typeof value === "string" ||
      typeof value === "boolean" ||
      (typeof value === "number" && Number.isFinite(value))
    )
      return { kind: "literal", value };
    return this.fallback(pointer, "a `const` object or array");
  }

  private readEnum(schema: Obj, pointer: string, hint: string, named?: Named): Type {
    const all = arr(own(schema, "enum"));
    // A Set, not `includes`: an enum of 100,000 values took seconds (SPEC §19: work is bounded).
    const unique = new Set<string | number | boolean>();
    for (const v of all) {
      if (v === null) continue;
      if (typeof v !== "string" && typeof v !== "number" && typeof v !== "boolean")
        return this.fallback(pointer, "an `enum` with object or array values");
      unique.add(v);
    }
    const values = [...unique];
    const withNull = all.includes(null) ? nullable : (t: Type): Type => t;
    if (values.length === 0) return { kind: "null" };
    if (values.length === 1) return withNull({ kind: "literal", value: values[0]! });
    const kinds = new Set(
      values.map((v) => (typeof v === "number" ? (Number.isInteger(v) ? "integer" : "number") : typeof v)),
    );
    if (kinds.has("number")) kinds.delete("integer");
    const decl: EnumDecl = {
      kind: "enum",
      ...this.identity(schema, pointer, hint, named),
      values: values.map((value) => ({ value })),
      valueType: kinds.size === 1 ? ([...kinds][0] as EnumDecl["valueType"]) : "mixed",
    };
    return withNull(this.finish(decl, named));
  }

  private readAllOf(schema: Obj, pointer: string, hint: string, named?: Named): Type {
    const members = arr(own(schema, "allOf"));
    const rest = withKeys(schema, { allOf: undefined });
    // `{allOf: [{$ref}], description}`: the referenced type, documented here.
    if (
      members.length === 1 &&
      isObj(members[0]) &&
      own(members[0], "$ref") !== undefined &&
      annotationsOnly(rest)
    )
      return this.read(members[0], child(pointer, "allOf", 0), hint, named);
    const merged = mergeAllOf(this.view, [rest, ...members]);
    if ("error" in merged)
      return tooLarge(merged) ? this.error(pointer, merged.error) : this.fallback(pointer, merged.error);
    return this.read(merged.schema, pointer, hint, named);
  }

  private readArray(schema: Obj, pointer: string, hint: string): Type {
    const items = own(schema, "items");
    const base = {
      minItems: num(own(schema, "minItems")),
      maxItems: num(own(schema, "maxItems")),
      uniqueItems: own(schema, "uniqueItems") === true ? true : undefined,
    };
    let type: Type;
    // `items: [S]` (draft-04 tuple syntax Go's jsonschema reflector writes for every slice) is read as
    // a list of S; a real tuple (several positions) has no type here.
    if (Array.isArray(items) && items.length === 1 && own(schema, "additionalItems") === undefined)
      type = this.read(items[0], child(pointer, "items", 0), `${hint}Item`);
    else if (Array.isArray(items) || Array.isArray(own(schema, "prefixItems"))) {
      // One type per position (issue 27): `prefixItems` (2020-12) or draft-04's `items: [A, B]`.
      const [positions, key] = Array.isArray(own(schema, "prefixItems"))
        ? [own(schema, "prefixItems") as unknown[], "prefixItems"]
        : [items as unknown[], "items"];
      return {
        kind: "tuple",
        items: positions.map((s, i) => this.read(s, child(pointer, key, i), `${hint}Item${i}`)),
      };
    } else if (own(schema, "prefixItems") !== undefined)
      type = this.fallback(pointer, "tuple-typed items (one schema per position)");
    else if (items === undefined) type = this.fallback(pointer, "an array schema without items");
    else type = this.read(items, child(pointer, "items"), `${hint}Item`);
    return prune({ kind: "array", items: type, ...base });
  }

  union(identity: Identity, named: Named | undefined, all: Type[], exclusive: boolean): Type {
    const variants: Type[] = [];
    for (const v of all) if (!variants.some((u) => JSON.stringify(u) === JSON.stringify(v))) variants.push(v);
    const any = variants.find((v) => v.kind === "any");
    if (any !== undefined || variants.length === 1) {
      if (named === undefined) this.taken.delete(identity.name);
      return any ?? variants[0]!;
    }
    return this.finish({ kind: "union", ...identity, variants, exclusive }, named);
  }

  identity(schema: Obj, pointer: string, hint: string, named?: Named): Identity {
    const title = str(own(schema, "title"));
    const name = named?.name || this.reserve(title && pascal(title) ? pascalName(title) : hint);
    return {
      name,
      docs: docsOf(schema),
      origin: named?.origin ?? { kind: "inline", pointer },
      source: schema as JsonSchema,
    };
  }

  /** Registers a finished declaration; an inline one identical in shape to an earlier one is dropped for it. */
  finish(decl: Decl, named?: Named): RefType {
    if (named === undefined && !this.recursive.has(decl.name)) {
      const shape = shapeKey(decl);
      const earlier = this.shapes.get(shape);
      if (earlier !== undefined && earlier !== decl.name) {
        this.decls.delete(decl.name);
        this.taken.delete(decl.name);
        const t = this.targets.get(decl.origin.pointer);
        if (t?.kind === "ref" && t.name === decl.name) this.targets.set(decl.origin.pointer, ref(earlier));
        return ref(earlier);
      }
      this.shapes.set(shape, decl.name);
    }
    return this.addDecl(decl);
  }
}
