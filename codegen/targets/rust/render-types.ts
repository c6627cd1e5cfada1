// The model's types as Rust (src/types.rs): structs for objects (serde renames, optional members as
// `Option` left out when absent), enums for enums (`#[serde(rename)]` per value; values that are not
// all strings through the runtime's `value_enum!`), `#[serde(tag)]` enums for tagged unions, untagged
// enums for the rest, `pub type` for aliases. Integers by range: i32/u32, i64/u64, and i128 for an
// integer the document does not bound (every int64 and uint64 fits; decoded by `json::wide`). A
// reference that would make a type contain itself is boxed; an alias on a cycle is a newtype. The
// file's fixed text and every enum's are in templates: runtime/types.rs.in, enum.rs.in.
import type { Decl, Docs, IntegerType, Model, ObjectDecl, Type } from "../../model/types.js";
import type { Names } from "../../naming/namer.js";
import { convert } from "../../naming/namer.js";
import type { NamingTable } from "../../naming/table.js";
import { rustString } from "../../quote/index.js";
import { fill, rustdoc } from "./rustdoc.js";

const INTS: Record<IntegerType["range"], [string, string]> = {
  ...{ int32: ["i32", "u32"], uint32: ["u32", "u32"], int53: ["i64", "u64"] },
  ...{ int64: ["i64", "u64"], uint64: ["u64", "u64"], unbounded: ["i128", "u64"] },
};
const DERIVE = "Debug, Clone, PartialEq, Serialize, Deserialize";
const JSON_RS = "crate::runtime::json::";

/** Identifiers made unique in a scope the namer does not have (union variants, Error variants). */
export function localNames(table: NamingTable, taken: Iterable<string> = []): (raw: string) => string {
  const used = new Set(taken);
  return (raw) => {
    let base = convert(raw, "PascalCase", "enumMember") || "Value";
    if (/^[0-9]/.test(base)) base = `T${base}`;
    const ok = (n: string): string => (table.keywords.has(n) ? table.escape(n, "enumMember") : n);
    let name = ok(base);
    for (let n = 2; used.has(name); n++) name = ok(table.clash(base, n));
    used.add(name);
    return name;
  };
}

/** What an array, a map or a nullable holds. */
const child = (t: Type): Type | undefined =>
  t.kind === "array" ? t.items : t.kind === "map" ? t.values : t.kind === "nullable" ? t.type : undefined;

/** The declarations a type refers to: all, or only those held inline (not behind a Vec or a map). */
function refs(t: Type, out: Set<string>, inline: boolean): Set<string> {
  const c = child(t);
  if (t.kind === "tuple") for (const item of t.items) refs(item, out, inline); // held inline, like members
  if (t.kind === "ref") out.add(t.name);
  else if (c && (!inline || t.kind === "nullable")) refs(c, out, inline);
  return out;
}

/** The declarations a declaration refers to (see `refs`). */
function declRefs(d: Decl, inline: boolean): Set<string> {
  const out = new Set<string>();
  const add = (t: Type) => refs(t, out, inline);
  if (d.kind === "object") for (const m of d.members) add(m.type);
  if (d.kind === "object" && d.additional.kind === "typed") add({ kind: "map", values: d.additional.values });
  if (d.kind === "alias") add(d.type);
  if (d.kind === "union") for (const t of d.variants) add(t);
  if (d.kind === "tagged") for (const v of d.variants) add(v.type);
  return out;
}

export type Rust = ReturnType<typeof rustTypes>;

export function rustTypes(model: Model, names: Names) {
  const decl = (name: string): Decl | undefined => model.types.get(name);
  const edges = (inline: boolean) => new Map([...model.types].map(([k, d]) => [k, declRefs(d, inline)]));
  const [direct, any] = [edges(true), edges(false)];
  const reaches = (graph: Map<string, Set<string>>, from: string, to: string): boolean => {
    const [seen, stack] = [new Set<string>(), [...(graph.get(from) ?? [])]];
    for (let n = stack.pop(); n !== undefined; n = stack.pop()) {
      if (n === to) return true;
      if (seen.has(n)) continue;
      seen.add(n);
      stack.push(...(graph.get(n) ?? []));
    }
    return false;
  };
  const cyclic = (name: string): boolean => reaches(any, name, name);
  const stringTagged = (d: Decl): boolean =>
    d.kind === "tagged" && d.variants.every((v) => typeof v.value === "string");
  // Variants of unions tagged by a string leave the tag to the enum (serde's `tag`), unless the
  // struct is also used on its own: then it keeps the member, left out when empty.
  const tagOf = new Map<string, string>();
  for (const d of model.types.values())
    if (d.kind === "tagged" && stringTagged(d)) for (const v of d.variants) tagOf.set(v.type.name, d.tag);
  const elsewhere = new Set<string>();
  for (const d of model.types.values())
    if (d.kind !== "tagged") for (const n of any.get(d.name)!) elsewhere.add(n);
  for (const t of [
    ...model.methods.flatMap((m) => [m.result?.type, ...m.params.map((p) => p.type)]),
    ...[...model.errors.values()].map((e) => e.data),
  ])
    if (t) refs(t, elsewhere, false);
  const members = (d: ObjectDecl) =>
    d.members.filter((m) => tagOf.get(d.name) !== m.name || elsewhere.has(d.name));
  /** An object without members: any JSON (lotus declares addresses so, and sends strings). */
  const isValue = (d: Decl | undefined): boolean =>
    d?.kind === "object" && d.members.length === 0 && d.additional.kind !== "typed" && !tagOf.has(d.name);
  const alias = (t: Type): Type | undefined => {
    const d = t.kind === "ref" ? decl(t.name) : undefined;
    return d?.kind === "alias" && !cyclic(d.name) ? d.type : undefined;
  };

  function type(t: Type, from?: string, inline = true): string {
    switch (t.kind) {
      case "ref":
        return from !== undefined && inline && reaches(direct, t.name, from)
          ? `Box<${names.type(t.name)}>`
          : names.type(t.name);
      case "integer":
        return INTS[t.range][t.unsigned ? 1 : 0];
      case "literal":
        if (typeof t.value === "number") return Number.isInteger(t.value) ? "i64" : "f64";
        return typeof t.value === "string" ? "String" : "bool";
      case "array":
        return `Vec<${type(t.items, from, false)}>`;
      case "tuple": // serde reads and writes a Rust tuple as a JSON array of its positions
        // An i128 position needs json::wide, which a tuple position cannot carry: the tuple is then any JSON.
        if (t.items.some(wide)) return "serde_json::Value";
        return `(${t.items.map((i) => type(i, from, inline)).join(", ")}${t.items.length === 1 ? "," : ""})`;
      case "map": // a JSON object of anything is serde_json's own Map (insertion-ordered here too)
        if (t.values.kind === "any") return "serde_json::Map<String, serde_json::Value>";
        return `IndexMap<String, ${type(t.values, from, false)}>`;
      case "nullable":
        return `Option<${type(t.type, from, inline)}>`;
      default:
        return { string: "String", number: "f64", boolean: "bool", null: "()", any: "serde_json::Value" }[
          t.kind
        ];
    }
  }

  const memo = new Map<string, boolean>();
  /** A type whose Rust form has a `Default` (a struct then derives it). */
  function hasDefault(t: Type): boolean {
    if (t.kind === "tuple") return t.items.every(hasDefault);
    if (t.kind !== "ref") return t.kind !== "literal";
    if (!memo.has(t.name)) {
      memo.set(t.name, false); // on a cycle: no
      const d = decl(t.name);
      const ok =
        d?.kind === "object"
          ? members(d).every((m) => !m.required || hasDefault(m.type))
          : d?.kind === "alias" && hasDefault(d.type);
      memo.set(t.name, ok);
    }
    return memo.get(t.name)!;
  }

  /** A type that can hold `null` (an optional member of it keeps `null` apart from absent). */
  function canBeNull(t: Type, seen = new Set<string>()): boolean {
    if (t.kind === "nullable" || t.kind === "null" || t.kind === "any") return true;
    if (t.kind !== "ref" || seen.has(t.name)) return false;
    const d = decl(t.name);
    seen.add(t.name);
    if (d?.kind === "alias") return canBeNull(d.type, seen);
    return isValue(d) || (d?.kind === "union" && d.variants.some((v) => canBeNull(v, seen)));
  }

  /** A type holding an `i128` (through Option, Vec, maps, aliases): encoded by `json::wide`. */
  function wide(t: Type): boolean {
    const next = child(t) ?? alias(t);
    return t.kind === "integer" ? type(t) === "i128" : next !== undefined && wide(next);
  }

  /** How a parameter is passed: by value (`Copy`), as `&str`, `&[T]`, or `&T`. */
  function param(t: Type): { owned: string; borrowed: string } {
    let shape = t; // what an alias stands for decides it
    for (let a = alias(shape); a !== undefined; a = alias(shape)) shape = a;
    const owned = type(t);
    const d = shape.kind === "ref" ? decl(shape.name) : undefined;
    if (shape.kind === "string" || (shape.kind === "literal" && typeof shape.value === "string"))
      return { owned, borrowed: "&str" };
    if (shape.kind === "array") return { owned, borrowed: `&[${type(shape.items)}]` };
    const copy =
      ["boolean", "integer", "number", "null", "literal"].includes(shape.kind) || d?.kind === "enum";
    return { owned, borrowed: copy ? owned : `&${owned}` };
  }

  const api = { names, model, type, param, hasDefault, canBeNull, isValue, members, cyclic, wide };
  return { ...api, tagOf, stringTagged };
}

/** The reasons the any-JSON positions in `t` were not typed exactly, for a doc line. */
const anyReasons = (t: Type): string[] => {
  const c = child(t);
  return c ? anyReasons(c) : t.kind === "any" && t.reason ? [`Any JSON: ${t.reason}.`] : [];
};

const serde = (attrs: string[]): string => (attrs.length > 0 ? `    #[serde(${attrs.join(", ")})]\n` : "");
const docsOf = ({ docs }: { docs: Docs }): (string | undefined)[] => [
  ...[docs.summary, docs.description, docs.deprecated ? "Deprecated." : undefined],
];

function renderStruct(d: ObjectDecl, r: Rust): string {
  const fields = r.members(d).map((m) => {
    const field = r.names.member(d.name, m.name);
    const attrs = field.replace(/^r#/, "") === m.name ? [] : [`rename = ${rustString(m.name)}`];
    if (r.tagOf.get(d.name) === m.name) {
      const doc = rustdoc(
        [m.docs.description, "Empty inside the union, which writes the tag itself."],
        "    ",
      );
      return `${doc}${serde([...attrs, "default", 'skip_serializing_if = "String::is_empty"'])}    pub ${field}: String,`;
    }
    const [wide, present, t] = [r.wide(m.type), !m.required && r.canBeNull(m.type), r.type(m.type, d.name)];
    if (!m.required)
      attrs.push('skip_serializing_if = "Option::is_none"', ...(wide || present ? ["default"] : []));
    if (wide && present)
      attrs.push(
        `serialize_with = "${JSON_RS}wide::serialize"`,
        `deserialize_with = "${JSON_RS}wide::present"`,
      );
    else if (wide) attrs.push(`with = "${JSON_RS}wide"`);
    else if (present) attrs.push(`deserialize_with = "${JSON_RS}present"`);
    const doc = rustdoc([...docsOf(m), ...anyReasons(m.type)], "    ");
    return `${doc}${serde(attrs)}    pub ${field}: ${m.required ? t : `Option<${t}>`},`;
  });
  if (d.additional.kind === "typed") {
    const taken = new Set(d.members.map((m) => r.names.member(d.name, m.name)));
    let extra = "additional_properties";
    for (let n = 2; taken.has(extra); n++) extra = `additional_properties_${n}`;
    const values = r.type(d.additional.values, d.name, false);
    fields.push(
      `    /// Members besides the declared ones.\n    #[serde(flatten)]\n    pub ${extra}: IndexMap<String, ${values}>,`,
    );
  }
  const derive = r.hasDefault({ kind: "ref", name: d.name }) ? `${DERIVE}, Default` : DERIVE;
  return `#[derive(${derive})]\npub struct ${r.names.type(d.name)} ${fields.length > 0 ? `{\n${fields.join("\n")}\n}` : "{}"}`;
}

/** An enum value as a `json!` argument (a float literal keeps a `.` or an exponent). */
function literal(v: string | number | boolean): string {
  if (typeof v === "string") return rustString(v);
  if (typeof v === "boolean" || Number.isSafeInteger(v)) return `${v}${typeof v === "number" ? "_i64" : ""}`;
  return /[.e]/.test(String(v)) ? String(v) : `${v}.0`;
}

type Variant = { id: string; value?: string; payload?: string; attr?: string };
/** A variant of an enum: renamed to its wire value when that is not its name, with its payload. */
const variant = (v: Variant): string =>
  `${v.attr ?? ""}${v.value === undefined || v.value === v.id ? "" : `    #[serde(rename = ${rustString(v.value)})]\n`}    ${v.id}${v.payload ? `(${v.payload})` : ""},`;

export function renderDecl(d: Decl, r: Rust): string {
  const name = r.names.type(d.name);
  const doc = (...extra: string[]): string => rustdoc([...docsOf(d), ...extra]);
  // Every enum comes from enum.rs.in; `values` adds the runtime's `value_enum!`, `tags` a `tag()`.
  const enumOf = (vs: Variant[], vars: Record<string, string>): string => {
    const variants = vs.map(variant).join("\n");
    return fill("enum.rs.in", { name, doc: doc(), derive: DERIVE, variants, ...vars }).trimEnd();
  };
  switch (d.kind) {
    case "object":
      if (r.isValue(d))
        return `${doc("Declared as an object without members: any JSON is accepted.")}pub type ${name} = serde_json::Value;`;
      return `${doc()}${renderStruct(d, r)}`;
    case "alias": {
      if (!r.cyclic(d.name)) return `${doc(...anyReasons(d.type))}pub type ${name} = ${r.type(d.type)};`;
      const derive = r.hasDefault(d.type) ? `${DERIVE}, Default` : DERIVE;
      return `${doc(...anyReasons(d.type))}#[derive(${derive})]\n#[serde(transparent)]\npub struct ${name}(pub ${r.type(d.type, d.name)});`;
    }
    case "enum": {
      const vs = d.values.map((v) => ({ id: r.names.enumMember(d.name, v.value), value: String(v.value) }));
      const copy = "Debug, Clone, Copy, PartialEq, Eq, Hash";
      if (d.valueType === "string") return enumOf(vs, { derive: `${copy}, Serialize, Deserialize` });
      // Other values are no serde renames: the runtime's `value_enum!` writes and reads them.
      const values = d.values.map((v, i) => `${vs[i]!.id} => ${literal(v.value)}`).join(", ");
      const plain = vs.map(({ id }) => ({ id }));
      return enumOf(plain, { derive: copy, values });
    }
    case "tagged": {
      if (!r.stringTagged(d))
        return renderDecl(
          { ...d, kind: "union", variants: d.variants.map((v) => v.type), exclusive: true },
          r,
        );
      const take = localNames(r.names.table);
      const vs = d.variants.map((v) => ({
        id: take(String(v.value)),
        value: String(v.value),
        payload: r.type(v.type, d.name),
      }));
      // A tag this crate was not generated with (a newer server) decodes to `Unknown` rather than
      // failing, as Go's *UnknownVariant and Python's UnknownVariant; serde's `other` variant is a
      // unit, so its data is not kept (codegen/README.md, one behaviour in four languages).
      // Error data is the exception: a reason this crate does not know keeps the whole error as
      // Error::Rpc with its raw data, which an `Unknown` without data would lose.
      const errorData = [...r.model.errors.values()].some(
        (e) => e.data?.kind === "ref" && e.data.name === d.name,
      );
      const attr = `#[serde(tag = ${rustString(d.tag)})]\n`;
      const tags = vs.map((v) => `            Self::${v.id}(_) => ${rustString(v.value)},`);
      if (errorData) return enumOf(vs, { attr, tags: tags.join("\n") });
      const unknown = take("Unknown");
      const other: Variant = {
        id: unknown,
        attr: "    /// A tag this crate does not know (a newer server); its data is not kept.\n    #[serde(other)]\n",
      };
      tags.push(`            Self::${unknown} => "",`);
      return enumOf([...vs, other], { attr, tags: tags.join("\n") });
    }
    case "union": {
      const take = localNames(r.names.table);
      const suffix: Record<string, string> = { array: "List", map: "Map", nullable: "", boolean: "Bool" };
      const label = (t: Type): string => {
        const c = child(t);
        if (c) return `${label(c)}${suffix[t.kind]}`;
        return t.kind === "ref"
          ? r.names.type(t.name)
          : (suffix[t.kind] ?? convert(t.kind, "PascalCase", "type"));
      };
      // Serde takes the first variant that decodes: objects with more required members first, enums
      // and literals before other strings, floats after integers, any JSON last.
      const rank = (t: Type): number => {
        const d2 = t.kind === "ref" ? r.model.types.get(t.name) : undefined;
        if (t.kind === "any" || r.isValue(d2)) return 1000;
        if (t.kind === "number") return 500;
        if (t.kind === "literal" || d2?.kind === "enum") return -0.5;
        return d2?.kind === "object" ? -d2.members.filter((m) => m.required).length : 0;
      };
      const sorted = d.variants.map((t, i) => ({ t, i })).sort((a, b) => rank(a.t) - rank(b.t) || a.i - b.i);
      const vs = sorted.map(({ t }) => ({
        id: take(label(t)),
        ...(t.kind === "null" ? {} : { payload: r.type(t, d.name) }),
        attr: r.wide(t) ? `    #[serde(with = "${JSON_RS}wide")]\n` : "",
      }));
      return enumOf(vs, { attr: "#[serde(untagged)]\n" });
    }
  }
}

/** src/types.rs: every declaration, in model order (types.rs.in). */
export function renderTypes(r: Rust, banner: string): string {
  const decls = [...r.model.types.values()].map((d) => renderDecl(d, r)).join("\n\n");
  const [indexmap, serde] = [decls.includes("IndexMap<"), /derive\([^)]*Serialize/.test(decls)];
  return fill("types.rs.in", { banner, decls, indexmap, serde, uses: indexmap || serde });
}
