// What exists with no config at all (SPEC §7): a provider `echo` of kind echo and an agent `default`
// using it. They stay available whatever the file adds, unless the file defines entries of those names.
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
