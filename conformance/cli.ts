import { realpathSync } from "node:fs";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import type { ReportTargets } from "./report/reports.js";
import { shellQuote } from "./report/rerun.js";
import { orderAreas, parseAreaList } from "./runner/areas.js";
import { DEFAULT_TIMEOUT_MS } from "./runner/defaults.js";
import { dialectsOf, parseDialect } from "./runner/dialects.js";
import { collectCases, runConformance } from "./runner/runner.js";
import type { Dialect } from "./wire/connection.js";

/**
 * `zeroclaw-conformance …` (this package's bin), `zeroclaw conformance …` (an alias in the
 * daemon's command line) and `npx tsx conformance/cli.ts …`: a black-box suite for any
 * implementation of the socket transport. It speaks only the wire protocol and the environment
 * contract of SPEC §1, never the daemon's code.
 */

const USAGE = `usage: zeroclaw-conformance (--spawn "CMD" | --socket PATH | --list) [options]

  --spawn "CMD"        start the daemon with CMD (through the shell) in a fresh temp dir,
                       with the caller's environment and its own ZEROCLAW_CONFIG_DIR,
                       ZEROCLAW_DATA_DIR and ZEROCLAW_SOCKET; cases needing settings get a
                       daemon of their own
  --socket PATH        test an already running daemon, without changing it: cases needing
                       settings or a fresh daemon are skipped, so are cases that would change
                       its settings (unless --allow-writes); what the run creates is removed
                       (with --spawn too, only the cases needing their own daemon use CMD)
  --allow-writes       with --socket: also run the cases that change settings (config/set,
                       config/set-many, pairing/create, pairing/revoke)
  --dialect D          seed (default) or zeroclaw: how every connection initializes and how
                       answers are judged (SPEC §13); a case with no meaning in D is n/a
  --area A,B           run only the cases of these areas
  --require A,B        these areas must be implemented: their not-implemented cases run and fail
  --strict             every area must be implemented (--require all)
  --list               print every case with its area, its dialects and the methods it needs,
                       then exit
  --report KIND=FILE   also write a report: junit=FILE (JUnit XML) or json=FILE; may be repeated
  --openrpc FILE       the openrpc.json to check against (default: the package's copy)
  --filter SUBSTR      run only cases whose name contains SUBSTR
  --case NAME          run only the case named NAME (may be repeated); every failure prints
                       the --case command line that reruns it
  --timeout-ms N       how long to wait for each expected message (default ${DEFAULT_TIMEOUT_MS})
  --verbose            print the wire transcript and daemon stderr of each failure

exit code: 0 when no case failed, 1 when one did, 2 when the suite could not run`;

interface ParsedArguments {
  socket: string | undefined;
  spawn: string | undefined;
  filter: string | undefined;
  cases: string[] | undefined;
  areas: string[] | undefined;
  required: string[];
  strict: boolean;
  allowWrites: boolean;
  list: boolean;
  reports: ReportTargets;
  openrpc: string | undefined;
  dialect: Dialect;
  timeoutMs: number;
  verbose: boolean;
}

/**
 * `invocation`: how the user started the suite, for the "rerun" line under each failure; the
 * daemon's `zeroclaw conformance` alias passes its own.
 */
export async function conformanceMain(argv: string[], invocation = defaultInvocation()): Promise<number> {
  let parsed: ParsedArguments | "help";
  try {
    parsed = parseArguments(argv);
  } catch (error) {
    process.stderr.write(`conformance: ${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (parsed === "help") {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const print = (line: string): void => {
    process.stdout.write(`${line}\n`);
  };
  try {
    const { cases } = await collectCases(parsed.openrpc, parsed.dialect);
    const known = new Set(cases.map((testCase) => testCase.area));
    const names = new Set(cases.map((testCase) => testCase.name));
    const unknownCase = parsed.cases?.find((name) => !names.has(name));
    if (unknownCase !== undefined)
      throw new Error(`no case is named ${JSON.stringify(unknownCase)} (see --list)`);
    for (const area of [...(parsed.areas ?? []), ...parsed.required]) {
      if (!known.has(area))
        throw new Error(
          `no case has area ${JSON.stringify(area)} (areas: ${orderAreas(known)
            .filter((a) => known.has(a))
            .join(", ")})`,
        );
    }
    if (parsed.list) {
      for (const testCase of cases) {
        if (parsed.areas && !parsed.areas.includes(testCase.area)) continue;
        const methods = testCase.methods.length > 0 ? `  [${testCase.methods.join(" ")}]` : "";
        const dialects = dialectsOf(testCase).join(",");
        print(`${testCase.area.padEnd(10)} ${dialects.padEnd(13)} ${testCase.name}${methods}`);
      }
      return 0;
    }
    const summary = await runConformance({ ...parsed, cwd: process.cwd(), invocation, print });
    return summary.failed > 0 ? 1 : 0;
  } catch (error) {
    // The suite itself could not run (no fixtures, unreadable files): not a verdict on the daemon.
    process.stderr.write(`conformance: ${(error as Error).message}\n`);
    return 2;
  }
}

function parseArguments(argv: string[]): ParsedArguments | "help" {
  const parsed: ParsedArguments = {
    socket: undefined,
    spawn: undefined,
    filter: undefined,
    cases: undefined,
    areas: undefined,
    required: [],
    strict: false,
    allowWrites: false,
    list: false,
    reports: {},
    openrpc: undefined,
    dialect: "seed",
    timeoutMs: DEFAULT_TIMEOUT_MS,
    verbose: false,
  };
  const queue = [...argv];
  const nextValue = (flag: string): string => {
    const value = queue.shift();
    if (value === undefined) throw new Error(`${flag} needs a value`);
    return value;
  };
  for (let argument = queue.shift(); argument !== undefined; argument = queue.shift()) {
    const [flag = "", inlineValue] = argument.startsWith("--") ? splitOnce(argument, "=") : [argument];
    const value = (): string => inlineValue ?? nextValue(flag);
    switch (flag) {
      case "--socket":
        parsed.socket = value();
        break;
      case "--spawn":
        parsed.spawn = value();
        break;
      case "--filter":
        parsed.filter = value();
        break;
      case "--case":
        parsed.cases = [...(parsed.cases ?? []), value()];
        break;
      case "--area":
        parsed.areas = [...(parsed.areas ?? []), ...parseAreaList(value())];
        break;
      case "--require":
        parsed.required.push(...parseAreaList(value()));
        break;
      case "--strict":
        parsed.strict = true;
        break;
      case "--allow-writes":
        parsed.allowWrites = true;
        break;
      case "--list":
        parsed.list = true;
        break;
      case "--report": {
        // `--report=junit=FILE` and `--report junit=FILE` both work.
        const [kind, file] = splitOnce(value(), "=");
        if ((kind !== "junit" && kind !== "json") || !file)
          throw new Error(`--report needs junit=FILE or json=FILE, got ${JSON.stringify(kind)}`);
        parsed.reports[kind] = file;
        break;
      }
      case "--openrpc":
        parsed.openrpc = value();
        break;
      case "--dialect":
        parsed.dialect = parseDialect(value());
        break;
      case "--timeout-ms": {
        const text = value();
        if (!/^\d+$/.test(text) || Number(text) <= 0)
          throw new Error(`--timeout-ms needs a positive integer`);
        parsed.timeoutMs = Number(text);
        break;
      }
      case "--verbose":
        parsed.verbose = true;
        break;
      case "--help":
      case "-h":
        return "help";
      default:
        throw new Error(`unknown argument ${JSON.stringify(argument)}`);
    }
  }
  if (!parsed.list && parsed.socket === undefined && parsed.spawn === undefined)
    throw new Error("give --spawn or --socket (or --list)");
  return parsed;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + separator.length)];
}

/** `zeroclaw-conformance` when run through the package's bin, else `node <this script>`. */
function defaultInvocation(): string {
  const script = process.argv[1];
  if (script === undefined) return "zeroclaw-conformance";
  return basename(script) === "zeroclaw-conformance" ? "zeroclaw-conformance" : `node ${shellQuote(script)}`;
}

function isEntryPoint(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}

if (isEntryPoint(import.meta.url)) {
  const exitCode = await conformanceMain(process.argv.slice(2));
  process.exitCode = exitCode;
  // A leaked handle (a socket a daemon never closed) must not hang CI after the summary line.
  setTimeout(() => process.exit(exitCode), 2_000).unref();
}
