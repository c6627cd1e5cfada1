// Whole-config validation: the generated schema validator plus the checks a schema cannot express
// (references between sections, grants that exist). Errors come back as {path, message} pointers.

import type { ValidationError } from "../../generated/methods.js";
import { GRANTS } from "../../generated/methods.js";
import type { Config } from "../../generated/types.js";
import { Config as validateSchema } from "../../generated/validators.js";
import { type AjvProblem, ajvProblems, type NamedMember } from "../jsonrpc/param-errors.js";

export type ConfigProblem = AjvProblem;

/**
 * An unexpected member or a bad property name is named in the path; a missing one is not (the path
 * is the object that lacks it, as config/set has always reported).
 */
export const CONFIG_MEMBERS: readonly NamedMember[] = ["additionalProperty", "propertyName"];

/** Validates `effective` in place (filling schema defaults). Returns the problems, [] when valid. */
export function schemaProblems(effective: unknown): ConfigProblem[] {
  const validate = validateSchema as unknown as ((d: unknown) => boolean) & {
    errors?: ValidationError[] | null;
  };
  if (validate(effective)) return [];
  return ajvProblems(validate.errors, CONFIG_MEMBERS);
}

/** Cross-section rules, on a config that already passed the schema. */
export function referenceProblems(config: Config): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const profiles = config.permission_profiles ?? {};
  for (const [name, user] of Object.entries(config.users ?? {})) {
    user.permission_profiles.forEach((profile, i) => {
      if (!Object.hasOwn(profiles, profile))
        problems.push({
          path: `/users/${name}/permission_profiles/${i}`,
          message: `no permission profile ${profile}`,
        });
    });
  }
  const uids = new Map<number, string>();
  for (const [name, user] of Object.entries(config.users ?? {})) {
    if (user.uid === undefined) continue;
    const other = uids.get(user.uid);
    if (other)
      problems.push({ path: `/users/${name}/uid`, message: `uid ${user.uid} is already user ${other}'s` });
    uids.set(user.uid, name);
  }
  for (const [name, profile] of Object.entries(profiles)) {
    for (const [resource, verbs] of Object.entries(profile.grants ?? {})) {
      for (const verb of verbs ?? []) {
        if (resource === "*" || verb === "*") continue;
        if (!GRANTS.includes(`${resource}:${verb}` as never))
          problems.push({
            path: `/permission_profiles/${name}/grants/${resource}`,
            message: `no grant ${resource}:${verb}`,
          });
      }
    }
  }
  for (const [name, agent] of Object.entries(config.agents ?? {})) {
    if (!Object.hasOwn(config.providers ?? {}, agent.provider))
      problems.push({ path: `/agents/${name}/provider`, message: `no provider ${agent.provider}` });
  }
  return problems;
}
