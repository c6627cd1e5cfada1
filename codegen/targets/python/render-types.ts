// The model's types as Python: a dataclass per object (`from_json` / `to_json`), a `TypeAlias` per
// enum (`Literal[...]`), union (`A | B`) and alias, a `decode_<Name>` function per non-class
// declaration; annotations and decoder expressions for every `Type` kind. Encoding is structural
// (runtime `encode`), so only decoding is written per type.
import type { Decl, Member, Model, ObjectDecl, Type } from "../../model/types.js";
import type { Names } from "../../naming/namer.js";
import { comment, docstring, pyLiteral } from "./py-text.js";

/** Names a module takes from `.types` (collected while rendering, so only used ones are imported). */
export type Uses = Set<string>;

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
    seen.add(t.name);
    const d = this.model.types.get(t.name);
    if (d?.kind === "alias") return this.admitsNull(d.type, seen);
    if (d?.kind === "union") return d.variants.some((v) => this.admitsNull(v, seen));
    return d?.kind === "object" && !this.isClass(d);
  }

  /** The annotation of `t`; names from `.types` go into `uses` (when rendering another module). */
  ann(t: Type, uses?: Uses): string {
    switch (t.kind) {
      case "ref": {
        const name = this.names.type(t.name);
        uses?.add(name);
        return name;
      }
      case "string":
        return "str";
      case "number":
        return "float";
      case "integer":
        return "int";
      case "boolean":
        return "bool";
      case "null":
        return "None";
      case "literal":
        return typeof t.value === "number" && !Number.isInteger(t.value)
          ? "float"
          : `Literal[${pyLiteral(t.value)}]`;
      case "array":
        return `list[${this.ann(t.items, uses)}]`;
      case "map":
        return `dict[str, ${this.ann(t.values, uses)}]`;
      case "nullable":
        return `${this.ann(t.type, uses)} | None`;
      case "any":
        uses?.add("JsonValue");
        return "JsonValue";
    }
  }

  /** A decoder expression (`Callable[[JsonValue], T]`) for `t`. */
  dec(t: Type, uses?: Uses): string {
    switch (t.kind) {
      case "ref": {
        const d = this.model.types.get(t.name);
        const name = this.names.type(t.name);
        const fn = this.isClass(d) ? `${name}.from_json` : `decode_${name}`;
        uses?.add(this.isClass(d) ? name : fn);
        return fn;
      }
      case "string":
      case "integer":
      case "number":
      case "boolean":
      case "null":
        return `_c.${t.kind === "string" ? "string" : t.kind}`;
      case "literal":
        return `_c.literal(${pyLiteral(t.value)})`;
      case "array":
        return `_c.list_of(${this.dec(t.items, uses)})`;
      case "map":
        return `_c.dict_of(${this.dec(t.values, uses)})`;
      case "nullable":
        return `_c.nullable(${this.dec(t.type, uses)})`;
      case "any":
        return "_c.any_json";
    }
  }

  /** How an optional value of `t` is left out: `None` (it cannot be null) or `UNSET` (it can). */
  absent(t: Type): "None" | "UNSET" {
    return this.admitsNull(t) ? "UNSET" : "None";
  }

  /** `name: annotation[ = default]` for a member or keyword param. */
  slot(m: Member, name: string, uses?: Uses): string {
    const ann = this.ann(m.type, uses);
    if (m.required)
      return m.type.kind === "literal" ? `${name}: ${ann} = ${pyLiteral(m.type.value)}` : `${name}: ${ann}`;
    return this.absent(m.type) === "UNSET"
      ? `${name}: ${ann} | Unset = UNSET`
      : `${name}: ${ann} | None = None`;
  }

  private object(d: ObjectDecl, name: string): string {
    const member = (m: Member): string => this.names.member(d.name, m.name);
    const fields = d.members.map((m) => {
      const reason = m.type.kind === "any" && m.type.reason ? comment(m.type.reason) : "";
      return `    ${this.slot(m, member(m))}${reason}\n${docstring(m.docs, "    ")}`;
    });
    const decode = d.members.map((m) => {
      const how = m.required ? "field" : this.absent(m.type) === "UNSET" ? "maybe" : "optional";
      return `            ${member(m)}=_c.${how}(o, ${pyLiteral(m.name)}, ${this.dec(m.type)}),`;
    });
    const encode = d.members.map((m) => {
      const set = `out[${pyLiteral(m.name)}] = _c.encode(self.${member(m)})`;
      if (m.required) return `        ${set}`;
      return `        if self.${member(m)} is not ${this.absent(m.type)}:\n            ${set}`;
    });
    if (d.additional.kind === "typed") {
      const values = d.additional.values;
      fields.push(
        `    additional_properties: dict[str, ${this.ann(values)}] = dataclasses.field(default_factory=_c.empty_map)\n    """Members besides the declared ones."""\n`,
      );
      const known = `(${d.members.map((m) => `${pyLiteral(m.name)}, `).join("")})`;
      decode.push(`            additional_properties=_c.rest(o, ${known}, ${this.dec(values)}),`);
      encode.push(
        "        out.update({k: _c.encode(v) for k, v in self.additional_properties.items() if k not in out})",
      );
    }
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

  /** One declaration: a dataclass, or an alias and its decoder. */
  decl(d: Decl, quoted = false): string {
    const name = this.names.type(d.name);
    if (d.kind === "object" && this.isClass(d)) return this.object(d, name);
    const alias = (expr: string, decode: string, note = ""): string =>
      `${name}: TypeAlias = ${quoted ? JSON.stringify(expr) : expr}${note}\n${docstring(d.docs, "")}\n\ndef decode_${name}(value: JsonValue) -> ${name}:\n${decode}`;
    switch (d.kind) {
      case "object":
        return alias(
          "JsonValue",
          "    return value",
          comment("an object with no declared members: any JSON"),
        );
      case "enum": {
        const values = d.values.map((v) => v.value);
        const exact = values.filter((v) => typeof v !== "number" || Number.isInteger(v));
        const expr = [
          ...(exact.length > 0 ? [`Literal[${exact.map(pyLiteral).join(", ")}]`] : []),
          ...(exact.length < values.length ? ["float"] : []),
        ].join(" | ");
        return alias(expr, `    return _c.literal(${values.map(pyLiteral).join(", ")})(value)`);
      }
      case "tagged": {
        const branches = d.variants.map(
          (v) => `    if tag == ${pyLiteral(v.value)}:\n        return ${this.dec(v.type)}(o)`,
        );
        return alias(
          d.variants.map((v) => this.ann(v.type)).join(" | "),
          `    o = _c.obj(value, ${pyLiteral(name)})\n    tag = _c.tag(o, ${pyLiteral(d.tag)})\n${branches.join("\n")}\n    raise _c.unknown_tag(${pyLiteral(d.tag)}, tag)`,
        );
      }
      case "union":
        return alias(
          d.variants.map((v) => this.ann(v)).join(" | "),
          `    return _c.first_of(${d.variants.map((v) => this.dec(v)).join(", ")})(value)`,
        );
      case "alias": {
        const reason = d.type.kind === "any" && d.type.reason ? comment(d.type.reason) : "";
        return alias(this.ann(d.type), `    return ${this.dec(d.type)}(value)`, reason);
      }
    }
  }

  /** Every ref in `t` (the declarations an alias of `t` needs to exist first). */
  private refs(t: Type, out: string[] = []): string[] {
    if (t.kind === "ref") out.push(t.name);
    else if (t.kind === "array") this.refs(t.items, out);
    else if (t.kind === "map") this.refs(t.values, out);
    else if (t.kind === "nullable") this.refs(t.type, out);
    return out;
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
    const deps = (d: Decl): string[] =>
      d.kind === "alias"
        ? this.refs(d.type)
        : d.kind === "union"
          ? d.variants.flatMap((v) => this.refs(v))
          : [];
    const visit = (name: string): boolean => {
      const d = this.model.types.get(name);
      if (d === undefined || this.isClass(d)) return false;
      if (state.get(name) === "done") return quoted.has(name);
      if (state.get(name) === "visiting") return true;
      state.set(name, "visiting");
      const q = deps(d).map(visit).includes(true);
      state.set(name, "done");
      if (q) quoted.add(name);
      order.push(d);
      return q;
    };
    for (const name of this.model.types.keys()) visit(name);
    return { order, quoted };
  }

  /** The whole types.py body (after the banner). */
  module(): string {
    const decls = [...this.model.types.values()];
    const names = decls.map((d) => this.names.type(d.name));
    const { order, quoted } = this.aliasOrder();
    const body = [...decls.filter((d) => this.isClass(d)), ...order]
      .map((d) => this.decl(d, quoted.has(d.name)))
      .join("\n\n\n");
    const imports = [
      "from __future__ import annotations",
      "",
      ...(/dataclasses\./.test(body) ? ["import dataclasses"] : []),
      ...(/\bLiteral\[/.test(body) || /TypeAlias/.test(body)
        ? [
            `from typing import ${[/\bLiteral\[/.test(body) ? "Literal" : "", /TypeAlias/.test(body) ? "TypeAlias" : ""].filter(Boolean).join(", ")}`,
          ]
        : []),
      "",
      ...(/_c\./.test(body) ? ["from .runtime import codec as _c"] : []),
      ...(body === ""
        ? []
        : [
            `from .runtime.codec import ${["JsonValue", ...(/\bUNSET\b/.test(body) ? ["UNSET", "Unset"] : [])].join(", ")}`,
          ]),
    ];
    return `${imports.join("\n")}

__all__ = [${names.map((n) => `\n    ${pyLiteral(n)},`).join("")}${names.length > 0 ? "\n" : ""}]
${body === "" ? "" : `\n\n${body}\n`}`;
  }
}
