// The model's types as Go: structs with json tags for objects, named types with constants for
// enums, an interface plus a Decode function for tagged and untagged unions (a tag it does not know
// is an *UnknownVariant), type aliases for the rest. Where a value sits decides its Go type: an
// optional member is a pointer (nil: left out), a nullable one a pointer too, one that may be both
// a Nullable; slices, json.RawMessage and interfaces are nil-able themselves.
import type { Decl, IntegerType, Member, Model, ObjectDecl, Scalar, Type } from "../../model/types.js";
import { aligned, comment, docTexts, func, type GoNames, goString, type Row } from "./names.js";

type Tag = { key: string; values: Scalar[] };

// Integers the document does not bound are json.Number, which keeps every digit whatever the size.
const int = (r: IntegerType["range"]): string =>
  r === "unbounded" ? "json.Number" : r === "int53" ? "int64" : r;
const RAW = "json.RawMessage";
const SCALAR: Record<string, string | undefined> = { string: "string", number: "float64", boolean: "bool" };
/** What a Go type can hold: nil-able kinds hold null (and absence) themselves. */
type Shape = "struct" | "slice" | "raw" | "iface" | "value";
const NILABLE = new Set<Shape>(["slice", "raw", "iface"]);
// encoding/json's rule for a tag name; vet refuses the rest too.
const TAG = /^[\p{L}\p{Nd}!#$%&()*+\-./:;<=>?@[\]^_{|}~ ]+$/u;

/** What an array, map or nullable holds. */
const inner = (t: Type): Type | undefined =>
  t.kind === "array" ? t.items : t.kind === "map" ? t.values : t.kind === "nullable" ? t.type : undefined;
/** The Go type of a literal or enum value. */
export const literalType = (v: Scalar): string =>
  typeof v === "number" && Number.isInteger(v) && Math.abs(v) < 2 ** 63 ? "int64" : SCALAR[typeof v]!;
export const goLiteral = (v: Scalar): string => (typeof v === "string" ? goString(v) : String(v));

export class GoTypes {
  /** The init lines that register each union's Decode function with the runtime's decoder. */
  readonly registrations: string[] = [];
  constructor(
    readonly model: Model,
    readonly names: GoNames,
  ) {}

  decl = (name: string): Decl | undefined => this.model.types.get(name);

  /** Why an object is any JSON in Go: it declares no member, or a member name no json tag can hold. */
  rawReason(d: ObjectDecl): string | undefined {
    if (d.members.length === 0) return "an object that declares no members";
    const bad = d.members.find((m) => !TAG.test(m.name));
    return bad && `member ${JSON.stringify(bad.name)} cannot be a Go json tag name`;
  }

  /** An alias that refers to itself without an object or union in between. */
  private recursive(name: string, t: Type, seen = new Set<string>()): boolean {
    if (inner(t)) return this.recursive(name, inner(t)!, seen);
    if (t.kind !== "ref") return false;
    if (t.name === name) return true;
    const d = this.decl(t.name);
    if (d?.kind !== "alias" || seen.has(t.name)) return false;
    seen.add(t.name);
    return this.recursive(name, d.type, seen);
  }

  /** `t` without the nullable around it (through aliases) and whether null is allowed. */
  strip(t: Type, seen = new Set<string>()): { t: Type; nullable: boolean } {
    if (t.kind === "nullable") return { t: t.type, nullable: true };
    const d = t.kind === "ref" ? this.decl(t.name) : undefined;
    if (d?.kind === "alias" && !seen.has(d.name) && !this.recursive(d.name, d.type)) {
      seen.add(d.name);
      return { t, nullable: this.strip(d.type, seen).nullable };
    }
    return { t, nullable: false };
  }

  shape(t: Type, seen = new Set<string>()): Shape {
    if (t.kind === "nullable") return this.shape(t.type, seen);
    if (t.kind !== "ref")
      return t.kind === "array" ? "slice" : t.kind === "any" || t.kind === "null" ? "raw" : "value";
    const d = this.decl(t.name);
    if (d === undefined || seen.has(t.name)) return "raw";
    seen.add(t.name);
    if (d.kind === "object") return this.rawReason(d) ? "raw" : "struct";
    if (d.kind === "enum") return d.valueType === "mixed" ? "raw" : "value";
    if (d.kind !== "alias") return "iface";
    const base = this.strip(d.type).t;
    return !this.recursive(d.name, d.type) ? this.shape(base, seen) : base.kind === "array" ? "slice" : "raw";
  }

  /** The Go type of a value that is present and not null. */
  go(t: Type): string {
    if (t.kind === "ref") return this.names.type(t.name);
    if (t.kind === "integer") return int(t.range);
    if (t.kind === "literal") return literalType(t.value);
    if (t.kind === "array") return `[]${this.elem(t.items)}`;
    if (t.kind === "map") return `Map[${this.elem(t.values)}]`;
    return t.kind === "nullable" ? this.elem(t) : (SCALAR[t.kind] ?? RAW);
  }

  /** A value that is always there (an item, a map value, a required param): null as nil. */
  elem(t: Type): string {
    const s = this.strip(t);
    const g = this.go(s.t);
    return s.nullable && !NILABLE.has(this.shape(s.t)) ? `*${g}` : g;
  }

  /** A value that may be left out (an optional param, error data): nil when absent. */
  optional(t: Type): string {
    const s = this.strip(t);
    return NILABLE.has(this.shape(s.t)) ? this.go(s.t) : `*${this.go(s.t)}`;
  }

  /** A method's result: structs by pointer. */
  result(t: Type): string {
    const s = this.strip(t);
    return this.shape(s.t) === "struct" ? `*${this.go(s.t)}` : this.elem(t);
  }

  /** The object a type names (through aliases), when Go declares it as a struct. */
  structOf(t: Type): string | undefined {
    const s = this.strip(t);
    if (s.nullable || s.t.kind !== "ref" || this.shape(s.t) !== "struct") return undefined;
    let d = this.decl(s.t.name);
    for (let i = 0; d?.kind === "alias" && i < 64; i++)
      d = d.type.kind === "ref" ? this.decl(d.type.name) : undefined;
    return d?.kind === "object" ? d.name : undefined;
  }

  /** Whether `from`'s struct holds `to`'s by value through required members (a cycle needs a pointer). */
  private embeds(from: string, to: string, seen = new Set<string>()): boolean {
    if (from === to) return true;
    const d = this.decl(from);
    if (d?.kind !== "object" || seen.has(from)) return false;
    seen.add(from);
    return d.members.some((m) => {
      const inner = m.required ? this.structOf(m.type) : undefined;
      return inner !== undefined && this.embeds(inner, to, seen);
    });
  }

  /** Whether decoding `t` needs the package's own decoder (a union in it, outside a Map). */
  private holdsUnion(t: Type, seen = new Set<string>()): boolean {
    if (inner(t)) return this.holdsUnion(inner(t)!, seen);
    const d = t.kind === "ref" && !seen.has(t.name) ? this.decl(t.name) : undefined;
    if (d?.kind === "alias") return seen.add(d.name) && this.holdsUnion(d.type, seen);
    return d?.kind === "tagged" || d?.kind === "union";
  }

  private field(d: ObjectDecl, m: Member): string {
    const s = this.strip(m.type);
    const g = this.go(s.t);
    const shape = this.shape(s.t);
    if (m.required && !s.nullable)
      return shape === "struct" && this.embeds(this.structOf(s.t)!, d.name) ? `*${g}` : g;
    if (m.required) return NILABLE.has(shape) ? g : `*${g}`;
    if (!s.nullable) return shape === "raw" || shape === "iface" ? g : `*${g}`;
    return shape === "raw" ? g : `Nullable[${g}]`;
  }

  /** Doc lines for a value: its docs, and why it is any JSON where the model says why. */
  docs(docs: ObjectDecl["docs"], t?: Type): string[] {
    // Only an `any` type carries a `reason`; refs are names, so this never leaves the value's own type.
    const reasons = [...JSON.stringify(t ?? {}).matchAll(/"reason":("(?:[^"\\]|\\.)*")/g)];
    return [...docTexts(docs), ...reasons.map((r) => `Any JSON: ${JSON.parse(r[1]!)}.`)];
  }

  private struct(d: ObjectDecl, name: string, head: string): string {
    const rows = d.members.map((m): Row => {
      // `-` alone would mean "no member"; `-,` is the member named "-".
      const tag = `${m.name === "-" ? "-," : m.name}${m.required ? "" : ",omitempty"}`;
      return [
        comment(this.docs(m.docs, m.type), "\t"),
        this.names.member(d.name, m.name),
        this.field(d, m),
        `\`json:"${tag}"\``,
      ];
    });
    let out = `${head}type ${name} struct {\n${aligned(rows)}}\n`;
    const fixed = d.members.filter((m) => m.required && m.type.kind === "literal");
    if (fixed.length > 0) {
      const set = (m: Member): string =>
        `\tv.${this.names.member(d.name, m.name)} = ${goLiteral((m.type as { value: Scalar }).value)}\n`;
      const sets = fixed.map(set);
      out += `\n// MarshalJSON writes the members that have one fixed value with that value.\nfunc (v ${name}) MarshalJSON() ([]byte, error) {\n\ttype plain ${name}\n${sets.join("")}\treturn marshal(plain(v))\n}\n`;
    }
    if (d.members.some((m) => this.holdsUnion(m.type)))
      out += `\n// UnmarshalJSON decodes the members that hold unions by their own rules.\n${func(`func (v *${name}) UnmarshalJSON(data []byte) error`, "return decodeObject(data, v)")}`;
    return out;
  }

  /** Interface, markers, variant wrappers and Decode for a union (by `tag` when it is tagged). */
  private union(name: string, head: string[], variants: Type[], tag?: Tag): string {
    const marker = `is${name}`;
    const decoder = this.names.extra(`Decode${name}`);
    const parts: string[] = [];
    const impls = variants.map((v) => {
      const struct = this.structOf(v);
      if (struct !== undefined) return this.names.type(struct);
      const what = v.kind === "ref" ? this.names.type(v.name) : v.kind;
      // A variant type already named after its union (ActionOriginVariant1) is not prefixed twice
      // (ActionOriginActionOriginVariant1): its wrapper is that name and Value (issue 27).
      const impl = this.names.extra(
        what.startsWith(name) && what.length > name.length ? `${what} Value` : `${name} ${what}`,
      );
      parts.push(`// ${impl} is the ${what} variant of ${name}.
type ${impl} struct {
	Value ${this.elem(v)}
}

// MarshalJSON writes the value.
${func(`func (v ${impl}) MarshalJSON() ([]byte, error)`, "return marshal(v.Value)")}
// UnmarshalJSON reads the value.
${func(`func (v *${impl}) UnmarshalJSON(data []byte) error`, "return decodeValue(data, &v.Value)")}`);
      return impl;
    });
    const all = [...new Set([...impls, ...(tag ? ["UnknownVariant"] : [])])];
    const one = `It is one of ${all.map((i) => `*${i}`).join(", ")}.`;
    parts.unshift(`${comment([...head, one])}type ${name} interface {\n\t${marker}()\n}\n`);
    parts.push(all.map((i) => func(`func (*${i}) ${marker}()`)).join("\n"));
    // Tags that are one Go value (lone surrogates, which Go decodes as U+FFFD) take the first variant:
    // a switch may not repeat a case.
    const seen = new Set<string>();
    const cases = tag?.values.map((value, i) => {
      const v = typeof value === "number" ? `float64(${value})` : goLiteral(value as string | boolean);
      if (seen.has(v)) return "";
      seen.add(v);
      return `\t\tcase ${v}:\n\t\t\treturn new(${impls[i]})\n`;
    });
    const body = tag
      ? `decodeTagged(data, ${goString(tag.key)}, func(tag any) any {\n\t\tswitch tag {\n${cases!.join("")}\t\t}\n\t\treturn nil\n\t})`
      : `decodeUntagged(data, ${goString(name)}${[...new Set(impls)].map((i) => `, new(${i})`).join("")})`;
    parts.push(`// ${decoder} decodes a ${name}${tag ? ": a tag it does not know is an *UnknownVariant" : ": the first variant the JSON fits"}.
func ${decoder}(data []byte) (${name}, error) {
	v, err := ${body}
	if err != nil {
		return nil, err
	}
	return v.(${name}), nil
}
`);
    this.registrations.push(`\tregisterUnion(${decoder})\n`);
    return parts.join("\n");
  }

  render(d: Decl): string {
    const name = this.names.type(d.name);
    // Where the type comes from, when its name does not say it already: a doc comment that only
    // repeats the name (`Grant is the schema Grant.`) adds no words (issue 27).
    const origin =
      d.origin.kind === "component"
        ? d.origin.key === name
          ? undefined
          : `the schema ${d.origin.key}`
        : `the schema at ${d.origin.pointer}`;
    const texts = [
      ...(origin === undefined ? [] : [`${name} is ${origin}.`]),
      // A title that is the name again (`Circle` for Circle) is not said twice.
      ...this.docs(d.docs).filter((t) => t.trim() !== name),
    ];
    const head = (extra: string[] = []): string => comment([...texts, ...extra]);
    switch (d.kind) {
      case "object": {
        const raw = this.rawReason(d);
        if (raw) return `${head([`Any JSON: ${raw}.`])}type ${name} = ${RAW}\n`;
        return this.struct(d, name, head());
      }
      case "enum": {
        const values = [...new Set(d.values.map((v) => v.value))];
        if (d.valueType === "mixed")
          return `${head([`Any JSON, one of ${values.map((v) => JSON.stringify(v)).join(", ")}.`])}type ${name} = ${RAW}\n`;
        const base = values.every((v) => literalType(v) === "int64")
          ? "int64"
          : (SCALAR[d.valueType] ?? "float64");
        const constant = (v: Scalar): string =>
          this.names.extra(`${name}${this.names.enumMember(d.name, v)}`);
        const rows = values.map((v): Row => ["", constant(v), name, `= ${goLiteral(v)}`]);
        return `${head()}type ${name} ${base}\n\n// The values of ${name}.\nconst (\n${aligned(rows)})\n`;
      }
      case "tagged": {
        const tag = { key: d.tag, values: d.variants.map((v) => v.value) };
        return this.union(
          name,
          texts,
          d.variants.map((v) => v.type),
          tag,
        );
      }
      case "union":
        return this.union(name, texts, d.variants);
      case "alias": {
        const inner = this.strip(d.type).t;
        if (!this.recursive(d.name, d.type))
          return `${head(this.docs({}, d.type))}type ${name} = ${this.go(inner)}\n`;
        if (inner.kind === "array") return `${head()}type ${name} []${this.elem(inner.items)}\n`;
        return `${head(["Any JSON: a schema that refers to itself."])}type ${name} = ${RAW}\n`;
      }
    }
  }
}
