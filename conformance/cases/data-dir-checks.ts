import { lstat } from "node:fs/promises";
import { join } from "node:path";
import { DaemonSandbox, describeExit } from "../runner/spawn.js";
import { CaseFailure, type ConformanceCase } from "./case.js";
import { Checks } from "./spawn-checks.js";

/**
 * SPEC §17 "one daemon per data dir": a second daemon on the same data dir, whatever its socket, exits
 * 4 naming the live daemon's pid; a SIGKILLed daemon never blocks the next one. Like the §1 checks,
 * these need exit codes, stderr and several daemons, so no fixture can express them.
 */

const REFUSAL_TIMEOUT_MS = 5_000;
const EXIT_TIMEOUT_MS = 10_000;
const DATA_DIR_BUSY_EXIT = 4;

/** The same config and data dir as `sandbox`, another socket (outside the data dir). */
function sameDataDir(sandbox: DaemonSandbox, socketName: string): DaemonSandbox {
  const other = new DaemonSandbox(sandbox.root);
  other.socketPath = join(sandbox.root, socketName);
  return other;
}

export function dataDirCheckCases(): ConformanceCase[] {
  const check = (name: string, title: string, run: (c: Checks) => Promise<void>): ConformanceCase => ({
    name: `endpoint/${name}`,
    area: "endpoint",
    methods: ["status"],
    title: `${title} (SPEC §17)`,
    needs: { kind: "daemon-launcher" },
    run: (context) => run(new Checks(context)),
  });
  return [
    check(
      "data-dir-in-use-refused",
      "a second daemon on the same data dir with another socket exits 4 naming the live pid",
      async (c) => {
        const sandbox = await c.sandbox();
        await c.start(sandbox);
        const livePid = await c.daemonPid(sandbox);
        const other = sameDataDir(sandbox, "other.sock");
        const second = c.launch(other);
        const exit = await second.waitExit(REFUSAL_TIMEOUT_MS);
        if (!exit)
          throw new CaseFailure(
            `second daemon on the same data dir still running after ${REFUSAL_TIMEOUT_MS} ms`,
          );
        if (exit.code !== DATA_DIR_BUSY_EXIT)
          throw new CaseFailure(
            `second daemon exited with ${describeExit(exit)}, expected code ${DATA_DIR_BUSY_EXIT}`,
          );
        const stderr = second.stderr();
        if (!new RegExp(`\\b${livePid}\\b`).test(stderr) || !stderr.includes(sandbox.dataDir))
          throw new CaseFailure(
            `second daemon's stderr does not name the data dir and the live pid ${livePid}: ${second.stderrTail(3).join(" | ") || "(empty)"}`,
          );
        if (await lstat(other.socketPath).catch(() => undefined))
          throw new CaseFailure(`the refused daemon left a socket at ${other.socketPath}`);
        if ((await c.daemonPid(sandbox)) !== livePid)
          throw new CaseFailure("the first daemon stopped serving");
      },
    ),
    check(
      "data-dir-free-after-sigkill",
      "a SIGKILLed daemon's data dir lock never blocks the next daemon",
      async (c) => {
        const sandbox = await c.sandbox();
        const first = await c.start(sandbox);
        process.kill(await c.daemonPid(sandbox), "SIGKILL");
        if (!(await first.waitExit(EXIT_TIMEOUT_MS)))
          throw new CaseFailure("daemon still running after SIGKILL");
        const next = sameDataDir(sandbox, "next.sock");
        await c.start(next);
        await c.status(next);
      },
    ),
  ];
}
