// Issue 26: the suite's dialects (SPEC §13). In zeroclaw's dialect an error is judged by its code
// alone (zeroclaw's carry no data); in the seed's, data.reason is part of the contract. A method
// that answers -32601 is not implemented, whatever initialize.capabilities lists. A case of another
// dialect is n/a: counted apart, never passed, and the closing line keeps its shape.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { NotImplemented } from "../conformance/cases/case.js";
import { call, judgedIn } from "../conformance/judge/expectations.js";
import { matchMessage } from "../conformance/judge/matcher.js";
import { OpenRpcContract } from "../conformance/judge/openrpc-contract.js";
import { printSummary } from "../conformance/report/console.js";
import { jsonReport } from "../conformance/report/reports.js";
import type { CaseResult } from "../conformance/report/tally.js";
import { Transcript } from "../conformance/wire/transcript.js";
import { WireConnection } from "../conformance/wire/wire-client.js";

const refusal = {
  jsonrpc: "2.0",
  id: 1,
  error: { code: -32010, message: "<any>", data: { reason: "not_initialized" } },
};

describe("errors judged in the run's dialect", () => {
  it("zeroclaw: the code decides; data may be absent or anything", () => {
    const bare = {
      jsonrpc: "2.0",
      id: 1,
      error: { code: -32010, message: "First call must be 'initialize'" },
    };
    expect(matchMessage(judgedIn(refusal, "zeroclaw"), bare)).toBeNull();
    expect(
      matchMessage(judgedIn(refusal, "zeroclaw"), { ...bare, error: { ...bare.error, data: 7 } }),
    ).toBeNull();
    expect(
      matchMessage(judgedIn(refusal, "zeroclaw"), { ...bare, error: { ...bare.error, code: -32600 } }),
    ).not.toBeNull();
  });

  it("seed: data.reason is judged", () => {
    const bare = { jsonrpc: "2.0", id: 1, error: { code: -32010, message: "x" } };
    expect(matchMessage(judgedIn(refusal, "seed"), bare)).not.toBeNull();
    expect(judgedIn(refusal, "seed")).toBe(refusal);
  });
});

describe("-32601 for a method of the contract", () => {
  let server: Server | undefined;
  let dir: string | undefined;
  afterEach(() => {
    server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("is not implemented, not a failure; for a method the contract lacks it is a plain mismatch", async () => {
    dir = mkdtempSync(join(tmpdir(), "conf-dialects-"));
    const socketPath = join(dir, "d.sock");
    // A daemon whose every answer is -32601, as zeroclaw's for the families its harness does not build.
    server = createServer((socket) => {
      let buffered = "";
      socket.on("data", (chunk) => {
        buffered += chunk.toString();
        for (let at = buffered.indexOf("\n"); at !== -1; at = buffered.indexOf("\n")) {
          const { id } = JSON.parse(buffered.slice(0, at)) as { id: unknown };
          buffered = buffered.slice(at + 1);
          socket.write(
            `${JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32601, message: "Unknown method" } })}\n`,
          );
        }
      });
    });
    await new Promise<void>((resolve) => server!.listen(socketPath, resolve));
    const contract = await OpenRpcContract.load("openrpc.json");
    const options = { timeoutMs: 2_000, contract, dialect: "zeroclaw" as const };
    const connection = await WireConnection.open(socketPath, "main", new Transcript(), 2_000);
    try {
      await expect(call(connection, "1", "health", {}, options)).rejects.toBeInstanceOf(NotImplemented);
      await expect(call(connection, "2", "conf/not-in-the-contract", {}, options)).rejects.not.toBeInstanceOf(
        NotImplemented,
      );
    } finally {
      connection.destroy();
    }
  });
});

describe("n/a results", () => {
  const results: CaseResult[] = [
    { name: "framing/a", area: "framing", title: "t (SPEC §2)", outcome: { status: "ok" }, durationMs: 1 },
    {
      name: "framing/b",
      area: "framing",
      title: "t (SPEC §2)",
      outcome: { status: "n/a", reason: "zeroclaw has no frame timeout" },
      durationMs: 0,
    },
  ];

  it("are counted apart in the table and the JSON report, and the closing line keeps its shape", () => {
    const lines: string[] = [];
    const counts = printSummary(results, {
      socket: undefined,
      spawn: "x",
      timeoutMs: 1,
      verbose: false,
      print: (line) => lines.push(line),
    });
    expect(counts).toMatchObject({ passed: 1, failed: 0, notApplicable: 1 });
    expect(lines[1]).toMatch(/^area +passed +failed +skipped +not-implemented +n\/a +implementation$/);
    expect(lines.at(-1)).toBe("1 passed, 0 failed, 0 skipped");
    const report = jsonReport(results, {
      suiteVersion: "0",
      target: "spawn x",
      capabilities: undefined,
      dialect: "zeroclaw",
      startedAt: new Date(0),
      durationMs: 0,
    }) as { dialect: string; totals: object; cases: { status: string; reason?: string }[] };
    expect(report.dialect).toBe("zeroclaw");
    expect(report.totals).toMatchObject({ passed: 1, not_applicable: 1 });
    expect(report.cases[1]).toMatchObject({
      status: "not_applicable",
      reason: "zeroclaw has no frame timeout",
    });
  });
});
