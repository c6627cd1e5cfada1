import { call, expectMessage, initialize } from "../judge/expectations.js";
import type { MethodEntry, OpenRpcContract } from "../judge/openrpc-contract.js";
import { WireConnection } from "../wire/wire-client.js";
import { exampleParams } from "./authorization.js";
import { type CaseContext, type ConformanceCase, expectOptionsOf } from "./case.js";

/** The methods of zeroclaw's session family whose params name a session_id (its types.rs *Params). */
const ZEROCLAW_SESSION_METHODS = [
  "session/new",
  "session/close",
  "session/prompt",
  "session/cancel",
  "session/messages",
  "session/kill",
  "session/delete",
  "session/approve",
];

/**
 * zeroclaw reads params with serde (dispatch.rs parse_params): a session_id that is not a string is
 * -32602 for every method of its session family, and the connection goes on (SPEC §3, §13).
 */
export function zeroclawParamTypeCases(contract: OpenRpcContract): ConformanceCase[] {
  return contract
    .methods()
    .filter((method) => ZEROCLAW_SESSION_METHODS.includes(method.name))
    .map((method) => ({
      name: `sessions/zeroclaw-param-types/${method.name}`,
      area: "sessions",
      methods: [method.name],
      title: `${method.name} with a session_id that is not a string gets -32602, and the connection goes on (SPEC §3, §13; zeroclaw dispatch.rs parse_params; openrpc.json ${method.pointer})`,
      needs: { kind: "running-daemon" },
      dialects: ["zeroclaw"],
      notApplicable: "the seed's params are judged by envelope/invalid-params and openrpc.json's examples",
      run: (context) => refusedParamType(method, context),
    }));
}

async function refusedParamType(method: MethodEntry, context: CaseContext): Promise<void> {
  const connection = await WireConnection.open(
    context.socketPath,
    "main",
    context.transcript,
    context.timeoutMs,
  );
  const options = expectOptionsOf(context);
  try {
    await initialize(connection, "init", options);
    const params = { ...exampleParams(method), session_id: 42 };
    await connection.sendMessage(
      JSON.stringify({ jsonrpc: "2.0", id: "typed", method: method.name, params }),
      context.timeoutMs,
    );
    await expectMessage(
      connection,
      { jsonrpc: "2.0", id: "typed", error: { code: -32602, message: "<any>" } },
      options,
    );
    await call(connection, "after", "status", {}, options);
  } finally {
    connection.destroy();
  }
}
