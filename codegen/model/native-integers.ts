// `zeroclaw codegen --integers native` (the default): integers as a person writes them — Go int64, Rust
// i64/u64, TypeScript number, Python int — unless the schema's bounds or format need more. The model
// itself stays lossless (an integer the document does not bound is `unbounded`); this pass narrows it
// for the command line's packages. `--integers exact` skips it: json.Number in Go, i128 in Rust and
// `number | bigint` in TypeScript keep every digit of integers beyond 64 bits (or beyond 2^53 in
// TypeScript), for documents that need them.
import type { IntegerRange, Model } from "./types.js";

export type IntegerMode = "native" | "exact";

/** The range an integer gets in `lang`'s package when integers are native. */
function nativeRange(lang: string, range: IntegerRange, unsigned: boolean): IntegerRange {
  if (lang === "ts" || lang === "typescript") return "int53"; // a JavaScript number, as quicktype writes it
  if (range === "unbounded") return unsigned ? "uint64" : "int64";
  return range;
}

/** `model` with every integer type narrowed for `lang` (a deep copy of what changes; Maps kept as Maps). */
export function withNativeIntegers(model: Model, lang: string): Model {
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
    const out: Record<string, unknown> = {};
    seen.set(v, out);
    for (const [k, x] of Object.entries(o)) out[k] = k === "source" || k === "paramsSource" ? x : walk(x);
    if (out.kind === "integer" && typeof out.range === "string")
      out.range = nativeRange(lang, out.range as IntegerRange, out.unsigned === true);
    return out;
  };
  return walk(model) as Model;
}
