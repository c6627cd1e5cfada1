// The model's types as TypeScript: one declaration per model declaration (interfaces for objects,
// union types for enums and unions, aliases for the rest), members under their wire names. Used for
// every generated package's src/types.ts and for our own generated/types.ts.

import type { Decl, IntegerType, Model, Type } from "../../model/types.js";
import type { Names } from "../../naming/namer.js";
import { jsonText, tsString } from "../../quote/index.js";
import { docLines, jsdoc } from "./jsdoc.js";

export type TypeOptions = {
  /**
   * `lossless`: an integer not bounded to ±2^53 is `number | bigint` (the package's JSON codec
   * decodes big literals to bigint). `number`: every integer is a `number` (a runtime on JSON.parse).
   */
  integers: "lossless" | "number";
  /** Prefix for references (`T.` when the declarations live in another module). */
  prefix?: string;
};

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
export const propertyKey = (wire: string): string => (IDENTIFIER.test(wire) ? wire : tsString(wire));

const SAFE = new Set(["int32", "uint32", "int53"]);
const integer = (t: IntegerType, o: TypeOptions): string =>
  o.integers === "number" || SAFE.has(t.range) ? "number" : "number | bigint";

/** A type expression; `needsParens` when it is a union that must be parenthesised inside `T[]`. */
function expr(t: Type, names: Names, o: TypeOptions): { text: string; union: boolean } {
  switch (t.kind) {
    case "ref":
      return { text: `${o.prefix ?? ""}${names.type(t.name)}`, union: false };
    case "string":
    case "number":
    case "boolean":
    case "null":
      return { text: t.kind, union: false };
    case "integer": {
      const text = integer(t, o);
      return { text, union: text.includes("|") };
    }
    case "literal":
      return { text: jsonText(t.value), union: false };
    case "array": {
      const item = expr(t.items, names, o);
      const one = item.union ? `(${item.text})` : item.text;
      const min = Math.min(t.minItems ?? 0, 4);
      if (min > 0 && (t.maxItems === undefined || t.maxItems > min))
        return { text: `[${Array(min).fill(item.text).join(", ")}, ...${one}[]]`, union: false };
      return { text: `${one}[]`, union: false };
    }
    case "tuple":
      return { text: `[${t.items.map((i) => expr(i, names, o).text).join(", ")}]`, union: false };
    case "map":
      return { text: `{ [k: string]: ${expr(t.values, names, o).text} }`, union: false };
    case "nullable":
      return { text: `${expr(t.type, names, o).text} | null`, union: true };
    case "any":
      return {
        text: t.reason ? `unknown /* ${t.reason.replaceAll("*/", "*\\/")} */` : "unknown",
        union: false,
      };
  }
}

export const renderType = (t: Type, names: Names, o: TypeOptions): string => expr(t, names, o).text;

export function renderDecl(d: Decl, names: Names, o: TypeOptions): string {
  const name = names.type(d.name);
  const doc = jsdoc(docLines(d.docs));
  const type = (t: Type): string => renderType(t, names, o);
  switch (d.kind) {
    case "object": {
      const lines = d.members.map(
        (m) =>
          `${jsdoc(docLines(m.docs), "  ")}  ${propertyKey(m.name)}${m.required ? "" : "?"}: ${type(m.type)};`,
      );
      if (d.additional.kind === "typed") {
        // An index signature must admit every declared member's type too.
        const all = new Set([type(d.additional.values), ...d.members.map((m) => type(m.type))]);
        if (d.members.some((m) => !m.required)) all.add("undefined");
        const values = [...all].some((t) => t.startsWith("unknown")) ? "unknown" : [...all].join(" | ");
        lines.push(`  [k: string]: ${values};`);
      }
      return `${doc}export interface ${name} {\n${lines.join("\n")}${lines.length > 0 ? "\n" : ""}}`;
    }
    case "enum":
      return `${doc}export type ${name} = ${d.values.map((v) => jsonText(v.value)).join(" | ")};`;
    case "tagged":
      return `${doc}export type ${name} = ${d.variants.map((v) => type(v.type)).join(" | ")};`;
    case "union":
      return `${doc}export type ${name} = ${d.variants.map(type).join(" | ")};`;
    case "alias":
      return `${doc}export type ${name} = ${type(d.type)};`;
  }
}

/** Every declaration of the model, in model order. */
export function renderTypes(model: Model, names: Names, o: TypeOptions): string {
  return [...model.types.values()].map((d) => renderDecl(d, names, o)).join("\n\n");
}
