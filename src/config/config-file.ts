// Reading and durably writing config.toml: a write goes through writeFileAtomic (a fresh O_EXCL |
// O_NOFOLLOW temp file with a random name, fsynced, renamed over the old file, SPEC §19), so a crash
// leaves the old or the new file, never a mix; a failure at any step, a link in the way included,
// leaves the old file byte-identical.
import { readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { writeFileAtomic } from "../storage/atomic-write.js";

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

// smol-toml is loaded only when there is a file to read or write: a daemon on the defaults starts
// without it.
type Toml = { parse(text: string): unknown; stringify(value: unknown): string };
let toml: Toml | undefined;
const loadToml = (): Toml => (toml ??= createRequire(import.meta.url)("smol-toml") as Toml);

export const configFilePath = (configDir: string): string => join(configDir, "config.toml");

/** The parsed file, or {} when it does not exist. */
export function readConfigFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw new ConfigError(`cannot read ${file}: ${(err as Error).message}`);
  }
  try {
    return loadToml().parse(text);
  } catch (err) {
    throw new ConfigError(`${file} is not valid TOML: ${(err as Error).message}`);
  }
}

/**
 * Asynchronous, so an fsync on a slow disk never stalls every other connection: while it runs the
 * daemon keeps serving, and the config service's write lock keeps the next commit from staging on a
 * config this one is about to replace.
 */
export async function writeConfigFileDurably(file: string, config: Record<string, unknown>): Promise<void> {
  const text = `# zeroclaw daemon config: written by config/set; comments are not kept.\n${loadToml().stringify(config)}\n`;
  // A daemon running on defaults may have no config dir yet: the first write creates it, private.
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await writeFileAtomic(file, text);
}
