// Quoting for the file formats the targets share (SPEC §19): one-line metadata, TOML manifests and the
// READMEs' Markdown. A newline never starts a new line of metadata, no control character (NUL
// included) reaches a file raw, and a title cannot open a link, an HTML tag or a code span in a README.
// Language string literals and doc comments have their own quoting beside each target (py-text.ts,
// jsdoc.ts, rustdoc.ts, go/names.ts); Python's METADATA headers are made one line by the package's own
// build backend; go.mod carries no document text (only the normalised module name).

/** C0 and C1 controls, DEL, the Unicode line and paragraph separators, and lone surrogates. */
const BREAKING =
  /[\x00-\x1f\x7f-\x9f\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text on one line: every control character, line break or lone surrogate becomes a space. */
export function oneLine(text: string): string {
  return text.replace(BREAKING, " ").replace(/ {2,}/g, " ").trim();
}

/**
 * A document's text in a message on the terminal (SPEC §19): every control character, DEL, C1 control
 * (0x9b is CSI), line separator and lone surrogate written as its JSON escape (`\u001b`), so no escape
 * sequence, bell or OSC title reaches the terminal and no text starts a line of its own.
 */
export function terminalText(text: string): string {
  return text.replace(BREAKING, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** A TOML basic string: JSON's escapes are TOML's; DEL, C1 and U+2028/9 escaped too, a lone surrogate replaced. */
export function tomlString(text: string): string {
  return JSON.stringify(
    text.replace(/[\ud800-\udfff]/g, (c, i: number, s: string) => (isPaired(s, i) ? c : "\ufffd")),
  ).replace(/[\x7f-\x9f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

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

function isPaired(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff) {
    const n = s.charCodeAt(i + 1);
    return n >= 0xdc00 && n <= 0xdfff;
  }
  const p = s.charCodeAt(i - 1);
  return p >= 0xd800 && p <= 0xdbff;
}
