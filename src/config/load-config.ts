// config.toml → a validated Config with every default filled in. A missing file is all defaults; a
// file that fails the schema stops the daemon with the file name and every problem.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseToml } from "smol-toml";
import type { ValidationError } from "../../generated/methods.js";
import type { Config, RpcConfig } from "../../generated/types.js";
import { Config as validateConfig } from "../../generated/validators.js";

export type LoadedConfig = Config & { rpc: Required<RpcConfig> };

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

export const configFilePath = (configDir: string): string => join(configDir, "config.toml");

export function loadConfig(configDir: string): LoadedConfig {
  const file = configFilePath(configDir);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return withDefaults({}, file);
    throw new ConfigError(`cannot read ${file}: ${(err as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = parseToml(text);
  } catch (err) {
    throw new ConfigError(`${file} is not valid TOML: ${(err as Error).message}`);
  }
  return withDefaults(raw, file);
}

/** Validates a parsed config (filling schema defaults in place). */
export function withDefaults(raw: unknown, source = "config"): LoadedConfig {
  const candidate = structuredClone(raw);
  if (!(validateConfig as (d: unknown) => boolean)(candidate)) {
    const errors = (validateConfig as { errors?: ValidationError[] }).errors ?? [];
    const lines = errors.map((e) => `  ${e.instancePath || "/"}: ${e.message ?? e.keyword}`);
    throw new ConfigError(`${source} is invalid:\n${lines.join("\n")}`);
  }
  return candidate as LoadedConfig;
}
