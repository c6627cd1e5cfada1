// A document is hostile input (SPEC §19): every bound on the work codegen does for it lives here, so
// one place says how deep, how large and how long. A bound that is hit is a `DocumentRefused` naming
// the JSON Pointer where it was hit; the command line turns it into exit 1 (never 70, never a hang).
import { isObj } from "./document-view.js";

/** How deeply arrays and objects may nest in a document (JSON levels; real documents use < 40). */
export const MAX_DEPTH = 128;
/** Largest file an external `$ref` (or the document itself) may name. */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;
/** Units of schema expansion (a `$ref` followed, an `allOf` member merged, a schema read) per document. */
export const MAX_EXPANSION = 200_000;
/** Wall-clock budget for one document, from reading it to the last file written. */
export const TIME_BUDGET_MS = 20_000;

/** The document asks for more than codegen will do, or is not something codegen can write: exit 1. */
export class DocumentRefused extends Error {
  constructor(
    message: string,
    /** A JSON Pointer (`/components/schemas/A`) or a `$ref` as written; "" when not yet known. */
    public pointer = "",
  ) {
    super(message);
    this.name = "DocumentRefused";
  }
}

type Budget = { deadline: number; work: number; maxWork: number };
let budget: Budget | undefined;

/** Starts the bounds for one document (the command line does, once per run). */
export function startBudget(o: { timeMs?: number; maxWork?: number } = {}): void {
  budget = {
    deadline: Date.now() + (o.timeMs ?? TIME_BUDGET_MS),
    work: 0,
    maxWork: o.maxWork ?? MAX_EXPANSION,
  };
}

export function endBudget(): void {
  budget = undefined;
}

/** One unit of expansion work; throws when the document has spent its share or its time. */
export function spend(pointer = ""): void {
  if (budget === undefined) return;
  budget.work++;
  if (budget.work > budget.maxWork)
    throw new DocumentRefused(`schema too large (more than ${budget.maxWork} expansion steps)`, pointer);
  if ((budget.work & 0xff) === 0) checkTime(pointer);
}

export function checkTime(pointer = ""): void {
  if (budget !== undefined && Date.now() > budget.deadline)
    throw new DocumentRefused(
      `codegen took longer than its budget of ${Math.round(TIME_BUDGET_MS / 1000)} s`,
      pointer,
    );
}

const escapeKey = (key: string): string => key.replaceAll("~", "~0").replaceAll("/", "~1");

export interface ScanProblem {
  pointer: string;
  message: string;
}

/**
 * Walks a parsed document without recursion: nesting deeper than MAX_DEPTH (reported once, at the
 * first node too deep) and every number without a finite value (`1e400` parses to Infinity, which
 * no target can write).
 */
export function scanDocument(document: unknown, maxDepth = MAX_DEPTH): ScanProblem[] {
  const problems: ScanProblem[] = [];
  let tooDeep = false;
  const stack: [unknown, string, number][] = [[document, "", 0]];
  while (stack.length > 0) {
    const [value, pointer, depth] = stack.pop()!;
    if (typeof value === "number" && !Number.isFinite(value)) {
      problems.push({ pointer: pointer || "/", message: "a number with no finite value (e.g. 1e400)" });
      continue;
    }
    const isArr = Array.isArray(value);
    if (!isArr && !isObj(value)) continue;
    if (depth >= maxDepth) {
      if (!tooDeep)
        problems.push({ pointer: pointer || "/", message: `nested more than ${maxDepth} levels deep` });
      tooDeep = true;
      continue;
    }
    if (isArr)
      for (const [i, v] of (value as unknown[]).entries()) stack.push([v, `${pointer}/${i}`, depth + 1]);
    else
      for (const [k, v] of Object.entries(value as Record<string, unknown>))
        stack.push([v, `${pointer}/${escapeKey(k)}`, depth + 1]);
  }
  return problems.reverse();
}
