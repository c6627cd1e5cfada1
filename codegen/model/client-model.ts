// The model a client package is written from: the document's, with what a person would not write
// twice folded together (alias-members.ts, identical-decls.ts). The document's own views (generated/,
// docs/methods.md) are written from the model as read.
import { withAliasesMerged } from "./alias-members.js";
import { withIdenticalDeclsMerged } from "./identical-decls.js";
import type { Model } from "./types.js";

export function clientModel(document: Model): Model {
  return withIdenticalDeclsMerged(withAliasesMerged(document));
}
