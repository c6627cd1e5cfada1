// Every language target, by `--lang`. Each lives in its own folder (codegen/targets/<lang>/) and is
// listed here once; a planned target has no `emit` yet and the command line says so.
import { goTarget } from "./go/index.js";
import { pythonTarget } from "./python/index.js";
import { rustTarget } from "./rust/index.js";
import type { Target } from "./target.js";
import { typescriptTarget } from "./typescript/index.js";

export const TARGETS: readonly Target[] = [typescriptTarget, pythonTarget, goTarget, rustTarget];

export function findTarget(lang: string): Target | undefined {
  return TARGETS.find((t) => t.lang === lang || t.aliases.includes(lang));
}

export type { EmitOptions, EmittedFile, Target } from "./target.js";
