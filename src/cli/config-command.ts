// zeroclaw config get [PROP] | set PROP VALUE | set-many PROP=VALUE…: config/get, config/set and
// config/set-many without writing JSON-RPC by hand. A VALUE is JSON when it parses as JSON and a plain
// string otherwise, so `zeroclaw config set agents.default.system_prompt "Be brief"` works as typed
// (quote it as JSON, '"true"', to store the string "true"). The daemon's errors are the RPC's, on one
// line (exit 1); a malformed command line is exit 2.
import { existsSync, readFileSync } from "node:fs";
import type { ConfigSetManyParams } from "../../generated/types.js";
import { configFilePath } from "../config/config-file.js";
import { correctProp, unconfiguredEntry } from "../config/config-schema.js";
import { ConfigService, loadLiveConfig } from "../config/config-service.js";
import { resolvePaths } from "../config/paths.js";
import { closest } from "../did-you-mean.js";
import { type DaemonClient, openDaemon, rpcFailure, withDaemon } from "./daemon-client.js";
import { CliError, Exit, usageError } from "./exit-codes.js";

type Entry = { prop: string; value: unknown };

export type ConfigOptions = { json: boolean; configDir?: string };

/** JSON if it parses as a finite JSON value, else the text itself as a string. */
export function parseValue(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    // JSON.parse("1e400") is Infinity, which JSON cannot carry: such text stays text.
    if (typeof value === "number" && !Number.isFinite(value)) return text;
    return value;
  } catch {
    return text;
  }
}

/**
 * set-many's input, any of: PROP=VALUE pairs; one JSON document, either config/set-many's own params
 * ({"sets":[{prop,value}…]}), the list of sets, or an object of prop → value. `-` reads the same from
 * stdin (one PROP=VALUE per line, blank lines and # comments skipped, or a JSON document).
 */
export function parseSets(args: readonly string[], stdin: () => string = readStdin): Entry[] {
  if (args.length === 1 && args[0] === "-") return parseSetsText(stdin());
  if (args.length === 1 && /^\s*[[{]/.test(args[0]!)) return setsFromJson(args[0]!);
  return args.map(pair);
}

function parseSetsText(text: string): Entry[] {
  if (/^\s*[[{]/.test(text)) return setsFromJson(text);
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "" && !line.trimStart().startsWith("#"))
    .map((line) => pair(line.trim()));
}

function pair(arg: string): Entry {
  const eq = arg.indexOf("=");
  if (eq <= 0) throw usageError(`expected PROP=VALUE, got ${JSON.stringify(arg)}`);
  return { prop: arg.slice(0, eq).trim(), value: parseValue(arg.slice(eq + 1)) };
}

function setsFromJson(text: string): Entry[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw usageError(`not valid JSON: ${(err as Error).message}`);
  }
  const list = Array.isArray(doc) ? doc : (doc as { sets?: unknown } | null)?.sets;
  if (Array.isArray(list)) {
    return list.map((e, i) => {
      const entry = e as Partial<Entry> | null;
      if (typeof entry?.prop !== "string" || !("value" in (entry ?? {})))
        throw usageError(`sets[${i}]: expected {"prop": …, "value": …}`);
      return { prop: entry.prop, value: entry.value };
    });
  }
  if (doc !== null && typeof doc === "object")
    return Object.entries(doc as Record<string, unknown>).map(([prop, value]) => ({ prop, value }));
  throw usageError('expected {"sets":[…]}, a list of {"prop","value"}, or an object of prop → value');
}

async function printConfigValue(
  source: ConfigSource,
  prop: string | undefined,
  json: boolean,
): Promise<number> {
  const value = await source.get(prop);
  // A prop the schema has but that names a map entry nobody configured (agents.defualt.…) is
  // null: say so, with the entry that was probably meant, instead of printing null and exit 0.
  if (prop !== undefined && value === null) {
    const whole = await source.get(undefined);
    const segments = prop.split(".");
    const missing = unconfiguredEntry(segments, whole);
    if (missing !== undefined) {
      const fix = correctProp(segments, whole);
      const hint = fix ? `; did you mean ${fix.join(".")}?` : "";
      throw new CliError(
        `${segments.slice(0, missing + 1).join(".")} is not in the config${hint}`,
        Exit.failed,
      );
    }
  }
  process.stdout.write(`${formatValue(value, json)}\n`);
  return Exit.ok;
}

type ConfigSource = { get(prop?: string): Promise<unknown>; close(): void };

/**
 * Where `config get` reads: the running daemon, or — when none runs — config.toml itself, read and
 * validated as the daemon would (said on stderr, since a daemon may later read it differently).
 */
async function configSource(configDir: string | undefined): Promise<ConfigSource> {
  let daemon: DaemonClient;
  try {
    daemon = await openDaemon(configDir);
  } catch (err) {
    if (!(err instanceof CliError) || err.exitCode !== Exit.noDaemon) throw err;
    const dir = resolvePaths(configDir).configDir;
    let service: ConfigService;
    try {
      service = new ConfigService(dir, loadLiveConfig(dir));
    } catch (bad) {
      throw new CliError((bad as Error).message, Exit.failed);
    }
    const file = configFilePath(dir);
    process.stderr.write(
      existsSync(file)
        ? `zeroclaw config: no daemon is running: read ${file}\n`
        : `zeroclaw config: no daemon is running and there is no ${file}: the embedded defaults\n`,
    );
    return {
      close: () => undefined,
      get: async (prop) => {
        try {
          return service.get(prop);
        } catch (e) {
          throw rpcFailure(e);
        }
      },
    };
  }
  const d = daemon;
  return {
    close: () => d.connection.close(),
    get: async (prop) => {
      try {
        return (await d.client.configGet(prop === undefined ? {} : { prop })).value;
      } catch (e) {
        throw rpcFailure(e);
      }
    },
  };
}

const readStdin = (): string => readFileSync(0, "utf8");

/** A value as `config get` prints it: strings as they are (unless --json), the rest as JSON. */
export function formatValue(value: unknown, json: boolean): string {
  if (typeof value === "string" && !json) return value;
  return JSON.stringify(value, null, 2) ?? "null";
}

export async function configCommand(verb: string, args: string[], o: ConfigOptions): Promise<number> {
  if (verb === "get") {
    if (args.length > 1) throw usageError(`unexpected argument ${JSON.stringify(args[1])}`);
    const prop = args[0];
    const source = await configSource(o.configDir);
    try {
      return await printConfigValue(source, prop, o.json);
    } finally {
      source.close();
    }
  }
  if (verb === "set") {
    if (args.length !== 2)
      throw usageError(
        args.length < 2 ? "expected PROP VALUE" : `unexpected argument ${JSON.stringify(args[2])}`,
      );
    const [prop, text] = args as [string, string];
    const value = parseValue(text);
    await withDaemon(o.configDir, (d) => d.client.configSet({ prop, value: value as never }));
    process.stdout.write(`${prop} = ${JSON.stringify(value)}\n`);
    return Exit.ok;
  }
  if (verb === "set-many") {
    if (args.length === 0) throw usageError("expected PROP=VALUE… (or - to read them from stdin)");
    const sets = parseSets(args);
    if (sets.length === 0) throw usageError("nothing to set");
    await withDaemon(o.configDir, (d) => d.client.configSetMany({ sets } as ConfigSetManyParams));
    for (const s of sets) process.stdout.write(`${s.prop} = ${JSON.stringify(s.value)}\n`);
    return Exit.ok;
  }
  const near = closest(verb, ["get", "set", "set-many"]);
  throw usageError(
    `unknown subcommand config ${verb}: ${near ? `did you mean config ${near}? ` : ""}use get, set or set-many`,
  );
}
