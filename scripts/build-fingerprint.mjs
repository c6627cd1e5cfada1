// The fingerprint of everything `npm run build` reads (scripts/build-if-changed.mjs compares it with
// the one of the last build). Content, not mtimes: a fresh clone or a `git checkout` that changes no
// byte keeps the build.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const STAMP = join(ROOT, "dist", ".build-stamp");
const INPUTS = ["src", "generated", "conformance", "dashboard", "codegen", "scripts"];
const FILES = ["openrpc.json", "package.json", "package-lock.json", "tsconfig.json", "tsconfig.build.json"];
// Build outputs and by-products that tests or tools leave beside the sources (packed tarballs, caches).
const SKIP = new Set(["node_modules", "dist", ".git", "__pycache__", "target", "build"]);
const SKIP_FILE = /\.(tgz|pyc|log)$/;

function walk(dir, out) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(e.name)) continue;
    const path = join(dir, e.name);
    if (e.isDirectory()) walk(path, out);
    else if (e.isFile() && !SKIP_FILE.test(e.name)) out.push(path);
  }
}

export function fingerprint(root = ROOT) {
  const files = [];
  for (const d of INPUTS) {
    try {
      if (statSync(join(root, d)).isDirectory()) walk(join(root, d), files);
    } catch {}
  }
  for (const f of FILES) files.push(join(root, f));
  const hash = createHash("sha256");
  for (const f of files.sort()) {
    hash.update(relative(root, f));
    hash.update("\0");
    try {
      hash.update(readFileSync(f));
    } catch {}
    hash.update("\0");
  }
  return hash.digest("hex");
}
