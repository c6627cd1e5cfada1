import { orderAreas } from "../runner/areas.js";

/** What became of one case. A failure names the rule it checks (and the step of it that broke). */
export type Outcome =
  | { status: "ok" }
  | { status: "fail"; reason: string; rule: string; step?: string; details: string[] }
  | { status: "skip"; reason: string }
  | { status: "not-implemented"; reason: string }
  /** The case has no meaning in the dialect the run speaks (--dialect): never counted passed. */
  | { status: "n/a"; reason: string };

export interface CaseResult {
  name: string;
  area: string;
  title: string;
  /** What the case needed (CaseNeeds kind): decides whether a live daemon could host it. */
  needs?: "running-daemon" | "fresh-daemon" | "daemon-launcher";
  outcome: Outcome;
  durationMs: number;
}

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  notImplemented: number;
  /** Cases with no meaning in the run's dialect. */
  notApplicable: number;
}

/**
 * How much of an area the implementation offers (SPEC §16), judged from the cases that were not
 * skipped: all of them ran, some of them are not implemented (the rest ran), or none ran.
 */
export type Implementation = "implemented" | "partial" | "not implemented" | "not run";

export function emptyCounts(): Counts {
  return { passed: 0, failed: 0, skipped: 0, notImplemented: 0, notApplicable: 0 };
}

export function count(into: Counts, outcome: Outcome): void {
  switch (outcome.status) {
    case "ok":
      into.passed += 1;
      return;
    case "fail":
      into.failed += 1;
      return;
    case "skip":
      into.skipped += 1;
      return;
    case "not-implemented":
      into.notImplemented += 1;
      return;
    case "n/a":
      into.notApplicable += 1;
      return;
  }
}

export function implementation(counts: Counts): Implementation {
  const ran = counts.passed + counts.failed;
  if (ran === 0) return counts.notImplemented > 0 ? "not implemented" : "not run";
  return counts.notImplemented > 0 ? "partial" : "implemented";
}

/** Per-area counts, areas in SPEC §16 order; areas with no selected case are left out. */
export function countByArea(results: readonly CaseResult[]): Map<string, Counts> {
  const byArea = new Map<string, Counts>();
  for (const area of orderAreas(results.map((result) => result.area))) {
    const inArea = results.filter((result) => result.area === area);
    if (inArea.length === 0) continue;
    const counts = emptyCounts();
    for (const result of inArea) count(counts, result.outcome);
    byArea.set(area, counts);
  }
  return byArea;
}

export function totals(results: readonly CaseResult[]): Counts {
  const counts = emptyCounts();
  for (const result of results) count(counts, result.outcome);
  return counts;
}

/** For each partial area, its not-implemented cases grouped by reason: what the implementation lacks. */
export function partialAreas(results: readonly CaseResult[]): Map<string, Map<string, string[]>> {
  const partial = new Map<string, Map<string, string[]>>();
  for (const [area, counts] of countByArea(results)) {
    if (implementation(counts) !== "partial") continue;
    const reasons = new Map<string, string[]>();
    for (const result of results) {
      if (result.area !== area || result.outcome.status !== "not-implemented") continue;
      const names = reasons.get(result.outcome.reason) ?? [];
      names.push(result.name);
      reasons.set(result.outcome.reason, names);
    }
    partial.set(area, reasons);
  }
  return partial;
}

/**
 * Under --socket: of the cases a running daemon can host (they need neither settings of their own
 * nor a daemon they start, stop or restart), how many ran, and why the others did not.
 */
export function liveDaemonCoverage(results: readonly CaseResult[]): {
  eligible: number;
  ran: number;
  skipped: number;
} {
  // A case of another dialect is not one this run could host.
  const eligible = results.filter(
    (result) => result.needs === "running-daemon" && result.outcome.status !== "n/a",
  );
  const ran = eligible.filter((result) => result.outcome.status === "ok" || result.outcome.status === "fail");
  const skipped = eligible.filter((result) => result.outcome.status === "skip");
  return { eligible: eligible.length, ran: ran.length, skipped: skipped.length };
}

/** The per-area table printed before the closing line. */
export function areaTable(results: readonly CaseResult[]): string[] {
  const all = totals(results);
  // The n/a column only when the run's dialect leaves cases out (--dialect zeroclaw).
  const withNa = all.notApplicable > 0;
  const header = [
    "area",
    "passed",
    "failed",
    "skipped",
    "not-implemented",
    ...(withNa ? ["n/a"] : []),
    "implementation",
  ];
  const row = (area: string, c: Counts, verdict: string): string[] => [
    area,
    String(c.passed),
    String(c.failed),
    String(c.skipped),
    String(c.notImplemented),
    ...(withNa ? [String(c.notApplicable)] : []),
    verdict,
  ];
  const rows = [...countByArea(results)].map(([area, c]) => row(area, c, implementation(c)));
  rows.push(row("all", all, ""));
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const last = header.length - 1;
  const format = (row: string[]): string =>
    row
      .map((cell, column) =>
        column === 0 || column === last ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join("  ")
      .trimEnd();
  return [format(header), ...rows.map(format)];
}
