// Value coercion for config writes (SPEC §6: "checked and, where the schema says so, coerced"): a
// string that spells a number or boolean becomes one where the field wants it, and a single string
// becomes a one-element list where the field wants a list of strings. Anything else is left for the
// validator to refuse, with the field's own error.
import type { SchemaNode } from "./config-schema.js";

const types = (node: SchemaNode): string[] =>
  node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];

export function coerce(value: unknown, node: SchemaNode): unknown {
  const want = types(node);
  if (want.length === 0 || typeof value !== "string") return value;
  if (want.includes("string")) return value;
  const trimmed = value.trim();
  if ((want.includes("integer") || want.includes("number")) && /^-?\d+(\.\d+)?$/.test(trimmed)) {
    const n = Number(trimmed);
    if (want.includes("number") || Number.isInteger(n)) return n;
  }
  if (want.includes("boolean") && (trimmed === "true" || trimmed === "false")) return trimmed === "true";
  if (want.includes("array") && types(node.items ?? {}).includes("string")) return [value];
  return value;
}
