// The model's types as Python: a dataclass per object (`from_json` / `to_json`), a `TypeAlias` per
// enum (`Literal[...]`), union (`A | B`) and alias, a `decode_<Name>` function per other declaration;
// annotations and decoder expressions for every `Type` kind. Encoding is structural (runtime
// `encode`), so only decoding is written per type. Every name used goes into a `Uses` set.
import type { Decl, Member, Model, ObjectDecl, Type } from "../../model/types.js";
import type { Names } from "../../naming/namer.js";
import { pyString } from "../../quote/index.js";
import { comment, docstring, importsFor, pyLiteral, tuple, type Uses } from "./py-text.js";

/** Per kind: the annotation and the decoder, `%` standing for the inner type's (arrays, maps, nullable). */
const KINDS: Partial<Record<Type["kind"], [ann: string, dec: string]>> = {
  string: ["str", "_c.string"],
  number: ["float", "_c.number"],
  integer: ["int", "_c.integer"],
  boolean: ["bool", "_c.boolean"],
  null: ["None", "_c.null"],
  any: ["JsonValue", "_c.any_json"],
  array: ["list[%]", "_c.list_of(%)"],
  map: ["dict[str, %]", "_c.dict_of(%)"],
  nullable: ["% | None", "_c.nullable(%)"],
};
/** The type inside an array, map or nullable. */
const inner = (t: Type): Type | undefined =>
  t.kind === "array" ? t.items : t.kind === "map" ? t.values : t.kind === "nullable" ? t.type : undefined;
/** `name`, noted as used. */
const use = (uses: Uses, name: string): string => {
  uses.add(name);
  return name;
};
const inexact = (v: unknown): boolean => typeof v === "number" && !Number.isInteger(v);

export class PyTypes {
  constructor(
    readonly model: Model,
    readonly names: Names,
  ) {}

  /** Objects without members or typed extras are any JSON: documents use `{}` for strings too (lotus). */
  isClass(d: Decl | undefined): boolean {
    return d?.kind === "object" && (d.members.length > 0 || d.additional.kind === "typed");
  }

  /** Whether `null` is a value of `t` (then an optional member needs `UNSET` to mean "absent"). */
  admitsNull(t: Type, seen = new Set<string>()): boolean {
    if (t.kind === "nullable" || t.kind === "null" || t.kind === "any") return true;
    if (t.kind !== "ref" || seen.has(t.name)) return false;
    const d = this.model.types.get(t.name);
    seen.add(t.name);
    if (d?.kind === "alias") return this.admitsNull(d.type, seen);
    if (d?.kind === "union") return d.variants.some((v) => this.admitsNull(v, seen));
    return d?.kind === "object" && !this.isClass(d);
  }

  /** The annotation of `t`. */
  ann(t: Type, uses: Uses): string {
    if (t.kind === "tuple") return `tuple[${t.items.map((i) => this.ann(i, uses)).join(", ")}]`;
    const [kind, within] = [KINDS[t.kind], inner(t)];
    if (t.kind === "any") uses.add("JsonValue");
    if (kind) return kind[0].replace("%", () => (within ? this.ann(within, uses) : ""));
    if (t.kind === "ref") return use(uses, this.names.type(t.name));
    if (t.kind !== "literal" || inexact(t.value)) return "float"; // Literal[] takes no floats
    uses.add("Literal");
    return `Literal[${pyLiteral(t.value)}]`;
  }

  /** A decoder expression (`Callable[[JsonValue], T]`) for `t`. */
  dec(t: Type, uses: Uses): string {
    if (t.kind === "tuple") {
      uses.add("_c");
      return `_c.tuple_of(${t.items.map((i) => this.dec(i, uses)).join(", ")})`;
    }
    const [kind, within] = [KINDS[t.kind], inner(t)];
    if (kind || t.kind === "literal") uses.add("_c");
    if (kind) return kind[1].replace("%", () => (within ? this.dec(within, uses) : ""));
    if (t.kind === "literal") return `_c.literal(${pyLiteral(t.value)})`;
    const ref = (t as { name: string }).name;
    const name = this.names.type(ref);
    return this.isClass(this.model.types.get(ref))
      ? `${use(uses, name)}.from_json`
      : use(uses, `decode_${name}`);
  }

  /**
   * `return <value> decoded as t`, at `indent`. A combinator's type parameter is solved from a
   * declared decoder type (pyright would widen a Literal argument: `list[str | None]` for a list of
   * an enum), so one gets the annotated variable the decl decoders get too.
   */
  returnDecoded(t: Type, value: string, indent: string, uses: Uses): string {
    return this.returning(this.dec(t, uses), () => this.ann(t, uses), value, indent, uses);
  }

  /** `return decoder(value)`; a combinator is first given its declared type, `annotation()`. */
  private returning(
    decoder: string,
    annotation: () => string,
    value: string,
    indent: string,
    uses: Uses,
  ): string {
    if (!decoder.includes("(")) return `${indent}return ${decoder}(${value})`;
    uses.add("_c");
    return `${indent}decode: _c.Decoder[${annotation()}] = ${decoder}\n${indent}return decode(${value})`;
  }

  /** How an optional value of `t` is left out: `None` (it cannot be null) or `UNSET` (it can). */
  absent(t: Type): "None" | "UNSET" {
    return this.admitsNull(t) ? "UNSET" : "None";
  }

  /** `name: annotation[ = default]` for a member or keyword param. */
  slot(m: Member, name: string, uses: Uses): string {
    const ann = this.ann(m.type, uses);
    if (m.required)
      return m.type.kind === "literal" ? `${name}: ${ann} = ${pyLiteral(m.type.value)}` : `${name}: ${ann}`;
    if (this.absent(m.type) === "None") return `${name}: ${ann} | None = None`;
    uses.add("Unset").add("UNSET");
    return `${name}: ${ann} | Unset = UNSET`;
  }

  private object(d: ObjectDecl, name: string, uses: Uses): string {
    const attr = (m: Member): string => this.names.member(d.name, m.name);
    const fields = d.members.map((m) => {
      const reason = m.type.kind === "any" && m.type.reason ? comment(m.type.reason) : "";
      return `    ${this.slot(m, attr(m), uses)}${reason}\n${docstring(m.docs, "    ")}`;
    });
    const decode = d.members.map((m) => {
      const how = m.required ? "field" : this.absent(m.type) === "UNSET" ? "maybe" : "optional";
      return `            ${attr(m)}=_c.${how}(o, ${pyLiteral(m.name)}, ${this.dec(m.type, uses)}),`;
    });
    const encode = d.members.map((m) => {
      const set = `out[${pyLiteral(m.name)}] = _c.encode(self.${attr(m)})`;
      return m.required
        ? `        ${set}`
        : `        if self.${attr(m)} is not ${this.absent(m.type)}:\n            ${set}`;
    });
    if (d.additional.kind === "typed") {
      const [values, known] = [d.additional.values, tuple(d.members.map((m) => pyLiteral(m.name)))];
      const field = "dataclasses.field(default_factory=_c.empty_map)";
      fields.push(
        `    additional_properties: dict[str, ${this.ann(values, uses)}] = ${field}\n    """Members besides the declared ones."""\n`,
      );
      decode.push(`            additional_properties=_c.rest(o, ${known}, ${this.dec(values, uses)}),`);
      encode.push(
        "        out.update({k: _c.encode(v) for k, v in self.additional_properties.items() if k not in out})",
      );
    }
    uses.add("dataclasses").add("JsonValue");
    return `@dataclasses.dataclass(kw_only=True, slots=True)
class ${name}:
${docstring(d.docs, "    ", true)}${fields.join("")}
    @classmethod
    def from_json(cls, value: JsonValue) -> ${name}:
        o = _c.obj(value, ${pyLiteral(name)})
        return cls(
${decode.join("\n")}
        )

    def to_json(self) -> dict[str, JsonValue]:
        out: dict[str, JsonValue] = {}
${encode.join("\n")}
        return out`;
  }

  /** One declaration: a dataclass, or an alias (a string when `quoted`) and its decoder. */
  private decl(d: Decl, quoted: boolean, uses: Uses): string {
    const name = this.names.type(d.name);
    if (this.isClass(d)) return this.object(d as ObjectDecl, name, uses);
    uses.add("TypeAlias").add("JsonValue").add("_c");
    const alias = (expr: string, decode: string, note = ""): string =>
      `${name}: TypeAlias = ${quoted ? pyString(expr) : expr}${note}\n${docstring(d.docs, "")}\n\ndef decode_${name}(value: JsonValue) -> ${name}:\n${decode}`;
    switch (d.kind) {
      case "object":
        return alias("JsonValue", "    return value", comment("no declared members: any JSON"));
      case "enum": {
        const values = d.values.map((v) => v.value);
        const exact = values.filter((v) => !inexact(v));
        if (exact.length > 0) uses.add("Literal");
        const expr = [
          ...(exact.length > 0 ? [`Literal[${exact.map(pyLiteral).join(", ")}]`] : []),
          ...(exact.length < values.length ? ["float"] : []),
        ];
        return alias(expr.join(" | "), `    return _c.literal(${values.map(pyLiteral).join(", ")})(value)`);
      }
      case "tagged": {
        const branches = d.variants.map(
          (v) => `    if tag == ${pyLiteral(v.value)}:\n        return ${this.dec(v.type, uses)}(o)`,
        );
        // A tag this package does not know (a newer server) is an UnknownVariant, as in Go and Rust.
        uses.add("UnknownVariant");
        return alias(
          [...d.variants.map((v) => this.ann(v.type, uses)), "UnknownVariant"].join(" | "),
          `    o = _c.obj(value, ${pyLiteral(name)})\n    tag = _c.tag(o, ${pyLiteral(d.tag)})\n${branches.join("\n")}\n    return UnknownVariant(tag, value)`,
        );
      }
      // Both decode through a decoder typed as the declaration (returning): pyright would widen a
      // Literal argument of a combinator (Literal[8, "name"] → int | str).
      case "union": {
        const first = `_c.first_of(${d.variants.map((v) => this.dec(v, uses)).join(", ")})`;
        const ann = d.variants.map((v) => this.ann(v, uses)).join(" | ");
        return alias(
          ann,
          this.returning(first, () => name, "value", "    ", uses),
        );
      }
      case "alias": {
        const reason = d.type.kind === "any" && d.type.reason ? comment(d.type.reason) : "";
        const body = this.returning(this.dec(d.type, uses), () => name, "value", "    ", uses);
        return alias(this.ann(d.type, uses), body, reason);
      }
    }
  }

  /**
   * Aliases are real typing objects at run time (`typing.get_type_hints` resolves them), so each is
   * written after the aliases it uses (classes come first: their annotations are lazy). An alias on
   * a cycle of aliases, or using one, is written as a string instead.
   */
  private aliasOrder(): { order: Decl[]; quoted: Set<string> } {
    const order: Decl[] = [];
    const quoted = new Set<string>();
    const state = new Map<string, "visiting" | "done">();
    const refs = (t: Type): string[] =>
      t.kind === "ref"
        ? [t.name]
        : t.kind === "tuple"
          ? t.items.flatMap(refs)
          : inner(t)
            ? refs(inner(t)!)
            : [];
    const visit = (name: string): boolean => {
      const d = this.model.types.get(name);
      if (d === undefined || this.isClass(d)) return false;
      if (state.has(name)) return state.get(name) === "visiting" || quoted.has(name);
      state.set(name, "visiting");
      const deps = d.kind === "alias" ? refs(d.type) : d.kind === "union" ? d.variants.flatMap(refs) : [];
      const q = deps.map(visit).includes(true);
      state.set(name, "done");
      if (q) quoted.add(name);
      order.push(d);
      return q;
    };
    for (const name of this.model.types.keys()) visit(name);
    return { order, quoted };
  }

  /** The whole types.py (after the banner). */
  module(): string {
    const decls = [...this.model.types.values()];
    const { order, quoted } = this.aliasOrder();
    const uses: Uses = new Set();
    const body = [...decls.filter((d) => this.isClass(d)), ...order].map((d) =>
      this.decl(d, quoted.has(d.name), uses),
    );
    const all = decls.map((d) => `\n    ${pyLiteral(this.names.type(d.name))},`).join("");
    return `${importsFor(uses, true)}

__all__ = [${all}${all === "" ? "" : "\n"}]
${body.length === 0 ? "" : `\n\n${body.join("\n\n\n")}\n`}`;
  }
}
