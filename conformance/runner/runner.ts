import { randomBytes } from "node:crypto";
import {
  type CaseContext,
  CaseFailure,
  CaseSkipped,
  type ConformanceCase,
  NotImplemented,
} from "../cases/case.js";
import { collectCases } from "../cases/index.js";
import type { OpenRpcContract } from "../judge/openrpc-contract.js";
import { printResult, printSummary } from "../report/console.js";
import { type ReportTargets, writeReports } from "../report/reports.js";
import type { CaseResult, Outcome } from "../report/tally.js";
import { liveDaemonCoverage } from "../report/tally.js";
import type { Dialect } from "../wire/connection.js";
import { Transcript } from "../wire/transcript.js";
import { ConfiguredDaemon } from "./configured-daemon.js";
import { dialectsOf, notApplicableReason } from "./dialects.js";
import { findPackageRoot, packageVersion } from "./package-root.js";
import { SharedDaemon } from "./shared-daemon.js";
import { DaemonLauncher, type DaemonProcess, describeExit } from "./spawn.js";
import { defaultAgentIsEcho, probeCapabilities, removeRunLeftovers } from "./target.js";

export { collectCases } from "../cases/index.js";

export interface RunOptions {
  /** Test an already running daemon at this path. */
  socket: string | undefined;
  /** Shell command that starts a daemon honouring SPEC §1's environment contract. */
  spawn: string | undefined;
  filter: string | undefined;
  /** Only the cases with exactly these names (--case); all when undefined. */
  cases?: readonly string[] | undefined;
  /** Only cases of these areas (--area); all when undefined. */
  areas?: readonly string[] | undefined;
  /** Areas whose not-implemented cases run anyway and fail (--require; --strict = all). */
  required?: readonly string[];
  strict?: boolean;
  /** Under --socket, also run cases that change settings (--allow-writes). */
  allowWrites?: boolean;
  /** openrpc.json to use instead of the package's copy (--openrpc). */
  openrpc?: string | undefined;
  reports?: ReportTargets;
  /** The dialect every connection speaks (--dialect, SPEC §13); `seed` when absent. */
  dialect?: Dialect;
  timeoutMs: number;
  verbose: boolean;
  /** Where --spawn commands run (relative paths in them resolve from here). */
  cwd: string;
  /** How this command was started, for the "rerun" line under each failure. */
  invocation?: string;
  print: (line: string) => void;
}

export interface Summary {
  passed: number;
  failed: number;
  skipped: number;
  notImplemented: number;
  results: CaseResult[];
}

/** Shared-daemon cases first (one daemon for all), then cases that need daemons of their own. */
const NEEDS_ORDER: Record<ConformanceCase["needs"]["kind"], number> = {
  "running-daemon": 0,
  "fresh-daemon": 1,
  "daemon-launcher": 2,
};
const STDERR_LINES_SHOWN = 15;

/** Cases that may share a configured daemon sit next to each other, in their first appearance's order. */
function runOrder(cases: readonly ConformanceCase[]): ConformanceCase[] {
  const groupOf = (testCase: ConformanceCase): string =>
    testCase.needs.kind === "fresh-daemon" && testCase.needs.shared
      ? testCase.needs.configLines.join("\n")
      : "";
  const firstSeen = new Map<string, number>();
  for (const [index, testCase] of cases.entries()) {
    const group = groupOf(testCase);
    if (!firstSeen.has(group)) firstSeen.set(group, index);
  }
  return cases
    .map((testCase, index) => ({ testCase, index }))
    .sort(
      (a, b) =>
        NEEDS_ORDER[a.testCase.needs.kind] - NEEDS_ORDER[b.testCase.needs.kind] ||
        (firstSeen.get(groupOf(a.testCase)) ?? 0) - (firstSeen.get(groupOf(b.testCase)) ?? 0) ||
        a.index - b.index,
    )
    .map(({ testCase }) => testCase);
}

export async function runConformance(options: RunOptions): Promise<Summary> {
  const startedAt = new Date();
  const { cases, contract } = await collectCases(options.openrpc, options.dialect);
  const selected = runOrder(
    cases
      .filter((testCase) => options.cases === undefined || options.cases.includes(testCase.name))
      .filter((testCase) => options.filter === undefined || testCase.name.includes(options.filter))
      .filter((testCase) => options.areas === undefined || options.areas.includes(testCase.area)),
  );
  const runId = `r${randomBytes(4).toString("hex")}`;

  const shared = new SharedDaemon(options.socket, options.spawn, options.cwd);
  const caseLauncher =
    options.spawn === undefined ? undefined : new DaemonLauncher(options.spawn, options.cwd);
  const configured =
    options.spawn === undefined ? undefined : new ConfiguredDaemon(options.spawn, options.cwd);
  const killEverything = (): void => {
    shared.killNow();
    caseLauncher?.killAllNow();
    configured?.killNow();
  };
  const interrupted = (): void => {
    killEverything();
    process.exit(130);
  };
  process.on("exit", killEverything);
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);

  const dialect = options.dialect ?? "seed";
  const expectOptions = { timeoutMs: options.timeoutMs, contract, dialect };
  const results: CaseResult[] = [];
  let capabilities: string[] | undefined;
  try {
    try {
      capabilities = await probeCapabilities(await shared.socketPath(), expectOptions);
      options.print(`capabilities: ${capabilities.length} methods (initialize.capabilities)`);
    } catch (error) {
      options.print(`capabilities: unknown, every case runs (${oneLine((error as Error).message)})`);
    }
    // A live daemon's default agent may be a real model: cases that prompt it expect echo's replies.
    const echoDefault = shared.isForeign
      ? await defaultAgentIsEcho(await shared.socketPath(), capabilities, expectOptions)
      : true;
    const environment: RunEnvironment = {
      options,
      shared,
      caseLauncher,
      configured,
      contract,
      capabilities,
      runId,
      echoDefault,
    };
    for (const [index, testCase] of selected.entries()) {
      // Timing-sensitive cases should not compete with a daemon nobody uses any more.
      if (testCase.needs.kind !== "running-daemon") await shared.stop();
      const began = performance.now();
      const outcome = await runCase(testCase, environment, selected[index + 1]);
      const result: CaseResult = {
        name: testCase.name,
        area: testCase.area,
        title: testCase.title,
        needs: testCase.needs.kind,
        outcome,
        durationMs: performance.now() - began,
      };
      results.push(result);
      printResult(result, options);
    }
    if (shared.isForeign && capabilities !== undefined) {
      const removed = await removeRunLeftovers(
        await shared.socketPath(),
        runId,
        capabilities,
        expectOptions,
      ).catch((error: Error) => error);
      options.print(
        removed instanceof Error
          ? `cleanup: could not remove this run's leftovers: ${oneLine(removed.message)}`
          : `cleanup: run ${runId}: ${removed.sessions} leftover sessions deleted, ${removed.tokens} pairing tokens revoked`,
      );
    }
  } finally {
    await shared.stop();
    await configured?.stop();
    await caseLauncher?.cleanup();
    process.off("exit", killEverything);
    process.off("SIGINT", interrupted);
    process.off("SIGTERM", interrupted);
  }
  if (options.reports) {
    await writeReports(options.reports, results, {
      suiteVersion: packageVersion(findPackageRoot()),
      target: options.socket !== undefined ? `socket ${options.socket}` : `spawn ${options.spawn}`,
      capabilities,
      dialect,
      startedAt,
      durationMs: Date.now() - startedAt.getTime(),
      liveDaemon: options.socket === undefined ? undefined : liveDaemonCoverage(results),
    });
  }
  return { ...printSummary(results, options), results };
}

interface RunEnvironment {
  options: RunOptions;
  shared: SharedDaemon;
  caseLauncher: DaemonLauncher | undefined;
  configured: ConfiguredDaemon | undefined;
  contract: OpenRpcContract | undefined;
  capabilities: readonly string[] | undefined;
  runId: string;
  /** false when the --socket daemon's default agent is not on an echo provider. */
  echoDefault: boolean | undefined;
}

/** Why the case is not run at all, or undefined when it runs. */
function precheck(testCase: ConformanceCase, environment: RunEnvironment): Outcome | undefined {
  const { options, contract, capabilities, shared } = environment;
  const dialect = options.dialect ?? "seed";
  if (!dialectsOf(testCase).includes(dialect))
    return { status: "n/a", reason: notApplicableReason(testCase, dialect) };
  if (!isRequired(testCase.area, options) && capabilities !== undefined && contract !== undefined) {
    const served = new Set(
      contract
        .methods()
        .filter((m) => m.servedByDaemon)
        .map((m) => m.name),
    );
    const missing = testCase.methods.filter(
      (method) => served.has(method) && method !== "initialize" && !capabilities.includes(method),
    );
    if (missing.length > 0)
      return { status: "not-implemented", reason: `not in initialize.capabilities: ${missing.join(", ")}` };
  }
  if (
    testCase.needs.kind === "running-daemon" &&
    shared.isForeign &&
    !options.allowWrites &&
    testCase.changesSettings === true
  ) {
    return {
      status: "skip",
      reason: `would change the daemon's settings or credentials (${testCase.methods.join(", ")}); run with --allow-writes`,
    };
  }
  if (
    testCase.needs.kind === "running-daemon" &&
    environment.echoDefault === false &&
    testCase.methods.includes("session/prompt")
  ) {
    return {
      status: "skip",
      reason:
        "prompts the default agent, which on this daemon is not the built-in echo provider the case's expected replies come from (SPEC §7); run with --spawn",
    };
  }
  return undefined;
}

function isRequired(area: string, options: RunOptions): boolean {
  return options.strict === true || (options.required ?? []).includes(area);
}

async function runCase(
  testCase: ConformanceCase,
  environment: RunEnvironment,
  next: ConformanceCase | undefined,
): Promise<Outcome> {
  const early = precheck(testCase, environment);
  if (early) return early;
  try {
    const outcome = await runCaseOnDaemon(testCase, environment);
    if (outcome.status === "not-implemented" && isRequired(testCase.area, environment.options))
      return {
        status: "fail",
        reason: `required area ${testCase.area}: ${outcome.reason}`,
        rule: testCase.title,
        details: [],
      };
    return outcome;
  } finally {
    if (testCase.needs.kind === "daemon-launcher") await environment.caseLauncher?.cleanup();
    if (testCase.needs.kind === "fresh-daemon" && !environment.configured?.canServe(next?.needs))
      await environment.configured?.stop();
  }
}

async function runCaseOnDaemon(testCase: ConformanceCase, environment: RunEnvironment): Promise<Outcome> {
  const { options, shared, caseLauncher, configured } = environment;
  let daemon: DaemonProcess | undefined;
  let socketPath = "";
  try {
    switch (testCase.needs.kind) {
      case "running-daemon":
        socketPath = await shared.socketPath();
        daemon = shared.process;
        break;
      case "fresh-daemon": {
        const { configLines } = testCase.needs;
        if (!configured) {
          const settings = configLines.length > 0 ? ` with ${configLines.join(", ")}` : "";
          return { status: "skip", reason: `needs a daemon of its own${settings}; run with --spawn` };
        }
        daemon = await configured.daemonFor(testCase.needs);
        socketPath = daemon.sandbox.socketPath;
        break;
      }
      case "daemon-launcher":
        if (!caseLauncher)
          return { status: "skip", reason: "starts and stops daemons itself; run with --spawn" };
        break;
    }
  } catch (error) {
    return {
      status: "fail",
      reason: `daemon did not start: ${(error as Error).message}`,
      rule: testCase.title,
      details: [],
    };
  }

  const transcript = new Transcript();
  const context: CaseContext = {
    socketPath,
    timeoutMs: options.timeoutMs,
    transcript,
    contract: environment.contract,
    launcher: testCase.needs.kind === "daemon-launcher" ? caseLauncher : undefined,
    runId: environment.runId,
    dialect: options.dialect ?? "seed",
  };
  const stderrMark = daemon?.stderrMark() ?? 0;
  try {
    await withDeadline(testCase.run(context), Math.max(60_000, options.timeoutMs * 12));
    const exit = daemon?.exitStatus;
    if (exit) throw new CaseFailure(`the daemon exited during the case (${describeExit(exit)})`);
    return { status: "ok" };
  } catch (error) {
    if (error instanceof NotImplemented) return { status: "not-implemented", reason: error.message };
    if (error instanceof CaseSkipped) return { status: "skip", reason: error.message };
    const stderr = daemon?.stderrSince(stderrMark, STDERR_LINES_SHOWN) ?? [];
    const step = error instanceof CaseFailure ? error.step : undefined;
    return {
      status: "fail",
      reason: (error as Error).message,
      rule: testCase.title,
      ...(step === undefined ? {} : { step }),
      details: [
        ...transcript.lines(),
        ...(stderr.length > 0 ? ["daemon stderr during the case (last lines):", ...stderr] : []),
      ],
    };
  }
}

function oneLine(text: string): string {
  return text.replaceAll(/\s*\n\s*/g, " | ");
}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CaseFailure(`case did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
