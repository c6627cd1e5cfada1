// Text from the document inside Python source: docstrings that no description can end early or break
// (backslashes, `"""`, control characters), one-line `#` comments, and literals for JSON values.
import type { Docs } from "../../model/types.js";

/** A value as a Python literal: JSON strings are valid Python strings; `true` → `True`. */
export function pyLiteral(v: string | number | boolean | null): string {
  if (v === null) return "None";
  if (typeof v === "boolean") return v ? "True" : "False";
  if (typeof v === "number") return Number.isInteger(v) ? BigInt(v).toString() : String(v);
  return JSON.stringify(v);
}

const escapeDoc = (text: string): string =>
  text
    .replace(/\r\n?/g, "\n")
    .replaceAll("\\", "\\\\")
    .replaceAll('"""', '\\"\\"\\"')
    // eslint-disable-next-line no-control-regex
    .replace(/[\x00-\x08\x0b-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`)
    .replace(/"$/, '\\"');

/** The lines a declaration or method documents itself with: summary, description, extras. */
export function docText(docs: Docs, extra: (string | undefined)[] = []): string {
  const summary = docs.summary !== undefined && docs.summary !== docs.description ? docs.summary : undefined;
  return [
    summary,
    docs.description,
    ...extra,
    docs.deprecated ? ".. deprecated:: in the document" : undefined,
  ]
    .filter((l): l is string => l !== undefined && l.trim() !== "")
    .join("\n\n")
    .trim();
}

/** A `"""…"""` block at `indent` (with a blank line after it for a class), or "" with nothing to say. */
export function docstring(
  docs: Docs,
  indent: string,
  blankAfter = false,
  extra: (string | undefined)[] = [],
): string {
  const text = docText(docs, extra);
  if (text === "") return "";
  const lines = escapeDoc(text).split("\n");
  const body =
    lines.length === 1
      ? `${indent}"""${lines[0]}"""`
      : `${indent}"""${lines[0]}\n${lines
          .slice(1)
          .map((l) => (l.trim() === "" ? "" : `${indent}${l}`))
          .join("\n")}\n${indent}"""`;
  return `${body}\n${blankAfter ? "\n" : ""}`;
}

/** `  # text` on one line (the reason a schema is typed as any JSON). */
export const comment = (text: string): string =>
  // eslint-disable-next-line no-control-regex
  `  # ${text.replace(/[\x00-\x1f\x7f\x85\u2028\u2029]+/g, " ").replace(/\s+$/, "")}`;
