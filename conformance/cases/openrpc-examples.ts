import { call, type ExpectOptions, expectMessage, expectSilence, initialize } from "../judge/expectations.js";
import { withPresenceOnly } from "../judge/matcher.js";
import type { ExamplePairing, MethodEntry, OpenRpcContract } from "../judge/openrpc-contract.js";
import { methodArea } from "../runner/areas.js";
import { isJsonObject, type JsonObject, type JsonValue } from "../wire/json.js";
import { WireConnection } from "../wire/wire-client.js";
import { type CaseContext, CaseFailure, type ConformanceCase } from "./case.js";

/**
 * openrpc.json's example pairings replayed against the daemon: the document
 * promises them, so they are cases too. Each pairing runs on its own
 * connection, initialized first unless it is an `initialize` example or is
 * marked `"x-connection": "uninitialized"`. Pairings marked `"x-replay": false`
 * document a call whose preconditions (a user, a token, a secret) only a
 * fixture sets up: they are left out here.
 */

const EXAMPLE_REQUEST_ID = 1;
/** How long a notification example must stay unanswered. */
const NOTIFICATION_SILENCE_MS = 300;

export function exampleCases(contract: OpenRpcContract): ConformanceCase[] {
  const cases: ConformanceCase[] = [];
  for (const method of contract.methods()) {
    if (!method.servedByDaemon) continue;
    const seen = new Set<string>();
    for (const [index, example] of method.examples.entries()) {
      if (!example.replay) continue;
      let name = `openrpc/${method.name}/${example.name}`;
      if (seen.has(name)) name = `${name} #${index}`;
      seen.add(name);
      cases.push({
        name,
        area: methodArea(method.name),
        methods: [method.name],
        title: `openrpc.json example "${example.name}" of ${method.name}`,
        needs: { kind: "running-daemon" },
        run: (context) => replayExample(method, example, context),
      });
    }
  }
  return cases;
}

/** The response an example pairing promises, with `x-match` places reduced to presence checks. */
export function expectedResponse(example: ExamplePairing, id: JsonValue): JsonObject {
  if (example.error) {
    const declared = withPresenceOnly(
      { code: example.error.code, data: example.error.data ?? "<any>" },
      example.presenceOnly,
    );
    return { jsonrpc: "2.0", id, error: { ...(declared as JsonObject), message: "<any>" } };
  }
  const result =
    example.result === undefined ? "<any>" : withPresenceOnly(example.result, example.presenceOnly);
  return { jsonrpc: "2.0", id, result };
}

async function replayExample(
  method: MethodEntry,
  example: ExamplePairing,
  context: CaseContext,
): Promise<void> {
  const options: ExpectOptions = { timeoutMs: context.timeoutMs, contract: context.contract };
  let expected: JsonObject;
  try {
    expected = expectedResponse(example, EXAMPLE_REQUEST_ID);
  } catch (error) {
    throw new CaseFailure(`openrpc.json example is malformed: ${(error as Error).message}`);
  }
  const connection = await WireConnection.open(
    context.socketPath,
    "example",
    context.transcript,
    context.timeoutMs,
  );
  try {
    if (method.name !== "initialize" && !example.uninitialized) {
      await initialize(connection, "conformance-init", options);
    }
    const request = { jsonrpc: "2.0", method: method.name, params: example.params };
    if (method.isNotification) {
      await connection.sendMessage(JSON.stringify(request), context.timeoutMs);
      await expectSilence(connection, NOTIFICATION_SILENCE_MS);
      return;
    }
    await connection.sendMessage(JSON.stringify({ ...request, id: EXAMPLE_REQUEST_ID }), context.timeoutMs);
    const actual = await expectMessage(connection, expected, options);
    await removeCreatedSession(method, actual, connection, options);
  } finally {
    connection.destroy();
  }
}

/**
 * A `session/new` example creates a session under an id the daemon chose: delete it again, so a
 * --socket run leaves the daemon's sessions as it found them (SPEC §16). Best effort: the verdict
 * was the example's own response.
 */
async function removeCreatedSession(
  method: MethodEntry,
  response: JsonValue,
  connection: WireConnection,
  options: ExpectOptions,
): Promise<void> {
  if (method.name !== "session/new" || !isJsonObject(response) || !isJsonObject(response.result)) return;
  const sessionId = response.result.session_id;
  if (typeof sessionId !== "string") return;
  await call(connection, "conformance-cleanup", "session/delete", { session_id: sessionId }, options).catch(
    () => undefined,
  );
}
