import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { SETTINGS_WRITERS } from "./areas.js";
import {
  type CaseContext,
  CaseFailure,
  type CaseNeeds,
  type ConformanceCase,
  NotImplemented,
} from "./case.js";
import { dataDirCheckCases } from "./data-dir-checks.js";
import { loadFixtureCases } from "./fixture-cases.js";
import { lifecycleCheckCases } from "./lifecycle-checks.js";
import { OpenRpcContract } from "./openrpc-contract.js";
import { exampleCases } from "./openrpc-examples.js";
import { findPackageRoot, packageVersion } from "./package-root.js";
import { type ReportTargets, writeReports } from "./reports.js";
import { SharedDaemon } from "./shared-daemon.js";
import { DaemonLauncher, type DaemonProcess, describeExit } from "./spawn.js";
import { spawnCheckCases } from "./spawn-checks.js";
import { areaTable, type CaseResult, type Outcome, totals } from "./tally.js";
import { probeCapabilities, removeRunLeftovers } from "./target.js";
import { Transcript } from "./transcript.js";

export interface RunOptions {
  /** Test an already running daemon at this path. */
  socket: string | undefined;
  /** Shell command that starts a daemon honouring SPEC §1's environment contract. */
  spawn: string | undefined;
  filter: string | undefined;
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
  timeoutMs: number;
  verbose: boolean;
  /** Where --spawn commands run (relative paths in them resolve from here). */
  cwd: string;
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
const NEEDS_ORDER: Record<CaseNeeds["kind"], number> = {
  "running-daemon": 0,
  "fresh-daemon": 1,
  "daemon-launcher": 2,
};
const STDERR_LINES_SHOWN = 15;

/** Every case the package has, and the contract they are checked against. */
export async function collectCases(
  openrpcPath?: string,
): Promise<{ cases: ConformanceCase[]; contract: OpenRpcContract | undefined }> {
  const root = findPackageRoot();
  const fixtures = await loadFixtureCases(join(root, "fixtures"));
  let contract: OpenRpcContract | undefined;
  let examples: ConformanceCase[];
  try {
    contract = await OpenRpcContract.load(openrpcPath ?? join(root, "openrpc.json"));
    examples = exampleCases(contract);
  } catch (error) {
    const problem = (error as Error).message;
    examples = [
      {
        name: "openrpc/examples",
        area: "handshake",
        methods: [],
        title: "openrpc.json example pairings",
        needs: { kind: "running-daemon" },
        run: () => Promise.reject(new CaseFailure(`cannot read openrpc.json: ${problem}`)),
      },
    ];
  }
  return {
    cases: [...fixtures, ...examples, ...spawnCheckCases(), ...lifecycleCheckCases(), ...dataDirCheckCases()],
    contract,
  };
}

export async function runConformance(options: RunOptions): Promise<Summary> {
  const startedAt = new Date();
  const { cases, contract } = await collectCases(options.openrpc);
  const selected = cases
    .filter((testCase) => options.filter === undefined || testCase.name.includes(options.filter))
    .filter((testCase) => options.areas === undefined || options.areas.includes(testCase.area))
    .sort((a, b) => NEEDS_ORDER[a.needs.kind] - NEEDS_ORDER[b.needs.kind]);
  const runId = `r${randomBytes(4).toString("hex")}`;

  const shared = new SharedDaemon(options.socket, options.spawn, options.cwd);
  const caseLauncher =
    options.spawn === undefined ? undefined : new DaemonLauncher(options.spawn, options.cwd);
  const killEverything = (): void => {
    shared.killNow();
    caseLauncher?.killAllNow();
  };
  const interrupted = (): void => {
    killEverything();
    process.exit(130);
  };
  process.on("exit", killEverything);
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);

  const expectOptions = { timeoutMs: options.timeoutMs, contract };
  const results: CaseResult[] = [];
  let capabilities: string[] | undefined;
  try {
    try {
      capabilities = await probeCapabilities(await shared.socketPath(), expectOptions);
      options.print(`capabilities: ${capabilities.length} methods (initialize.capabilities)`);
    } catch (error) {
      options.print(`capabilities: unknown, every case runs (${oneLine((error as Error).message)})`);
    }
    const environment: RunEnvironment = { options, shared, caseLauncher, contract, capabilities, runId };
    for (const testCase of selected) {
      // Timing-sensitive cases should not compete with a daemon nobody uses any more.
      if (testCase.needs.kind !== "running-daemon") await shared.stop();
      const began = performance.now();
      const outcome = await runCase(testCase, environment);
      const result = {
        name: testCase.name,
        area: testCase.area,
        title: testCase.title,
        outcome,
        durationMs: performance.now() - began,
      };
      results.push(result);
      report(result, options);
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
    await caseLauncher?.cleanup();
    process.off("exit", killEverything);
    process.off("SIGINT", interrupted);
    process.off("SIGTERM", interrupted);
  }
  const all = totals(results);
  if (options.reports) {
    await writeReports(options.reports, results, {
      suiteVersion: packageVersion(findPackageRoot()),
      target: options.socket !== undefined ? `socket ${options.socket}` : `spawn ${options.spawn}`,
      capabilities,
      startedAt,
      durationMs: Date.now() - startedAt.getTime(),
    });
  }
  options.print("");
  for (const line of areaTable(results)) options.print(line);
  options.print(`${all.passed} passed, ${all.failed} failed, ${all.skipped} skipped`);
  return { ...all, results };
}

interface RunEnvironment {
  options: RunOptions;
  shared: SharedDaemon;
  caseLauncher: DaemonLauncher | undefined;
  contract: OpenRpcContract | undefined;
  capabilities: readonly string[] | undefined;
  runId: string;
}

/** Why the case is not run at all, or undefined when it runs. */
function precheck(testCase: ConformanceCase, environment: RunEnvironment): Outcome | undefined {
  const { options, contract, capabilities, shared } = environment;
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
  if (testCase.needs.kind === "running-daemon" && shared.isForeign && !options.allowWrites) {
    const writes = testCase.methods.filter((method) => SETTINGS_WRITERS.has(method));
    if (writes.length > 0)
      return {
        status: "skip",
        reason: `would change the daemon's settings (${writes.join(", ")}); run with --allow-writes`,
      };
  }
  return undefined;
}

function isRequired(area: string, options: RunOptions): boolean {
  return options.strict === true || (options.required ?? []).includes(area);
}

async function runCase(testCase: ConformanceCase, environment: RunEnvironment): Promise<Outcome> {
  const early = precheck(testCase, environment);
  if (early) return early;
  try {
    const outcome = await runCaseOnDaemon(testCase, environment);
    if (outcome.status === "not-implemented" && isRequired(testCase.area, environment.options))
      return { status: "fail", reason: `required area ${testCase.area}: ${outcome.reason}`, details: [] };
    return outcome;
  } finally {
    if (testCase.needs.kind !== "running-daemon") await environment.caseLauncher?.cleanup();
  }
}

async function runCaseOnDaemon(testCase: ConformanceCase, environment: RunEnvironment): Promise<Outcome> {
  const { options, shared, caseLauncher } = environment;
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
        if (!caseLauncher) {
          const settings = configLines.length > 0 ? ` with ${configLines.join(", ")}` : "";
          return { status: "skip", reason: `needs a fresh daemon${settings}; run with --spawn` };
        }
        daemon = await caseLauncher.start(await caseLauncher.createSandbox(configLines));
        socketPath = daemon.sandbox.socketPath;
        break;
      }
      case "daemon-launcher":
        if (!caseLauncher)
          return { status: "skip", reason: "starts and stops daemons itself; run with --spawn" };
        break;
    }
  } catch (error) {
    return { status: "fail", reason: `daemon did not start: ${(error as Error).message}`, details: [] };
  }

  const transcript = new Transcript();
  const context: CaseContext = {
    socketPath,
    timeoutMs: options.timeoutMs,
    transcript,
    contract: environment.contract,
    launcher: testCase.needs.kind === "daemon-launcher" ? caseLauncher : undefined,
    runId: environment.runId,
  };
  const stderrMark = daemon?.stderrMark() ?? 0;
  try {
    await withDeadline(testCase.run(context), Math.max(60_000, options.timeoutMs * 12));
    const exit = daemon?.exitStatus;
    if (exit) throw new CaseFailure(`the daemon exited during the case (${describeExit(exit)})`);
    return { status: "ok" };
  } catch (error) {
    if (error instanceof NotImplemented) return { status: "not-implemented", reason: error.message };
    const stderr = daemon?.stderrSince(stderrMark, STDERR_LINES_SHOWN) ?? [];
    return {
      status: "fail",
      reason: (error as Error).message,
      details: [
        testCase.title,
        ...transcript.lines(),
        ...(stderr.length > 0 ? ["daemon stderr during the case (last lines):", ...stderr] : []),
      ],
    };
  }
}

function report(result: CaseResult, options: RunOptions): void {
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
    case "fail":
      options.print(`FAIL ${name}: ${oneLine(outcome.reason)}`);
      if (options.verbose) for (const line of outcome.details) options.print(`    ${line}`);
      return;
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
