// Dotted config props (`providers.local.base_url`) ↔ object paths and JSON Pointers.

export const PROP_SEGMENT = /^[A-Za-z0-9_-]+$/;

/** Splits a prop into segments; undefined when it is not a dotted path of map-key-safe segments. */
export function parseProp(prop: string): string[] | undefined {
  const segments = prop.split(".");
  return segments.every((s) => PROP_SEGMENT.test(s)) ? segments : undefined;
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
