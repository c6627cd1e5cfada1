// generated/validators.ts: Ajv standalone validators, compiled once here instead of at daemon start-up.
// Ajv's "esm" output still calls require() for its runtime helpers; those calls are rewritten into
// imports so the file is a plain ES module, and it is emitted as .ts (with @ts-nocheck) so tsc carries
// it into dist/ like every other generated file.
import standaloneCode from "ajv/dist/standalone/index.js";
import { createAjv, toComponentsRef } from "./ajv.js";
import type { OpenRpcDocument } from "./document.js";
import { paramsSchema } from "./document.js";
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
  }
  for (const [name, err] of Object.entries(doc.components.errors))
    add(errorDataTypeName(name), err["x-data-schema"]);
  if (doc.components.schemas.Config) add("Config", { $ref: "#/components/schemas/Config" });

  const code = standaloneCode.default(ajv, exports);
  const modules = new Map<string, string>();
  const esm = code.replace(/require\("([^"]+)"\)/g, (_m, spec: string) => {
    let id = modules.get(spec);
    if (!id) {
      id = `__ajvRuntime${modules.size}`;
      modules.set(spec, id);
    }
    return id;
  });
  const imports = [...modules].map(([spec, id]) => `import ${id} from "${spec}.js";`).join("\n");
  return `// @ts-nocheck\n${banner}\n${imports}\n${esm.replace(/^"use strict";/, "")}\n`;
}
