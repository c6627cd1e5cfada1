// generated/validators.ts: Ajv standalone validators, compiled once here instead of at daemon start-up,
// from the schema fragments the model keeps for validators. Ajv's "esm" output still calls require()
// for its runtime helpers (CommonJS modules whose default export ESM loaders disagree about), so the
// module gets a real require from createRequire; it is emitted as .ts (with @ts-nocheck) so tsc
// carries it into dist/ like every other generated file.
import standaloneCode from "ajv/dist/standalone/index.js";
import type { JsonSchema, Model } from "../model/types.js";
import { createAjv, toComponentsRef } from "./ajv.js";
import { dialectShapes } from "./dialects.js";
import { ownNames } from "./names.js";

export function emitValidators(model: Model, banner: string): string {
  const ajv = createAjv(model, { standalone: true });
  const own = ownNames(model);
  const exports: Record<string, string> = {};
  const add = (name: string, schema: JsonSchema): void => {
    ajv.addSchema(toComponentsRef(schema), name);
    exports[name] = name;
  };
  for (const m of model.methods) {
    add(own.params(m), m.paramsSource);
    if (m.result) add(own.result(m), m.result.source);
    // Another dialect's shapes (SPEC §13), under their component names, so tests check each dialect.
    for (const d of dialectShapes(m))
      for (const part of ["params", "result"] as const) {
        const name = d[part];
        const source = d.sources[part];
        if (name !== undefined && source !== undefined && !(name in exports)) add(name, source);
      }
  }
  for (const e of model.errors.values()) if (e.dataSource) add(own.errorData(e), e.dataSource);
  if (model.schemaSources.has("Config")) add("Config", { $ref: "#/components/schemas/Config" });

  const code = standaloneCode.default(ajv, exports);
  return `// @ts-nocheck\n${banner}\nimport { createRequire } from "node:module";\n\nconst require = createRequire(import.meta.url);\n${code.replace(/^"use strict";/, "")}\n`;
}
