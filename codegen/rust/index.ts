// The Rust target: clients/rust/src/generated/*.rs for the zeroclaw-client crate. Types for every
// component (tagged unions as `#[serde(tag = ...)]` enums), the canonical `<Method>Params`/`Result`
// names (aliases where the document names them otherwise), a typed error per code, and typed methods
// and hooks on the hand-written `Client` (clients/rust/src/client.rs).
import type { OpenRpcDocument } from "../legacy/document.js";
import { buildModel, type NamedSchema } from "../legacy/model.js";
import { pascal } from "../legacy/names.js";
import { declareErrorData, reasonEnumName, renderErrors } from "./rust-errors.js";
import { type RustMethod, renderMethods } from "./rust-methods.js";
import { rustType } from "./rust-names.js";
import { RustTypes } from "./rust-types.js";

const BANNER = "// Generated from openrpc.json by codegen/ — do not edit. Run `npm run generate`.";
const DIR = "clients/rust/src/generated";

export function emitRust(doc: OpenRpcDocument): { path: string; content: string }[] {
  const model = buildModel(doc);
  const types = new RustTypes(doc);
  // Variant components leave their tag to the enum, so find every union before declaring anything.
  for (const [name, schema] of Object.entries(doc.components.schemas)) {
    const union = types.taggedUnion(schema);
    if (union) types.noteVariants(union, rustType(name));
  }
  for (const [key, err] of Object.entries(doc.components.errors)) {
    const union = types.taggedUnion(err["x-data-schema"]);
    if (union) types.noteVariants(union, reasonEnumName(key));
  }
  for (const name of Object.keys(doc.components.schemas)) {
    if (!types.isTagOnly(name)) types.component(name);
  }

  const methods: RustMethod[] = model.methods.map((m) => {
    const base = pascal(m.name);
    const params = named(types, `${base}Params`, m.params, `The params of \`${m.name}\`.`);
    const result = m.result
      ? named(types, `${base}Result`, m.result, `The result of \`${m.name}\`.`)
      : undefined;
    const members = m.params.schema.properties as object | undefined;
    const noParams = m.direction === "client→daemon" && Object.keys(members ?? {}).length === 0;
    return { method: m, params, result, noParams };
  });
  const errors = declareErrorData(model.errors, types);

  const uses = [
    "use serde::{Deserialize, Serialize};",
    ...(types.usesMap ? ["use std::collections::BTreeMap;"] : []),
  ].join("\n");
  return [
    {
      path: `${DIR}/mod.rs`,
      content: `${BANNER}
//! The part of the crate generated from \`openrpc.json\` (${doc.info.title} ${doc.info.version}).

pub mod errors;
pub mod methods;
pub mod types;
`,
    },
    {
      path: `${DIR}/types.rs`,
      content: `${BANNER}
//! Every schema of \`openrpc.json\` as a Rust type. Wire names are kept with \`#[serde(rename)]\`,
//! optional members are \`Option\`s left out when \`None\`, tagged unions are enums tagged by their
//! \`const\` member, and each method's params and result have the name \`<Method>Params\` / \`Result\`.

${uses}

${types.text()}`,
    },
    { path: `${DIR}/errors.rs`, content: renderErrors(BANNER, errors) },
    { path: `${DIR}/methods.rs`, content: renderMethods(BANNER, model, methods) },
  ];
}

/**
 * The canonical Rust name for a method's params or result (`SessionPromptParams`): the component
 * itself, an alias of the component the document names otherwise, or a type for an inline schema.
 */
function named(types: RustTypes, name: string, schema: NamedSchema, description: string): string {
  if (!schema.component) return types.declare(name, { description, ...schema.schema });
  types.alias(name, types.component(schema.name), description);
  return name;
}
