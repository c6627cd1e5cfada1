import type { ValidationError } from "../../generated/methods.js";

/**
 * Ajv errors as the `{path, message}` list of -32602 invalid_params: the path is a JSON Pointer into
 * params, naming the missing or unexpected member itself rather than the object that holds it.
 */
export function paramErrors(
  errors: readonly ValidationError[] | null | undefined,
): { path: string; message: string }[] {
  return (errors ?? []).map((e) => {
    const member = e.params.missingProperty ?? e.params.additionalProperty;
    return {
      path: typeof member === "string" ? `${e.instancePath}/${member}` : e.instancePath,
      message: e.message ?? e.keyword,
    };
  });
}
