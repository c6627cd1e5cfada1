// SPEC §16 areas and reports: every case in exactly one area, a fixture's area is its directory (so a
// new fixtures/compat/ slots in by name), the per-area table, and the JUnit and JSON reports.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadFixtureCases } from "../conformance/cases/fixture-cases.js";
import { printResult, printSummary } from "../conformance/report/console.js";
import { jsonReport, junitReport } from "../conformance/report/reports.js";
import { shellQuote } from "../conformance/report/rerun.js";
import {
  areaTable,
  type CaseResult,
  implementation,
  liveDaemonCoverage,
} from "../conformance/report/tally.js";
import { AREAS, fixtureArea, methodArea, methodsIn } from "../conformance/runner/areas.js";
import { collectCases } from "../conformance/runner/runner.js";

describe("areas", () => {
  it("puts every case of the package in exactly one of the SPEC §16 areas, under a unique name", async () => {
    const { cases } = await collectCases();
    const known: readonly string[] = AREAS;
    for (const testCase of cases) expect(known, testCase.name).toContain(testCase.area);
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
    for (const area of AREAS.filter((a) => a !== "compat"))
      expect(
        cases.some((c) => c.area === area),
        area,
      ).toBe(true);
  });

  it("takes a fixture's area from its directory, any directory", async () => {
    const dir = mkdtempSync(join(tmpdir(), "zc-areas-"));
    try {
      mkdirSync(join(dir, "compat"));
      writeFileSync(
        join(dir, "compat", "initialize-extras.io"),
        '// zerocode extras\n@init\n>> {"jsonrpc":"2.0","id":1,"method":"session/new","params":{}}\n',
      );
      const [testCase] = await loadFixtureCases(dir);
      expect(testCase?.name).toBe("compat/initialize-extras");
      expect(testCase?.area).toBe("compat");
      expect(testCase?.methods).toEqual(["session/new"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("maps example methods to areas", () => {
    expect(methodArea("initialize")).toBe("handshake");
    expect(methodArea("rpc.discover")).toBe("handshake");
    expect(methodArea("config/set-many")).toBe("config");
    expect(methodArea("pairing/list")).toBe("pairing");
    expect(methodArea("session/prompt")).toBe("sessions");
    expect(methodArea("file/upload/begin")).toBe("files");
    expect(methodArea("health")).toBe("compat");
    expect(methodArea("agents/status")).toBe("compat");
    expect(fixtureArea("framing/frame-timeout")).toBe("framing");
  });

  it("finds the method of any request line, whole or cut short", () => {
    const methodName = fc.stringMatching(/^[a-z][a-z./_-]{0,30}$/);
    fc.assert(
      fc.property(methodName, fc.integer(), fc.nat(40), (method, id, cut) => {
        const line = JSON.stringify({ jsonrpc: "2.0", id, method, params: {} });
        expect(methodsIn(line)).toEqual([method]);
        const valueEnd = line.indexOf('"method":"') + '"method":"'.length + method.length + 1;
        const head = line.slice(0, valueEnd + cut);
        expect(methodsIn(head)).toEqual([method]);
      }),
    );
  });
});

const results: CaseResult[] = [
  { name: "framing/a", area: "framing", title: "A", outcome: { status: "ok" }, durationMs: 12 },
  {
    name: "framing/b",
    area: "framing",
    title: 'B <"&">',
    outcome: {
      status: "fail",
      reason: "line 3: got <x> & \u0001",
      rule: "R (SPEC §2)",
      step: "the step",
      details: ["main > sent"],
    },
    durationMs: 40,
  },
  {
    name: "sessions/c",
    area: "sessions",
    title: "C",
    needs: "running-daemon",
    outcome: { status: "not-implemented", reason: "not in initialize.capabilities: session/new" },
    durationMs: 0,
  },
  {
    name: "sessions/e",
    area: "sessions",
    title: "E",
    needs: "running-daemon",
    outcome: { status: "ok" },
    durationMs: 3,
  },
  {
    name: "config/d",
    area: "config",
    title: "D",
    needs: "running-daemon",
    outcome: { status: "skip", reason: "would change the daemon's settings" },
    durationMs: 0,
  },
  {
    name: "pairing/f",
    area: "pairing",
    title: "F",
    needs: "fresh-daemon",
    outcome: { status: "not-implemented", reason: "not in initialize.capabilities: pairing/create" },
    durationMs: 0,
  },
];
const info = {
  suiteVersion: "0.1.0",
  target: "spawn x",
  capabilities: ["initialize"],
  startedAt: new Date(0),
  durationMs: 52,
};

describe("reports", () => {
  it("prints one row per area with a case, in SPEC order, its implementation, and a total", () => {
    const table = areaTable(results);
    expect(table[0]).toMatch(/^area\s+passed\s+failed\s+skipped\s+not-implemented\s+implementation$/);
    expect(table.slice(1).map((row) => row.split(/\s{2,}/))).toEqual([
      ["framing", "1", "1", "0", "0", "implemented"],
      ["config", "0", "0", "1", "0", "not run"],
      ["pairing", "0", "0", "0", "1", "not implemented"],
      ["sessions", "1", "0", "0", "1", "partial"],
      ["all", "2", "1", "1", "2"],
    ]);
  });

  it("classifies an area from the cases that were not skipped", () => {
    expect(implementation({ passed: 3, failed: 1, skipped: 2, notImplemented: 0, notApplicable: 0 })).toBe(
      "implemented",
    );
    expect(implementation({ passed: 0, failed: 1, skipped: 0, notImplemented: 4, notApplicable: 0 })).toBe(
      "partial",
    );
    expect(implementation({ passed: 0, failed: 0, skipped: 1, notImplemented: 4, notApplicable: 0 })).toBe(
      "not implemented",
    );
    expect(implementation({ passed: 0, failed: 0, skipped: 3, notImplemented: 0, notApplicable: 0 })).toBe(
      "not run",
    );
    expect(liveDaemonCoverage(results)).toEqual({ eligible: 3, ran: 1, skipped: 1 });
  });

  it("writes JSON with totals, per-area counts and implementation, what a partial area lacks, and every case", () => {
    const report = jsonReport(results, info) as {
      totals: object;
      areas: Record<string, object>;
      cases: { name: string; status: string; reason?: string; rule?: string; step?: string }[];
    };
    expect(report.totals).toEqual({
      passed: 2,
      failed: 1,
      skipped: 1,
      not_implemented: 2,
      not_applicable: 0,
    });
    expect(report.areas.sessions).toEqual({
      passed: 1,
      failed: 0,
      skipped: 0,
      not_implemented: 1,
      not_applicable: 0,
      implementation: "partial",
      missing: [{ reason: "not in initialize.capabilities: session/new", cases: ["sessions/c"] }],
    });
    expect(report.areas.pairing).toMatchObject({ implementation: "not_implemented" });
    expect(report.cases.map((c) => c.status)).toEqual([
      "passed",
      "failed",
      "not_implemented",
      "passed",
      "skipped",
      "not_implemented",
    ]);
    expect(report.cases[1]).toMatchObject({ rule: "R (SPEC §2)", step: "the step" });
    expect(report.cases[2]?.reason).toContain("session/new");
  });

  it("writes JUnit XML: a testsuite per area, failures with their rule and skips with their reasons, text escaped", () => {
    const xml = junitReport(results, info);
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="zeroclaw-conformance" tests="6" failures="1" errors="0" skipped="3"/,
    );
    expect(xml).toContain('<testsuite name="framing" tests="2" failures="1" errors="0" skipped="0"');
    expect(xml).toContain(
      '<failure message="line 3: got &lt;x&gt; &amp; \uFFFD">rule: R (SPEC §2)\nstep: the step\nmain &gt; sent</failure>',
    );
    expect(xml).toContain(
      '<skipped message="not implemented: not in initialize.capabilities: session/new"/>',
    );
    expect(xml).toContain('<skipped message="would change the daemon\'s settings"/>');
    expect(xml.match(/<testcase /g)?.length).toBe(6);
  });

  it("prints under a failure the rule, the step and a command that reruns just that case", () => {
    const lines: string[] = [];
    printResult(results[1] as CaseResult, {
      socket: undefined,
      spawn: "my daemon --flag 'x'",
      timeoutMs: 7000,
      verbose: false,
      required: ["framing"],
      invocation: "zeroclaw-conformance",
      print: (line: string) => lines.push(line),
    });
    expect(lines).toEqual([
      "FAIL framing/b: line 3: got <x> & \u0001",
      "     rule:  R (SPEC §2)",
      "     step:  the step",
      `     rerun: zeroclaw-conformance --spawn 'my daemon --flag '\\''x'\\''' --timeout-ms 7000 --require framing --case framing/b --verbose`,
    ]);
    expect(shellQuote("a b")).toBe("'a b'");
    expect(shellQuote("plain/path.io")).toBe("plain/path.io");
  });

  it("says what a partial area lacks, method by method, and the --socket coverage", () => {
    const lines: string[] = [];
    printSummary(results, {
      socket: "/tmp/x.sock",
      spawn: undefined,
      timeoutMs: 5000,
      verbose: false,
      print: (line: string) => lines.push(line),
    });
    expect(lines).toContain("partial sessions: 1 of 2 cases ran; not implemented: methods session/new (1)");
    expect(lines).toContain(
      "live daemon: 1 of the 3 cases a running daemon can host ran (33%); 3 need a daemon of their own (--spawn)",
    );
    expect(lines.at(-1)).toBe("2 passed, 1 failed, 1 skipped");
  });
});
