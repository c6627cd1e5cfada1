// Runtime files a target copies into every package it emits (transports, JSON codecs…) live as real
// source files in codegen/targets/<lang>/runtime/, checked by that language's own tools. They are read
// from there at generation time, from the repository or an installed copy of it alike: the folder is
// looked up from this module's location (codegen/ under tsx, dist/… when compiled or bundled).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let root: string | undefined;

function targetsRoot(): string {
  if (root !== undefined) return root;
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    for (const candidate of [dir, join(dir, "codegen", "targets")]) {
      if (existsSync(join(candidate, "typescript", "runtime"))) {
        root = candidate;
        return root;
      }
    }
    if (dirname(dir) === dir) throw new Error("codegen/targets/ not found next to the codegen modules");
  }
}

/** The text of codegen/targets/<lang>/runtime/<file>. */
export function readRuntime(lang: string, file: string): string {
  return readFileSync(join(targetsRoot(), lang, "runtime", file), "utf8");
}
