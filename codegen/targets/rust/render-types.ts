// The model's types as Rust (src/types.rs): structs for objects (serde renames, optional members as
// `Option` left out when absent), enums for enums (`#[serde(rename)]` per value; values that are not
// all strings get a small hand-made serde impl), `#[serde(tag)]` enums for tagged unions, untagged
// enums for the rest, `pub type` for aliases. Integers by range: i32/u32, i64/u64, and i128 for an
// integer the document does not bound (every int64 and uint64 fits). A reference that would make a
// type contain itself is boxed; an alias on a cycle is a newtype (a `type` cannot be recursive).
import type { Decl, IntegerType, Model, ObjectDecl, Type } from "../../model/types.js";
import type { Names } from "../../naming/namer.js";
import { convert } from "../../naming/namer.js";
import type { NamingTable } from "../../naming/table.js";
import { rustdoc, rustStr } from "./rustdoc.js";

const INTS: Record<IntegerType["range"], [string, string]> = {
  int32: ["i32", "u32"],
  uint32: ["u32", "u32"],
  int53: ["i64", "u64"],
  int64: ["i64", "u64"],
  uint64: ["u64", "u64"],
  unbounded: ["i128", "u64"],
};
const COPY = new Set(["boolean", "integer", "number", "null"]);

/** Identifiers made unique in a scope the namer does not have (union variants, enum variant fields). */
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

/** The declarations `t` refers to: all of them, or only those held inline (not behind a Vec or map). */
function refs(t: Type, out: Set<string>, onlyDirect: boolean): void {
  if (t.kind === "ref") out.add(t.name);
  else if (t.kind === "nullable") refs(t.type, out, onlyDirect);
  else if (!onlyDirect && t.kind === "array") refs(t.items, out, onlyDirect);
  else if (!onlyDirect && t.kind === "map") refs(t.values, out, onlyDirect);
}

function declRefs(d: Decl, onlyDirect: boolean): Set<string> {
  const out = new Set<string>();
  const add = (t: Type): void => refs(t, out, onlyDirect);
  if (d.kind === "object") {
    for (const m of d.members) add(m.type);
    if (d.additional.kind === "typed") add({ kind: "map", values: d.additional.values });
  } else if (d.kind === "alias") add(d.type);
  else if (d.kind === "union") d.variants.forEach(add);
  else if (d.kind === "tagged") for (const v of d.variants) add(v.type);
  return out;
}

export type Rust = ReturnType<typeof rustTypes>;

export function rustTypes(model: Model, names: Names) {
  const direct = new Map([...model.types].map(([k, d]) => [k, declRefs(d, true)]));
  const any = new Map([...model.types].map(([k, d]) => [k, declRefs(d, false)]));
  const reaches = (edges: Map<string, Set<string>>, from: string, to: string): boolean => {
    const seen = new Set<string>();
    const stack = [...(edges.get(from) ?? [])];
    for (let n = stack.pop(); n !== undefined; n = stack.pop()) {
      if (n === to) return true;
      if (!seen.has(n)) seen.add(n), stack.push(...(edges.get(n) ?? []));
    }
    return false;
  };
  // Variants of unions tagged by a string member: their struct leaves the tag to the enum.
  const stringTagged = (d: Decl): boolean =>
    d.kind === "tagged" && d.variants.every((v) => typeof v.value === "string");
  const tagOf = new Map<string, string>();
  for (const d of model.types.values())
    if (d.kind === "tagged" && stringTagged(d)) for (const v of d.variants) tagOf.set(v.type.name, d.tag);
  // A variant struct also used on its own keeps its tag as a member, left out when empty.
  const elsewhere = new Set<string>();
  const note = (t: Type | undefined): void => void (t && refs(t, elsewhere, false));
  for (const d of model.types.values())
    if (d.kind !== "tagged") for (const r of declRefs(d, false)) elsewhere.add(r);
  for (const m of model.methods) [m.result?.type, ...m.params.map((p) => p.type)].forEach(note);
  for (const e of model.errors.values()) note(e.data);

  const decl = (name: string): Decl | undefined => model.types.get(name);
  const cyclic = (name: string): boolean => reaches(any, name, name);
  const isValue = (d: Decl | undefined): boolean =>
    d?.kind === "object" && d.members.length === 0 && d.additional.kind !== "typed" && !tagOf.has(d.name);
  const members = (d: ObjectDecl) =>
    d.members.filter((m) => !(tagOf.get(d.name) === m.name && !elsewhere.has(d.name)));

  function type(t: Type, from?: string, inline = true): string {
    switch (t.kind) {
      case "ref": {
        const n = names.type(t.name);
        return from !== undefined && inline && reaches(direct, t.name, from) ? `Box<${n}>` : n;
      }
      case "string":
        return "String";
      case "number":
        return "f64";
      case "integer":
        return INTS[t.range][t.unsigned ? 1 : 0];
      case "boolean":
        return "bool";
      case "null":
        return "()";
      case "literal":
        return typeof t.value === "string"
          ? "String"
          : typeof t.value === "boolean"
            ? "bool"
            : Number.isInteger(t.value)
              ? "i64"
              : "f64";
      case "array":
        return `Vec<${type(t.items, from, false)}>`;
      case "map": // a JSON object of anything is serde_json's own Map (insertion-ordered here too)
        return t.values.kind === "any"
          ? "serde_json::Map<String, serde_json::Value>"
          : `IndexMap<String, ${type(t.values, from, false)}>`;
      case "nullable":
        return `Option<${type(t.type, from, inline)}>`;
      case "any":
        return "serde_json::Value";
    }
  }

  const memo = new Map<string, boolean>();
  /** A type whose Rust form has a `Default` (a struct then derives it). */
  function hasDefault(t: Type): boolean {
    if (t.kind === "literal") return false;
    if (t.kind !== "ref") return true;
    if (!memo.has(t.name)) {
      memo.set(t.name, false); // on a cycle: no
      const d = decl(t.name);
      const ok =
        isValue(d) ||
        (d?.kind === "object" && members(d).every((m) => !m.required || hasDefault(m.type))) ||
        (d?.kind === "alias" && hasDefault(d.type));
      memo.set(t.name, ok);
    }
    return memo.get(t.name)!;
  }

  /** A type that can hold `null` (an optional member of it keeps `null` apart from absent). */
  function canBeNull(t: Type, seen = new Set<string>()): boolean {
    if (t.kind === "nullable" || t.kind === "null" || t.kind === "any") return true;
    if (t.kind !== "ref" || seen.has(t.name)) return false;
    seen.add(t.name);
    const d = decl(t.name);
    if (isValue(d)) return true;
    if (d?.kind === "alias") return canBeNull(d.type, seen);
    return d?.kind === "union" && d.variants.some((v) => canBeNull(v, seen));
  }

  /** A type holding an `i128` (through Option, Vec, maps, aliases): decoded by `json::wide`. */
  function wide(t: Type): boolean {
    if (t.kind === "integer") return type(t) === "i128";
    if (t.kind === "nullable") return wide(t.type);
    if (t.kind === "array") return wide(t.items);
    if (t.kind === "map") return wide(t.values);
    const d = t.kind === "ref" ? decl(t.name) : undefined;
    return d?.kind === "alias" && !cyclic(d.name) && wide(d.type);
  }

  /** How a parameter of this type is passed: by value (`Copy`), as `&str`, `&[T]`, or `&T`. */
  function param(t: Type): { owned: string; borrowed: string } {
    const owned = type(t);
    let shape = t; // what an alias stands for decides how it is passed
    for (let d = decl(t.kind === "ref" ? t.name : ""); d?.kind === "alias" && !cyclic(d.name); )
      (shape = d.type), (d = decl(shape.kind === "ref" ? shape.name : ""));
    const d = shape.kind === "ref" ? decl(shape.name) : undefined;
    if (
      COPY.has(shape.kind) ||
      (shape.kind === "literal" && typeof shape.value !== "string") ||
      d?.kind === "enum"
    )
      return { owned, borrowed: owned };
    if (shape.kind === "string" || shape.kind === "literal") return { owned, borrowed: "&str" };
    if (shape.kind === "array") return { owned, borrowed: `&[${type(shape.items)}]` };
    return { owned, borrowed: `&${owned}` };
  }

  return {
    names,
    model,
    type,
    hasDefault,
    canBeNull,
    param,
    isValue,
    members,
    tagOf,
    stringTagged,
    cyclic,
    wide,
  };
}

/** The reasons any-JSON positions in `t` were not typed exactly, for a doc line. */
export function anyReasons(t: Type): string[] {
  if (t.kind === "any") return t.reason ? [t.reason] : [];
  if (t.kind === "array") return anyReasons(t.items);
  if (t.kind === "map") return anyReasons(t.values);
  if (t.kind === "nullable") return anyReasons(t.type);
  return [];
}

const str = rustStr;
const serde = (attrs: string[], indent: string): string =>
  attrs.length > 0 ? `${indent}#[serde(${attrs.join(", ")})]\n` : "";
const unraw = (n: string): string => n.replace(/^r#/, "");
const JSON_RS = "crate::runtime::json::";
const DERIVE = "Debug, Clone, PartialEq, Serialize, Deserialize";

function renderStruct(d: ObjectDecl, r: Rust): string {
  const name = r.names.type(d.name);
  const fields = r.members(d).map((m) => {
    const field = r.names.member(d.name, m.name);
    const t = r.type(m.type, d.name);
    const attrs = unraw(field) === m.name ? [] : [`rename = ${str(m.name)}`];
    if (r.tagOf.get(d.name) === m.name)
      // The tag of a union variant this struct also is: the union writes it, so empty is left out.
      return `${rustdoc([m.docs.description, "Empty inside the union (which writes the tag itself)."], "    ")}${serde([...attrs, "default", 'skip_serializing_if = "String::is_empty"'], "    ")}    pub ${field}: String,`;
    const [wide, present] = [r.wide(m.type), !m.required && r.canBeNull(m.type)];
    if (!m.required) attrs.push('skip_serializing_if = "Option::is_none"');
    if (!m.required && (wide || present)) attrs.push("default");
    if (wide && present)
      attrs.push(
        `serialize_with = "${JSON_RS}wide::serialize"`,
        `deserialize_with = "${JSON_RS}wide::present"`,
      );
    else if (wide) attrs.push(`with = "${JSON_RS}wide"`);
    else if (present) attrs.push(`deserialize_with = "${JSON_RS}present"`);
    const reasons = anyReasons(m.type).map((x) => `Any JSON: ${x}.`);
    const doc = rustdoc(
      [m.docs.summary, m.docs.description, ...reasons, m.docs.deprecated ? "Deprecated." : undefined],
      "    ",
    );
    return `${doc}${serde(attrs, "    ")}    pub ${field}: ${m.required ? t : `Option<${t}>`},`;
  });
  if (d.additional.kind === "typed") {
    const taken = new Set(fields.map((f) => /pub ([^:]+):/.exec(f)![1]));
    let extra = "additional_properties";
    for (let n = 2; taken.has(extra); n++) extra = `additional_properties_${n}`;
    const values = r.type(d.additional.values, d.name, false);
    fields.push(
      `    /// Members besides the declared ones.\n    #[serde(flatten)]\n    pub ${extra}: IndexMap<String, ${values}>,`,
    );
  }
  const derive = r.hasDefault({ kind: "ref", name: d.name }) ? `${DERIVE}, Default` : DERIVE;
  const body = fields.length > 0 ? `{\n${fields.join("\n")}\n}` : "{}";
  return `#[derive(${derive})]\npub struct ${name} ${body}`;
}

function literal(v: string | number | boolean): string {
  if (typeof v !== "number") return `serde_json::json!(${typeof v === "string" ? str(v) : v})`;
  if (Number.isSafeInteger(v)) return `serde_json::json!(${v}_i64)`;
  const text = String(v);
  return `serde_json::json!(${/[.e]/.test(text) ? text : `${text}.0`})`;
}

export function renderDecl(d: Decl, r: Rust): string {
  const name = r.names.type(d.name);
  const docs = [d.docs.summary, d.docs.description, d.docs.deprecated ? "Deprecated." : undefined];
  const table = r.names.table;
  switch (d.kind) {
    case "object":
      if (r.isValue(d))
        return `${rustdoc([...docs, "Declared as an object without members: any JSON is accepted (some documents use such a schema for values of other shapes)."])}pub type ${name} = serde_json::Value;`;
      return `${rustdoc(docs)}${renderStruct(d, r)}`;
    case "alias": {
      const reasons = anyReasons(d.type).map((x) => `Any JSON: ${x}.`);
      if (r.cyclic(d.name)) {
        const derive = r.hasDefault(d.type) ? `${DERIVE}, Default` : DERIVE;
        return `${rustdoc([...docs, ...reasons])}#[derive(${derive})]\n#[serde(transparent)]\npub struct ${name}(pub ${r.type(d.type, d.name)});`;
      }
      return `${rustdoc([...docs, ...reasons])}pub type ${name} = ${r.type(d.type)};`;
    }
    case "enum": {
      const variants = d.values.map((v) => ({ id: r.names.enumMember(d.name, v.value), value: v.value }));
      const head = `${rustdoc(docs)}#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash`;
      if (d.valueType === "string")
        return `${head}, Serialize, Deserialize)]\npub enum ${name} {\n${variants
          .map(
            (v) =>
              `${v.id === v.value ? "" : `    #[serde(rename = ${str(String(v.value))})]\n`}    ${v.id},`,
          )
          .join("\n")}\n}`;
      const all = variants.map((v) => `Self::${v.id}`).join(", ");
      return `${head})]\npub enum ${name} {\n${variants.map((v) => `    ${v.id},`).join("\n")}\n}

impl ${name} {
    /// This value as JSON.
    pub fn value(&self) -> serde_json::Value {
        match self {
${variants.map((v) => `            Self::${v.id} => ${literal(v.value)},`).join("\n")}
        }
    }
}

impl Serialize for ${name} {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.value().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for ${name} {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::runtime::json::enum_value(deserializer, &[${all}], Self::value)
    }
}`;
    }
    case "tagged": {
      if (!r.stringTagged(d))
        return renderDecl(
          { ...d, kind: "union", variants: d.variants.map((v) => v.type), exclusive: true },
          r,
        );
      const take = localNames(table);
      const vs = d.variants.map((v) => ({
        id: take(String(v.value)),
        value: String(v.value),
        type: r.type(v.type, d.name),
      }));
      return `${rustdoc(docs)}#[derive(${DERIVE})]\n#[serde(tag = ${str(d.tag)})]\npub enum ${name} {\n${vs
        .map(
          (v) =>
            `${v.id === v.value ? "" : `    #[serde(rename = ${str(v.value)})]\n`}    ${v.id}(${v.type}),`,
        )
        .join("\n")}\n}

impl ${name} {
    /// The tag of this variant, as on the wire.
    pub fn tag(&self) -> &'static str {
        match self {
${vs.map((v) => `            Self::${v.id}(_) => ${str(v.value)},`).join("\n")}
        }
    }
}`;
    }
    case "union": {
      const take = localNames(table);
      const label = (t: Type): string => {
        if (t.kind === "ref") return r.names.type(t.name);
        if (t.kind === "array") return `${label(t.items)}List`;
        if (t.kind === "map") return `${label(t.values)}Map`;
        if (t.kind === "nullable") return label(t.type);
        return (
          { boolean: "Bool", literal: "Literal", any: "Any" }[t.kind as string] ??
          convert(t.kind, "PascalCase", "type")
        );
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
      const vs = sorted.map(({ t }) => {
        const id = take(label(t));
        const attr = r.wide(t) ? `    #[serde(with = "${JSON_RS}wide")]\n` : "";
        return t.kind === "null" ? `    ${id},` : `${attr}    ${id}(${r.type(t, d.name)}),`;
      });
      return `${rustdoc(docs)}#[derive(${DERIVE})]\n#[serde(untagged)]\npub enum ${name} {\n${vs.join("\n")}\n}`;
    }
  }
}

/** src/types.rs: every declaration, in model order. */
export function renderTypes(r: Rust, banner: string): string {
  const items = [...r.model.types.values()].map((d) => renderDecl(d, r));
  const text = items.join("\n\n");
  const uses = [
    ...(text.includes("IndexMap<") ? ["use indexmap::IndexMap;"] : []),
    ...(/\b(Serialize|Deserialize)\b/.test(text) ? ["use serde::{Deserialize, Serialize};"] : []),
  ];
  return `${banner}
//! Every type the document declares${items.length === 0 ? " (none)" : ""}.
${uses.length > 0 ? `\n${uses.join("\n")}\n` : ""}${items.length > 0 ? `\n${text}\n` : ""}`;
}
