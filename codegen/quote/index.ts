// Quoting for every file format a target writes (SPEC §19), one function per format: one-line metadata,
// TOML manifests, JSON files, the READMEs' Markdown, each language's string literals and the text of its
// comments. A newline never starts a new line of metadata, no control character (NUL included), line or
// paragraph separator, byte-order mark or bidirectional-formatting character reaches a file raw, and a
// title cannot open a link, an HTML tag or a code span in a README. Each target's comment syntax
// (py-text.ts, jsdoc.ts, rustdoc.ts, go/names.ts) takes its text through `commentText` first; Python's
// METADATA headers are made one line by the package's own build backend; go.mod carries no document
// text (only the normalised module name).

/** Invisible characters that reorder or hide text (bidirectional formatting, the byte-order mark). */
const INVISIBLE = String.raw`\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff`;
const LONE = String.raw`[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]`;

/**
 * What never reaches a generated file raw: C0 and C1 controls (tab and line feed aside), DEL, the
 * Unicode line and paragraph separators, invisible formatting characters and lone surrogates.
 * test/codegen-hostile.test.ts checks every generated file against it.
 */
export const FORBIDDEN = new RegExp(
  `[\\x00-\\x08\\x0b-\\x1f\\x7f-\\x9f\\u2028\\u2029${INVISIBLE}]|${LONE}`,
  "g",
);

const FORBIDDEN_ONE = new RegExp(FORBIDDEN.source);

/** C0 and C1 controls, DEL, the Unicode line and paragraph separators, and lone surrogates. */
const BREAKING = new RegExp(`[\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029${INVISIBLE}]|${LONE}`, "g");

/** Text on one line: every control character, line break or lone surrogate becomes a space. */
export function oneLine(text: string): string {
  return text.replace(BREAKING, " ").replace(/ {2,}/g, " ").trim();
}

const u4 = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
/** Every character JSON.stringify leaves raw that FORBIDDEN names (it escapes C0 and lone surrogates). */
const JSON_RAW = new RegExp(`[\\x7f-\\x9f\\u2028\\u2029${INVISIBLE}]`, "g");

/**
 * A document's text in a message on the terminal (SPEC §19): every control character, DEL, C1 control
 * (0x9b is CSI), line separator and lone surrogate written as its JSON escape (`\u001b`), so no escape
 * sequence, bell or OSC title reaches the terminal and no text starts a line of its own.
 */
export function terminalText(text: string): string {
  return text.replace(BREAKING, u4);
}

/** A lone surrogate as U+FFFD (a pair, one non-BMP character, is kept). */
export const wellFormed = (text: string): string => text.replace(new RegExp(LONE, "g"), "\ufffd");

/** A JSON text (JSON.stringify's output) with the characters JSON allows raw in strings escaped. */
export const jsonText = (value: unknown, indent?: number): string =>
  JSON.stringify(value, null, indent).replace(JSON_RAW, u4);

/** A JavaScript / TypeScript string literal that reads back as the text (lone surrogates included). */
export const tsString = (text: string): string => jsonText(text);

/**
 * A Python string literal that reads back as the text: JSON's escapes (`\\uXXXX`, `\\n`, `\\b`…) are
 * Python's, and a Python str holds a lone surrogate as `\\udXXX` too.
 */
export const pyString = (text: string): string => jsonText(text);

/** A Go interpreted string literal: JSON's escapes are Go's; a lone surrogate, which Go cannot hold, is U+FFFD. */
export const goString = (text: string): string => jsonText(wellFormed(text));

/**
 * A Rust string literal: Rust's escapes (JSON's `\\u0001` is not one), every FORBIDDEN character as
 * `\\u{…}` (rustc refuses bidirectional formatting characters raw) and a lone surrogate, which a Rust
 * string cannot hold, as U+FFFD.
 */
export function rustString(text: string): string {
  let out = '"';
  for (const ch of wellFormed(text)) {
    if (ch === '"' || ch === "\\") out += `\\${ch}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\t") out += "\\t";
    else if (ch.length === 1 && FORBIDDEN_ONE.test(ch)) out += `\\u{${ch.charCodeAt(0).toString(16)}}`;
    else out += ch;
  }
  return `${out}"`;
}

/**
 * The text of a comment or docstring, before its language's own comment syntax: line breaks of every
 * kind (CR LF, CR, NEL, U+2028/9, vertical tab, form feed) are line feeds, other control characters
 * spaces, invisible formatting characters removed, lone surrogates U+FFFD. Tabs are kept.
 */
export const commentText = (text: string): string =>
  wellFormed(text)
    .replace(/\r\n?|[\x0b\x0c\x85\u2028\u2029]/g, "\n")
    .replace(new RegExp(`[${INVISIBLE}]`, "g"), "")
    .replace(/[\x00-\x08\x0e-\x1f\x7f-\x9f]/g, " ");

/** A TOML basic string: JSON's escapes are TOML's; DEL, C1 and U+2028/9 escaped too, a lone surrogate replaced. */
export const tomlString = (text: string): string => jsonText(wellFormed(text));

/** A one-line TOML string for a manifest field (description, license). */
export const tomlLine = (text: string): string => tomlString(oneLine(text));

/**
 * Inline Markdown in the middle of a line: one line, and every character that means something there
 * escaped (emphasis, code spans, links and images, HTML and entities, tables, strikethrough). Marks that
 * only mean something at the start of a line (`#`, `-`, `1.`) cannot start one, so they stay as written.
 */
export function markdownInline(text: string): string {
  return oneLine(text).replace(/[\\`*_[\]<>|~&]/g, (c) => `\\${c}`);
}

/** Text inside a Markdown code span or fenced block comment: one line, no backtick to end it. */
export const markdownCode = (text: string): string => oneLine(text).replaceAll("`", "'");

/** The longest version a package manifest takes from the document (a wheel's file name holds it). */
const MAX_VERSION = 64;
const NUM = "(?:0|[1-9]\\d{0,14})"; // no leading zero; within 2^53 (npm's limit; Cargo's is u64)
const IDENT = "(?:[0-9A-Za-z-]+)";
const SEMVER = new RegExp(
  `^${NUM}\\.${NUM}\\.${NUM}(?:-(?:${NUM}|\\d*[A-Za-z-][0-9A-Za-z-]*)(?:\\.(?:${NUM}|\\d*[A-Za-z-][0-9A-Za-z-]*))*)?(?:\\+${IDENT}(?:\\.${IDENT})*)?$`,
);
const PEP440 = new RegExp(`^${NUM}(?:\\.${NUM})*(?:(?:a|b|rc)${NUM})?(?:\\.post${NUM})?(?:\\.dev${NUM})?$`);

/** A SemVer 2.0 version (package.json, Cargo.toml): the document's when it is one, at most 64 characters; else 0.0.0. */
export const semver = (v: string): string => (v.length <= MAX_VERSION && SEMVER.test(v) ? v : "0.0.0");

/** A PEP 440 version in its normal form (pyproject.toml): the document's when it is one, at most 64 characters; else 0.0.0. */
export const pep440 = (v: string): string => (v.length <= MAX_VERSION && PEP440.test(v) ? v : "0.0.0");
