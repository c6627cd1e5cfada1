// Our own document's outputs (npm run generate): generated/*.ts for src/ and dashboard/, and
// docs/methods.md, all from the model. The lint profile (lint.ts) runs before this, on our document only.
import type { Model } from "../model/types.js";
import { emitClient } from "./emit-client.js";
import { emitClientErrors } from "./emit-client-errors.js";
import { emitDaemonToClient } from "./emit-daemon-to-client.js";
import { emitMethodsDoc, METHODS_DOC } from "./emit-docs.js";
import { emitEffectiveConfig } from "./emit-effective-config.js";
import { emitErrors } from "./emit-errors.js";
import { emitMethods } from "./emit-methods.js";
import { emitTypes } from "./emit-types.js";
import { emitValidators } from "./emit-validators.js";

export const BANNER = "// Generated from openrpc.json by codegen/ — do not edit. Run `npm run generate`.";

/** Every file for our own document, keyed by its path from the repository root. */
export function emitOwn(model: Model): Map<string, string> {
  return new Map([
    ["generated/types.ts", emitTypes(model, BANNER)],
    ["generated/validators.ts", emitValidators(model, BANNER)],
    ["generated/errors.ts", emitErrors(model, BANNER)],
    ["generated/methods.ts", emitMethods(model, BANNER)],
    ["generated/client.ts", emitClient(model, BANNER)],
    ["generated/daemon-to-client.ts", emitDaemonToClient(model, BANNER)],
    ["generated/effective-config.ts", emitEffectiveConfig(model, BANNER)],
    ["generated/client-errors.ts", emitClientErrors(model, BANNER)],
    // The method reference for client authors, outside generated/ so readers find it with the docs.
    [METHODS_DOC, emitMethodsDoc(model)],
  ]);
}
