// The package's one build step: bundle cli.ts and its four dependencies (ajv, ajv-formats, smol-toml,
// ws) into dist/cli.js with esbuild, so the published package has no runtime dependencies at all:
// `npm install zeroclaw-conformance` fetches one tarball, works offline, and cannot be broken by a
// dependency release. esbuild itself comes from the repository's devDependencies (run inside the
// checkout: npm run build, or npm pack, which runs prepack).
import { chmod } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const outfile = join(here, "dist", "cli.js");

await build({
  entryPoints: [join(here, "cli.ts")],
  outfile,
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // ws loads these native speed-ups only if present (inside try/catch); they are not needed.
  external: ["bufferutil", "utf-8-validate"],
  // Bundled CommonJS dependencies (ajv, ws) call require(); ESM output has none of its own.
  banner: {
    js: '#!/usr/bin/env node\nimport { createRequire as __zcRequire } from "node:module"; const require = __zcRequire(import.meta.url);',
  },
  legalComments: "inline",
  logLevel: "warning",
});
await chmod(outfile, 0o755);
