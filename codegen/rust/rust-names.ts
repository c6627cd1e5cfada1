// Rust identifiers derived mechanically from wire names: snake_case for fields and methods, PascalCase
// for types and variants, raw identifiers (`r#type`) where a wire name is a Rust keyword.
import { pascal } from "../legacy/names.js";

const KEYWORDS = new Set(
  (
    "as async await break const continue crate dyn else enum extern false fn for if impl in let loop " +
    "match mod move mut pub ref return self static struct super trait true type unsafe use where while " +
    "abstract become box do final macro override priv try typeof unsized virtual yield"
  ).split(" "),
);
// Keywords that cannot be raw identifiers.
const NOT_RAW = new Set(["self", "super", "crate", "Self"]);

/** `sessionId` → `session_id`, `session/prompt` → `session_prompt`, `config/set-many` → `config_set_many`. */
export function snake(wire: string): string {
  const s = wire
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toLowerCase();
  return /^[0-9]/.test(s) ? `_${s}` : s;
}

/** A snake_case identifier safe to write as a Rust field or function name. */
export function rustIdent(wire: string): string {
  const s = snake(wire) || "value";
  if (NOT_RAW.has(s)) return `${s}_`;
  return KEYWORDS.has(s) ? `r#${s}` : s;
}

/** A PascalCase type or variant name; `*` (and other symbol-only values) become `Any`. */
export function rustType(wire: string): string {
  const p = pascal(/^[A-Z0-9_]+$/.test(wire) ? wire.toLowerCase() : wire);
  if (p === "") return "Any";
  return /^[0-9]/.test(p) ? `V${p}` : p;
}

/** True when serde's `rename_all = "snake_case"` maps every variant name back to its wire value. */
export const snakeRoundTrips = (values: string[]): boolean =>
  values.every((v) => snake(rustType(v)) === v && rustType(v) !== "Any");

/** The document's prose as rustdoc markdown: `<`, `[` and `]` outside code spans are literal text. */
const literal = (text: string): string =>
  text
    .split("`")
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/[<[\]]/g, (c) => `\\${c}`)))
    .join("`");

/** `/// …` doc lines at an indent, or nothing for no text. */
export function docComment(text: string | undefined, indent = ""): string {
  if (!text) return "";
  return `${literal(text)
    .trim()
    .split("\n")
    .map((l) => (l.trim() === "" ? `${indent}///` : `${indent}/// ${l.trimEnd()}`))
    .join("\n")}\n`;
}
