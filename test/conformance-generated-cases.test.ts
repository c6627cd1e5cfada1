// Issue 21: the authorization and not-initialized cases come from openrpc.json at run time, so a
// method added to the document gets its cases without anyone writing them; and a case of the
// transport areas never needs a method of another area to reach its rule.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { authorizationCases } from "../conformance/cases/authorization.js";
import { beforeInitializeCases } from "../conformance/cases/before-initialize.js";
import { collectCases } from "../conformance/cases/index.js";
import { OpenRpcContract } from "../conformance/judge/openrpc-contract.js";
import { methodArea } from "../conformance/runner/areas.js";
import { REPO_ROOT } from "./helpers/proc-daemon.js";

const document = JSON.parse(readFileSync(join(REPO_ROOT, "conformance", "openrpc.json"), "utf8"));

/** The document with two methods more, as another branch might add them. */
function withNewMethods() {
  const copy = structuredClone(document);
  copy.methods.push(
    {
      name: "probe/ping",
      "x-grant": "system:read",
      params: [],
      result: { name: "ProbePingResult", schema: { type: "object" } },
      examples: [{ name: "all well", params: [], result: { name: "ok", value: {} } }],
    },
    {
      name: "widget/poke",
      "x-grant": "widgets:poke",
      "x-local-only": true,
      params: [{ name: "session_id", required: true, schema: { type: "string" } }],
      result: { name: "PokeResult", schema: { type: "object" } },
    },
  );
  return new OpenRpcContract(copy);
}

describe("cases generated from openrpc.json", () => {
  it("gives every method with an x-grant a refusal and an allowance case, every session method a not-owner case", () => {
    const contract = new OpenRpcContract(document);
    const names = authorizationCases(contract).map((c) => c.name);
    for (const method of contract.methods().filter((m) => m.servedByDaemon && m.grant !== undefined)) {
      expect(names).toContain(`principals/grant/${method.name}`);
      expect(names).toContain(`principals/granted/${method.name}`);
    }
    for (const method of ["session/kill", "session/delete", "session/close", "file/upload/begin"])
      expect(names).toContain(`principals/not-owner/${method}`);
    expect(names).not.toContain("principals/not-owner/session/new");
    expect(names).not.toContain("principals/grant/initialize");
  });

  it("picks up a method added to the document, with a principal lacking exactly its grant", () => {
    const cases = authorizationCases(withNewMethods());
    const grant = cases.find((c) => c.name === "principals/grant/widget/poke");
    expect(grant?.methods).toEqual(["widget/poke"]);
    const lines = grant?.needs.kind === "fresh-daemon" ? grant.needs.configLines : [];
    const grants = lines.find((line) => line.startsWith("permission_profiles.lacking.grants"));
    expect(grants).toContain('system = ["read"]');
    expect(grants).not.toContain("widgets");
    const probe = cases.find((c) => c.name === "principals/grant/probe/ping");
    const probeLines = probe?.needs.kind === "fresh-daemon" ? probe.needs.configLines : [];
    expect(probeLines.find((line) => line.startsWith("permission_profiles.lacking.grants"))).toContain(
      'widgets = ["poke"]',
    );
    expect(cases.map((c) => c.name)).toContain("principals/not-owner/widget/poke");
    expect(beforeInitializeCases(withNewMethods()).map((c) => c.name)).toEqual(
      expect.arrayContaining([
        "handshake/not-initialized/probe/ping",
        "handshake/not-initialized/widget/poke",
      ]),
    );
  });

  it("keeps the transport areas to their own methods: initialize, status and their area's", async () => {
    const { cases, contract } = await collectCases();
    const declared = new Set(contract?.methods().map((method) => method.name));
    const transport = ["endpoint", "framing", "envelope", "handshake"];
    for (const testCase of cases.filter((c) => transport.includes(c.area))) {
      // Undeclared names (conf/no-such-method) are sent on purpose and never make a case not implemented.
      const foreign = testCase.methods.filter(
        (method) =>
          declared.has(method) &&
          !["initialize", "status"].includes(method) &&
          methodArea(method) !== testCase.area,
      );
      expect(foreign, testCase.name).toEqual([]);
    }
  });

  it("names, for every case, the rule and where it is written (SPEC § or openrpc.json)", async () => {
    const { cases } = await collectCases();
    for (const testCase of cases) expect(testCase.title, testCase.name).toMatch(/SPEC §\d|openrpc\.json/);
  });
});
