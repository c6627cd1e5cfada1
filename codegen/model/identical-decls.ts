// Two declarations of one name and the same structure (the same members of the same types, the same
// variants…) are one type in a client package: `DownloadStartParams2` beside an identical
// `DownloadStartParams` is a name nobody would choose, and two types force conversions between them.
// The one kept is a component's (the document's own name) when there is one, else the first declared;
// every reference to the others points at it. Docs do not count as structure. Declarations of other
// names stay apart even when identical (`SessionKillParams` is not renamed `SessionCloseParams`,
// nor `MaximizeWindowResult` `GetWindowRectResult`): their names say what they are for. The document's
// own views (generated/, docs/) keep every declaration. Issue 27.
import { mapModel } from "./map-model.js";
import type { Decl, Model } from "./types.js";

const IGNORED = new Set(["name", "docs", "origin", "source", "paramsSource"]);

/** The structure of `decl`, references named through `canonical`. */
function shape(decl: Decl, canonical: (name: string) => string): string {
  return JSON.stringify(decl, (key, value: unknown) => {
    if (IGNORED.has(key)) return undefined;
    if (value !== null && typeof value === "object" && (value as { kind?: unknown }).kind === "ref")
      return { kind: "ref", name: canonical((value as { name: string }).name) };
    return value;
  });
}

export function withIdenticalDeclsMerged(model: Model): Model {
  const replaced = new Map<string, string>();
  const canonical = (name: string): string => {
    let n = name;
    while (replaced.has(n)) n = replaced.get(n)!;
    return n;
  };
  // Merging two declarations can make two that refer to them identical: repeat until nothing changes.
  for (let changed = true; changed; ) {
    changed = false;
    const byShape = new Map<string, Decl>();
    for (const decl of model.types.values()) {
      if (replaced.has(decl.name)) continue;
      // Names that differ only in a clash number (`Params`, `Params2`) share a key.
      const key = `${decl.name.replace(/\d+$/, "")}\u0000${decl.kind}\u0000${shape(decl, canonical)}`;
      const kept = byShape.get(key);
      if (kept === undefined) {
        byShape.set(key, decl);
        continue;
      }
      // A component keeps its name over an inline schema's; else the first declared stays.
      const [keep, drop] =
        kept.origin.kind !== "component" && decl.origin.kind === "component" ? [decl, kept] : [kept, decl];
      replaced.set(drop.name, keep.name);
      byShape.set(key, keep);
      changed = true;
    }
  }
  if (replaced.size === 0) return model;
  const merged = mapModel(model, (node) =>
    node.kind === "ref" && typeof node.name === "string" && replaced.has(node.name)
      ? { ...node, name: canonical(node.name) }
      : node,
  );
  // The copy is a Map of its own (map-model.ts): the merged declarations leave it.
  for (const name of replaced.keys()) (merged.types as Map<string, Decl>).delete(name);
  return merged;
}
