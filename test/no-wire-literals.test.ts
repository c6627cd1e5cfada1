// src/ redeclares nothing generated/ has (issue 14, item 3): no string literal in src/ is a method
// name or a grant of openrpc.json, and no `protocolVersion`/`protocol_version` is a number literal;
// they come from generated/methods.ts (`Method`, `Grant`, `PROTOCOL_VERSION`). Read with the
// TypeScript parser, so comments and help text that mention a method in prose do not count.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const doc = JSON.parse(readFileSync(join(root, "openrpc.json"), "utf8")) as {
  methods: { name: string }[];
  components: { schemas: { Grant: { enum: string[] } } };
};
const wireNames = new Set([...doc.methods.map((m) => m.name), ...doc.components.schemas.Grant.enum]);

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );

/** `file:line: what` for every wire literal in `file`. */
function wireLiterals(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const at = (node: ts.Node, what: string): void => {
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    found.push(`${relative(root, file)}:${line}: ${what}`);
  };
  const visit = (node: ts.Node): void => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && wireNames.has(node.text)) {
      // Module specifiers are paths, not wire names.
      if (!ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent)) at(node, node.text);
    }
    if (
      ts.isPropertyAssignment(node) &&
      ["protocolVersion", "protocol_version"].includes(node.name.getText(source)) &&
      ts.isNumericLiteral(node.initializer)
    ) {
      at(node, `${node.name.getText(source)}: ${node.initializer.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("src/ spells no wire name", () => {
  it("has no method name, grant or protocol version literal", () => {
    expect(sources(join(root, "src")).flatMap(wireLiterals)).toEqual([]);
  });

  it("the check finds one when there is one", () => {
    // A test helper that speaks raw JSON-RPC spells "session/update" and protocolVersion: 1.
    const found = wireLiterals(join(root, "test", "helpers", "turn-client.ts"));
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/: session\/update$/),
        expect.stringMatching(/: protocolVersion: 1$/),
      ]),
    );
  });
});
