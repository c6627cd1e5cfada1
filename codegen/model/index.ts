// The model's public surface: what targets, the command line and `npm run generate` import.
export { type BundleResult, bundleExternalRefs } from "./bundle.js";
export { checkDeadline, OutOfTime, withDeadline } from "./deadline.js";
export { inputProblems, MAX_DEPTH, withSafeProse } from "./hostile-input.js";
export { loadModel, readDocument } from "./read.js";
export * from "./types.js";
export { type DocumentProblem, formatProblem, validateDocument } from "./validate.js";
