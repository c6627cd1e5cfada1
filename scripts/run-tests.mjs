// npm test: every vitest suite, then the conformance suite against our own daemon (spawned per case),
// then one closing line that counts both: "total: N passed, N failed, N skipped".
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";

const resultsFile = ".vitest-results.json";
rmSync(resultsFile, { force: true });

const vitest = spawnSync(
  process.execPath,
  [
    "node_modules/vitest/vitest.mjs",
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${resultsFile}`,
  ],
  { stdio: "inherit" },
);
let unit = { passed: 0, failed: 0, skipped: 0 };
if (existsSync(resultsFile)) {
  const r = JSON.parse(readFileSync(resultsFile, "utf8"));
  unit = { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
  rmSync(resultsFile, { force: true });
} else {
  unit.failed = 1; // vitest died before reporting
}

console.log("\n--- conformance suite against this daemon ---");
const conf = spawnSync(
  process.execPath,
  ["bin/zeroclaw.js", "conformance", "--spawn", `"${process.execPath}" bin/zeroclaw.js daemon`],
  { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
);
process.stdout.write(conf.stdout ?? "");
const last = (conf.stdout ?? "").trim().split("\n").pop() ?? "";
const m = /(\d+) passed, (\d+) failed(?:, (\d+) skipped)?/.exec(last);
const conformance = m
  ? { passed: Number(m[1]), failed: Number(m[2]), skipped: Number(m[3] ?? 0) }
  : { passed: 0, failed: 1, skipped: 0 };
if (!m || conf.status !== 0) conformance.failed = Math.max(conformance.failed, 1);

const total = {
  passed: unit.passed + conformance.passed,
  failed: unit.failed + conformance.failed,
  skipped: unit.skipped + conformance.skipped,
};
console.log(`\nvitest: ${unit.passed} passed, ${unit.failed} failed, ${unit.skipped} skipped`);
console.log(
  `conformance: ${conformance.passed} passed, ${conformance.failed} failed, ${conformance.skipped} skipped`,
);
console.log(`total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exitCode = total.failed > 0 || vitest.status !== 0 ? 1 : 0;
