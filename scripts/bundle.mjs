// npm run build, second step: bundle the compiled command line into dist/bundle/ with esbuild.
// Why: a Node process pays per module file at start-up, and drizzle-orm alone is ~100 files (~70 ms);
// one bundle brings spawn-to-first-initialize from ~165 ms to ~90 ms. Heavy or optional dependencies
// that are loaded lazily (the OpenAI SDK, ws, smol-toml, the OpenRPC meta-schema of `zeroclaw codegen`)
// and the native better-sqlite3 stay external.
// bin/zeroclaw.js runs the bundle when it exists and falls back to dist/src otherwise.
import { build } from "esbuild";

await build({
  entryPoints: ["dist/src/bin/zeroclaw.js"],
  outdir: "dist/bundle",
  entryNames: "[name]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  external: [
    "better-sqlite3",
    "openai",
    "ws",
    "smol-toml",
    "pino-pretty",
    "@open-rpc/schema-utils-js",
    "@json-schema-tools/meta-schema",
  ],
  // Bundled CommonJS dependencies (pino, ajv) call require(); ESM output has none of its own.
  banner: {
    js: 'import { createRequire as __zcRequire } from "node:module"; const require = __zcRequire(import.meta.url);',
  },
  // Less to parse at every start; identifiers are kept so stack traces stay readable.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: "warning",
});
