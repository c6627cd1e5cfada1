#!/usr/bin/env node
// Thin launcher: the command line lives in src/bin/zeroclaw.ts. `npm run build` compiles it to dist/
// and bundles it into dist/bundle/ (faster start-up); the bundle is preferred when present.
import { existsSync } from "node:fs";

const bundle = new URL("../dist/bundle/zeroclaw.js", import.meta.url);
await import(existsSync(bundle) ? bundle.href : "../dist/src/bin/zeroclaw.js");
