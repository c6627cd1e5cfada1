// npm run generate: validate and lint openrpc.json, then write generated/.
// npm run generate:check: the same in memory, failing (exit 1) if generated/ differs from the output.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { validateOpenRPCDocument } from "@open-rpc/schema-utils-js";
import { loadDocument } from "./document.js";
import { emitClient } from "./emit-client.js";
import { syncMethodsDoc } from "./emit-docs.js";
import { emitErrors } from "./emit-errors.js";
import { emitMethods } from "./emit-methods.js";
import { emitTypes } from "./emit-types.js";
import { emitValidators } from "./emit-validators.js";
import { lintDocument } from "./lint.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const outDir = join(root, "generated");
const BANNER = "// Generated from openrpc.json by codegen/ — do not edit. Run `npm run generate`.";

async function main(check: boolean): Promise<number> {
  const doc = loadDocument(join(root, "openrpc.json"));
  const valid = validateOpenRPCDocument(doc as never);
  if (valid !== true) {
    console.error(`openrpc.json fails the OpenRPC meta-schema:\n${valid.message}`);
    return 1;
  }
  const problems = lintDocument(doc);
  if (problems.length > 0) {
    console.error(
      `openrpc.json lint: ${problems.length} problem(s)\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
    return 1;
  }

  if (!syncMethodsDoc(doc, root, check)) return 1; // docs/methods.md, outside generated/

  const files: Record<string, string> = {
    "types.ts": await emitTypes(doc, BANNER),
    "validators.ts": emitValidators(doc, BANNER),
    "errors.ts": emitErrors(doc, BANNER),
    "methods.ts": emitMethods(doc, BANNER),
    "client.ts": emitClient(doc, BANNER),
  };

  if (check) {
    const present = existsSync(outDir) ? readdirSync(outDir) : [];
    const drift = [
      ...Object.entries(files)
        .filter(
          ([name, text]) =>
            !existsSync(join(outDir, name)) || readFileSync(join(outDir, name), "utf8") !== text,
        )
        .map(([name]) => `generated/${name} differs from openrpc.json`),
      ...present
        .filter((name) => !(name in files))
        .map((name) => `generated/${name} is not produced by codegen`),
    ];
    if (drift.length > 0) {
      console.error(`${drift.join("\n")}\nRun \`npm run generate\` and commit the result.`);
      return 1;
    }
    console.log(`generated/ is up to date (${Object.keys(files).length} files)`);
    return 0;
  }
  mkdirSync(outDir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(outDir, name), text);
  console.log(`wrote ${Object.keys(files).length} files to generated/`);
  return 0;
}

process.exitCode = await main(process.argv.includes("--check"));
