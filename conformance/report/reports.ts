import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { areaTable, type CaseResult, countByArea, implementation, partialAreas, totals } from "./tally.js";

/**
 * Machine-readable reports for CI systems (SPEC §16): JUnit XML (one
 * testsuite per area; not-implemented cases are skipped with a message
 * saying so) and the suite's own JSON.
 */

export interface ReportTargets {
  junit?: string;
  json?: string;
}

export interface RunInfo {
  suiteVersion: string;
  target: string;
  capabilities: readonly string[] | undefined;
  startedAt: Date;
  durationMs: number;
  /** The dialect the run spoke (--dialect, SPEC §13). */
  dialect?: string;
  /** Under --socket: how many of the cases a running daemon can host ran. */
  liveDaemon?: { eligible: number; ran: number; skipped: number } | undefined;
}

export async function writeReports(
  targets: ReportTargets,
  results: readonly CaseResult[],
  info: RunInfo,
): Promise<void> {
  if (targets.json) await writeText(targets.json, `${JSON.stringify(jsonReport(results, info), null, 2)}\n`);
  if (targets.junit) await writeText(targets.junit, junitReport(results, info));
}

async function writeText(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

export function jsonReport(results: readonly CaseResult[], info: RunInfo): object {
  const all = totals(results);
  const partial = partialAreas(results);
  return {
    suite: "zeroclaw-conformance",
    version: info.suiteVersion,
    target: info.target,
    dialect: info.dialect ?? "seed",
    started_at: info.startedAt.toISOString(),
    duration_ms: Math.round(info.durationMs),
    capabilities: info.capabilities ?? null,
    totals: {
      passed: all.passed,
      failed: all.failed,
      skipped: all.skipped,
      not_implemented: all.notImplemented,
      not_applicable: all.notApplicable,
    },
    areas: Object.fromEntries(
      [...countByArea(results)].map(([area, c]) => [
        area,
        {
          passed: c.passed,
          failed: c.failed,
          skipped: c.skipped,
          not_implemented: c.notImplemented,
          not_applicable: c.notApplicable,
          implementation: implementation(c).replace(" ", "_"),
          ...(partial.has(area)
            ? {
                missing: [...(partial.get(area) ?? [])].map(([reason, cases]) => ({ reason, cases })),
              }
            : {}),
        },
      ]),
    ),
    ...(info.liveDaemon === undefined ? {} : { live_daemon: info.liveDaemon }),
    cases: results.map((result) => ({
      name: result.name,
      area: result.area,
      title: result.title,
      status:
        result.outcome.status === "ok"
          ? "passed"
          : result.outcome.status === "fail"
            ? "failed"
            : result.outcome.status === "skip"
              ? "skipped"
              : result.outcome.status === "n/a"
                ? "not_applicable"
                : "not_implemented",
      ...(result.outcome.status === "ok" ? {} : { reason: result.outcome.reason }),
      ...(result.outcome.status === "fail"
        ? {
            rule: result.outcome.rule,
            ...(result.outcome.step === undefined ? {} : { step: result.outcome.step }),
            details: result.outcome.details,
          }
        : {}),
      duration_ms: Math.round(result.durationMs),
    })),
    table: areaTable(results),
  };
}

export function junitReport(results: readonly CaseResult[], info: RunInfo): string {
  const all = totals(results);
  const seconds = (ms: number): string => (ms / 1000).toFixed(3);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="zeroclaw-conformance" tests="${results.length}" failures="${all.failed}" errors="0" skipped="${all.skipped + all.notImplemented + all.notApplicable}" time="${seconds(info.durationMs)}" timestamp="${info.startedAt.toISOString()}">`,
  ];
  for (const [area, c] of countByArea(results)) {
    const inArea = results.filter((result) => result.area === area);
    const time = inArea.reduce((sum, result) => sum + result.durationMs, 0);
    lines.push(
      `  <testsuite name="${xml(area)}" tests="${inArea.length}" failures="${c.failed}" errors="0" skipped="${c.skipped + c.notImplemented + c.notApplicable}" time="${seconds(time)}">`,
    );
    for (const result of inArea) {
      const open = `    <testcase classname="${xml(`conformance.${area}`)}" name="${xml(result.name)}" time="${seconds(result.durationMs)}"`;
      const outcome = result.outcome;
      switch (outcome.status) {
        case "ok":
          lines.push(`${open}/>`);
          break;
        case "fail":
          lines.push(
            `${open}>`,
            `      <failure message="${xml(outcome.reason)}">${xml(
              [
                `rule: ${outcome.rule}`,
                ...(outcome.step === undefined ? [] : [`step: ${outcome.step}`]),
                ...outcome.details,
              ].join("\n"),
            )}</failure>`,
            "    </testcase>",
          );
          break;
        case "skip":
          lines.push(`${open}>`, `      <skipped message="${xml(outcome.reason)}"/>`, "    </testcase>");
          break;
        case "not-implemented":
          lines.push(
            `${open}>`,
            `      <skipped message="${xml(`not implemented: ${outcome.reason}`)}"/>`,
            "    </testcase>",
          );
          break;
        case "n/a":
          lines.push(
            `${open}>`,
            `      <skipped message="${xml(`not applicable in the ${info.dialect ?? "seed"} dialect: ${outcome.reason}`)}"/>`,
            "    </testcase>",
          );
          break;
      }
    }
    lines.push("  </testsuite>");
  }
  lines.push("</testsuites>", "");
  return lines.join("\n");
}

/** XML text and attribute escaping; characters XML 1.0 cannot carry at all become U+FFFD. */
function xml(text: string): string {
  return text
    .replaceAll(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "\uFFFD")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}
