import { orderAreas } from "../runner/areas.js";

/** What became of one case. */
export type Outcome =
  | { status: "ok" }
  | { status: "fail"; reason: string; details: string[] }
  | { status: "skip"; reason: string }
  | { status: "not-implemented"; reason: string };

export interface CaseResult {
  name: string;
  area: string;
  title: string;
  outcome: Outcome;
  durationMs: number;
}

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  notImplemented: number;
}

export function emptyCounts(): Counts {
  return { passed: 0, failed: 0, skipped: 0, notImplemented: 0 };
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
  }
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

/** The per-area table printed before the closing line. */
export function areaTable(results: readonly CaseResult[]): string[] {
  const header = ["area", "passed", "failed", "skipped", "not-implemented"];
  const rows = [...countByArea(results)].map(([area, c]) => [
    area,
    String(c.passed),
    String(c.failed),
    String(c.skipped),
    String(c.notImplemented),
  ]);
  const all = totals(results);
  rows.push(["all", String(all.passed), String(all.failed), String(all.skipped), String(all.notImplemented)]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const format = (row: string[]): string =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!)))
      .join("  ");
  return [format(header), ...rows.map(format)];
}
