// Builds the reference daemon from a temporary copy of src/ with at most one mutant applied: the copy
// gets src/ itself (mutated), links to what the build reads but never changes (generated/, codegen/, openrpc.json,
// node_modules/, native/, dist/dashboard/) and a bundle made by esbuild straight from the TypeScript
// (no type check: a mutant only has to run). bin/zeroclaw.js is copied, not linked, so it finds the
// copy's bundle. The worktree is never written.
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "esbuild";

const LINKED = ["generated", "codegen", "openrpc.json", "package.json", "node_modules", "native"];

/** The search text is not in the file exactly once: the source moved under the mutant. */
export class PatternError extends Error {}

/** Checks a mutant against the source at `root`; returns the mutated text of its file. */
export function mutatedText(root, mutant) {
  const path = join(root, mutant.file);
  if (!existsSync(path))
    throw new PatternError(`mutant ${mutant.name}: ${mutant.file} does not exist any more`);
  const text = readFileSync(path, "utf8");
  const count = text.split(mutant.search).length - 1;
  if (count !== 1)
    throw new PatternError(
      `mutant ${mutant.name}: its search text occurs ${count} times in ${mutant.file} (expected exactly once): ` +
        `the source changed under it; update it in scripts/mutants/*-mutants.mjs\n  search: ${JSON.stringify(mutant.search)}`,
    );
  return text.replace(mutant.search, () => mutant.replace);
}

/**
 * A runnable daemon built from `root`'s src/ with `mutant` applied (none for the baseline). Returns
 * the shell command that starts it and a cleanup function.
 */
export async function buildDaemon(root, mutant) {
  root = resolve(root);
  const dir = mkdtempSync(join(tmpdir(), `zc-mutant-${mutant?.name ?? "baseline"}-`));
  try {
    cpSync(join(root, "src"), join(dir, "src"), { recursive: true });
    if (mutant) writeFileSync(join(dir, mutant.file), mutatedText(root, mutant));
    for (const name of LINKED)
      if (existsSync(join(root, name))) symlinkSync(join(root, name), join(dir, name));
    mkdirSync(join(dir, "bin"));
    copyFileSync(join(root, "bin", "zeroclaw.js"), join(dir, "bin", "zeroclaw.js"));
    mkdirSync(join(dir, "dist"));
    if (existsSync(join(root, "dist", "dashboard")))
      symlinkSync(join(root, "dist", "dashboard"), join(dir, "dist", "dashboard"));
    // The same options as scripts/bundle.mjs, from TypeScript directly.
    await build({
      entryPoints: [join(dir, "src", "bin", "zeroclaw.ts")],
      outdir: join(dir, "dist", "bundle"),
      entryNames: "[name]",
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "node",
      target: "node20",
      external: ["better-sqlite3", "openai", "ws", "smol-toml", "pino-pretty", "*/conformance/cli.js"],
      banner: {
        js: 'import { createRequire as __zcRequire } from "node:module"; const require = __zcRequire(import.meta.url);',
      },
      logLevel: "error",
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    command: `"${process.execPath}" "${join(dir, "bin", "zeroclaw.js")}" daemon`,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
