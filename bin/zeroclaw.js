#!/usr/bin/env node
// Thin launcher: the command line lives in src/bin/zeroclaw.ts. `npm run build` compiles it to dist/
// and bundles it into dist/bundle/ (faster start-up); the bundle is preferred when present. A checkout
// that was never built (`npm link` right after `npm ci`) is built once, first, instead of failing.
import { spawnSync } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

const bundle = new URL("../dist/bundle/zeroclaw.js", import.meta.url);
const compiled = new URL("../dist/src/bin/zeroclaw.js", import.meta.url);
if (!existsSync(bundle) && !existsSync(compiled)) {
  const root = dirname(dirname(realpathSync(fileURLToPath(import.meta.url))));
  process.stderr.write(
    `zeroclaw is not built yet: building it in ${root} (npm run build, about a minute)…\n`,
  );
  const r = spawnSync("npm", ["run", "-s", "build"], { cwd: root, stdio: ["ignore", 2, 2] });
  if (r.status !== 0) {
    process.stderr.write(`zeroclaw: the build failed; run \`npm ci && npm run build\` in ${root}\n`);
    process.exit(70);
  }
}
await import(existsSync(bundle) ? bundle.href : compiled.href);
