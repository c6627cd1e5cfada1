// The go harness: written with the go target (codegen/targets/go/). Until then there is
// none, and the codegen tests report go as skipped.
import type { LanguageHarness } from "./harness.js";

export const goHarness: LanguageHarness | undefined = undefined;
