// The shared quoting of codegen/quote/ (SPEC §19), on any text fast-check makes (control characters,
// line breaks, lone surrogates, Markdown and TOML metacharacters included): one-line text has no line
// break or control character; a TOML string is one line and reads back as the text; inline Markdown
// leaves no mark unescaped that could open a link, HTML, a code span or emphasis.
import { spawnSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  commentText,
  FORBIDDEN,
  goString,
  jsonText,
  markdownCode,
  markdownInline,
  oneLine,
  pep440,
  pyString,
  rustString,
  semver,
  tomlLine,
  tomlString,
  tsString,
} from "../codegen/quote/index.js";

const hostile = fc.oneof(
  fc.string({ unit: "binary" }),
  fc.constantFrom(
    "MIT\nRequires-Dist: evil",
    'a"\n[dependencies]\nx = "1"',
    "<script>x</script>",
    "[a](javascript:x)",
    "`x`",
    "\u0000\u2028\r\n\ud800",
    "DEL\u007f NEL\u0085 CSI\u009b BOM\ufeff RLO\u202e LS\u2028",
    "emoji \ud83d\ude00 and a lone \udc00 and \ud83d",
  ),
  fc.string({
    unit: fc.constantFrom("a", '"', "\\", "\u007f", "\u0085", "\ufeff", "\u2029", "\ud83d", "\ude00"),
  }),
);
const BREAK = /[\x00-\x1f\x7f-\x9f\u2028\u2029]/;
/** FORBIDDEN once (it is a global regex, so `test` would keep its place between calls). */
const forbidden = (s: string): boolean => new RegExp(FORBIDDEN.source).test(s);
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

  it("string literals (TypeScript, Python, Go, Rust, JSON): nothing forbidden raw, and they read back as the text", () => {
    fc.assert(
      fc.property(hostile, (s) => {
        for (const q of [tsString(s), pyString(s), goString(s), rustString(s), jsonText({ [s]: s })])
          expect(forbidden(q), q).toBe(false);
        // JSON's escapes are JavaScript's; Go's literal holds the text with lone surrogates replaced.
        expect(JSON.parse(tsString(s))).toBe(s);
        expect(JSON.parse(goString(s))).toBe(wellFormed(s));
        expect(readRust(rustString(s))).toBe(wellFormed(s));
        // A pair (one non-BMP character) is never split.
        expect(tsString("\u{1f600}")).toBe('"\u{1f600}"');
        expect(rustString("\u{1f600}")).toBe('"\u{1f600}"');
      }),
    );
  });

  it("pyString: Python reads each literal back as the text", (ctx) => {
    if (spawnSync("python3", ["--version"]).status !== 0) return ctx.skip("python3 is not installed");
    const texts = fc.sample(hostile, { seed: 19, numRuns: 300 });
    const program = `import json\nprint(json.dumps([${texts.map(pyString).join(", ")}]))\n`;
    const r = spawnSync("python3", ["-c", program], { encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(texts);
  });

  it("commentText: line breaks are line feeds, nothing else forbidden, non-BMP characters kept", () => {
    fc.assert(
      fc.property(hostile, (s) => {
        const t = commentText(s);
        expect(forbidden(t), JSON.stringify(t)).toBe(false);
        expect(t).not.toMatch(/\r/);
      }),
    );
    expect(commentText("a\r\nb\rc\u2028d\u0085e \u{1f600}")).toBe("a\nb\nc\nd\ne \u{1f600}");
    expect(tomlString("Pets \u{1f600}")).toBe('"Pets \u{1f600}"');
  });

  it("versions: the document's when the format takes it and it is at most 64 characters, else 0.0.0", () => {
    fc.assert(
      fc.property(fc.oneof(hostile, fc.stringMatching(/^[0-9.a-z+-]{1,80}$/)), (v) => {
        for (const f of [semver, pep440]) {
          const out = f(v);
          expect(out === v || out === "0.0.0").toBe(true);
          expect(out.length).toBeLessThanOrEqual(64);
        }
      }),
    );
    expect(pep440(`1.${"0".repeat(100_000)}`)).toBe("0.0.0");
    expect(semver(`1.0.0-${"a".repeat(100)}`)).toBe("0.0.0");
    expect(semver("01.0.0")).toBe("0.0.0");
    expect(semver("99999999999999999999.0.0")).toBe("0.0.0");
    expect(semver("1.2.3-rc.1+build.5")).toBe("1.2.3-rc.1+build.5");
    expect(pep440("1.2.3rc1.post2.dev3")).toBe("1.2.3rc1.post2.dev3");
  });
});

/** A Rust string literal read back: the escapes rustString writes. */
function readRust(q: string): string {
  expect(q.startsWith('"') && q.endsWith('"')).toBe(true);
  return q
    .slice(1, -1)
    .replace(/\\(u\{([0-9a-f]+)\}|n|t|"|\\)/g, (_, e: string, hex?: string) =>
      hex !== undefined ? String.fromCodePoint(Number.parseInt(hex, 16)) : ({ n: "\n", t: "\t" }[e] ?? e),
    );
}
