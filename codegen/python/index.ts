// The Python target: `zeroclaw_client`'s generated modules, next to its hand-written runtime in
// clients/python/src/zeroclaw_client/ (connection, client, uploads, codecs). See codegen/python/README.md.
import type { OpenRpcDocument } from "../legacy/document.js";
import { emitErrors } from "./emit-errors.js";
import { emitMethods } from "./emit-methods.js";
import { emitTypes } from "./emit-types.js";
import { PyModel } from "./model.js";

const BANNER = "# Generated from openrpc.json by codegen/ — do not edit. Run `npm run generate`.";
const PACKAGE = "clients/python/src/zeroclaw_client";

export function emitPython(doc: OpenRpcDocument): { path: string; content: string }[] {
  const model = new PyModel(doc);
  return [
    { path: `${PACKAGE}/_generated_types.py`, content: emitTypes(model, BANNER) },
    { path: `${PACKAGE}/_generated_errors.py`, content: emitErrors(model, BANNER) },
    { path: `${PACKAGE}/_generated_methods.py`, content: emitMethods(model, BANNER) },
  ];
}
