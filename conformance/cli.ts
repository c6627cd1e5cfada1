import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { runConformance } from "./runner.js";

/**
 * `zeroclaw conformance …` and `npx tsx conformance/cli.ts …`: a black-box
 * suite for any implementation of the socket transport. It speaks only the
 * wire protocol and the environment contract of SPEC §1, never our src/.
 */

const DEFAULT_TIMEOUT_MS = 5_000;

const USAGE = `usage: conformance (--spawn "CMD" | --socket PATH) [--filter SUBSTR] [--timeout-ms N] [--verbose]

  --spawn "CMD"    start the daemon with CMD (through the shell) in a fresh temp dir,
                   passing PATH, HOME, ZEROCLAW_CONFIG_DIR, ZEROCLAW_DATA_DIR and
                   ZEROCLAW_SOCKET; cases needing settings get a daemon of their own
  --socket PATH    test an already running daemon; cases needing settings or a fresh
                   daemon are skipped (with --spawn too, only those use CMD)
  --filter SUBSTR  run only cases whose name contains SUBSTR
  --timeout-ms N   how long to wait for each expected message (default ${DEFAULT_TIMEOUT_MS})
  --verbose        print the wire transcript and daemon stderr of each failure`;

interface ParsedArguments {
  socket: string | undefined;
  spawn: string | undefined;
  filter: string | undefined;
  timeoutMs: number;
  verbose: boolean;
}

export async function conformanceMain(argv: string[]): Promise<number> {
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
  try {
    const summary = await runConformance({
      ...parsed,
      cwd: process.cwd(),
      print: (line) => process.stdout.write(`${line}\n`),
    });
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
  if (parsed.socket === undefined && parsed.spawn === undefined) throw new Error("give --spawn or --socket");
  return parsed;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + separator.length)];
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
