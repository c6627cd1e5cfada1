// Dotted config props (`providers.local.base_url`) ↔ object paths and JSON Pointers.

export const PROP_SEGMENT = /^[A-Za-z0-9_-]+$/;

/** Keys that would reach an object's prototype machinery instead of storing anything (SPEC §12). */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** Deepest nesting of arrays and objects a config value may have (SPEC §12). */
export const MAX_VALUE_DEPTH = 64;

/** Splits a prop into segments; undefined when it is not a dotted path of map-key-safe segments. */
export function parseProp(prop: string): string[] | undefined {
  const segments = prop.split(".");
  return segments.every((s) => PROP_SEGMENT.test(s) && !FORBIDDEN_KEYS.has(s)) ? segments : undefined;
}

/** A key or nesting the config refuses, and where: the keys (array indexes as numbers) leading to it. */
export type KeyProblem = { path: (string | number)[]; message: string };

/**
 * The first forbidden key at any depth, or nesting past MAX_VALUE_DEPTH, in `value`; undefined when
 * there is none. Iterative and stopping at the limit, so no input can exhaust the stack. config/set
 * applies it to a value, the config file loader to the whole file (SPEC §12, §17).
 */
export function keyProblem(value: unknown): KeyProblem | undefined {
  const stack: { v: unknown; path: (string | number)[] }[] = [{ v: value, path: [] }];
  while (stack.length > 0) {
    const { v, path } = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (path.length + 1 > MAX_VALUE_DEPTH)
      return { path, message: `nested deeper than ${MAX_VALUE_DEPTH} levels` };
    if (Array.isArray(v)) {
      for (const [i, item] of v.entries()) stack.push({ v: item, path: [...path, i] });
      continue;
    }
    for (const key of Object.keys(v)) {
      if (FORBIDDEN_KEYS.has(key)) return { path: [...path, key], message: `the key ${key} is not allowed` };
      stack.push({ v: (v as Record<string, unknown>)[key], path: [...path, key] });
    }
  }
  return undefined;
}

/** Why a value may not be staged (keyProblem's rules), or undefined. */
export function valueProblem(value: unknown): string | undefined {
  const problem = keyProblem(value);
  if (!problem) return undefined;
  return problem.message.startsWith("the key")
    ? `${problem.message} in a config value`
    : `value ${problem.message}`;
}

export const pointerOf = (segments: readonly string[]): string => segments.map((s) => `/${s}`).join("");

export function getAt(root: unknown, segments: readonly string[]): unknown {
  let cur: unknown = root;
  for (const s of segments) {
    if (cur === null || typeof cur !== "object" || Array.isArray(cur) || !Object.hasOwn(cur, s))
      return undefined;
    cur = (cur as Record<string, unknown>)[s];
  }
  return cur;
}

/** Sets a value, creating the maps on the way (this is how `users.new.uid` creates a user). */
export function setAt(root: Record<string, unknown>, segments: readonly string[], value: unknown): void {
  let cur = root;
  for (const s of segments.slice(0, -1)) {
    const next = Object.hasOwn(cur, s) ? cur[s] : undefined;
    if (next === null || typeof next !== "object" || Array.isArray(next)) {
      const fresh: Record<string, unknown> = {};
      cur[s] = fresh;
      cur = fresh;
    } else {
      cur = next as Record<string, unknown>;
    }
  }
  cur[segments[segments.length - 1]!] = value;
}
