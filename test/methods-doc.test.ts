// docs/methods.md is generated from openrpc.json (codegen/emit-docs.ts): committed, current, the same
// bytes on every run, and complete — every method with its grant, params, result, errors and examples.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readDocument } from "../codegen/model/index.js";
import { emitMethodsDoc, METHODS_DOC } from "../codegen/zeroclaw/emit-docs.js";
import { loadOwnDocument } from "./helpers/own-document.js";

const root = join(import.meta.dirname, "..");
const doc = loadOwnDocument();

describe("docs/methods.md", () => {
  it("is committed as generated, and generation is deterministic", () => {
    const text = emitMethodsDoc(readDocument(doc));
    expect(emitMethodsDoc(readDocument(loadOwnDocument()))).toBe(text);
    expect(readFileSync(join(root, METHODS_DOC), "utf8")).toBe(text);
    expect(text.startsWith("<!-- Generated from openrpc.json")).toBe(true);
  });

  it("documents every method: heading, grant, params, result, every declared error, an example", () => {
    const text = emitMethodsDoc(readDocument(doc));
    const sections = text.split(/^### /m);
    for (const m of doc.methods) {
      const section = sections.find((s) => s.startsWith(`\`${m.name}\`\n`));
      expect(section, m.name).toBeDefined();
      if (m["x-grant"]) expect(section).toContain(`- Grant: \`${m["x-grant"]}\``);
      for (const p of m.params) expect(section).toContain(`| \`${p.name}\` |`);
      if (m.result) expect(section).toContain(`**Result** \`${m.result.name}\``);
      for (const e of m.errors ?? []) {
        const name = e.$ref.split("/").pop()!;
        expect(section).toContain(`| ${doc.components.errors[name]?.code} | [${name}]`);
      }
      expect(section).toContain("**Example: ");
      expect(section).toContain(`"method":"${m.name}"`);
    }
    for (const [name, e] of Object.entries(doc.components.errors))
      expect(text).toContain(`### Error ${name}\n\nCode ${e.code}`);
  });
});
