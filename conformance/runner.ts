import { join } from "node:path";
import { type CaseContext, CaseFailure, type CaseNeeds, type ConformanceCase } from "./case.js";
import { loadFixtureCases } from "./fixture-cases.js";
import { OpenRpcContract } from "./openrpc-contract.js";
import { exampleCases } from "./openrpc-examples.js";
import { findProjectRoot } from "./project-root.js";
import { DaemonLauncher, type DaemonProcess, describeExit } from "./spawn.js";
import { spawnCheckCases } from "./spawn-checks.js";
import { Transcript } from "./transcript.js";

export interface RunOptions {
  /** Test an already running daemon at this path. */
  socket: string | undefined;
  /** Shell command that starts a daemon honouring SPEC §1's environment contract. */
  spawn: string | undefined;
  filter: string | undefined;
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
}

type Outcome =
  | { status: "ok" }
  | { status: "fail"; reason: string; details: string[] }
  | { status: "skip"; reason: string };

/** Shared-daemon cases first (one daemon for all), then cases that need daemons of their own. */
const NEEDS_ORDER: Record<CaseNeeds["kind"], number> = {
  "running-daemon": 0,
  "fresh-daemon": 1,
  "daemon-launcher": 2,
};
const STDERR_LINES_SHOWN = 15;

export async function runConformance(options: RunOptions): Promise<Summary> {
  const root = findProjectRoot();
  const { cases, contract } = await collectCases(root);
  const selected = cases
    .filter((testCase) => options.filter === undefined || testCase.name.includes(options.filter))
    .sort((a, b) => NEEDS_ORDER[a.needs.kind] - NEEDS_ORDER[b.needs.kind]);

  const shared = new SharedDaemon(options);
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

  const summary: Summary = { passed: 0, failed: 0, skipped: 0 };
  try {
    for (const testCase of selected) {
      // Timing-sensitive cases should not compete with a daemon nobody uses any more.
      if (testCase.needs.kind !== "running-daemon") await shared.stop();
      const outcome = await runCase(testCase, { options, shared, caseLauncher, contract });
      report(testCase, outcome, summary, options);
    }
  } finally {
    await shared.stop();
    await caseLauncher?.cleanup();
    process.off("exit", killEverything);
    process.off("SIGINT", interrupted);
    process.off("SIGTERM", interrupted);
  }
  options.print(`${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`);
  return summary;
}

async function collectCases(
  root: string,
): Promise<{ cases: ConformanceCase[]; contract: OpenRpcContract | undefined }> {
  const fixtures = await loadFixtureCases(join(root, "conformance", "fixtures"));
  let contract: OpenRpcContract | undefined;
  let examples: ConformanceCase[];
  try {
    contract = await OpenRpcContract.load(join(root, "openrpc.json"));
    examples = exampleCases(contract);
  } catch (error) {
    const problem = (error as Error).message;
    examples = [
      {
        name: "openrpc/examples",
        title: "openrpc.json example pairings",
        needs: { kind: "running-daemon" },
        run: () => Promise.reject(new CaseFailure(`cannot read openrpc.json: ${problem}`)),
      },
    ];
  }
  return { cases: [...fixtures, ...examples, ...spawnCheckCases()], contract };
}

interface RunEnvironment {
  options: RunOptions;
  shared: SharedDaemon;
  caseLauncher: DaemonLauncher | undefined;
  contract: OpenRpcContract | undefined;
}

async function runCase(testCase: ConformanceCase, environment: RunEnvironment): Promise<Outcome> {
  try {
    return await runCaseOnDaemon(testCase, environment);
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
  };
  const stderrMark = daemon?.stderrMark() ?? 0;
  try {
    await withDeadline(testCase.run(context), Math.max(60_000, options.timeoutMs * 12));
    const exit = daemon?.exitStatus;
    if (exit) throw new CaseFailure(`the daemon exited during the case (${describeExit(exit)})`);
    return { status: "ok" };
  } catch (error) {
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

function report(testCase: ConformanceCase, outcome: Outcome, summary: Summary, options: RunOptions): void {
  switch (outcome.status) {
    case "ok":
      summary.passed += 1;
      options.print(`ok   ${testCase.name}`);
      return;
    case "skip":
      summary.skipped += 1;
      options.print(`skip ${testCase.name}: ${oneLine(outcome.reason)}`);
      return;
    case "fail":
      summary.failed += 1;
      options.print(`FAIL ${testCase.name}: ${oneLine(outcome.reason)}`);
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

/** The daemon all "running-daemon" cases share: --socket, or one spawned lazily and restarted if it dies. */
class SharedDaemon {
  private readonly launcher: DaemonLauncher | undefined;
  private daemon: DaemonProcess | undefined;
  private startFailure: Error | undefined;

  constructor(private readonly options: RunOptions) {
    this.launcher = options.spawn === undefined ? undefined : new DaemonLauncher(options.spawn, options.cwd);
  }

  get process(): DaemonProcess | undefined {
    return this.daemon;
  }

  async socketPath(): Promise<string> {
    if (this.options.socket !== undefined) return this.options.socket;
    if (!this.launcher) throw new Error("neither --socket nor --spawn given");
    if (this.startFailure) throw this.startFailure;
    if (!this.daemon || this.daemon.hasExited) {
      await this.launcher.cleanup();
      try {
        this.daemon = await this.launcher.start(await this.launcher.createSandbox());
      } catch (error) {
        this.startFailure = error as Error;
        throw error;
      }
    }
    return this.daemon.sandbox.socketPath;
  }

  async stop(): Promise<void> {
    this.daemon = undefined;
    await this.launcher?.cleanup();
  }

  killNow(): void {
    this.launcher?.killAllNow();
  }
}
