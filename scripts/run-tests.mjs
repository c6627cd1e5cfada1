// npm test: every vitest suite, then the packed conformance suite against our own daemon and the
// minimal daemon, then one closing line that counts all: "total: N passed, N failed, N skipped".
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { certifyAll } from "./certify.mjs";

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
  // A file that fails outside any test (an import, a hook, an unhandled error) fails no test but
  // makes vitest exit non-zero: name it, and count it, so the closing line never hides it.
  const brokenFiles = r.testResults.filter(
    (file) => file.status === "failed" && file.assertionResults.every((test) => test.status !== "failed"),
  );
  for (const file of brokenFiles) {
    console.log(`vitest: ${file.name} failed outside its tests: ${String(file.message).split("\n")[0]}`);
  }
  unit.failed += brokenFiles.length;
  rmSync(resultsFile, { force: true });
} else {
  unit.failed = 1; // vitest died before reporting
}

// The conformance suite as an outsider runs it (SPEC §16): packed, installed from the tarball in an
// empty temp dir, run from there. Certifies our daemon (every area, --strict) and the minimal Python
// daemon of examples/minimal-daemon (its transport areas required, every other area reported
// not implemented). See scripts/certify.mjs.
const conformance = await certifyAll();
const total = {
  passed: unit.passed + conformance.passed,
  failed: unit.failed + conformance.failed,
  skipped: unit.skipped + conformance.skipped,
};
if (vitest.status !== 0 && unit.failed === 0) {
  console.log(
    `vitest exited ${vitest.status} with no failed test or file (an unhandled error: see its output above)`,
  );
}
console.log(`\nvitest: ${unit.passed} passed, ${unit.failed} failed, ${unit.skipped} skipped`);
console.log(
  `conformance: ${conformance.passed} passed, ${conformance.failed} failed, ${conformance.skipped} skipped`,
);
console.log(`total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exitCode = total.failed > 0 || vitest.status !== 0 ? 1 : 0;
