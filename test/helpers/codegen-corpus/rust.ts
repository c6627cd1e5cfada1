// The rust harness: written with the rust target (codegen/targets/rust/). Until then there is
// none, and the codegen tests report rust as skipped.
import type { LanguageHarness } from "./harness.js";

export const rustHarness: LanguageHarness | undefined = undefined;
