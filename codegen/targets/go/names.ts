// Go spelling on top of the namer: initialisms upper-cased the way Go code spells them (`SessionId` →
// `SessionID`, `Url` → `URL`), unique per scope; and the text helpers every Go file needs (doc
// comments gofmt leaves as they are, gofmt's column alignment, string literals).
import type { Docs, ErrorDecl, Method, Model } from "../../model/types.js";
import { createNames } from "../../naming/namer.js";
import { goNaming } from "../../naming/tables/go.js";
import { commentText, goString } from "../../quote/index.js";

const WORDS =
  "ACL API ASCII CPU CSS DNS EOF GUID HTML HTTP HTTPS ID IDs IP JSON PID RPC SHA256 SQL SSH TCP TLS TTL";
const INITIALISMS = new Map(
  `${WORDS} UDP UI UID URI URL UTF8 UUID XML`.split(" ").map((w) => [w.toLowerCase(), w]),
);
const upper = (name: string): string =>
  name.replace(/[A-Z][a-z]+[0-9]*(?![a-z])/g, (w) => INITIALISMS.get(w.toLowerCase()) ?? w);

export type GoNames = ReturnType<typeof goNames>;

export function goNames(model: Model) {
  const n = createNames(model, goNaming);
  const { type: types, method: methods } = goNaming.reserved;
  const scopes = new Map([
    ["type", new Set(types)],
    ["method", new Set(methods)],
  ]);
  const memo = new Map<string, string>();
  let extras = 0;
  /** The name for `key`: its raw one (unique in the namer's scope) with initialisms, or raw, or raw2…. */
  const fix = (scope: string, key: string, raw: () => string): string => {
    const k = `${scope}\0${key}`;
    if (!memo.has(k)) {
      const used = scopes.get(scope) ?? scopes.set(scope, new Set()).get(scope)!;
      const r = raw();
      let out = used.has(upper(r)) ? r : upper(r);
      for (let i = 2; used.has(out); i++) out = `${r}${i}`;
      memo.set(k, out);
      used.add(out);
    }
    return memo.get(k)!;
  };
  const hook = (m: Method): string =>
    m.implementedBy === "client" ? `${m.result ? "Handle" : "On"}${n.method(m)}` : n.method(m);
  return {
    type: (logical: string) => fix("type", `decl\0${logical}`, () => n.type(logical)),
    errorType: (e: ErrorDecl) => fix("type", `error\0${e.name}`, () => n.errorType(e)),
    /** A further package-level name (constants, Decode functions, variant wrappers): a new one each call. */
    extra: (name: string) => fix("type", `extra\0${extras++}`, () => n.extraType(name)),
    member: (decl: string, wire: string) => fix(`member\0${decl}`, wire, () => n.member(decl, wire)),
    /** A client method, or for a method the server calls, its `Handle…`/`On…` hook. */
    method: (m: Method) => fix("method", `${model.methods.indexOf(m)}`, () => hook(m)),
    param: (m: Method, name: string) =>
      fix(`param\0${model.methods.indexOf(m)}`, name, () => n.param(m, name)),
    enumMember: n.enumMember,
  };
}

// go/doc/comment's old-style heading: a lone line, capitalised, ending in a letter or digit, none of
// these characters, `.` only inside a word and `'` only in `'s`.
const HEADING = /^\p{Lu}(.*[\p{L}\p{Nd}])?$/u;
const NOT_HEADING = /[;:!?+*/=[\]{}_^°&§~%#@<">\\]|\.( |$)|'(?!s( |$))/;
const LINK = /^\[(.*?)\]:([ \t].*:\/\/.*)$/;

/** A Go string literal (quote/): a BOM is an error in Go source, so it is escaped like every control. */
export { goString };

/**
 * `//` comment lines from document text, in a form gofmt (Go ≥ 1.19 reformats doc comments)
 * leaves unchanged: no leading indentation (a code block or list to gofmt), no control characters,
 * a full stop after a one-line paragraph that gofmt would take for a heading, and `` and '' already
 * the typographic quotes gofmt makes of them.
 */
export function comment(texts: (string | undefined)[], indent = ""): string {
  const lines = (p: string): string[] => p.split("\n").flatMap((l) => (l.trim() === "" ? [] : [l.trim()]));
  const paragraphs = texts
    .flatMap((t) =>
      commentText(t ?? "")
        .replaceAll("``", "\u201c")
        .replaceAll("''", "\u201d")
        .split(/\n\s*\n/)
        .map(lines),
    )
    .filter((p) => p.length > 0)
    // A paragraph of `[text]: url` lines is link definitions to gofmt, which moves them to the end.
    .map((p) => (p.every((l) => LINK.test(l)) ? p.map((l) => l.replace(LINK, "$1:$2")) : p));
  const out = paragraphs.flatMap((p, i) => {
    const last = i === paragraphs.length - 1;
    const heading = i > 0 && !last && p.length === 1 && HEADING.test(p[0]!) && !NOT_HEADING.test(p[0]!);
    return [...(i > 0 ? [""] : []), ...(heading ? [`${p[0]}.`] : p)];
  });
  return out.map((l) => `${indent}//${l === "" ? "" : ` ${l}`}\n`).join("");
}

/** Summary, description and the deprecation paragraph Go tools recognise. */
export const docTexts = (docs: Docs): string[] => [
  ...(docs.summary !== undefined && docs.summary !== docs.description ? [docs.summary] : []),
  ...(docs.description !== undefined ? [docs.description] : []),
  ...(docs.deprecated ? ["Deprecated: the document marks this deprecated."] : []),
];

/**
 * Rows of cells (struct fields, constants) aligned the way gofmt's tabwriter does: every cell but
 * the last padded to its column's widest plus one. A row is `[comment, ...cells]`; a comment line
 * ends gofmt's alignment, so a row with a comment starts a new block.
 */
export type Row = [string, ...string[]];
export const aligned = (rows: Row[]): string => {
  // Each block is measured once (an enum of 300,000 constants is one block: measuring it per row was
  // quadratic, and spreading its widths into Math.max overflowed the stack).
  const out: string[] = [];
  for (let a = 0; a < rows.length; ) {
    let b = a + 1;
    while (b < rows.length && rows[b]![0] === "") b++;
    const widths: number[] = [];
    for (let r = a; r < b; r++)
      for (const [c, x] of rows[r]!.slice(1).entries()) widths[c] = Math.max(widths[c] ?? 0, x.length);
    for (let r = a; r < b; r++) {
      const [doc, ...cells] = rows[r]!;
      out.push(
        `${doc}\t${cells.map((x, c) => (c < cells.length - 1 ? x.padEnd(widths[c]! + 1) : x)).join("")}\n`,
      );
    }
    a = b;
  }
  return out.join("");
};

/** A function of one statement (or none), on one line where gofmt keeps it there (under 100 columns). */
export const func = (header: string, stmt = ""): string =>
  header.length + stmt.length < 100
    ? `${header} {${stmt === "" ? "" : ` ${stmt} `}}\n`
    : `${header} {\n${stmt === "" ? "" : `\t${stmt}\n`}}\n`;

/**
 * Go source with its comments, string literals and rune literals blanked out: what is left is code,
 * so an import is decided by the code that uses it, never by a document's text in a comment or a string
 * (`see json.Marshal` in a description, a schema named `json`).
 */
export function goCode(src: string): string {
  return src.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\/|"(?:[^"\\\n]|\\.)*"|`[^`]*`|'(?:[^'\\\n]|\\.)*'/g, (m) =>
    m.startsWith("//") || m.startsWith("/*") ? " " : '""',
  );
}

/** Whether Go code `src` uses package `pkg` (its last path element followed by a dot), comments and strings aside. */
export const usesPackage = (src: string, pkg: string): boolean =>
  new RegExp(`(?<![\\w.])${pkg.split("/").pop()}\\.`).test(goCode(src));
