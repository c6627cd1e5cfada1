import { expectMessage } from "../judge/expectations.js";
import type { MethodEntry, OpenRpcContract } from "../judge/openrpc-contract.js";
import { methodArea } from "../runner/areas.js";
import { WireConnection } from "../wire/wire-client.js";
import { exampleParams } from "./authorization.js";
import { type CaseContext, type ConformanceCase, expectOptionsOf } from "./case.js";

/**
 * Generated from openrpc.json: every method the daemon serves (but initialize) answers -32010
 * not_initialized on a connection that has not completed initialize (SPEC §4). Each case belongs
 * to its method's area, so an implementation is judged on the methods it offers.
 */
export function beforeInitializeCases(contract: OpenRpcContract): ConformanceCase[] {
  return contract
    .methods()
    .filter((method) => method.servedByDaemon && !method.isNotification && method.name !== "initialize")
    .map((method) => {
      const area = methodArea(method.name);
      return {
        name: `${area}/not-initialized/${method.name}`,
        area,
        methods: [method.name],
        title: `${method.name} before initialize gets -32010 not_initialized, like every method but initialize (SPEC §4; openrpc.json ${method.pointer})`,
        needs: { kind: "running-daemon" },
        // zeroclaw's dispatch.rs refuses every method of its table before initialize alike.
        dialects: ["seed", "zeroclaw"],
        run: (context) => refusedBeforeInitialize(method, context),
      } satisfies ConformanceCase;
    });
}

async function refusedBeforeInitialize(method: MethodEntry, context: CaseContext): Promise<void> {
  const connection = await WireConnection.open(
    context.socketPath,
    "uninitialized",
    context.transcript,
    context.timeoutMs,
  );
  try {
    const request = { jsonrpc: "2.0", id: "early", method: method.name, params: exampleParams(method) };
    await connection.sendMessage(JSON.stringify(request), context.timeoutMs);
    await expectMessage(
      connection,
      {
        jsonrpc: "2.0",
        id: "early",
        error: { code: -32010, message: "<any>", data: { reason: "not_initialized" } },
      },
      expectOptionsOf(context),
    );
  } finally {
    connection.destroy();
  }
}
