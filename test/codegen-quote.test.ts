// The shared quoting of codegen/quote/ (SPEC §19), on any text fast-check makes (control characters,
// line breaks, lone surrogates, Markdown and TOML metacharacters included): one-line text has no line
// break or control character; a TOML string is one line and reads back as the text; inline Markdown
// leaves no mark unescaped that could open a link, HTML, a code span or emphasis.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { markdownCode, markdownInline, oneLine, tomlLine, tomlString } from "../codegen/quote/index.js";

const hostile = fc.oneof(
  fc.string({ unit: "binary" }),
  fc.constantFrom(
    "MIT\nRequires-Dist: evil",
    'a"\n[dependencies]\nx = "1"',
    "<script>x</script>",
    "[a](javascript:x)",
    "`x`",
    "\u0000\u2028\r\n\ud800",
  ),
);
const BREAK = /[\x00-\x1f\x7f-\x9f\u2028\u2029]/;
const LONE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const wellFormed = (s: string): string => s.replace(LONE, "\ufffd");

describe("codegen/quote", () => {
  it("oneLine: no line break, no control character, no lone surrogate", () => {
    fc.assert(
      fc.property(hostile, (s) => {
        const t = oneLine(s);
        expect(t).not.toMatch(BREAK);
        expect(t).toBe(wellFormed(t));
      }),
    );
  });

  it("tomlString: one line of printable text that reads back as the text (lone surrogates replaced)", () => {
    fc.assert(
      fc.property(hostile, (s) => {
        const q = tomlString(s);
        expect(q).not.toMatch(BREAK);
        expect(JSON.parse(q)).toBe(wellFormed(s));
        expect(JSON.parse(tomlLine(s))).toBe(oneLine(s));
      }),
    );
  });

  it("markdownInline: every mark that means something mid-line is escaped", () => {
    fc.assert(
      fc.property(hostile, (s) => {
        const md = markdownInline(s);
        expect(md).not.toMatch(BREAK);
        // Remove escaped pairs; what is left has no active mark.
        expect(md.replace(/\\[\s\S]/g, "")).not.toMatch(/[\\`*_[\]<>|~&]/);
        expect(markdownCode(s)).not.toMatch(/[`\n]/);
      }),
    );
  });
});
