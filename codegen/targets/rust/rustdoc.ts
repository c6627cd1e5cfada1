// Text from the document in Rust source. String literals: Rust escapes (JSON's `\u0001` is not one),
// with control and bidirectional-format characters escaped (rustc refuses the latter raw) and lone
// surrogates, which a Rust string cannot hold, as U+FFFD.
// Doc comments from the document's prose: `///` lines (nothing in the text can end them; a bare CR,
// which rustc refuses in a doc comment, becomes a line break; tabs become spaces), and every fenced
// code block marked `text`, so rustdoc never reads a document's Go or JSON sample as a Rust doctest
// (the package also sets `doctest = false`).
// The fixed text around them is in templates (runtime/*.in), filled in by `fill`.
import { commentText } from "../../quote/index.js";
import { readRuntime } from "../assets.js";

type Vars = Record<string, string | boolean>;

/**
 * A template from runtime/ filled in: `{{key}}` becomes `vars[key]`; a section `{{#key}}…{{/key}}`
 * is kept when `vars[key]` is true or a non-empty string, `{{^key}}…{{/key}}` when it is not (a
 * section holds other sections, not one of its own key). A value is never read as a template.
 */
export const fill = (template: string, vars: Vars): string => render(readRuntime("rust", template), vars);

function render(text: string, vars: Vars): string {
  return text.replace(TAG, (_, s?: string, k?: string, body?: string, key?: string) => {
    if (key !== undefined) return String(vars[key] ?? "");
    return (s === "#") === Boolean(vars[k!]) ? render(body!, vars) : "";
  });
}
const TAG = /\{\{([#^])(\w+)\}\}([\s\S]*?)\{\{\/\2\}\}|\{\{(\w+)\}\}/g;

export function rustdoc(lines: (string | undefined)[], indent = ""): string {
  const text = commentText(lines.filter((l): l is string => l !== undefined && l.trim() !== "").join("\n\n"))
    .replaceAll("\t", "    ")
    .trimEnd();
  if (text === "") return "";
  let fence: string | undefined;
  const out = text.split("\n").map((raw) => {
    const line = raw.trimEnd();
    const open = /^(\s*)(`{3,}|~{3,})/.exec(line);
    if (open && fence === undefined) {
      fence = open[2]![0]!;
      return `${open[1]}${open[2]}text`;
    }
    if (open && fence !== undefined && open[2]![0] === fence && line.trim() === open[2]) fence = undefined;
    return line;
  });
  if (fence !== undefined) out.push(fence.repeat(3));
  return out.map((l) => `${indent}///${l === "" ? "" : ` ${l}`}\n`).join("");
}
