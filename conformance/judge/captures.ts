import { isJsonObject, type JsonValue } from "../wire/json.js";

/**
 * Value capture for fixtures: `"<capture:NAME>"` in a `<<` line matches any
 * value and stores what actually arrived there; `${NAME}` in a later `>>` or
 * `<<` line is replaced by it before the line is used. A string is inserted
 * as its JSON string contents (escaped, no quotes, so `"${token}"` is that
 * string again); any other value as its JSON text (`"id":${count}`).
 */

/** Predefined: a token unique to the suite run, so ids a case creates never collide with an earlier run's. */
export const RUN_CAPTURE = "run";

const CAPTURE = /^<capture:([A-Za-z_][A-Za-z0-9_-]*)>$/;
const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_-]*)\}/g;
/** What parse-time checks put in place of a reference: valid inside a JSON string and as a value. */
const PLACEHOLDER = "0";
const EACH_MARKER = "<each>";
const SOME_MARKER = "<some>";

/** NAME of a `"<capture:NAME>"` wildcard, else undefined. */
export function captureName(text: string): string | undefined {
  return CAPTURE.exec(text)?.[1];
}

/** The capture names an expected value declares, in document order. Throws for one inside `["<each>", …]`. */
export function declaredCaptures(expected: JsonValue): string[] {
  const names: string[] = [];
  const visit = (value: JsonValue, insideEach: boolean): void => {
    if (typeof value === "string") {
      const name = captureName(value);
      if (name === undefined) return;
      if (insideEach)
        throw new Error(`<capture:${name}> cannot be used inside ["<each>", …] or ["<some>", …]`);
      names.push(name);
    } else if (Array.isArray(value)) {
      const each = value.length === 2 && (value[0] === EACH_MARKER || value[0] === SOME_MARKER);
      for (const item of value) visit(item, insideEach || each);
    } else if (isJsonObject(value)) {
      for (const member of Object.values(value)) visit(member, insideEach);
    }
  };
  visit(expected, false);
  return names;
}

/** The names `${NAME}` references in `text`, in order. */
export function referencedCaptures(text: string): string[] {
  return [...text.matchAll(REFERENCE)].map((match) => match[1] as string);
}

/** `text` with every `${NAME}` replaced by a dummy, to check the syntax of a line before anything is captured. */
export function withPlaceholders(text: string): string {
  return text.replaceAll(REFERENCE, PLACEHOLDER);
}

export function substitute(text: string, captures: ReadonlyMap<string, JsonValue>): string {
  return text.replaceAll(REFERENCE, (reference, name: string) => {
    if (!captures.has(name)) throw new Error(`${reference}: nothing was captured under that name`);
    const value = captures.get(name) as JsonValue;
    return typeof value === "string" ? JSON.stringify(value).slice(1, -1) : JSON.stringify(value);
  });
}

/**
 * Stores, for each `"<capture:NAME>"` in `expected`, the value at the same
 * place in `actual`. Call only after `expected` matched `actual`, so the
 * places exist.
 */
export function collectCaptures(expected: JsonValue, actual: JsonValue, into: Map<string, JsonValue>): void {
  if (typeof expected === "string") {
    const name = captureName(expected);
    if (name !== undefined) into.set(name, actual);
  } else if (Array.isArray(expected)) {
    if (
      !Array.isArray(actual) ||
      (expected.length === 2 && (expected[0] === EACH_MARKER || expected[0] === SOME_MARKER))
    )
      return;
    for (const [index, item] of expected.entries()) {
      if (index < actual.length) collectCaptures(item, actual[index] as JsonValue, into);
    }
  } else if (isJsonObject(expected) && isJsonObject(actual)) {
    for (const [key, member] of Object.entries(expected)) {
      if (Object.hasOwn(actual, key)) collectCaptures(member, actual[key] as JsonValue, into);
    }
  }
}
