// Regular expressions from a document, run without backtracking (SPEC §19): a pattern such as
// `^(a|a)*$` takes JavaScript's engine exponential time on 30 characters; RE2 (re2js, a pure-JS port of
// RE2) takes linear time on any pattern it accepts. A pattern RE2 cannot express (lookaround,
// backreferences) constrains nothing here rather than being run backtracking: codegen only checks a
// document, and a generated client never runs the document's patterns either.
import { RE2JS } from "re2js";

/** What Ajv's `code.regExp` option expects: something with `test`. */
export type RegExpLike = { test(input: string): boolean; toString(): string };

// Ajv caches compiled patterns by `toString()`: each one must say which pattern it is.
export function linearRegExp(pattern: string, flags = ""): RegExpLike {
  const shown = () => `/${pattern}/${flags}`;
  let compiled: ReturnType<typeof RE2JS.compile>;
  try {
    compiled = RE2JS.compile(pattern, flags.includes("i") ? RE2JS.CASE_INSENSITIVE : 0);
  } catch {
    return { test: () => true, toString: shown };
  }
  return { test: (input) => compiled.test(input), toString: shown };
}
// Ajv keys its cache of engines by this code string.
linearRegExp.code = 'require("re2js").RE2JS';
