// The Go view of openrpc.json: every schema a client needs as a Go declaration (struct, string enum or
// tagged union), named from the document's own `$ref`s and component keys, never from assumed names.
import type { JsonSchema, OpenRpcDocument } from "../legacy/document.js";
import { goName } from "./names.js";

export type GoType =
  | { kind: "builtin"; name: "string" | "int64" | "float64" | "bool" | "any" }
  | { kind: "named"; name: string }
  | { kind: "slice"; elem: GoType }
  | { kind: "map"; elem: GoType };

export interface Field {
  name: string;
  wire: string;
  type: GoType;
  required: boolean;
  nullable: boolean;
  doc?: string;
}

/** A struct that is a variant of a tagged union: `tag` is its constant member, left out of the fields. */
export interface Tag {
  key: string;
  value: string;
}

/** `origin` says where an undescribed declaration comes from, for its doc comment. */
export type Decl = { name: string; doc?: string; origin?: string; component?: string } & (
  | { kind: "struct"; fields: Field[]; tag?: Tag; unions: string[] }
  | { kind: "enum"; values: { name: string; value: string }[] }
  | { kind: "union"; tagKey: string; variants: { tag: string; type: string }[] }
  | { kind: "alias"; target: string }
);

const REF = "#/components/schemas/";
const obj = (v: unknown): JsonSchema => (v && typeof v === "object" ? (v as JsonSchema) : {});

/** The schema's `type`, without `null`, and whether `null` was allowed. */
function typeOf(s: JsonSchema): { type: string | undefined; nullable: boolean } {
  if (!Array.isArray(s.type)) return { type: s.type as string | undefined, nullable: false };
  const rest = (s.type as string[]).filter((t) => t !== "null");
  return { type: rest.length === 1 ? rest[0] : undefined, nullable: rest.length < s.type.length };
}

const isObjectSchema = (s: JsonSchema): boolean => typeOf(s).type === "object" || s.properties !== undefined;

export class GoModel {
  readonly decls = new Map<string, Decl>();
  private readonly components = new Map<string, GoType>();

  constructor(readonly doc: OpenRpcDocument) {}

  /** Follows a component `$ref` (and refs to refs) to the schema it names. */
  deref(schema: JsonSchema): JsonSchema {
    let s = schema;
    for (let seen = 0; typeof s.$ref === "string" && seen < 32; seen++) {
      const name = this.refName(s.$ref as string);
      s = obj(this.doc.components.schemas[name]);
    }
    return s;
  }

  private refName(ref: string): string {
    if (!ref.startsWith(REF)) throw new Error(`codegen/go: only component refs are supported, got ${ref}`);
    const name = ref.slice(REF.length);
    if (!(name in this.doc.components.schemas)) throw new Error(`codegen/go: dangling ref ${ref}`);
    return name;
  }

  private declare(decl: Decl): void {
    if (this.decls.has(decl.name)) throw new Error(`codegen/go: two declarations named ${decl.name}`);
    this.decls.set(decl.name, decl);
  }

  /** The declaration a named type stands for, through aliases. */
  declOf(t: GoType | undefined): Decl | undefined {
    let decl = t?.kind === "named" ? this.decls.get(t.name) : undefined;
    for (let hops = 0; decl?.kind === "alias" && hops < 32; hops++) decl = this.decls.get(decl.target);
    return decl;
  }

  /** Records where a declaration came from, unless it already says. */
  describe(t: GoType, origin: string): void {
    const decl = t.kind === "named" ? this.decls.get(t.name) : undefined;
    if (decl && decl.origin === undefined) decl.origin = origin;
  }

  /** The Go type of a component; primitives (`Sha256Hex`, `ProtocolVersion`) are used inline. */
  component(key: string): GoType {
    const known = this.components.get(key);
    if (known) return known;
    const schema = obj(this.doc.components.schemas[key]);
    const name = goName(key);
    if (typeof schema.$ref === "string") {
      // `FileUploadCommitResult: {$ref: FileEntry}` keeps its name as a Go alias of the target.
      const target = this.resolve(schema, name);
      if (target.kind !== "named") return target;
      this.declare({ kind: "alias", name, target: target.name, component: key });
      const t: GoType = { kind: "named", name };
      this.components.set(key, t);
      return t;
    }
    if (!this.declaresType(schema)) {
      const t = this.resolve(schema, name);
      this.components.set(key, t);
      return t;
    }
    const t: GoType = { kind: "named", name };
    this.components.set(key, t); // before the body, so a schema may refer to itself
    this.resolve(schema, name);
    const decl = this.decls.get(name);
    if (decl) decl.component = key;
    return t;
  }

  /** Whether a schema becomes a declaration of its own (else it is a builtin, slice or map). */
  private declaresType(s: JsonSchema): boolean {
    if (Array.isArray(s.oneOf)) return this.unionTag(s.oneOf as JsonSchema[]) !== undefined;
    if (Array.isArray(s.enum)) return this.enumValues(s) !== undefined;
    return isObjectSchema(s) && (s.properties !== undefined || s.additionalProperties === false);
  }

  /** Resolves a schema to a Go type, declaring what it needs under names built from `hint`. */
  resolve(schema: JsonSchema, hint: string): GoType {
    if (typeof schema.$ref === "string") return this.component(this.refName(schema.$ref));
    if (Array.isArray(schema.oneOf)) {
      const variants = schema.oneOf as JsonSchema[];
      const tagKey = this.unionTag(variants);
      if (tagKey === undefined) return { kind: "builtin", name: "any" };
      this.declareUnion(hint, schema, tagKey, (v) => `${hint}${goName(this.constTag(v, tagKey))}`);
      return { kind: "named", name: hint };
    }
    if (schema.const !== undefined) return builtinOf(schema.const);
    if (Array.isArray(schema.enum)) {
      const values = this.enumValues(schema);
      if (values === undefined) return builtinOf(schema.enum[0]);
      this.declare({ kind: "enum", name: hint, doc: schema.description as string | undefined, values });
      return { kind: "named", name: hint };
    }
    const { type } = typeOf(schema);
    switch (type) {
      case "string":
        return { kind: "builtin", name: "string" };
      case "integer":
        return { kind: "builtin", name: "int64" };
      case "number":
        return { kind: "builtin", name: "float64" };
      case "boolean":
        return { kind: "builtin", name: "bool" };
      case "array":
        return schema.items && typeof schema.items === "object"
          ? { kind: "slice", elem: this.resolve(obj(schema.items), `${hint}Item`) }
          : { kind: "slice", elem: { kind: "builtin", name: "any" } };
    }
    if (isObjectSchema(schema)) {
      if (schema.properties !== undefined || schema.additionalProperties === false) {
        this.declareStruct(hint, schema);
        return { kind: "named", name: hint };
      }
      const extra = schema.additionalProperties;
      return {
        kind: "map",
        elem:
          extra && typeof extra === "object"
            ? this.resolve(obj(extra), `${hint}Value`)
            : { kind: "builtin", name: "any" },
      };
    }
    return { kind: "builtin", name: "any" };
  }

  /** String enums whose every value makes a Go name get a type and constants; others stay plain strings. */
  private enumValues(s: JsonSchema): { name: string; value: string }[] | undefined {
    const values = s.enum as unknown[];
    if (!values.every((v): v is string => typeof v === "string")) return undefined;
    if (!values.every((v) => goName(v) !== "")) return undefined;
    return values.map((v) => ({ name: goName(v), value: v }));
  }

  /** The member every variant carries as a string `const`: the union's tag (`type`, `reason`). */
  unionTag(variants: JsonSchema[]): string | undefined {
    const resolved = variants.map((v) => this.deref(v));
    if (resolved.length === 0 || !resolved.every(isObjectSchema)) return undefined;
    const candidates = Object.keys(obj(resolved[0]?.properties));
    return candidates.find((key) =>
      resolved.every((v) => typeof obj(obj(v.properties)[key]).const === "string"),
    );
  }

  constTag(variant: JsonSchema, key: string): string {
    return obj(obj(this.deref(variant).properties)[key]).const as string;
  }

  /** Declares a union; inline variants are named by `inlineName`, `$ref` variants keep their component's. */
  declareUnion(
    name: string,
    schema: JsonSchema,
    tagKey: string,
    inlineName: (v: JsonSchema) => string,
  ): void {
    this.declareUnionOf(name, tagKey, schema.description as string | undefined);
    for (const v of schema.oneOf as JsonSchema[]) {
      const tag = { key: tagKey, value: this.constTag(v, tagKey) };
      const t =
        typeof v.$ref === "string" ? this.resolve(v, inlineName(v)) : this.inlineStruct(inlineName(v), v);
      this.tagVariant(t, tag, name);
    }
  }

  /** An empty union declaration that tagVariant adds variants to. */
  declareUnionOf(name: string, tagKey: string, doc?: string): void {
    this.declare({ kind: "union", name, doc, tagKey, variants: [] });
  }

  private inlineStruct(name: string, schema: JsonSchema): GoType {
    this.declareStruct(name, schema);
    return { kind: "named", name };
  }

  /** Marks a struct as the variant of `union` (if any) whose `tag.key` member is `tag.value`. */
  tagVariant(t: GoType, tag: Tag, union: string | undefined): string {
    const decl = this.declOf(t);
    if (decl?.kind !== "struct")
      throw new Error(`codegen/go: variant ${tag.value} of ${union} is not an object`);
    decl.tag = tag;
    if (union !== undefined) {
      const u = this.decls.get(union);
      if (u?.kind !== "union") throw new Error(`codegen/go: ${union} is not a union`);
      u.variants.push({ tag: tag.value, type: decl.name });
      if (!decl.unions.includes(union)) decl.unions.push(union);
    }
    return decl.name;
  }

  declareStruct(name: string, schema: JsonSchema): void {
    const fields: Field[] = [];
    this.declare({ kind: "struct", name, doc: schema.description as string | undefined, fields, unions: [] });
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const taken = new Set<string>();
    for (const [wire, raw] of Object.entries(obj(schema.properties))) {
      // encoding/json ignores a tag name outside this set (and a quote or backtick would end the tag).
      if (!/^[A-Za-z0-9!#$%&()*+\-./:;<=>?@[\]^_{|}~ ]+$/.test(wire)) {
        throw new Error(`codegen/go: ${name} member ${JSON.stringify(wire)} cannot be a json tag name`);
      }
      const prop = obj(raw);
      // Two wire spellings of one Go name (`protocolVersion`, `protocol_version`): later ones get 2, 3, …
      let field = goName(wire) || "X";
      for (let n = 2; taken.has(field); n++) field = `${goName(wire) || "X"}${n}`;
      taken.add(field);
      const type = this.resolve(prop, `${name}${field}`);
      if (type.kind === "named" && type.name.startsWith(`${name}${field}`))
        this.describe(type, `is ${name}.${field}.`);
      if (this.declOf(type)?.kind === "union") {
        throw new Error(`codegen/go: ${name}.${wire} is a union; union-typed members are not supported yet`);
      }
      const nullable = typeOf(prop).nullable || typeOf(this.deref(prop)).nullable;
      const doc = prop.description as string | undefined;
      fields.push({ name: field, wire, type, required: required.has(wire), nullable, doc });
    }
  }
}

function builtinOf(value: unknown): GoType {
  if (typeof value === "string") return { kind: "builtin", name: "string" };
  if (typeof value === "boolean") return { kind: "builtin", name: "bool" };
  if (typeof value === "number")
    return { kind: "builtin", name: Number.isInteger(value) ? "int64" : "float64" };
  return { kind: "builtin", name: "any" };
}
