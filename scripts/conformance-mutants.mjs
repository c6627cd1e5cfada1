// npm run conformance:mutants: the mutation check of the conformance suite. Each mutant is one seeded
// bug; the suite alone, run on the mutant's areas, must fail on it (exit 1). Two sets:
//
// - reference: single bugs in the reference daemon's own code (scripts/mutants/reference-daemon.mjs),
//   across every contract area, built from a temporary copy of src/ (scripts/mutants/build.mjs);
// - minimal: examples/minimal-daemon's switchable defects (its mutants.py), transport rules only.
//
// First the unmutated daemon must pass the same areas, or the check means nothing. A mutant whose
// search text no longer matches the source stops the run at once (exit 2), before anything is built:
// `--check` does only that check. The report gives the kill rate per contract area; the last line is
// "killed N/M (P%)". Exit 0 only when every mutant was killed.
//
//   npm run conformance:mutants                            # both sets, two at a time
//   npm run conformance:mutants -- --daemon reference      # one set (reference | minimal | all)
//   npm run conformance:mutants -- NAME …                  # only these
//   npm run conformance:mutants -- --sample 6 [--seed S]   # CI: 6 reference mutants, spread over areas
//   npm run conformance:mutants -- --check                 # every reference pattern still matches
//   CONFORMANCE_MUTANT_JOBS=1 npm run conformance:mutants
import { execFileSync, spawn } from "node:child_process";
import { buildDaemon, mutatedText, PatternError } from "./mutants/build.mjs";
import { REFERENCE_MUTANTS } from "./mutants/reference-daemon.mjs";

// The areas the minimal daemon implements; principals only in part, so it is run but not required.
const MINIMAL_AREAS = "endpoint,framing,envelope,handshake,principals";
const MINIMAL_REQUIRED = "endpoint,framing,envelope,handshake";
const MINIMAL_DAEMON = "python3 examples/minimal-daemon/daemon.py";

const options = parseArguments(process.argv.slice(2));
const jobs = Math.max(1, Number(process.env.CONFORMANCE_MUTANT_JOBS ?? 2));

function parseArguments(argv) {
  const parsed = { daemon: "all", names: [], check: false, sample: undefined, seed: undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--daemon") parsed.daemon = argv[++i];
    else if (arg === "--check") parsed.check = true;
    else if (arg === "--sample") parsed.sample = Number(argv[++i]);
    else if (arg === "--seed") parsed.seed = Number(argv[++i]);
    else if (arg.startsWith("--")) usage(`unknown option ${arg}`);
    else parsed.names.push(arg);
  }
  if (!["all", "reference", "minimal"].includes(parsed.daemon)) usage(`--daemon ${parsed.daemon}`);
  if (parsed.sample !== undefined && !(parsed.sample > 0)) usage("--sample needs a positive number");
  return parsed;
}

function usage(problem) {
  console.error(`conformance-mutants: ${problem}`);
  process.exit(2);
}

/** Fails loudly (exit 2) when any reference mutant's search text no longer matches exactly once. */
function checkPatterns(mutants) {
  const broken = [];
  for (const mutant of mutants) {
    try {
      mutatedText(process.cwd(), mutant);
    } catch (error) {
      if (!(error instanceof PatternError)) throw error;
      broken.push(error.message);
    }
  }
  if (broken.length > 0) {
    console.error(`MUTANT PATTERNS NO LONGER MATCH THE SOURCE (${broken.length}):`);
    for (const message of broken) console.error(`  ${message}`);
    process.exit(2);
  }
  console.log(`patterns: all ${mutants.length} reference mutants match src/ exactly once`);
}

/** N mutants spread over the areas (one per area in turn), the start in each area chosen by `seed`. */
function sample(mutants, count, seed) {
  const byArea = new Map();
  for (const mutant of mutants) byArea.set(mutant.area, [...(byArea.get(mutant.area) ?? []), mutant]);
  const areas = [...byArea.keys()];
  const picked = [];
  for (let round = 0; picked.length < Math.min(count, mutants.length); round++) {
    for (let i = 0; i < areas.length && picked.length < count; i++) {
      const inArea = byArea.get(areas[(i + seed) % areas.length]);
      if (round < inArea.length) picked.push(inArea[(round + seed) % inArea.length]);
    }
  }
  return picked;
}

function selectReference() {
  if (options.daemon === "minimal") return [];
  let mutants = REFERENCE_MUTANTS;
  if (options.names.length > 0) mutants = mutants.filter((m) => options.names.includes(m.name));
  if (options.sample !== undefined) {
    // A different sample each day unless --seed: over time CI covers every mutant.
    const seed = options.seed ?? Math.floor(Date.now() / 86_400_000);
    console.log(`sample: ${options.sample} reference mutants, seed ${seed} (rerun with --seed ${seed})`);
    mutants = sample(mutants, options.sample, seed);
  }
  return mutants;
}

function selectMinimal() {
  if (options.daemon === "reference" || options.sample !== undefined) return [];
  const all = execFileSync("python3", ["examples/minimal-daemon/mutants.py"], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.split("\t"))
    .map(([name, what]) => ({ name, what, area: "transport (minimal daemon)" }));
  return options.names.length > 0 ? all.filter((m) => options.names.includes(m.name)) : all;
}

/** One suite run; the minimal daemon's mutant is set inside the command (the suite passes the daemon only ZEROCLAW_*). */
function suite(command, areas, required) {
  const args = ["conformance/dist/cli.js", "--spawn", command, "--area", areas, "--require", required];
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
      const rules = [...out.matchAll(/^ {5}rule: {2}(.*)$/gm)].map((match) => match[1]);
      resolve({ code, failed, rules, out, last: out.trim().split("\n").pop() ?? "" });
    });
  });
}

async function runReference(mutant) {
  const areas = mutant.suite.join(",");
  const daemon = await buildDaemon(process.cwd(), mutant);
  try {
    return await suite(daemon.command, areas, areas);
  } finally {
    daemon.cleanup();
  }
}

function runMinimal(mutant) {
  return suite(`MINIMAL_DAEMON_MUTANT=${mutant.name} ${MINIMAL_DAEMON}`, MINIMAL_AREAS, MINIMAL_REQUIRED);
}

async function baselines(reference, minimal) {
  if (reference.length > 0) {
    const areas = [...new Set(reference.flatMap((m) => m.suite))].join(",");
    console.log(`baseline: the unmutated reference daemon (built like the mutants), areas ${areas}`);
    const daemon = await buildDaemon(process.cwd(), undefined);
    const result = await suite(daemon.command, areas, areas).finally(() => daemon.cleanup());
    if (result.code !== 0) fail(`reference baseline FAILED (${result.last}; ${result.failed.join(", ")})`);
    console.log(`baseline passes: ${result.last}`);
  }
  if (minimal.length > 0) {
    console.log(`baseline: the unmutated minimal daemon, areas ${MINIMAL_AREAS}`);
    const result = await suite(MINIMAL_DAEMON, MINIMAL_AREAS, MINIMAL_REQUIRED);
    if (result.code !== 0) fail(`minimal baseline FAILED (${result.last}; ${result.failed.join(", ")})`);
    console.log(`baseline passes: ${result.last}`);
  }
}

function fail(message) {
  console.log(`${message}: the mutation check means nothing`);
  process.exit(1);
}

function table(outcomes) {
  const byArea = new Map();
  for (const { mutant, killed } of outcomes) {
    const row = byArea.get(mutant.area) ?? { mutants: 0, killed: 0 };
    row.mutants += 1;
    row.killed += killed ? 1 : 0;
    byArea.set(mutant.area, row);
  }
  const width = Math.max(4, ...[...byArea.keys()].map((area) => area.length));
  console.log(`\n${"area".padEnd(width)}  mutants  killed  rate`);
  for (const [area, row] of byArea) {
    const rate = `${Math.round((row.killed / row.mutants) * 100)}%`;
    console.log(
      `${area.padEnd(width)}  ${String(row.mutants).padStart(7)}  ${String(row.killed).padStart(6)}  ${rate.padStart(4)}`,
    );
  }
}

const reference = selectReference();
const minimal = selectMinimal();
const unknown = options.names.filter(
  (name) => !REFERENCE_MUTANTS.some((m) => m.name === name) && !minimal.some((m) => m.name === name),
);
if (unknown.length > 0) usage(`unknown mutants: ${unknown.join(", ")}`);
checkPatterns(options.check ? REFERENCE_MUTANTS : reference);
if (options.check) process.exit(0);

execFileSync(process.execPath, ["conformance/build.mjs"], { stdio: "inherit" });
const started = Date.now();
await baselines(reference, minimal);

const queue = [
  ...reference.map((m) => ({ ...m, kind: "reference" })),
  ...minimal.map((m) => ({ ...m, kind: "minimal" })),
];
const outcomes = [];
async function worker() {
  for (let mutant = queue.shift(); mutant; mutant = queue.shift()) {
    const result = mutant.kind === "reference" ? await runReference(mutant) : await runMinimal(mutant);
    // Exit 1 is a verdict (a case failed); 2 means the suite itself could not run, which kills nothing.
    const killed = result.code === 1;
    outcomes.push({ mutant, killed });
    if (killed) {
      console.log(
        `killed   ${mutant.name} [${mutant.area}] (${mutant.what}): ${result.failed.length} failed: ${result.failed.join(", ")}`,
      );
      if (result.rules[0]) console.log(`         rule: ${result.rules[0]}`);
    } else {
      console.log(
        `SURVIVED ${mutant.name} [${mutant.area}] (${mutant.what}): exit ${result.code}, ${result.last}`,
      );
    }
  }
}
await Promise.all(Array.from({ length: jobs }, worker));
table(outcomes.sort((a, b) => a.mutant.area.localeCompare(b.mutant.area)));
const killed = outcomes.filter((o) => o.killed).length;
const total = outcomes.length;
console.log(`\ntook ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`killed ${killed}/${total} (${total === 0 ? 0 : Math.round((killed / total) * 100)}%)`);
process.exitCode = killed === total ? 0 : 1;
