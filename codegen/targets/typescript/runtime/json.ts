// JSON text ↔ values without losing integers: a number literal beyond ±2^53 (a 64-bit id, a balance)
// decodes to a bigint and a bigint encodes back to the same digits, so every result serializes to
// the JSON it came from. Everything else is JSON.parse / JSON.stringify unchanged.

const MARK = `@@openrpc-int:${Math.random().toString(36).slice(2)}:`;
// A string (skipped whole, so digits inside strings are never touched) or an integer literal of 16+
// digits that is not part of a fraction or an exponent.
const TOKENS = /"(?:[^"\\]|\\.)*"|(?<![\w.+-])-?\d{16,}(?![\w.])/g;
const MARKED = new RegExp(`"${MARK.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(-?\\d+)"`, "g");

export function parse(text: string): unknown {
  let big = false;
  const marked = text.replace(TOKENS, (token) => {
    if (token.startsWith('"') || Number.isSafeInteger(Number(token))) return token;
    big = true;
    return `"${MARK}${token}"`;
  });
  if (!big) return JSON.parse(text);
  return JSON.parse(marked, (_key, value: unknown) =>
    typeof value === "string" && value.startsWith(MARK) ? BigInt(value.slice(MARK.length)) : value,
  );
}

export function stringify(value: unknown): string {
  let big = false;
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v !== "bigint") return v;
    big = true;
    return `${MARK}${v}`;
  });
  return big ? text.replace(MARKED, "$1") : text;
}
