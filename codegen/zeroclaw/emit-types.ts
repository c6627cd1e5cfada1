// generated/types.ts: every declaration of the model (the TypeScript target's rendering, integers as
// `number`: our runtime parses JSON with JSON.parse), then the conventional names src/ imports —
// `<Method>Params`, `<Method>Result`, `<Error>ErrorData` — where the declarations lack them.
import type { Model } from "../model/types.js";
import { renderTypes } from "../targets/typescript/render-types.js";
import { ownNames } from "./names.js";

export function emitTypes(model: Model, banner: string): string {
  const own = ownNames(model);
  const body = renderTypes(model, own.names, { integers: "number" });
  const aliases =
    own.aliases.length > 0
      ? `\n\n// Conventional names for method params/results and error data.\n${own.aliases.join("\n")}`
      : "";
  return `${banner}\n\n${body}${aliases}\n`;
}
