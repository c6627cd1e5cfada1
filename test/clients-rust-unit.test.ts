// clients/rust (SPEC §15): the crate's own cargo tests (the hand-written runtime against an in-process
// fake daemon over a real Unix socket: zc-out-N ids, routing by id, typed errors and updates, the
// elicitation hook, the upload helper), built offline from Debian's packaged crates; the build is
// warning-free (rustdoc too), rustfmt accepts the generated files, and building writes nothing outside
// target/.
// Skipped (never passed) when cargo or rustfmt is missing.
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, run } from "./helpers/proc-daemon.js";

const CRATE = join(REPO_ROOT, "clients", "rust");
const has = (tool: string): boolean => {
  const probe = spawnSync(tool, ["--version"], { stdio: "ignore" });
  return !probe.error && probe.status === 0;
};

/** Every file of the crate outside target/, with its size and mtime: what a build must not change. */
function sourceTree(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) {
        if (relative(CRATE, path) !== "target") walk(path);
      } else {
        const s = statSync(path);
        files.set(relative(CRATE, path), `${s.size}:${s.mtimeMs}`);
      }
    }
  };
  walk(CRATE);
  return files;
}

describe("clients/rust: the zeroclaw-client crate", () => {
  it("passes its cargo tests offline, warning-free, without writing outside target/", {
    timeout: 900_000,
  }, async (ctx) => {
    if (!has("cargo")) {
      ctx.skip("rust skipped: toolchain `cargo` not found");
      return;
    }
    const before = sourceTree();
    const result = await run("cargo", ["test", "--offline", "--all-targets"], process.env, { cwd: CRATE });
    const report = `cargo test exited ${result.code}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}`;
    expect(result.code, report).toBe(0);
    const totals = [...result.stdout.matchAll(/test result: ok\. (\d+) passed; (\d+) failed/g)];
    const passed = totals.reduce((n, m) => n + Number(m[1]), 0);
    expect(passed, report).toBeGreaterThanOrEqual(10);
    expect(
      totals.every((m) => m[2] === "0"),
      report,
    ).toBe(true);
    expect(result.stderr, report).not.toMatch(/^warning/m);
    expect(sourceTree(), "cargo wrote into clients/rust outside target/").toEqual(before);
  });

  it("documents without a rustdoc warning (the document's prose is escaped as markdown)", {
    timeout: 300_000,
  }, async (ctx) => {
    if (!has("cargo")) {
      ctx.skip("rust skipped: toolchain `cargo` not found");
      return;
    }
    const result = await run("cargo", ["doc", "--offline", "--no-deps"], process.env, { cwd: CRATE });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr, result.stderr).not.toMatch(/^warning/m);
  });

  it("generated files are as rustfmt writes them", async (ctx) => {
    if (!has("rustfmt")) {
      ctx.skip("rust skipped: `rustfmt` not found");
      return;
    }
    const generated = join(CRATE, "src", "generated");
    const files = readdirSync(generated).map((f) => join(generated, f));
    const result = await run("rustfmt", ["--edition", "2021", "--check", ...files], process.env, {
      cwd: CRATE,
    });
    expect(result.code, `rustfmt --check:\n${result.stdout}${result.stderr}`).toBe(0);
  });
});
