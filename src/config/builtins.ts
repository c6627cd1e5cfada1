// What exists with no config at all (SPEC §7): a provider `echo` of kind echo and an agent `default`
// using it. They stay available whatever the file adds, unless the file defines entries of those names.
import { isDeepStrictEqual } from "node:util";
import type { Config } from "../../generated/types.js";

export const BUILTIN_PROVIDERS: NonNullable<Config["providers"]> = { echo: { kind: "echo" } };
export const BUILTIN_AGENTS: NonNullable<Config["agents"]> = { default: { provider: "echo" } };

/** The stored config with the built-in providers and agents underneath it (a fresh object). */
export function withBuiltins(stored: Config): Config {
  const copy = structuredClone(stored);
  copy.providers = { ...structuredClone(BUILTIN_PROVIDERS), ...copy.providers };
  copy.agents = { ...structuredClone(BUILTIN_AGENTS), ...copy.agents };
  return copy;
}

/**
 * What to write back after staging on withBuiltins(stored): a built-in entry the file did not have
 * and that is still exactly the built-in is left out, so a write does not copy the defaults into the
 * file; one the write changed (or the file already had) is kept.
 */
export function withoutUntouchedBuiltins(
  candidate: Record<string, unknown>,
  stored: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...candidate };
  for (const [section, builtins] of [
    ["providers", BUILTIN_PROVIDERS],
    ["agents", BUILTIN_AGENTS],
  ] as const) {
    const map = out[section] as Record<string, unknown> | undefined;
    if (!map) continue;
    const had = (stored[section] ?? {}) as Record<string, unknown>;
    const kept = { ...map };
    for (const [name, entry] of Object.entries(builtins)) {
      if (!Object.hasOwn(had, name) && isDeepStrictEqual(kept[name], entry)) delete kept[name];
    }
    if (Object.keys(kept).length === 0 && !Object.hasOwn(stored, section)) delete out[section];
    else out[section] = kept;
  }
  return out;
}
