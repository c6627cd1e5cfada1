import { DEFAULT_TIMEOUT_MS } from "../runner/defaults.js";
import { rerunCommand } from "./rerun.js";
import {
  areaTable,
  type CaseResult,
  type Counts,
  liveDaemonCoverage,
  partialAreas,
  totals,
} from "./tally.js";

/** What the console output needs from the run's options. */
export interface ConsoleOptions {
  socket: string | undefined;
  spawn: string | undefined;
  openrpc?: string | undefined;
  dialect?: string | undefined;
  allowWrites?: boolean | undefined;
  required?: readonly string[] | undefined;
  strict?: boolean | undefined;
  timeoutMs: number;
  verbose: boolean;
  invocation?: string | undefined;
  print: (line: string) => void;
}

/**
 * One line per case as it finishes. A failure adds the rule it checks (with its SPEC § or
 * openrpc.json place), the step that broke, and the command that reruns just that case.
 */
export function printResult(result: CaseResult, options: ConsoleOptions): void {
  const { outcome, name } = result;
  switch (outcome.status) {
    case "ok":
      options.print(`ok   ${name}`);
      return;
    case "skip":
      options.print(`skip ${name}: ${oneLine(outcome.reason)}`);
      return;
    case "not-implemented":
      options.print(`n/i  ${name}: ${oneLine(outcome.reason)}`);
      return;
    case "n/a":
      options.print(`n/a  ${name}: ${oneLine(outcome.reason)}`);
      return;
    case "fail": {
      options.print(`FAIL ${name}: ${oneLine(outcome.reason)}`);
      options.print(`     rule:  ${oneLine(outcome.rule)}`);
      if (outcome.step !== undefined) options.print(`     step:  ${oneLine(outcome.step)}`);
      const required =
        options.strict === true || (options.required ?? []).includes(result.area) ? result.area : undefined;
      options.print(
        `     rerun: ${rerunCommand({ ...options, defaultTimeoutMs: DEFAULT_TIMEOUT_MS }, name, required)}`,
      );
      if (options.verbose) for (const line of outcome.details) options.print(`    ${line}`);
      return;
    }
  }
}

/**
 * The per-area table (with each area's implementation: implemented / partial / not implemented),
 * what each partial area lacks, the --socket coverage, and the closing line CI reads.
 */
export function printSummary(results: readonly CaseResult[], options: ConsoleOptions): Counts {
  const all = totals(results);
  options.print("");
  for (const line of areaTable(results)) options.print(line);
  const partial = partialAreas(results);
  if (partial.size > 0) options.print("");
  for (const [area, reasons] of partial) {
    const inArea = results.filter((result) => result.area === area);
    const missing = [...reasons.values()].reduce((sum, names) => sum + names.length, 0);
    options.print(
      `partial ${area}: ${inArea.length - missing} of ${inArea.length} cases ran; not implemented: ${describeMissing(reasons)}`,
    );
  }
  if (options.socket !== undefined) {
    const { eligible, ran } = liveDaemonCoverage(results);
    const share = eligible === 0 ? 0 : Math.round((ran / eligible) * 100);
    options.print(
      `live daemon: ${ran} of the ${eligible} cases a running daemon can host ran (${share}%); ` +
        `${results.length - eligible} need a daemon of their own (--spawn)`,
    );
  }
  // The closing line keeps its shape (CI reads it); cases of another dialect are counted above it.
  if (all.notApplicable > 0)
    options.print(`${all.notApplicable} cases have no meaning in this run's dialect (n/a, never passed)`);
  options.print(`${all.passed} passed, ${all.failed} failed, ${all.skipped} skipped`);
  return all;
}

const CAPABILITIES_REASON = "not in initialize.capabilities: ";

/**
 * What a partial area lacks, shortest first: the methods missing from initialize.capabilities with
 * how many cases each keeps from running, then any other reason with its cases (the JSON report
 * lists every case).
 */
function describeMissing(reasons: ReadonlyMap<string, readonly string[]>): string {
  const byMethod = new Map<string, number>();
  const other: string[] = [];
  for (const [reason, names] of reasons) {
    if (!reason.startsWith(CAPABILITIES_REASON)) {
      other.push(`${oneLine(reason)} (${names.join(", ")})`);
      continue;
    }
    for (const method of reason.slice(CAPABILITIES_REASON.length).split(", "))
      byMethod.set(method, (byMethod.get(method) ?? 0) + names.length);
  }
  const methods = [...byMethod].map(([method, cases]) => `${method} (${cases})`);
  return [...(methods.length > 0 ? [`methods ${methods.join(", ")}`] : []), ...other].join("; ");
}

function oneLine(text: string): string {
  return text.replaceAll(/\s*\n\s*/g, " | ");
}
