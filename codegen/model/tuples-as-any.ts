// For a target whose language has no tuple type (Go): every tuple becomes any JSON, with the reason
// in the comment the target writes for it. The other targets give each position its type (issue 27).
import { mapModel } from "./map-model.js";
import type { Model } from "./types.js";

export function withTuplesAsAny(model: Model, reason: string): Model {
  return mapModel(model, (node) => (node.kind === "tuple" ? { kind: "any", reason } : node));
}
