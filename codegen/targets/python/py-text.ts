// Text from the document inside Python source: docstrings that no description can end early or break
// (backslashes, `"""`, control characters), one-line `#` comments, literals for JSON values; and the
// import lines for the names a module uses (collected while rendering, never guessed from the text).
import type { Docs } from "../../model/types.js";
import { commentText, pyString } from "../../quote/index.js";

/** A value as a Python literal: JSON strings are valid Python strings; `true` → `True`. */
export function pyLiteral(v: string | number | boolean | null): string {
  if (v === null) return "None";
  if (typeof v === "boolean") return v ? "True" : "False";
  if (typeof v === "number") return Number.isInteger(v) ? BigInt(v).toString() : String(v);
  return pyString(v);
}

/** A Python tuple display: `()`, `(A,)`, `(A, B)`. */
export const tuple = (items: string[]): string => `(${items.join(", ")}${items.length === 1 ? "," : ""})`;

/** A `"""…"""` block indented by `pad` (a blank line after it for a class), or "" with nothing to say. */
export function docstring(docs: Docs, pad: string, blank = false, add: (string | undefined)[] = []): string {
  const summary = docs.summary !== docs.description ? docs.summary : undefined;
  const deprecated = docs.deprecated ? ".. deprecated:: in the document" : undefined;
  const text = commentText(
    [summary, docs.description, ...add, deprecated]
      .filter((l): l is string => l !== undefined && l.trim() !== "")
      .join("\n\n"),
  )
    .trim()
    .replaceAll("\\", "\\\\")
    // A quote next to another quote, or last, is escaped: no run of them can close the string early.
    .replace(/"/g, (q, i: number, all: string) =>
      all[i - 1] === '"' || all[i + 1] === '"' || i === all.length - 1 ? '\\"' : q,
    )
    .replace(/[\x00-\x08\x0b-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
  if (text === "") return "";
  const [first, ...rest] = text.split("\n");
  const body = rest.map((l) => (l.trim() === "" ? "" : `${pad}${l}`)).join("\n");
  return `${pad}"""${first}${rest.length > 0 ? `\n${body}\n${pad}` : ""}"""\n${blank ? "\n" : ""}`;
}

/** `  # text` on one line (the reason a schema is typed as any JSON). */
export const comment = (text: string): string => `  # ${commentText(text).replace(/\s+/g, " ").trimEnd()}`;

/**
 * Where the names a module may use come from; any other name is a declaration in `.types`. Each is a
 * reserved type name in naming/tables/python.ts, so no declaration of a document takes one
 * (test/codegen-hostile-names.test.ts checks the two lists agree).
 */
export const SOURCES = new Map(
  [
    "collections.abc: Awaitable Callable",
    "typing: Literal TypeAlias",
    ".runtime: _c",
    ".runtime.client: ClientBase deprecated",
    ".runtime.codec: JsonValue UNSET Unset UnknownVariant",
    ".runtime.connection: typed_handler typed_listener",
    ".runtime.errors: RpcError",
    ".runtime.streams: Subscription",
    ".runtime.upload: Uploads",
    ": dataclasses",
  ].flatMap((l) =>
    l
      .split(" ")
      .slice(1)
      .map((n) => [n, l.slice(0, l.indexOf(":"))] as const),
  ),
);

/** Names a module uses, collected while it is rendered; `!Name` is an error class from `.errors`. */
export type Uses = Set<string>;

/** The import block for `uses` (`local`: the module defines the declarations itself). */
export function importsFor(uses: Uses, local = false): string {
  const from = new Map<string, string[]>();
  for (const name of [...uses].sort()) {
    const m = name.startsWith("!") ? ".errors" : (SOURCES.get(name) ?? (local ? undefined : ".types"));
    if (m !== undefined)
      from.set(m, [...(from.get(m) ?? []), name === "_c" ? "codec as _c" : name.replace(/^!/, "")]);
  }
  const line = (m: string): string[] =>
    m === "" ? from.get(m)!.map((n) => `import ${n}`) : [`from ${m} import ${from.get(m)!.join(", ")}`];
  const group = (own: boolean): string[] =>
    [...from.keys()]
      .filter((m) => m.startsWith(".") === own)
      .sort()
      .flatMap(line);
  const blocks = [group(false), group(true)].flatMap((g) => (g.length > 0 ? ["", ...g] : []));
  return ["from __future__ import annotations", ...blocks].join("\n");
}
