// A document is hostile input (SPEC §19). Before anything else reads it, one iterative pass (no
// recursion, so 100,000 levels cannot overflow the stack):
// - refuses nesting deeper than MAX_DEPTH and numbers with no finite value (`1e400` parses to
//   Infinity, which no target can spell), each problem with its JSON Pointer;
// - makes the document's prose safe for every format it lands in as a comment or metadata: control
//   characters (NUL included), DEL and the Unicode line and paragraph separators become spaces in every
//   `title`, `summary` and `description` keyword (never in data: a `title` member of a default,
//   const, enum or example value is that value's, left as written), and `info`'s one-line texts
//   (title, version, license, contact, terms of service) lose their line breaks too, so no text can
//   start a new line of package metadata. Wire values (enum values, consts, defaults, examples) are
//   left exactly as written: each target writes them through its own string-literal quoting.
import { checkDeadline } from "./deadline.js";
import { escapeSegment, isObj, type Place, structuralMembers } from "./document-view.js";

export const MAX_DEPTH = 128;

export type InputProblem = { pointer: string; message: string };

const PROSE_KEYS = new Set(["title", "summary", "description"]);
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u0085\u2028\u2029]/g;
const LINE_BREAKS = /[\r\n\t]+/g;

const prose = (text: string): string => text.replace(CONTROL, " ");
const oneLine = (text: string): string => prose(text).replace(LINE_BREAKS, " ");

export function inputProblems(document: unknown): InputProblem[] {
  const problems: InputProblem[] = [];
  const stack: { value: unknown; pointer: string; depth: number }[] = [
    { value: document, pointer: "", depth: 0 },
  ];
  while (stack.length > 0) {
    checkDeadline("reading the document");
    const { value, pointer, depth } = stack.pop()!;
    if (typeof value === "number" && !Number.isFinite(value)) {
      problems.push({
        pointer,
        message: "a number with no finite value (such as 1e400): no language can spell it",
      });
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (depth >= MAX_DEPTH) {
      problems.push({ pointer, message: `nested deeper than ${MAX_DEPTH} levels` });
      continue;
    }
    if (Array.isArray(value))
      for (const [i, v] of value.entries())
        stack.push({ value: v, pointer: `${pointer}/${i}`, depth: depth + 1 });
    else
      for (const [k, v] of Object.entries(value))
        stack.push({ value: v, pointer: `${pointer}/${escapeSegment(k)}`, depth: depth + 1 });
    if (problems.length >= 50) break;
  }
  return problems;
}

/** The document with its prose made safe (a copy; the caller's value is left alone). Assumes inputProblems passed. */
export function withSafeProse<T>(document: T): T {
  const copy = structuredClone(document);
  const stack: Place[] = [{ value: copy, pointer: "", names: false }];
  while (stack.length > 0) {
    checkDeadline("reading the document");
    const { value: cur, pointer, names } = stack.pop()!;
    if (Array.isArray(cur)) {
      // not push(...cur): 300,000 arguments overflow the stack
      for (const [i, v] of cur.entries()) stack.push({ value: v, pointer: `${pointer}/${i}`, names: false });
      continue;
    }
    if (!isObj(cur)) continue;
    const node = cur as Record<string, unknown>;
    for (const [k, child] of structuralMembers(node, pointer, names)) {
      if (!names && typeof child.value === "string" && PROSE_KEYS.has(k)) node[k] = prose(child.value);
      else stack.push(child);
    }
  }
  if (isObj(copy)) {
    const info = (copy as Record<string, unknown>).info;
    if (isObj(info)) {
      const i = info as Record<string, unknown>;
      for (const k of ["title", "version", "termsOfService"])
        if (typeof i[k] === "string") i[k] = oneLine(i[k] as string);
      for (const part of ["license", "contact"]) {
        const p = i[part];
        if (isObj(p))
          for (const [k, v] of Object.entries(p))
            if (typeof v === "string") (p as Record<string, unknown>)[k] = oneLine(v);
      }
    }
  }
  return copy;
}
