// The one Ajv → `{path, message}` mapper: -32602 invalid_params (params of a request) and config
// validation (config/set, the config file) both report through it. The path is a JSON Pointer; for
// the members an error names (a missing or unexpected property, a bad property name) it points at
// that member itself rather than the object that holds it. Which of those a caller points at is its
// choice, and the two differ on purpose (kept exactly as they were before they shared this code).
import type { ValidationError } from "../../generated/methods.js";

export type AjvProblem = { path: string; message: string };

/** The Ajv error params that can name a member of the object at instancePath. */
export type NamedMember = "missingProperty" | "additionalProperty" | "propertyName";

export function ajvProblems(
  errors: readonly ValidationError[] | null | undefined,
  members: readonly NamedMember[],
): AjvProblem[] {
  return (errors ?? []).map((e) => {
    let path = e.instancePath;
    for (const key of members) {
      const member = e.params[key];
      if (typeof member === "string") {
        path = `${e.instancePath}/${member}`;
        break;
      }
    }
    return { path, message: e.message ?? e.keyword };
  });
}

/** Request params: a missing or unexpected member is named in the path. */
export const PARAM_MEMBERS: readonly NamedMember[] = ["missingProperty", "additionalProperty"];

/** The `errors` list of -32602 invalid_params. */
export function paramErrors(errors: readonly ValidationError[] | null | undefined): AjvProblem[] {
  return ajvProblems(errors, PARAM_MEMBERS);
}
