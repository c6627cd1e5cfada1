// npm run conformance:zeroclaw: builds zeroclaw's own RPC server (../shared/zeroclaw-server, test
// equipment beside this repository, never part of it; offline, against Debian's librust-*-dev crates,
// into a target dir outside the repository) and runs the conformance suite against it in the zeroclaw
// dialect: no case may fail, and at least MIN_PASSED must pass (issue 26). The seed dialect's run
// against the same server is what docs/zeroclaw-differences.md lists (`--differences` writes it).
//
//   npm run conformance:zeroclaw                  # build if needed, run, judge
//   npm run conformance:zeroclaw -- --differences # also the seed run, rewriting the differences page
//   npm run conformance:zeroclaw -- --mutants     # also seeded bugs in zeroclaw's server (scripts/zeroclaw-mutants.mjs)
//
// ZEROCLAW_SERVER_DIR (default ../shared/zeroclaw-server) and ZCS_TARGET (default /tmp/zcs-target)
// say where the server's sources and build are.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const MIN_PASSED = 100;
const serverDir = resolve(process.env.ZEROCLAW_SERVER_DIR ?? "../shared/zeroclaw-server");
const target = resolve(process.env.ZCS_TARGET ?? join(tmpdir(), "zcs-target"));
const binary = join(target, "debug", "zeroclaw-rpc-standalone");
const spawnWrapper = join(serverDir, "harness", "spawn.sh");

if (!existsSync(join(serverDir, "Cargo.toml"))) {
  console.error(`conformance:zeroclaw: no zeroclaw server sources at ${serverDir} (set ZEROCLAW_SERVER_DIR)`);
  process.exit(2);
}

/** cargo build of the server at `dir` into `into`, offline against Debian's crates (as run.sh builds it). */
function build(dir, into, stdio = "inherit") {
  const cargo = spawnSync(
    "cargo",
    [
      "build",
      "--offline",
      "-p",
      "zeroclaw-runtime",
      "--target-dir",
      into,
      "--config",
      'source.crates-io.replace-with="debian-packaged"',
      "--config",
      'source.debian-packaged.directory="/usr/share/cargo/registry"',
      "--config",
      "net.offline=true",
    ],
    { cwd: dir, stdio: ["ignore", stdio, stdio] },
  );
  return cargo.status === 0;
}

console.log(`--- building zeroclaw's RPC server (${serverDir} → ${target}) ---`);
if (!build(serverDir, target) || !existsSync(binary)) {
  console.error("conformance:zeroclaw: the zeroclaw server did not build (see above)");
  process.exit(2);
}

const suite = resolve("dist/conformance/cli.js");
const scratch = mkdtempSync(join(tmpdir(), "zc-conformance-"));
const env = { ...process.env, ZCS_BIN: binary };

function run(dialect) {
  const report = join(scratch, `${dialect}.json`);
  console.log(`\n--- conformance suite, ${dialect} dialect, against zeroclaw's server ---`);
  spawnSync(
    process.execPath,
    [suite, "--dialect", dialect, "--spawn", spawnWrapper, "--report", `json=${report}`],
    { stdio: "inherit", env },
  );
  if (!existsSync(report)) throw new Error(`the ${dialect} run wrote no report`);
  return JSON.parse(readFileSync(report, "utf8"));
}

let exitCode = 0;
try {
  const zeroclaw = run("zeroclaw");
  const { passed, failed } = zeroclaw.totals;
  const verdict = failed === 0 && passed >= MIN_PASSED;
  console.log(
    `\nzeroclaw's server, zeroclaw dialect: ${passed} passed, ${failed} failed (needs 0 failed, ≥ ${MIN_PASSED} passed): ${verdict ? "ok" : "FAIL"}`,
  );
  if (!verdict) exitCode = 1;
  if (process.argv.includes("--mutants")) {
    console.log(
      "\n--- single bugs seeded into a copy of zeroclaw's server: each must make the suite fail ---",
    );
    const { runZeroclawMutants, ZEROCLAW_MUTANTS } = await import("./zeroclaw-mutants.mjs");
    const survived = runZeroclawMutants({
      serverDir,
      target: `${target}-mutants`,
      suite,
      scratch,
      build: (dir, into) => build(dir, into, "ignore"),
    });
    const ran = process.env.ZEROCLAW_MUTANTS?.split(",").filter(Boolean).length ?? ZEROCLAW_MUTANTS.length;
    console.log(`zeroclaw mutants: ${ran - survived} of ${ran} killed`);
    if (survived > 0) exitCode = 1;
  }
  if (process.argv.includes("--differences")) {
    const { differencesPage } = await import("./zeroclaw-differences.mjs");
    writeFileSync("docs/zeroclaw-differences.md", differencesPage(run("seed"), zeroclaw));
    // Written as the repository's formatter writes Markdown, so lint passes on the page as generated.
    spawnSync(
      process.execPath,
      ["node_modules/@biomejs/biome/bin/biome", "format", "--write", "docs/zeroclaw-differences.md"],
      {
        stdio: "ignore",
      },
    );
    console.log("wrote docs/zeroclaw-differences.md");
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exitCode = exitCode;
