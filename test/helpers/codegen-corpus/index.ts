// Every language's codegen harness, by `--lang`; a language without one yet is listed as undefined.
import { goHarness } from "./go.js";
import type { LanguageHarness } from "./harness.js";
import { pythonHarness } from "./python.js";
import { rustHarness } from "./rust.js";
import { typescriptHarness } from "./typescript.js";

export const HARNESSES: Record<string, LanguageHarness | undefined> = {
  ts: typescriptHarness,
  python: pythonHarness,
  go: goHarness,
  rust: rustHarness,
};

export type { Call, LanguageHarness, Run } from "./harness.js";
