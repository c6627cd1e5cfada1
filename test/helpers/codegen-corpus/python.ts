// The python harness: written with the python target (codegen/targets/python/). Until then there is
// none, and the codegen tests report python as skipped.
import type { LanguageHarness } from "./harness.js";

export const pythonHarness: LanguageHarness | undefined = undefined;
