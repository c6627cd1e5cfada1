// Regular expressions from a document, run without backtracking (SPEC §19): a pattern such as
// `^(a|a)*$` takes JavaScript's engine exponential time on 30 characters; RE2 (re2js, a pure-JS port of
// RE2) takes linear time on any pattern it accepts. A pattern RE2 cannot express (lookaround,
// backreferences) constrains nothing here rather than being run backtracking: codegen only checks a
// document, and a generated client never runs the document's patterns either.
//
// Linear is not yet bounded: RE2's time is the size of the compiled program times the input's length,
// and `^((a{1})|(a{2})|…|(a{999}))*$` compiles to 500,000 instructions (118 s on 1,000 characters).
// So a pattern longer than MAX_PATTERN_LENGTH is not compiled, a check whose program × input exceeds
// MAX_CHECK_WORK is not run, and once the document's patterns have taken MAX_PATTERNS_MS in all, no
// further pattern is checked; each pattern left unchecked is a warning, never a wrong verdict.
import { RE2JS } from "re2js";
import { checkDeadline } from "./deadline.js";

/** What Ajv's `code.regExp` option expects: something with `test`. */
export type RegExpLike = { test(input: string): boolean; toString(): string };

export const MAX_PATTERN_LENGTH = 4096;
/** Compiled instructions × input characters for one check (RE2JS runs about 25 million a second). */
export const MAX_CHECK_WORK = 25_000_000;
/** All of one document's pattern compiling and checking. */
export const MAX_PATTERNS_MS = 5_000;

/** What Ajv's `code.regExp` option takes: a function with the `code` Ajv keys its engines by. */
export type RegExpEngine = ((pattern: string, flags?: string) => RegExpLike) & { code: string };

/** A pattern as it may be shown in a message: cut short, control characters escaped. */
const shown = (pattern: string): string =>
  JSON.stringify(pattern.length > 80 ? `${pattern.slice(0, 80)}…` : pattern);

/**
 * A fresh engine per document: `unchecked` collects one warning per pattern not checked (too large,
 * or the document's time for patterns spent).
 */
export function linearRegExps(): { engine: RegExpEngine; unchecked: string[] } {
  const unchecked: string[] = [];
  const warned = new Set<string>();
  let spentMs = 0;
  const skip = (pattern: string, why: string): true => {
    if (!warned.has(pattern)) {
      warned.add(pattern);
      unchecked.push(`pattern ${shown(pattern)} was not checked: ${why}`);
    }
    return true;
  };
  const timed = <T>(f: () => T): T => {
    const started = Date.now();
    try {
      return f();
    } finally {
      spentMs += Date.now() - started;
    }
  };
  const outOfTime = `the document's patterns took more than ${MAX_PATTERNS_MS / 1000} s`;
  // Ajv caches compiled patterns by `toString()`: each one must say which pattern it is.
  const engine = ((pattern: string, flags = ""): RegExpLike => {
    const named = () => `/${pattern}/${flags}`;
    const unusable = (why: string): RegExpLike => ({ test: () => skip(pattern, why), toString: named });
    if (pattern.length > MAX_PATTERN_LENGTH) return unusable(`longer than ${MAX_PATTERN_LENGTH} characters`);
    if (spentMs > MAX_PATTERNS_MS) return unusable(outOfTime);
    let compiled: ReturnType<typeof RE2JS.compile>;
    try {
      compiled = timed(() => RE2JS.compile(pattern, flags.includes("i") ? RE2JS.CASE_INSENSITIVE : 0));
    } catch {
      return { test: () => true, toString: named };
    }
    const size = compiled.programSize();
    return {
      test: (input) => {
        checkDeadline("checking the document's patterns");
        if (spentMs > MAX_PATTERNS_MS) return skip(pattern, outOfTime);
        if (size * input.length > MAX_CHECK_WORK)
          return skip(pattern, `too large (${size} instructions) for a ${input.length}-character value`);
        return timed(() => compiled.test(input));
      },
      toString: named,
    };
  }) as RegExpEngine;
  // Ajv keys its cache of engines by this code string.
  engine.code = 'require("re2js").RE2JS';
  return { engine, unchecked };
}
