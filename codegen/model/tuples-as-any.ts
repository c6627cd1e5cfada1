// For a target whose language has no tuple type (Go): every tuple becomes any JSON, with the reason
// in the comment the target writes for it. The other targets give each position its type (issue 27).
import type { Model } from "./types.js";

export function withTuplesAsAny(model: Model, reason: string): Model {
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
    const o = v as Record<string, unknown>;
    if (o.kind === "tuple") return { kind: "any", reason };
    const out: Record<string, unknown> = {};
    seen.set(v, out);
    // The document's own schemas (sources) are kept as they are, as withNativeIntegers keeps them.
    for (const [k, x] of Object.entries(o)) out[k] = k === "source" || k === "paramsSource" ? x : walk(x);
    return out;
  };
  return walk(model) as Model;
}
