// npm run conformance:mutants (not in CI): the mutation check of the conformance suite. Each mutant
// of examples/minimal-daemon (MINIMAL_DAEMON_MUTANT=<name>, see its mutants.py) breaks one rule of
// SPEC §1-§4/§10; the suite, run on the areas the minimal daemon implements, must fail on every one.
// First the unmutated daemon must pass, or the check means nothing. The last line printed is the
// kill rate: "killed N/M (P%)". Exit 0 only when every mutant was killed.
//
//   npm run conformance:mutants                 # every mutant, two at a time
//   npm run conformance:mutants -- NAME …       # only these
//   CONFORMANCE_MUTANT_JOBS=1 npm run conformance:mutants
import { execFileSync, spawn } from "node:child_process";

// The areas the minimal daemon implements; principals only in part (no config/set), so it is run
// but not required: its implemented case (unmapped-uid-refused) must pass, the rest is not implemented.
const AREAS = "endpoint,framing,envelope,handshake,principals";
const REQUIRED = "endpoint,framing,envelope,handshake";
const DAEMON = "python3 examples/minimal-daemon/daemon.py";
const jobs = Math.max(1, Number(process.env.CONFORMANCE_MUTANT_JOBS ?? 2));

execFileSync(process.execPath, ["conformance/build.mjs"], { stdio: "inherit" });
const all = execFileSync("python3", ["examples/minimal-daemon/mutants.py"], { encoding: "utf8" })
  .trim()
  .split("\n")
  .map((line) => line.split("\t"));
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !all.some(([known]) => known === name));
if (unknown.length > 0) {
  console.error(`unknown mutants: ${unknown.join(", ")}`);
  process.exit(2);
}
const mutants = wanted.length > 0 ? all.filter(([name]) => wanted.includes(name)) : all;

/** One suite run; the mutant is set inside the spawn command, since the suite passes the daemon only the ZEROCLAW_* variables. */
function suite(mutant) {
  const command = mutant ? `MINIMAL_DAEMON_MUTANT=${mutant} ${DAEMON}` : DAEMON;
  const args = ["conformance/dist/cli.js", "--spawn", command, "--area", AREAS, "--require", REQUIRED];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (text) => {
      out += text;
    });
    child.stderr.setEncoding("utf8").on("data", (text) => {
      out += text;
    });
    child.once("close", (code) => {
      const failed = [...out.matchAll(/^FAIL (.*?): /gm)].map((match) => match[1]);
      resolve({ code, failed, last: out.trim().split("\n").pop() ?? "" });
    });
  });
}

console.log(`baseline: the unmutated minimal daemon, areas ${AREAS}`);
const baseline = await suite(undefined);
if (baseline.code !== 0) {
  console.log(
    `baseline FAILED (${baseline.last}; ${baseline.failed.join(", ")}): the mutation check means nothing`,
  );
  process.exit(1);
}
console.log(`baseline passes: ${baseline.last}`);

let killed = 0;
const queue = [...mutants];
async function worker() {
  for (let next = queue.shift(); next; next = queue.shift()) {
    const [name, what] = next;
    const result = await suite(name);
    // Exit 1 is a verdict (a case failed); 2 means the suite itself could not run, which kills nothing.
    if (result.code === 1) {
      killed += 1;
      console.log(`killed   ${name} (${what}): ${result.failed.length} failed: ${result.failed.join(", ")}`);
    } else {
      console.log(`SURVIVED ${name} (${what}): exit ${result.code}, ${result.last}`);
    }
  }
}
await Promise.all(Array.from({ length: jobs }, worker));
const rate = mutants.length === 0 ? 0 : Math.round((killed / mutants.length) * 100);
console.log(`killed ${killed}/${mutants.length} (${rate}%)`);
process.exitCode = killed === mutants.length ? 0 : 1;
