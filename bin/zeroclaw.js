#!/usr/bin/env node
// Thin launcher: the command line lives in src/bin/zeroclaw.ts, compiled to dist/ by `npm run build`.
import "../dist/src/bin/zeroclaw.js";
