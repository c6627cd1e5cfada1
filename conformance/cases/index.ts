import { join } from "node:path";
import { OpenRpcContract } from "../judge/openrpc-contract.js";
import { findPackageRoot } from "../runner/package-root.js";
import type { Dialect } from "../wire/connection.js";
import { authorizationCases } from "./authorization.js";
import { beforeInitializeCases } from "./before-initialize.js";
import { CaseFailure, type ConformanceCase } from "./case.js";
import { compatCheckCases } from "./compat-checks.js";
import { dataDirCheckCases } from "./data-dir-checks.js";
import { directionCases } from "./directions.js";
import { durabilityCases } from "./durability.js";
import { loadFixtureCases } from "./fixture-cases.js";
import { lifecycleCheckCases } from "./lifecycle-checks.js";
import { exampleCases } from "./openrpc-examples.js";
import { spawnCheckCases } from "./spawn-checks.js";
import { statusCases } from "./status-semantics.js";
import { zeroclawAgentCases } from "./zeroclaw-agents.js";
import { zeroclawParamTypeCases } from "./zeroclaw-param-types.js";

/**
 * Every case the package has, from all its sources: the `.io` fixtures, openrpc.json's example
 * pairings, the cases generated from openrpc.json (one per method and grant, one per session method
 * for ownership), and the code-based checks (processes, restarts, daemon → client traffic, status).
 */
export async function collectCases(
  openrpcPath?: string,
  dialect: Dialect = "seed",
): Promise<{ cases: ConformanceCase[]; contract: OpenRpcContract | undefined }> {
  const root = findPackageRoot();
  // A fixture's lines may differ by dialect ([seed] / [zeroclaw] tags): read in the run's.
  const fixtures = await loadFixtureCases(join(root, "fixtures"), dialect);
  let contract: OpenRpcContract | undefined;
  let fromDocument: ConformanceCase[];
  try {
    contract = await OpenRpcContract.load(openrpcPath ?? join(root, "openrpc.json"));
    fromDocument = [
      ...exampleCases(contract),
      ...beforeInitializeCases(contract),
      ...zeroclawParamTypeCases(contract),
      ...authorizationCases(contract),
    ];
  } catch (error) {
    const problem = (error as Error).message;
    fromDocument = [
      {
        name: "openrpc/examples",
        area: "handshake",
        methods: [],
        title: "openrpc.json can be read: the cases it generates depend on it (SPEC §16)",
        needs: { kind: "running-daemon" },
        run: () => Promise.reject(new CaseFailure(`cannot read openrpc.json: ${problem}`)),
      },
    ];
  }
  return {
    cases: [
      ...fixtures,
      ...fromDocument,
      ...statusCases(),
      ...directionCases(),
      ...durabilityCases(),
      ...spawnCheckCases(),
      ...lifecycleCheckCases(),
      ...dataDirCheckCases(),
      ...compatCheckCases(),
      ...zeroclawAgentCases(),
    ],
    contract,
  };
}
