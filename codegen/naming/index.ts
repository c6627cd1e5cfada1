// Naming: one rule table per language (./tables/) and the namer that applies a table to a model.
export { createNames, type Names } from "./namer.js";
export type { CaseStyle, NameKind, NamingTable } from "./table.js";
export { goNaming } from "./tables/go.js";
export { pythonNaming } from "./tables/python.js";
export { rustNaming } from "./tables/rust.js";
export { typescriptNaming } from "./tables/typescript.js";
export { camel, flat, kebab, pascal, screamingSnake, snake, typeName, words } from "./words.js";
