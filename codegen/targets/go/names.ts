// Go spelling on top of the namer: initialisms upper-cased the way Go code spells them (`SessionId` →
// `SessionID`, `Url` → `URL`), unique per scope; and the text helpers every Go file needs (doc
// comments gofmt leaves as they are, gofmt's column alignment, string literals).
import type { Docs, ErrorDecl, Method, Model, Scalar } from "../../model/types.js";
import { createNames } from "../../naming/namer.js";
import { goNaming } from "../../naming/tables/go.js";

const INITIALISMS = new Set(
  "acl api ascii cpu css dns eof guid html http https id ip json rpc sha256 sql ssh tcp tls ttl udp ui uid uri url utf8 uuid xml".split(
    " ",
  ),
);
const upper = (name: string): string =>
  name.replace(/[A-Z][a-z]+[0-9]*(?![a-z])/g, (w) => (INITIALISMS.has(w.toLowerCase()) ? w.toUpperCase() : w));

export type GoNames = ReturnType<typeof goNames>;

export function goNames(model: Model) {
  const n = createNames(model, goNaming);
  const scopes = new Map<string, Set<string>>();
  const memo = new Map<string, string>();
  /** `raw` (unique in its scope by the namer) with initialisms, or `raw`, or `raw2`…: unique here too. */
  const fix = (scope: string, raw: string, reserved: ReadonlySet<string> = new Set()): string => {
    const key = `${scope}\0${raw}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const used = scopes.get(scope) ?? new Set(reserved);
    scopes.set(scope, used);
    let out = upper(raw);
    if (used.has(out)) out = raw;
    for (let i = 2; used.has(out); i++) out = `${raw}${i}`;
    used.add(out);
    memo.set(key, out);
    return out;
  };
  const types = goNaming.reserved.type;
  const methods = goNaming.reserved.method;
  const hook = (m: Method): string => `${m.result ? "Handle" : "On"}${n.method(m)}`;
  return {
    type: (logical: string) => fix("type", n.type(logical), types),
    errorType: (e: ErrorDecl) => fix("type", n.errorType(e), types),
    /** A further package-level name (constants, Decode functions, variant wrappers). */
    extra: (name: string) => fix("type", n.extraType(name), types),
    member: (decl: string, wire: string) => fix(`member\0${decl}`, n.member(decl, wire)),
    /** A client method, or for a method the server calls, its `Handle…`/`On…` hook. */
    method: (m: Method) => fix("method", m.implementedBy === "client" ? hook(m) : n.method(m), methods),
    param: (m: Method, name: string) => fix(`param\0${m.name}`, n.param(m, name)),
    enumMember: (decl: string, value: Scalar) => n.enumMember(decl, value),
  };
}

// go/doc/comment's old-style heading: a lone line, capitalised, ending in a letter or digit, none of
// these characters, `.` only inside a word and `'` only in `'s`.
const HEADING = /^\p{Lu}.*[\p{L}\p{Nd}]$/u;
const NOT_HEADING = /[;:!?+*/=[\]{}_^°&§~%#@<">\\]|\.( |$)|'(?!s( |$))/;
const LINK = /^\[(.*?)\]:([ \t].*:\/\/.*)$/;

/** A Go string literal (JSON's escapes are Go's, but for lone surrogates, which Go refuses). */
export const goString = (s: string): string =>
  JSON.stringify(s).replace(/\\ud[89a-f][0-9a-f]{2}/gi, "\\ufffd");

/**
 * `//` comment lines from document text, in a form gofmt (Go ≥ 1.19 reformats doc comments)
 * leaves unchanged: no leading indentation (a code block or list to gofmt), no control characters,
 * and a full stop after a one-line paragraph that gofmt would take for a heading.
 */
export function comment(texts: (string | undefined)[], indent = ""): string {
  const paragraphs = texts
    .filter((t): t is string => t !== undefined && t.trim() !== "")
    .flatMap((t) =>
      t
        // eslint-disable-next-line no-control-regex
        .replace(/\r\n?/g, "\n")
        .replace(/[\u0000-\u0008\u000b-\u001f\u007f\ufeff]/g, "")
        .split(/\n\s*\n/)
        .map((p) => p.split("\n").map((l) => l.trim()).filter((l) => l !== "")),
    )
    .filter((p) => p.length > 0)
    // A paragraph of `[text]: url` lines is link definitions to gofmt, which moves them to the end.
    .map((p) => (p.every((l) => LINK.test(l)) ? p.map((l) => l.replace(LINK, "$1:$2")) : p));
  const lines = paragraphs.flatMap((p, i) => {
    const heading =
      i > 0 && i < paragraphs.length - 1 && p.length === 1 && HEADING.test(p[0]!) && !NOT_HEADING.test(p[0]!);
    return [...(i > 0 ? [""] : []), ...(heading ? [`${p[0]}.`] : p)];
  });
  return lines.map((l) => `${indent}//${l === "" ? "" : ` ${l}`}\n`).join("");
}

/** Summary, description and the deprecation paragraph Go tools recognise. */
export const docTexts = (docs: Docs, deprecated = "Deprecated: the document marks this deprecated."): string[] => [
  ...(docs.summary !== undefined && docs.summary !== docs.description ? [docs.summary] : []),
  ...(docs.description !== undefined ? [docs.description] : []),
  ...(docs.deprecated ? [deprecated] : []),
];

/**
 * Rows of cells (struct fields, constants) aligned the way gofmt's tabwriter does: every cell but
 * the last padded to its column's widest plus one space. Rows are `[comment, ...cells]`; a row with
 * a comment starts a new block, as a comment line ends gofmt's alignment.
 */
export function aligned(rows: [string, ...string[]][], indent = "\t"): string {
  const out: string[] = [];
  let block: string[][] = [];
  const flush = (): void => {
    const widths = block[0]?.map((_, c) => Math.max(...block.map((r) => [...(r[c] ?? "")].length))) ?? [];
    for (const r of block)
      out.push(`${indent}${r.map((cell, c) => (c < r.length - 1 ? cell.padEnd(widths[c]! + 1) : cell)).join("")}\n`);
    block = [];
  };
  for (const [doc, ...cells] of rows) {
    if (doc !== "") {
      flush();
      out.push(doc);
    }
    block.push(cells);
  }
  flush();
  return out.join("");
}

/** A function of one statement (or none), on one line where gofmt keeps it there (under 100 columns). */
export const func = (header: string, stmt = ""): string =>
  header.length + stmt.length < 100
    ? `${header} {${stmt === "" ? "" : ` ${stmt} `}}\n`
    : `${header} {\n${stmt === "" ? "" : `\t${stmt}\n`}}\n`;
