import { isJsonObject, type JsonObject, type JsonValue, preview } from "../wire/json.js";
import { captureName } from "./captures.js";

/**
 * Structural comparison of an expected message (from a fixture `<<` line or an
 * openrpc.json example) with what the daemon actually sent.
 *
 * Rules: key order never matters and numbers compare numerically (JSON.parse
 * already folds `1.0` and `1`). Top-level envelope keys and `error.data`
 * compare exactly (same key set); inside `result` the daemon may add keys,
 * because results promise "at least" their documented members. `error.message`
 * is human text and is never compared, only required to be a string.
 */

const WILDCARDS: ReadonlyMap<string, (value: JsonValue) => boolean> = new Map<
  string,
  (value: JsonValue) => boolean
>([
  ["<any>", () => true],
  ["<string>", (value) => typeof value === "string"],
  ["<integer>", (value) => typeof value === "number" && Number.isInteger(value)],
  ["<number>", (value) => typeof value === "number"],
  ["<boolean>", (value) => typeof value === "boolean"],
  ["<object>", isJsonObject],
  ["<array>", Array.isArray],
  ["<null>", (value) => value === null],
]);

/**
 * `["<absent-or>", pattern]` as an object member's value: the member may be absent; present, it must
 * match `pattern` (an example's member that its result schema does not require, issue 26).
 */
export const ABSENT_OR_MARKER = "<absent-or>";

const absentOr = (v: JsonValue | undefined): v is [string, JsonValue] =>
  Array.isArray(v) && v.length === 2 && v[0] === ABSENT_OR_MARKER;

/** `["<each>", pattern]` matches a non-empty array whose every item matches `pattern`. */
export const EACH_MARKER = "<each>";
/**
 * `["<some>", pattern]` matches an array with at least one item matching `pattern`, whatever else
 * it holds: a session/list on a daemon that has other sessions too (a --socket run).
 */
export const SOME_MARKER = "<some>";

export interface Mismatch {
  /** JSON pointer into the actual message. */
  path: string;
  reason: string;
}

/** "exact": same key set on both sides; "at-least": the actual object may carry extra keys. */
export type ObjectRule = "exact" | "at-least";

export function isWildcard(text: string): boolean {
  return WILDCARDS.has(text) || captureName(text) !== undefined;
}

export function matchMessage(expected: JsonValue, actual: JsonValue): Mismatch | null {
  if (!isJsonObject(expected) || !isJsonObject(actual)) return matchValue(expected, actual, "exact", "");
  const keyMismatch = compareKeySets(expected, actual, "", "");
  if (keyMismatch) return keyMismatch;
  for (const [key, expectedMember] of Object.entries(expected)) {
    const path = `/${escapePointerToken(key)}`;
    const actualMember = actual[key] as JsonValue;
    const mismatch =
      key === "result"
        ? matchValue(expectedMember, actualMember, "at-least", path)
        : key === "error"
          ? matchError(expectedMember, actualMember, path)
          : matchValue(expectedMember, actualMember, "exact", path);
    if (mismatch) return mismatch;
  }
  return null;
}

function matchError(expected: JsonValue, actual: JsonValue, path: string): Mismatch | null {
  if (!isJsonObject(expected)) return matchValue(expected, actual, "exact", path);
  if (!isJsonObject(actual)) return { path, reason: `expected an error object, got ${preview(actual)}` };
  if (typeof actual.message !== "string") {
    return {
      path: `${path}/message`,
      reason: `error.message must be a string, got ${preview(actual.message)}`,
    };
  }
  const keyMismatch = compareKeySets(expected, actual, path, "message");
  if (keyMismatch) return keyMismatch;
  for (const [key, expectedMember] of Object.entries(expected)) {
    if (key === "message") continue;
    const optional = absentOr(expectedMember);
    if (optional && !Object.hasOwn(actual, key)) continue;
    const pattern = optional ? (expectedMember[1] as JsonValue) : expectedMember;
    const mismatch = matchValue(pattern, actual[key] as JsonValue, "exact", `${path}/${key}`);
    if (mismatch) return mismatch;
  }
  return null;
}

export function matchValue(
  expected: JsonValue,
  actual: JsonValue,
  rule: ObjectRule = "exact",
  path = "",
): Mismatch | null {
  if (typeof expected === "string") {
    // "<capture:NAME>" matches like "<any>"; the fixture runner stores the value (captures.ts).
    const wildcard =
      WILDCARDS.get(expected) ?? (captureName(expected) === undefined ? undefined : () => true);
    if (wildcard)
      return wildcard(actual) ? null : { path, reason: `expected ${expected}, got ${preview(actual)}` };
    return actual === expected ? null : differ(path, expected, actual);
  }
  if (Array.isArray(expected)) return matchArray(expected, actual, rule, path);
  if (isJsonObject(expected)) {
    if (!isJsonObject(actual)) return differ(path, expected, actual);
    if (rule === "exact") {
      const keyMismatch = compareKeySets(expected, actual, path, "");
      if (keyMismatch) return keyMismatch;
    }
    for (const [key, expectedMember] of Object.entries(expected)) {
      const memberPath = `${path}/${escapePointerToken(key)}`;
      const optional = absentOr(expectedMember);
      if (!Object.hasOwn(actual, key)) {
        if (optional) continue;
        return { path: memberPath, reason: "missing" };
      }
      const pattern = optional ? (expectedMember[1] as JsonValue) : expectedMember;
      const mismatch = matchValue(pattern, actual[key] as JsonValue, rule, memberPath);
      if (mismatch) return mismatch;
    }
    return null;
  }
  return actual === expected ? null : differ(path, expected, actual);
}

function matchArray(
  expected: JsonValue[],
  actual: JsonValue,
  rule: ObjectRule,
  path: string,
): Mismatch | null {
  if (!Array.isArray(actual)) return differ(path, expected, actual);
  if (expected.length === 2 && expected[0] === EACH_MARKER) {
    if (actual.length === 0) return { path, reason: "expected a non-empty array, got []" };
    const pattern = expected[1] as JsonValue;
    for (const [index, item] of actual.entries()) {
      const mismatch = matchValue(pattern, item, rule, `${path}/${index}`);
      if (mismatch) return mismatch;
    }
    return null;
  }
  if (expected.length === 2 && expected[0] === SOME_MARKER) {
    const pattern = expected[1] as JsonValue;
    if (actual.some((item, index) => matchValue(pattern, item, rule, `${path}/${index}`) === null))
      return null;
    return { path, reason: `no item matches ${preview(pattern)}: ${preview(actual)}` };
  }
  if (actual.length !== expected.length) {
    return {
      path,
      reason: `expected ${expected.length} items, got ${actual.length}: ${preview(actual)}`,
    };
  }
  for (const [index, item] of expected.entries()) {
    const mismatch = matchValue(item, actual[index] as JsonValue, rule, `${path}/${index}`);
    if (mismatch) return mismatch;
  }
  return null;
}

/** Same key set on both sides, except `ignoredKey` (error.message may be present or not in a fixture). */
function compareKeySets(
  expected: JsonObject,
  actual: JsonObject,
  path: string,
  ignoredKey: string,
): Mismatch | null {
  for (const key of Object.keys(expected)) {
    if (key !== ignoredKey && !Object.hasOwn(actual, key) && !absentOr(expected[key])) {
      return { path: `${path}/${escapePointerToken(key)}`, reason: "missing" };
    }
  }
  for (const key of Object.keys(actual)) {
    if (key !== ignoredKey && !Object.hasOwn(expected, key)) {
      return {
        path: `${path}/${escapePointerToken(key)}`,
        reason: `unexpected key (value ${preview(actual[key])})`,
      };
    }
  }
  return null;
}

function differ(path: string, expected: JsonValue, actual: JsonValue): Mismatch {
  return { path, reason: `expected ${preview(expected)}, got ${preview(actual)}` };
}

export function describeMismatch(mismatch: Mismatch): string {
  return `at ${mismatch.path === "" ? "(root)" : mismatch.path}: ${mismatch.reason}`;
}

/**
 * Turns the places named by JSON pointers into `"<any>"` wildcards, so only
 * their presence is checked (openrpc.json's `x-match` on example pairings:
 * pids, versions, timestamps). `""` names the whole value.
 */
export function withPresenceOnly(expected: JsonValue, pointers: readonly string[]): JsonValue {
  let copy = structuredClone(expected);
  for (const pointer of pointers) {
    if (pointer === "") {
      copy = "<any>";
      continue;
    }
    if (!pointer.startsWith("/"))
      throw new Error(`x-match entry ${JSON.stringify(pointer)} is not a JSON pointer`);
    const tokens = pointer.slice(1).split("/").map(unescapePointerToken);
    const last = tokens.pop() as string;
    let parent: JsonValue = copy;
    for (const token of tokens) {
      const next: JsonValue | undefined = childOf(parent, token);
      if (next === undefined)
        throw new Error(`x-match pointer ${pointer} leads nowhere in the expected value`);
      parent = next;
    }
    if (Array.isArray(parent) && /^\d+$/.test(last) && Number(last) < parent.length)
      parent[Number(last)] = "<any>";
    else if (isJsonObject(parent)) parent[last] = "<any>";
    else throw new Error(`x-match pointer ${pointer} leads nowhere in the expected value`);
  }
  return copy;
}

function childOf(parent: JsonValue, token: string): JsonValue | undefined {
  if (Array.isArray(parent)) return /^\d+$/.test(token) ? parent[Number(token)] : undefined;
  if (isJsonObject(parent) && Object.hasOwn(parent, token)) return parent[token];
  return undefined;
}

function escapePointerToken(token: string): string {
  return token.replaceAll("~", "~0").replaceAll("/", "~1");
}

function unescapePointerToken(token: string): string {
  return token.replaceAll("~1", "/").replaceAll("~0", "~");
}
