// generated/validators.ts: Ajv standalone validators, compiled once here instead of at daemon start-up.
// Ajv's "esm" output still calls require() for its runtime helpers (CommonJS modules whose default
// export ESM loaders disagree about), so the module gets a real require from createRequire; it is
// emitted as .ts (with @ts-nocheck) so tsc carries it into dist/ like every other generated file.
import standaloneCode from "ajv/dist/standalone/index.js";
import { createAjv, toComponentsRef } from "./ajv.js";
import type { OpenRpcDocument } from "./document.js";
import { bareRef, paramsSchema } from "./document.js";
import { errorDataTypeName, paramsTypeName, resultTypeName } from "./emit-types.js";

export function emitValidators(doc: OpenRpcDocument, banner: string): string {
  const ajv = createAjv(doc, { standalone: true });
  const exports: Record<string, string> = {};
  const add = (name: string, schema: object): void => {
    ajv.addSchema(toComponentsRef(schema as never), name);
    exports[name] = name;
  };
  for (const m of doc.methods) {
    add(paramsTypeName(m.name), paramsSchema(m));
    if (m.result) add(resultTypeName(m.name), m.result.schema);
    // Another dialect's shapes (SPEC §13), under their component names, so tests check each dialect.
    for (const shapes of Object.values(m["x-dialects"] ?? {}))
      for (const schema of Object.values(shapes ?? {})) {
        const name = bareRef(schema);
        if (name !== undefined && !(name in exports)) add(name, schema);
      }
  }
  for (const [name, err] of Object.entries(doc.components.errors))
    add(errorDataTypeName(name), err["x-data-schema"]);
  if (doc.components.schemas.Config) add("Config", { $ref: "#/components/schemas/Config" });

  const code = standaloneCode.default(ajv, exports);
  return `// @ts-nocheck\n${banner}\nimport { createRequire } from "node:module";\n\nconst require = createRequire(import.meta.url);\n${code.replace(/^"use strict";/, "")}\n`;
}
