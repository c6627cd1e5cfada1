// JSON Schema → Rust declarations. One `RustTypes` collects every named declaration (structs, string
// enums, tagged-union enums, aliases) in the order it first meets them, so output is deterministic.
// Inline objects and enums get names from their parent (`StatusResultConnections`); a name met twice
// with different shapes is an error rather than a silent suffix.
import { bareRef, type JsonSchema, type OpenRpcDocument } from "../legacy/document.js";
import { docComment, rustIdent, rustType, snake, snakeRoundTrips } from "./rust-names.js";

const REF = "#/components/schemas/";

/** A `oneOf` whose variants are all objects carrying one `const` string property (the tag). */
export interface TaggedUnion {
  tag: string;
  variants: { value: string; schema: JsonSchema; ref?: string; description?: string }[];
}

/** A struct that is one variant of a tagged-union enum: its tag member is left to the enum. */
export interface VariantOf {
  tag: string;
  value: string;
  owner: string;
}

export class RustTypes {
  private readonly decls = new Map<string, string>();
  private readonly pending = new Set<string>();
  private readonly shapes = new Map<string, string>();
  /** Each declared struct's members (wire name, Rust name, Rust type), for union accessors. */
  private readonly fields = new Map<string, { wire: string; ident: string; type: string }[]>();
  /** Declared structs that derive Default (so a struct holding one may too). */
  private readonly defaults = new Set<string>();
  /** Component name → the union it is a variant of (its tag member is left out of its struct). */
  private readonly variantOf = new Map<string, VariantOf>();
  usesMap = false;

  constructor(readonly doc: OpenRpcDocument) {}

  resolve(schema: JsonSchema): JsonSchema {
    const name = refName(schema);
    if (name === undefined) return schema;
    const target = this.doc.components.schemas[name];
    if (!target) throw new Error(`rust: $ref to a missing component ${name}`);
    return this.resolve(target);
  }

  /** The tagged union a schema is, if it is one (every variant an object with a shared `const` tag). */
  taggedUnion(schema: JsonSchema): TaggedUnion | undefined {
    const variants = schema.oneOf as JsonSchema[] | undefined;
    if (!Array.isArray(variants) || variants.length === 0) return undefined;
    const resolved = variants.map((v) => this.resolve(v));
    const first = resolved[0]?.properties as Record<string, JsonSchema> | undefined;
    const tag = Object.keys(first ?? {}).find((k) =>
      resolved.every((r) => typeof (r.properties as Record<string, JsonSchema>)?.[k]?.const === "string"),
    );
    if (tag === undefined) return undefined;
    return {
      tag,
      variants: variants.map((v, i) => {
        const r = resolved[i] as JsonSchema;
        const value = (r.properties as Record<string, JsonSchema>)[tag]?.const as string;
        return { value, schema: r, ref: refName(v), description: r.description as string | undefined };
      }),
    };
  }

  /** True when a component is a tagged-union variant with nothing but its tag (a unit variant). */
  isTagOnly(name: string): boolean {
    const tag = this.variantOf.get(name)?.tag;
    const props = this.resolve(this.doc.components.schemas[name] ?? {}).properties as object | undefined;
    return tag !== undefined && Object.keys(props ?? {}).every((k) => k === tag);
  }

  /** Marks every component that serves as a tagged-union variant, so its struct leaves the tag out. */
  noteVariants(union: TaggedUnion, owner: string): void {
    for (const v of union.variants) {
      if (v.ref) this.variantOf.set(v.ref, { tag: union.tag, value: v.value, owner });
    }
  }

  /** Declares component `name` (idempotent). */
  component(name: string): string {
    const schema = this.doc.components.schemas[name];
    if (!schema) throw new Error(`rust: no component ${name}`);
    return this.declare(rustType(name), schema, this.variantOf.get(name));
  }

  /** Declares `name` for `schema` (a struct, enum, tagged union or alias) and returns the name. */
  declare(name: string, schema: JsonSchema, variant?: VariantOf): string {
    const shape = JSON.stringify([schema, variant ?? null]);
    const known = this.shapes.get(name);
    if (known !== undefined && known !== shape) throw new Error(`rust: two different types named ${name}`);
    this.shapes.set(name, shape);
    if (this.decls.has(name) || this.pending.has(name)) return name;
    this.pending.add(name);
    this.decls.set(name, ""); // reserve the slot: parents come before the children they name
    this.decls.set(name, this.render(name, schema, variant));
    this.pending.delete(name);
    return name;
  }

  /** `pub type Alias = Target;`, for the canonical `<Method>Params`/`Result` names that ref another. */
  alias(name: string, target: string, description: string): void {
    if (name === target || this.shapes.get(name) === `alias:${target}`) return;
    if (this.shapes.has(name)) throw new Error(`rust: ${name} is both a type and an alias of ${target}`);
    this.shapes.set(name, `alias:${target}`);
    this.decls.set(name, `${docComment(description)}pub type ${name} = ${target};\n`);
  }

  has(name: string): boolean {
    return this.decls.has(name);
  }

  render(name: string, schema: JsonSchema, variant?: VariantOf): string {
    const doc = docComment(schema.description as string | undefined);
    const union = this.taggedUnion(schema);
    if (union) return doc + this.renderUnion(name, union);
    const s = this.resolve(schema);
    if (isStringEnum(s)) return doc + renderStringEnum(name, s.enum as string[]);
    if (isObjectWithProperties(s) || (s.type === "object" && s.additionalProperties === false)) {
      return doc + this.renderStruct(name, s, variant, doc !== "");
    }
    return `${doc}pub type ${name} = ${this.typeOf(schema, name)};\n`;
  }

  private renderUnion(name: string, union: TaggedUnion): string {
    this.noteVariants(union, name);
    const snakeCase = snakeRoundTrips(union.variants.map((v) => v.value));
    const lines = [
      "#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]",
      snakeCase
        ? `#[serde(tag = "${union.tag}", rename_all = "snake_case")]`
        : `#[serde(tag = "${union.tag}")]`,
      `pub enum ${name} {`,
    ];
    const arms: { variant: string; value: string; struct?: string }[] = [];
    for (const v of union.variants) {
      const variant = rustType(v.value);
      const fields = Object.keys((v.schema.properties as object) ?? {}).filter((k) => k !== union.tag);
      lines.push(docComment(v.description, "    ").trimEnd());
      if (!snakeCase) lines.push(`    #[serde(rename = ${JSON.stringify(v.value)})]`);
      if (fields.length === 0) {
        lines.push(`    ${variant},`);
        arms.push({ variant, value: v.value });
        continue;
      }
      const title = v.schema.title as string | undefined;
      const struct = v.ref ? rustType(v.ref) : title ? rustType(title) : `${name}${variant}`;
      if (v.ref) this.component(v.ref);
      else this.declare(struct, v.schema, { tag: union.tag, value: v.value, owner: name });
      lines.push(`    ${variant}(${struct}),`);
      arms.push({ variant, value: v.value, struct });
    }
    return `${lines.filter((l) => l !== "").join("\n")}\n}\n\n${this.renderAccessors(name, union.tag, arms)}`;
  }

  /** `tag()` (the variant's tag as on the wire) and a getter for each member every variant carries. */
  private renderAccessors(
    name: string,
    tag: string,
    arms: { variant: string; value: string; struct?: string }[],
  ): string {
    const tagArms = arms
      .map((a) => `            Self::${a.variant}${a.struct ? "(_)" : ""} => ${JSON.stringify(a.value)},\n`)
      .join("");
    const methods = [
      `    /// The \`${tag}\` of this variant, as on the wire.\n    pub fn tag(&self) -> &'static str {\n        match self {\n${tagArms}        }\n    }\n`,
    ];
    const structs = arms.map((a) => (a.struct ? this.fields.get(a.struct) : undefined));
    const first = structs[0];
    if (first && structs.every((f) => f !== undefined)) {
      for (const member of first) {
        const shared = structs.every((f) =>
          f?.some((m) => m.wire === member.wire && m.ident === member.ident && m.type === member.type),
        );
        if (!shared || member.ident === "tag") continue;
        const type = member.type === "String" ? "str" : member.type;
        const getArms = arms
          .map((a) => `            Self::${a.variant}(v) => &v.${member.ident},\n`)
          .join("");
        methods.push(
          `    /// \`${member.wire}\`, which every variant carries.\n    pub fn ${member.ident}(&self) -> &${type} {\n        match self {\n${getArms}        }\n    }\n`,
        );
      }
    }
    return `impl ${name} {\n${methods.join("\n")}}\n`;
  }

  private renderStruct(
    name: string,
    s: JsonSchema,
    variant: VariantOf | undefined,
    documented: boolean,
  ): string {
    const props = Object.entries((s.properties as Record<string, JsonSchema>) ?? {}).filter(
      ([k]) => k !== variant?.tag,
    );
    const required = new Set((s.required as string[] | undefined) ?? []);
    const seen = new Set<string>();
    const fields: string[] = [];
    const members: { wire: string; ident: string; type: string }[] = [];
    this.fields.set(name, members);
    let allDefault = true;
    for (const [wire, prop] of props) {
      let ident = rustIdent(wire);
      const clash = seen.has(ident) ? [...props].find(([w]) => rustIdent(w) === ident)?.[0] : undefined;
      for (let n = 2; seen.has(ident); n++) ident = `${snake(wire)}_${n}`;
      seen.add(ident);
      const clashNote = clash ? `The wire member \`${wire}\` (\`${clash}\` has the plain Rust name).` : "";
      const inner = this.typeOf(prop, `${name}${rustType(wire)}`);
      const nullable = inner.startsWith("Option<");
      const optional = !required.has(wire);
      const type = optional && !nullable ? `Option<${inner}>` : inner;
      if (!DEFAULTABLE.test(type) && !this.defaults.has(type)) allDefault = false;
      members.push({ wire, ident, type });
      const serde: string[] = [];
      if (ident.replace(/^r#/, "") !== wire) serde.push(`rename = ${JSON.stringify(wire)}`);
      if (optional) serde.push(`skip_serializing_if = "Option::is_none"`);
      fields.push(
        docComment([prop.description, clashNote].filter(Boolean).join("\n\n"), "    ") +
          (serde.length > 0 ? `    #[serde(${serde.join(", ")})]\n` : "") +
          `    pub ${ident}: ${type},\n`,
      );
    }
    if (allDefault) this.defaults.add(name);
    const derive = allDefault
      ? "#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]"
      : "#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]";
    const tagNote = variant
      ? `/// The \`${variant.tag}: ${JSON.stringify(variant.value)}\` variant of [\`${variant.owner}\`], which carries the tag.\n`
      : "";
    const note = variant ? (documented ? `///\n${tagNote}` : tagNote) : "";
    if (fields.length === 0) return `${note}${derive}\npub struct ${name} {}\n`;
    return `${note}${derive}\npub struct ${name} {\n${fields.join("")}}\n`;
  }

  /** The Rust type expression for a schema, declaring named types for inline objects and enums. */
  typeOf(schema: JsonSchema, hint: string): string {
    const ref = refName(schema);
    if (ref !== undefined) return this.component(ref);
    if (schema.oneOf || schema.anyOf) {
      return this.taggedUnion(schema) ? this.declare(hint, schema) : "serde_json::Value";
    }
    const type = schema.type;
    if (Array.isArray(type)) {
      const nonNull = type.filter((t) => t !== "null");
      if (nonNull.length !== 1) return "serde_json::Value";
      const inner = this.typeOf({ ...schema, type: nonNull[0] }, hint);
      return type.includes("null") ? `Option<${inner}>` : inner;
    }
    if (isStringEnum(schema)) return this.declare(hint, schema);
    switch (type ?? constType(schema.const)) {
      case "string":
        return "String";
      case "integer":
        return typeof schema.minimum === "number" && schema.minimum >= 0 ? "u64" : "i64";
      case "number":
        return "f64";
      case "boolean":
        return "bool";
      case "array":
        return schema.items
          ? `Vec<${this.typeOf(schema.items as JsonSchema, `${hint}Item`)}>`
          : "Vec<serde_json::Value>";
      case "object": {
        if (isObjectWithProperties(schema)) return this.declare(hint, schema);
        const values = schema.additionalProperties;
        if (values && typeof values === "object" && Object.keys(values).length > 0) {
          this.usesMap = true;
          return `BTreeMap<String, ${this.typeOf(values as JsonSchema, `${hint}Value`)}>`;
        }
        return "serde_json::Map<String, serde_json::Value>";
      }
      default:
        return "serde_json::Value";
    }
  }

  /** Every declaration, in the order first met. */
  text(): string {
    return [...this.decls.values()].join("\n");
  }
}

export const refName = (schema: JsonSchema | undefined): string | undefined => {
  const bare = bareRef(schema);
  if (bare) return bare;
  const ref = schema?.$ref;
  return typeof ref === "string" && ref.startsWith(REF) ? ref.slice(REF.length) : undefined;
};

/** The JSON type of a `const` given without a `type` (`{"const": true}` is a bool). */
function constType(value: unknown): string | undefined {
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "string") return "string";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return undefined;
}

/** Field types whose Default is the natural "not given" value. */
const DEFAULTABLE = /^(String|u64|i64|f64|bool|(Option|Vec|BTreeMap)<.*>|serde_json::(Value|Map<.*>))$/;

const isStringEnum = (s: JsonSchema): boolean =>
  Array.isArray(s.enum) && s.enum.length > 0 && s.enum.every((v) => typeof v === "string");

const isObjectWithProperties = (s: JsonSchema): boolean =>
  (s.type === "object" || s.type === undefined) &&
  typeof s.properties === "object" &&
  s.properties !== null &&
  Object.keys(s.properties).length > 0;

function renderStringEnum(name: string, values: string[]): string {
  const snakeCase = snakeRoundTrips(values);
  const lines = [
    "#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]",
    ...(snakeCase ? [`#[serde(rename_all = "snake_case")]`] : []),
    `pub enum ${name} {`,
  ];
  for (const v of values) {
    if (!snakeCase) lines.push(`    #[serde(rename = ${JSON.stringify(v)})]`);
    lines.push(`    ${rustType(v)},`);
  }
  return `${lines.join("\n")}\n}\n`;
}
