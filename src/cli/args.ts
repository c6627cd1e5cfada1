// util.parseArgs with the two things it lacks for a person at a terminal: --help/-h on every command,
// and its ERR_PARSE_ARGS_* exceptions turned into one usage line instead of a stack trace.
import { parseArgs } from "node:util";
import { usageError } from "./exit-codes.js";

type OptionSpec = { type: "string" | "boolean"; short?: string; multiple?: boolean };
export type Options = Record<string, OptionSpec>;

export type Parsed = {
  values: Record<string, string | boolean | string[] | boolean[] | undefined>;
  positionals: string[];
};

/** "help" when -h/--help was given; otherwise the parsed values. */
export function parseCommandArgs(
  args: string[],
  options: Options,
  positionals: { min: number; max: number },
): Parsed | "help" {
  let parsed: Parsed;
  try {
    parsed = parseArgs({
      args,
      options: { ...options, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    }) as Parsed;
  } catch (err) {
    throw usageError(parseArgsMessage(err));
  }
  if (parsed.values.help === true) return "help";
  const n = parsed.positionals.length;
  if (n < positionals.min) throw usageError("missing argument");
  if (n > positionals.max)
    throw usageError(`unexpected argument ${JSON.stringify(parsed.positionals[positionals.max])}`);
  return parsed;
}

/** parseArgs' messages are long and suggest `--` tricks; keep the part a person needs. */
function parseArgsMessage(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const code = (err as { code?: string }).code;
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    const option = /option '([^']+)'/.exec(message)?.[1] ?? message;
    return `unknown option ${option}`;
  }
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") return message.replace(/\.$/, "");
  return message;
}

export const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
export const strs = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
