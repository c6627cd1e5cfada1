// Numeric request ids echoed exactly as the client wrote them (SPEC §3). JSON.parse turns
// `12345678901234567890` into a rounded double and `1e400` into Infinity, so the reply's id is taken
// from the frame's own text instead: the value of its top-level "id" member (the last one, as
// JSON.parse keeps the last of duplicate keys). Only called on frames JSON.parse accepted, so the
// scanner may assume valid JSON; strings are skipped with indexOf, which keeps a 1 MiB base64 chunk cheap.

/** A numeric id, kept as the JSON number text it arrived as. */
export class RawNumberId {
  constructor(readonly text: string) {}
}

const isWs = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

function skipWs(text: string, i: number): number {
  while (i < text.length && isWs(text.charCodeAt(i))) i++;
  return i;
}

/** `i` is at an opening quote; returns the index just past the closing one. */
function stringEnd(text: string, i: number): number {
  let j = i;
  for (;;) {
    j = text.indexOf('"', j + 1);
    if (j === -1) return text.length;
    let backslashes = 0;
    for (let k = j - 1; text.charCodeAt(k) === 0x5c; k--) backslashes++;
    if (backslashes % 2 === 0) return j + 1;
  }
}

/** `i` is at the first character of a value; returns the index just past it. */
function valueEnd(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 0x22) return stringEnd(text, i);
  if (c === 0x7b || c === 0x5b) {
    let depth = 0;
    let j = i;
    while (j < text.length) {
      const d = text.charCodeAt(j);
      if (d === 0x22) {
        j = stringEnd(text, j);
        continue;
      }
      if (d === 0x7b || d === 0x5b) depth++;
      else if (d === 0x7d || d === 0x5d) {
        depth--;
        if (depth === 0) return j + 1;
      }
      j++;
    }
    return j;
  }
  // number, true, false, null
  let j = i;
  while (j < text.length) {
    const d = text.charCodeAt(j);
    if (isWs(d) || d === 0x2c || d === 0x7d || d === 0x5d) break;
    j++;
  }
  return j;
}

const isIdKey = (quoted: string): boolean =>
  quoted === '"id"' || (quoted.includes("\\") && JSON.parse(quoted) === "id");

/** The text of the top-level "id" member's value, or undefined when the frame has none. */
export function rawTopLevelId(text: string): string | undefined {
  let i = skipWs(text, 0);
  if (text.charCodeAt(i) !== 0x7b) return undefined;
  i++;
  let found: string | undefined;
  for (;;) {
    i = skipWs(text, i);
    if (text.charCodeAt(i) !== 0x22) return found; // "}" (or, impossibly, anything else)
    const keyEnd = stringEnd(text, i);
    const key = text.slice(i, keyEnd);
    i = skipWs(text, keyEnd) + 1; // past ":"
    i = skipWs(text, i);
    const end = valueEnd(text, i);
    if (isIdKey(key)) found = text.slice(i, end);
    i = skipWs(text, end);
    if (text.charCodeAt(i) !== 0x2c) return found;
    i++;
  }
}

/**
 * The number text to answer numeric `id` with, or undefined when `String(id)` is already exactly what
 * the client wrote. The common case is settled with a few native scans instead of walking the frame:
 * with no backslash in it no key can be escaped and no string can hold a quote, so a lone `"id":` is
 * the top-level member, and its text is plain when `String(id)` follows it up to a delimiter.
 */
export function rawIdText(id: number, text: string): string | undefined {
  const plain = String(id);
  if (!text.includes("\\")) {
    const at = text.indexOf('"id":');
    if (at !== -1 && text.indexOf('"id"', at + 1) === -1 && text.startsWith(plain, at + 5)) {
      const next = text.charCodeAt(at + 5 + plain.length);
      if (next === 0x2c || next === 0x7d) return undefined;
    }
  }
  const raw = rawTopLevelId(text);
  return raw === undefined || raw === plain ? undefined : raw;
}
