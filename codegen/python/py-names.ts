// Python identifiers derived mechanically from wire names (PEP 8: snake_case attributes and functions,
// CapWords classes), so a generated name never drifts from the document.
import { pascal } from "../legacy/names.js";

// keyword.kwlist of Python 3.11, plus the soft keywords that would read badly as attribute names.
const KEYWORDS = new Set(
  (
    "False None True and as assert async await break class continue def del elif else except finally " +
    "for from global if import in is lambda nonlocal not or pass raise return try while with yield"
  ).split(" "),
);

/** `sessionId` → `session_id`, `toolCallId` → `tool_call_id`, `data_b64` → `data_b64`, `URLPath` → `url_path`. */
export function snake(wire: string): string {
  const spaced = wire
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toLowerCase();
  const ident = /^[0-9]/.test(spaced) ? `n_${spaced}` : spaced || "value";
  return KEYWORDS.has(ident) ? `${ident}_` : ident;
}

/** `session/prompt` → `session_prompt`, `rpc.discover` → `rpc_discover`, `config/set-many` → `config_set_many`. */
export const methodName = (wire: string): string => snake(pascal(wire));

/**
 * Attribute names for an object's wire members. A member already spelled in snake_case keeps its
 * name; a camelCase member becomes snake_case unless another member is already spelled that way
 * (`initialize` takes both `protocolVersion` and its alias `protocol_version`): then it keeps its wire
 * spelling, so both stay reachable and neither is renamed by surprise.
 */
export function attributeNames(wires: string[]): Map<string, string> {
  const taken = new Set(wires.filter((w) => snake(w) === w));
  const out = new Map<string, string>();
  for (const w of wires) {
    const s = snake(w);
    out.set(w, s === w || !taken.has(s) ? s : w);
  }
  const seen = new Set<string>();
  for (const [wire, attr] of out) {
    if (seen.has(attr) || attr === "from_json" || attr === "to_json") {
      throw new Error(`python codegen: member ${JSON.stringify(wire)} has no free attribute name`);
    }
    seen.add(attr);
  }
  return out;
}

/** `INVALID_PARAMS` → `InvalidParamsError`, `PARSE_ERROR` → `ParseError`. */
export function errorClassName(errorName: string): string {
  const p = pascal(errorName.toLowerCase());
  return p.endsWith("Error") ? p : `${p}Error`;
}

/** A Python string literal: JSON's escapes are all valid Python escapes. */
export const pyStr = (s: string): string => JSON.stringify(s);

/** A literal for a JSON scalar (`Literal[...]` members, defaults). */
export function pyLiteral(v: unknown): string {
  if (typeof v === "string") return pyStr(v);
  if (v === true) return "True";
  if (v === false) return "False";
  if (v === null) return "None";
  if (typeof v === "number") return String(v);
  throw new Error(`python codegen: no literal for ${JSON.stringify(v)}`);
}

/** A triple-quoted docstring body, indented; backslashes and quotes escaped. */
export function docstring(text: string, indent: string, width = 88): string {
  const safe = text.replace(/\\/g, "\\\\").replace(/"""/g, '\\"\\"\\"').trim();
  const lines: string[] = [];
  for (const para of safe.split(/\n/)) {
    lines.push(...wrap(para, width - indent.length));
  }
  if (lines.length === 1 && (lines[0] ?? "").length + indent.length + 6 <= width) {
    return `${indent}"""${lines[0]}"""`;
  }
  const body = lines.map((l) => (l === "" ? "" : `${indent}${l}`)).join("\n");
  return `${indent}"""${body.slice(indent.length)}\n${indent}"""`;
}

function wrap(text: string, width: number): string[] {
  if (text.trim() === "") return [""];
  const lead = /^\s*/.exec(text)?.[0] ?? "";
  const out: string[] = [];
  let line = "";
  for (const word of text.trim().split(/\s+/)) {
    if (line !== "" && lead.length + line.length + 1 + word.length > width) {
      out.push(lead + line);
      line = word;
    } else {
      line = line === "" ? word : `${line} ${word}`;
    }
  }
  if (line !== "") out.push(lead + line);
  return out;
}
