// The conformance package ships its own copy of openrpc.json (it must run without this repository).
// `npm run generate` refreshes the copy; `npm run generate:check` runs this with --check and fails
// when the copy has drifted from ../openrpc.json, like any other generated file.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const source = join(here, "..", "openrpc.json");
const copy = join(here, "openrpc.json");
const wanted = readFileSync(source);
let current;
try {
  current = readFileSync(copy);
} catch {
  current = undefined;
}
if (process.argv.includes("--check")) {
  if (!current?.equals(wanted)) {
    console.error("conformance/openrpc.json differs from openrpc.json: run npm run generate");
    process.exit(1);
  }
} else if (!current?.equals(wanted)) {
  writeFileSync(copy, wanted);
  console.log("conformance/openrpc.json updated");
}
