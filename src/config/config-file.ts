// Reading and durably writing config.toml: a write goes to a temp file in the same directory, is
// fsynced, renamed over the old file and the directory fsynced, so a crash leaves the old or the new
// file, never a mix; a failure at any step leaves the old file byte-identical.
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

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

export function writeConfigFileDurably(file: string, config: Record<string, unknown>): void {
  const text = `# zeroclaw daemon config: written by config/set; comments are not kept.\n${loadToml().stringify(config)}\n`;
  const tmp = `${file}.tmp`;
  let fd: number | undefined;
  try {
    // A daemon running on defaults may have no config dir yet: the first write creates it, private.
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    fd = openSync(tmp, "w", 0o600);
    writeSync(fd, text);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, file);
  } catch (err) {
    if (fd !== undefined) closeSync(fd);
    try {
      rmSync(tmp, { force: true });
    } catch {
      // Not ours to remove (e.g. a directory in the way): the old file is untouched either way.
    }
    throw err;
  }
  try {
    const dirFd = openSync(dirname(file), "r");
    try {
      fsyncSync(dirFd);
    } finally {
      closeSync(dirFd);
    }
  } catch {
    // Some platforms cannot fsync a directory; the rename itself is already atomic.
  }
}
