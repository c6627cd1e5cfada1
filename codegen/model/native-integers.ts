// `zeroclaw codegen --integers native` (the default): integers as a person writes them — Go int64, Rust
// i64/u64, TypeScript number, Python int — unless the schema's bounds or format need more. The model
// itself stays lossless (an integer the document does not bound is `unbounded`); this pass narrows it
// for the command line's packages. `--integers exact` skips it: json.Number in Go, i128 in Rust and
// `number | bigint` in TypeScript keep every digit of integers beyond 64 bits (or beyond 2^53 in
// TypeScript), for documents that need them.
import { mapModel } from "./map-model.js";
import type { IntegerRange, Model } from "./types.js";

export type IntegerMode = "native" | "exact";

/** The range an integer gets in `lang`'s package when integers are native. */
function nativeRange(lang: string, range: IntegerRange, unsigned: boolean): IntegerRange {
  if (lang === "ts" || lang === "typescript") return "int53"; // a JavaScript number, as quicktype writes it
  if (range === "unbounded") return unsigned ? "uint64" : "int64";
  return range;
}

/** `model` with every integer type narrowed for `lang` (a copy; the model read stays lossless). */
export function withNativeIntegers(model: Model, lang: string): Model {
  return mapModel(model, (node) =>
    node.kind === "integer" && typeof node.range === "string"
      ? { ...node, range: nativeRange(lang, node.range as IntegerRange, node.unsigned === true) }
      : node,
  );
}
