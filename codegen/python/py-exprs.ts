// How a PyType is spelled in Python: its annotation, the `_codec` converter that decodes a wire value
// into it (checking as it goes), and the expression that turns it back into a wire value.
import type { PyModel, PyType } from "./model.js";
import { pyLiteral, snake } from "./py-names.js";

export function annotation(t: PyType): string {
  switch (t.kind) {
    case "str":
    case "int":
    case "float":
    case "bool":
      return t.kind;
    case "none":
      return "None";
    case "any":
      return "Any";
    case "object":
      return "dict[str, Any]";
    case "literal":
      return `Literal[${t.values.map(pyLiteral).join(", ")}]`;
    case "list":
      return `list[${annotation(t.item)}]`;
    case "dict":
      return `dict[str, ${annotation(t.value)}]`;
    case "ref":
      return t.name;
    case "union":
      return t.members.some((m) => m.kind === "any") ? "Any" : t.members.map(annotation).join(" | ");
  }
}

/** The function name that decodes a tagged union: `SessionUpdate` → `decode_session_update`. */
export const unionDecoder = (name: string): string => `decode_${snake(name)}`;

/** An expression for a one-argument function that decodes a wire value into `t`. */
export function converter(model: PyModel, t: PyType): string {
  switch (t.kind) {
    case "str":
      return "_c.string";
    case "int":
      return "_c.integer";
    case "float":
      return "_c.number";
    case "bool":
      return "_c.boolean";
    case "none":
      return "_c.null";
    case "any":
      return "_c.any_value";
    case "object":
      return "_c.json_object";
    case "literal":
      return `_c.literal(${t.values.map(pyLiteral).join(", ")})`;
    case "list":
      return `_c.list_of(${converter(model, t.item)})`;
    case "dict":
      return `_c.dict_of(${converter(model, t.value)})`;
    case "ref": {
      const def = model.def(t.name);
      if (def.kind === "class") return `${def.name}.from_json`;
      if (def.kind === "union") return unionDecoder(def.name);
      return converter(model, def.type);
    }
    case "union": {
      const rest = t.members.filter((m) => m.kind !== "none");
      if (rest.length === 1 && rest.length < t.members.length) {
        return `_c.nullable(${converter(model, rest[0] as PyType)})`;
      }
      return `_c.first_of(${t.members.map((m) => converter(model, m)).join(", ")})`;
    }
  }
}

/** True when a value of `t` is already its own wire form (no dataclass anywhere inside). */
export function isPlain(model: PyModel, t: PyType): boolean {
  switch (t.kind) {
    case "list":
      return isPlain(model, t.item);
    case "dict":
      return isPlain(model, t.value);
    case "union":
      return t.members.every((m) => isPlain(model, m));
    case "ref": {
      const def = model.def(t.name);
      return def.kind === "alias" && isPlain(model, def.type);
    }
    case "any":
    case "object":
      return false; // a caller may put a dataclass in a free-form value
    default:
      return true;
  }
}

/** The wire form of `value` (a Python expression) of type `t`. */
export function encoded(model: PyModel, t: PyType, value: string): string {
  if (isPlain(model, t)) return value;
  if (t.kind === "ref" && model.def(t.name).kind === "class") return `${value}.to_json()`;
  return `_c.encode(${value})`;
}

/** The names a PyType refers to, for import lists and definition order. */
export function refsOf(t: PyType, out = new Set<string>()): Set<string> {
  if (t.kind === "ref") out.add(t.name);
  else if (t.kind === "list") refsOf(t.item, out);
  else if (t.kind === "dict") refsOf(t.value, out);
  else if (t.kind === "union") for (const m of t.members) refsOf(m, out);
  return out;
}

/** The names a PyType's annotation and converter use: its refs, and what the aliases among them name. */
export function namesUsed(model: PyModel, t: PyType, out = new Set<string>()): Set<string> {
  for (const name of refsOf(t)) {
    if (out.has(name)) continue;
    out.add(name);
    const def = model.def(name);
    if (def.kind === "alias") namesUsed(model, def.type, out);
  }
  return out;
}
