// The certification runs of npm test: the packed conformance suite (scripts/packed-conformance.mjs)
// against our daemon, every area required (--strict), and against examples/minimal-daemon with
// its transport areas required. Each run writes a JSON report that is checked here, beyond the exit
// code, through each area's implementation as the suite classifies it: our daemon implements every
// area; the minimal daemon implements endpoint/framing/envelope/handshake in full, principals in part
// (the grants of its own methods, SPEC §4), and fails nothing elsewhere, where its missing methods
// make each area partial or not implemented. Not-implemented cases count as skipped in npm test's
// total: they did not run.
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { installPackedSuite } from "./packed-conformance.mjs";

const TRANSPORT_AREAS = ["endpoint", "framing", "envelope", "handshake"];
/** Areas the minimal daemon implements in part: it serves some of their cases' methods. */
const MINIMAL_PARTIAL = ["principals"];
const ZERO = { passed: 0, failed: 0, skipped: 0 };

export async function certifyAll() {
  console.log("\n--- conformance: packing and installing the suite ---");
  let suite;
  try {
    suite = installPackedSuite();
  } catch (error) {
    console.log(`FAIL could not pack and install the conformance suite: ${error.message}`);
    return { ...ZERO, failed: 1 };
  }
  try {
    const ours = certify(
      suite,
      "this daemon",
      `"${process.execPath}" "${resolve("bin/zeroclaw.js")}" daemon`,
      ["--strict"],
      (report) =>
        Object.entries(report.areas)
          .filter(
            ([, counts]) =>
              counts.implementation !== "implemented" ||
              counts.failed + counts.skipped + counts.not_implemented > 0 ||
              counts.passed === 0,
          )
          .map(([area, counts]) => `area ${area} not fully passed: ${JSON.stringify(counts)}`),
    );
    // The reference daemon in zeroclaw's dialect too (SPEC §13): every case that has a meaning there
    // runs, every area required, and none fails or is skipped.
    const oursZeroclaw = certify(
      suite,
      "this daemon, zeroclaw dialect",
      `"${process.execPath}" "${resolve("bin/zeroclaw.js")}" daemon`,
      ["--dialect", "zeroclaw", "--strict"],
      (report) =>
        Object.entries(report.areas)
          .filter(([, counts]) => counts.failed + counts.skipped + counts.not_implemented > 0)
          .map(([area, counts]) => `area ${area} not fully passed: ${JSON.stringify(counts)}`),
    );
    const minimal = pythonProblem()
      ? skipped(`the minimal daemon needs Python >= 3.11: ${pythonProblem()}`)
      : certify(
          suite,
          "the minimal daemon (examples/minimal-daemon)",
          `python3 "${resolve("examples/minimal-daemon/daemon.py")}"`,
          ["--require", TRANSPORT_AREAS.join(",")],
          minimalDaemonProblems,
        );
    return add(add(ours, oursZeroclaw), minimal);
  } finally {
    rmSync(suite.root, { recursive: true, force: true });
  }
}

function certify(suite, label, spawnCommand, extra, problemsOf) {
  console.log(`\n--- conformance suite (packed) against ${label} ---`);
  const reportFile = join(suite.root, `report-${Date.now()}.json`);
  const run = spawnSync(suite.bin, ["--spawn", spawnCommand, ...extra, "--report", `json=${reportFile}`], {
    cwd: suite.install, // nothing of this repository above it: the suite must find all it needs in its package
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  process.stdout.write(run.stdout ?? "");
  let report;
  try {
    report = JSON.parse(readFileSync(reportFile, "utf8"));
  } catch {
    console.log(`FAIL no JSON report from the run against ${label} (exit ${run.status})`);
    return { ...ZERO, failed: 1 };
  }
  const { passed, failed, skipped, not_implemented } = report.totals;
  const counts = { passed, failed, skipped: skipped + not_implemented };
  const problems = [...(run.status === 0 ? [] : [`exit code ${run.status}`]), ...problemsOf(report)];
  for (const problem of problems) console.log(`FAIL certification of ${label}: ${problem}`);
  if (problems.length > 0) counts.failed = Math.max(counts.failed, 1);
  return counts;
}

function minimalDaemonProblems(report) {
  const problems = [];
  for (const area of TRANSPORT_AREAS) {
    const counts = report.areas[area];
    if (
      counts?.implementation !== "implemented" ||
      counts.passed === 0 ||
      counts.failed + counts.skipped + counts.not_implemented > 0
    )
      problems.push(`transport area ${area} not fully passed: ${JSON.stringify(counts)}`);
  }
  for (const [area, counts] of Object.entries(report.areas)) {
    if (TRANSPORT_AREAS.includes(area)) continue;
    const expected = MINIMAL_PARTIAL.includes(area) ? ["partial"] : ["partial", "not_implemented"];
    if (counts.failed > 0 || counts.skipped > 0 || !expected.includes(counts.implementation))
      problems.push(
        `area ${area} should be ${expected.join(" or ")} with no failure: ${JSON.stringify(counts)}`,
      );
  }
  const by = (kind) =>
    Object.entries(report.areas)
      .filter(([, counts]) => counts.implementation === kind)
      .map(([area]) => area)
      .join(", ") || "none";
  console.log(
    `the minimal daemon implements: ${by("implemented")}; in part: ${by("partial")}; not: ${by("not_implemented")}`,
  );
  return problems;
}

function pythonProblem() {
  const probe = spawnSync("python3", ["-c", "import sys; assert sys.version_info >= (3, 11), sys.version"], {
    encoding: "utf8",
  });
  if (probe.error) return probe.error.message;
  return probe.status === 0 ? undefined : (probe.stderr.trim().split("\n").pop() ?? "too old");
}

function skipped(reason) {
  console.log(`skip certification of the minimal daemon: ${reason}`);
  return { ...ZERO, skipped: 1 };
}

function add(a, b) {
  return { passed: a.passed + b.passed, failed: a.failed + b.failed, skipped: a.skipped + b.skipped };
}
