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

/**
 * Why a value may not be staged (a forbidden key at any depth, or nesting past MAX_VALUE_DEPTH), or
 * undefined. Iterative and stopping at the limit, so no input can exhaust the stack.
 */
export function valueProblem(value: unknown): string | undefined {
  const stack: { v: unknown; depth: number }[] = [{ v: value, depth: 0 }];
  while (stack.length > 0) {
    const { v, depth } = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (depth + 1 > MAX_VALUE_DEPTH) return `value nested deeper than ${MAX_VALUE_DEPTH} levels`;
    if (Array.isArray(v)) {
      for (const item of v) stack.push({ v: item, depth: depth + 1 });
      continue;
    }
    for (const key of Object.keys(v)) {
      if (FORBIDDEN_KEYS.has(key)) return `the key ${key} is not allowed in a config value`;
      stack.push({ v: (v as Record<string, unknown>)[key], depth: depth + 1 });
    }
  }
  return undefined;
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
