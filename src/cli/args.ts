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
      args: args.map(hideNegative),
      options: { ...options, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    }) as Parsed;
  } catch (err) {
    throw usageError(parseArgsMessage(err));
  }
  parsed = restoreNegatives(parsed);
  if (parsed.values.help === true) return "help";
  const n = parsed.positionals.length;
  if (n < positionals.min) throw usageError("missing argument");
  if (n > positionals.max)
    throw usageError(`unexpected argument ${JSON.stringify(parsed.positionals[positionals.max])}`);
  return parsed;
}

// A negative number is a value, never an option (`config set sessions.max_live -5`): no option of ours
// is a digit, so parseArgs sees it disguised and gets it back as it was typed.
const NEGATIVE = /^-(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const DISGUISE = "\u0000neg:";
const hideNegative = (arg: string): string => (NEGATIVE.test(arg) ? DISGUISE + arg : arg);
const reveal = (v: unknown): unknown =>
  typeof v === "string" && v.startsWith(DISGUISE)
    ? v.slice(DISGUISE.length)
    : Array.isArray(v)
      ? v.map(reveal)
      : v;

function restoreNegatives(parsed: Parsed): Parsed {
  const values = Object.fromEntries(Object.entries(parsed.values).map(([k, v]) => [k, reveal(v)]));
  return { ...parsed, values, positionals: parsed.positionals.map((p) => reveal(p) as string) } as Parsed;
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
