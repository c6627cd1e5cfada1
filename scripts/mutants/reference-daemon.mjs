// Seeded single bugs in the reference daemon's own code (src/), one per entry of the lists in
// transport-mutants.mjs, rights-mutants.mjs and state-mutants.mjs, for the mutation check of the
// conformance suite (scripts/conformance-mutants.mjs). Each names the contract area it breaks
// (the report's rows), the suite areas that must kill it (the suite runs only those, so a kill is "in
// the right area"), and one exact text replacement in one file. The search text must occur exactly
// once in the current source: when src/ changes under a mutant, the check fails loudly instead of
// testing nothing (`npm run conformance:mutants -- --check` verifies every pattern in a second).
//
// The replacements are applied to a temporary copy of src/ (scripts/mutants/build.mjs); the
// worktree is never modified.

import { RIGHTS_MUTANTS } from "./rights-mutants.mjs";
import { STATE_MUTANTS } from "./state-mutants.mjs";
import { TRANSPORT_MUTANTS } from "./transport-mutants.mjs";

export const REFERENCE_MUTANTS = [...TRANSPORT_MUTANTS, ...RIGHTS_MUTANTS, ...STATE_MUTANTS];
