// Doc comments from the document's text: `*/` can never close the comment early, and every line is
// kept (descriptions are Markdown; TypeScript tooling renders JSDoc as Markdown too).
import type { Docs } from "../../model/types.js";
import { commentText } from "../../quote/index.js";

/** A `/** … *\/` block at `indent`, or "" when there is nothing to say. */
export function jsdoc(lines: (string | undefined)[], indent = ""): string {
  const joined = lines.filter((l): l is string => l !== undefined && l.trim() !== "").join("\n\n");
  const text = commentText(joined).replaceAll("*/", "*\\/").trimEnd();
  if (text === "") return "";
  const body = text.split("\n");
  if (body.length === 1) return `${indent}/** ${body[0]} */\n`;
  return `${indent}/**\n${body.map((l) => `${indent} *${l === "" ? "" : ` ${l}`}`).join("\n")}\n${indent} */\n`;
}

/** The lines a declaration or member documents itself with: summary, description, deprecation. */
export function docLines(docs: Docs, extra: (string | undefined)[] = []): (string | undefined)[] {
  const summary = docs.summary !== undefined && docs.summary !== docs.description ? docs.summary : undefined;
  return [summary, docs.description, ...extra, docs.deprecated ? "@deprecated" : undefined];
}
