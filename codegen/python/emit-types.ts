// _generated_types.py: one dataclass per object schema (from_json / to_json), a `TypeAlias` per
// scalar, enum or list schema, and each tagged union as a `Union` of dataclasses with a `match`
// decoder on its tag.
import type { Def, Field, PyModel } from "./model.js";
import { annotation, converter, encoded, refsOf, unionDecoder } from "./py-exprs.js";
import { docstring, pyLiteral, pyStr } from "./py-names.js";

const HEADER = `"""Wire types of the zeroclaw daemon protocol.

Every object is a dataclass: \`\`from_json\`\` decodes (and checks) a wire object, leaving out members
it does not declare; \`\`to_json\`\` gives the wire object back, without the optional members left at
\`\`None\`\`. Attributes are snake_case; the wire names are in the methods.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Self, TypeAlias

from . import _codec as _c
`;

export function emitTypes(model: PyModel, banner: string): string {
  const defs = ordered(model);
  // PEP 8: two blank lines around classes and functions, one between plain aliases.
  const blocks = defs.map((d, i) => {
    const text = d.kind === "class" ? renderClass(model, d) : renderAlias(d);
    const prev = defs[i - 1];
    return i === 0 || (d.kind === "alias" && prev?.kind === "alias") ? text : `\n${text}`;
  });
  const exported = [...model.defs.values()].flatMap((d) =>
    d.kind === "union" ? [d.name, unionDecoder(d.name)] : [d.name],
  );
  return `${banner}\n${HEADER}\n${allList(exported)}\n\n\n${blocks.join("\n\n")}\n`;
}

/** \`from ._generated_types import (...)\`, sorted as isort does: classes, then functions. */
export function importList(names: Iterable<string>): string {
  const all = [...new Set(names)];
  const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  const classes = all.filter((n) => /^[A-Z]/.test(n)).sort(byName);
  const functions = all.filter((n) => !/^[A-Z]/.test(n)).sort(byName);
  return `from ._generated_types import (\n${[...classes, ...functions].map((n) => `    ${n},`).join("\n")}\n)`;
}

export function allList(names: string[]): string {
  const sorted = [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `__all__ = [\n${sorted.map((n) => `    ${pyStr(n)},`).join("\n")}\n]`;
}

/**
 * Aliases are evaluated when the module loads, so each comes after what it names; dataclass
 * annotations are not (`from __future__ import annotations`), so classes go in document order
 * between the aliases that need nothing and those that name a class.
 */
function ordered(model: PyModel): Def[] {
  const defs = [...model.defs.values()];
  const deps = (d: Def): string[] =>
    d.kind === "alias" ? [...refsOf(d.type)] : d.kind === "union" ? d.variants.map((v) => v.name) : [];
  const leaves = defs.filter((d) => d.kind === "alias" && deps(d).length === 0);
  const classes = defs.filter((d) => d.kind === "class");
  const placed = new Set([...leaves, ...classes].map((d) => d.name));
  const rest: Def[] = [];
  const visit = (d: Def, stack: Set<string>): void => {
    if (placed.has(d.name)) return;
    if (stack.has(d.name)) throw new Error(`python codegen: alias cycle through ${d.name}`);
    stack.add(d.name);
    for (const n of deps(d)) visit(model.def(n), stack);
    placed.add(d.name);
    rest.push(d);
  };
  for (const d of defs) visit(d, new Set());
  return [...leaves, ...classes, ...rest];
}

function fieldLine(f: Field): string {
  const ann = annotation(f.type);
  if (f.required && f.constValue !== undefined) return `    ${f.attr}: ${ann} = ${pyLiteral(f.constValue)}`;
  if (f.required) return `    ${f.attr}: ${ann}`;
  return `    ${f.attr}: ${ann === "Any" ? "Any" : `${ann} | None`} = None`;
}

function renderClass(model: PyModel, d: Extract<Def, { kind: "class" }>): string {
  const lines = ["@dataclass(kw_only=True, slots=True)", `class ${d.name}:`];
  if (d.doc) lines.push(docstring(d.doc, "    "), "");
  for (const f of d.fields) {
    lines.push(fieldLine(f));
    if (f.doc) lines.push(docstring(f.doc, "    "));
  }
  if (d.fields.length > 0) lines.push("");

  lines.push("    @classmethod", "    def from_json(cls, data: Any) -> Self:");
  if (d.fields.length === 0) {
    lines.push(`        _c.obj(data, ${pyStr(d.name)})`, "        return cls()");
  } else {
    lines.push(`        obj = _c.obj(data, ${pyStr(d.name)})`, "        return cls(");
    for (const f of d.fields) {
      const read = f.required ? "_c.field" : "_c.optional";
      lines.push(`            ${f.attr}=${read}(obj, ${pyStr(f.wire)}, ${converter(model, f.type)}),`);
    }
    lines.push("        )");
  }
  lines.push("", "    def to_json(self) -> dict[str, Any]:");
  const required = d.fields.filter((f) => f.required);
  const optional = d.fields.filter((f) => !f.required);
  const members = required.map((f) => `${pyStr(f.wire)}: ${encoded(model, f.type, `self.${f.attr}`)}`);
  if (optional.length === 0) {
    lines.push(
      members.length === 0 ? "        return {}" : `        return {\n${indentMembers(members)}\n        }`,
    );
  } else {
    lines.push(
      members.length === 0
        ? "        out: dict[str, Any] = {}"
        : `        out: dict[str, Any] = {\n${indentMembers(members)}\n        }`,
    );
    for (const f of optional) {
      lines.push(
        `        if self.${f.attr} is not None:`,
        `            out[${pyStr(f.wire)}] = ${encoded(model, f.type, `self.${f.attr}`)}`,
      );
    }
    lines.push("        return out");
  }
  return lines.join("\n");
}

const indentMembers = (members: string[]): string => members.map((m) => `            ${m},`).join("\n");

function renderAlias(d: Exclude<Def, { kind: "class" }>): string {
  if (d.kind === "alias") {
    const ann = annotation(d.type);
    const value =
      `${d.name}: TypeAlias = ${ann}`.length <= 88 || d.type.kind !== "literal"
        ? ann
        : `Literal[\n${d.type.values.map((v) => `    ${pyLiteral(v)},`).join("\n")}\n]`;
    return `${d.name}: TypeAlias = ${value}${d.doc ? `\n${docstring(d.doc, "")}` : ""}`;
  }
  const members = d.variants.map((v) => v.name);
  const one = `${d.name}: TypeAlias = ${members.join(" | ")}`;
  const alias = one.length <= 88 ? one : `${d.name}: TypeAlias = (\n    ${members.join("\n    | ")}\n)`;
  const cases = d.variants.flatMap((v) => [
    `        case ${pyStr(v.value)}:`,
    `            return ${v.name}.from_json(data)`,
  ]);
  return `${alias}
${docstring(d.doc ?? `${d.name}, tagged by ${d.tag}.`, "")}


def ${unionDecoder(d.name)}(data: Any) -> ${d.name}:
    """Decodes a \`\`${d.name}\`\`, switching on its \`\`${d.tag}\`\` member."""
    match _c.tag(data, ${pyStr(d.tag)}):
${cases.join("\n")}
        case other:
            raise _c.DecodeError(f"unknown tag {other!r}", (${pyStr(d.tag)},))`;
}
