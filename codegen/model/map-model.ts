// A deep copy of a model with some of its nodes replaced: the one walk the model passes share
// (native-integers.ts, tuples-as-any.ts, identical-decls.ts). Maps stay Maps; a node reached twice is
// copied once; the document's own schemas (`source`, `paramsSource`) are shared, not copied, as
// validators read them as written.
import type { Model } from "./types.js";

/**
 * `replace(node)` is called on each copied object (a type, a member, a declaration…) after its
 * children were copied; what it returns stands in for it.
 */
export function mapModel(model: Model, replace: (node: Record<string, unknown>) => unknown): Model {
  const seen = new Map<unknown, unknown>();
  const walk = (v: unknown): unknown => {
    if (v === null || typeof v !== "object") return v;
    if (seen.has(v)) return seen.get(v);
    if (v instanceof Map) {
      const out = new Map();
      seen.set(v, out);
      for (const [k, x] of v) out.set(k, walk(x));
      return out;
    }
    if (Array.isArray(v)) {
      const out: unknown[] = [];
      seen.set(v, out);
      for (const x of v) out.push(walk(x));
      return out;
    }
    const out: Record<string, unknown> = {};
    seen.set(v, out);
    for (const [k, x] of Object.entries(v)) out[k] = k === "source" || k === "paramsSource" ? x : walk(x);
    const replaced = replace(out);
    seen.set(v, replaced);
    return replaced;
  };
  return walk(model) as Model;
}
