import { call, type ExpectOptions, expectMessage, expectSilence, initialize } from "../judge/expectations.js";
import { ABSENT_OR_MARKER, withPresenceOnly } from "../judge/matcher.js";
import type { ExamplePairing, MethodEntry, OpenRpcContract } from "../judge/openrpc-contract.js";
import { methodArea, SETTINGS_WRITERS } from "../runner/areas.js";
import { canonicalJson, isJsonObject, type JsonObject, type JsonValue, preview } from "../wire/json.js";
import { WireConnection } from "../wire/wire-client.js";
import { type CaseContext, CaseFailure, type ConformanceCase, expectOptionsOf } from "./case.js";

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
      const witness = refusedWriteWitness(method, example);
      cases.push({
        name,
        area: methodArea(method.name),
        methods: witness === undefined ? [method.name] : [method.name, witness],
        title: `${method.name} answers its example "${example.name}" as documented (openrpc.json ${example.pointer})`,
        needs: { kind: "running-daemon" },
        // A refused write changes nothing on a conformant daemon (and the case checks that it did not).
        changesSettings: SETTINGS_WRITERS.has(method.name) && example.error === undefined,
        run: (context) => replayExample(method, example, witness, context),
      });
    }
  }
  return cases;
}

/**
 * The response an example pairing promises, with `x-match` places reduced to presence checks and, when
 * `optional` names them, the result's members its schema does not require made optional: judged by the
 * contract, not by one implementation's answer (issue 26).
 */
export function expectedResponse(
  example: ExamplePairing,
  id: JsonValue,
  optional: ReadonlySet<string> = new Set(),
): JsonObject {
  if (example.error) {
    const declared = withPresenceOnly(
      { code: example.error.code, data: example.error.data ?? "<any>" },
      example.presenceOnly,
    );
    return { jsonrpc: "2.0", id, error: { ...(declared as JsonObject), message: "<any>" } };
  }
  let result =
    example.result === undefined ? "<any>" : withPresenceOnly(example.result, example.presenceOnly);
  if (isJsonObject(result) && optional.size > 0)
    result = Object.fromEntries(
      Object.entries(result).map(([k, v]) => [k, optional.has(k) ? [ABSENT_OR_MARKER, v] : v]),
    );
  return { jsonrpc: "2.0", id, result };
}

/**
 * For an example of a settings or credentials writer that documents a refusal: the read method
 * whose answer must be the same before and after (SPEC §6: a refused write changes nothing).
 */
function refusedWriteWitness(method: MethodEntry, example: ExamplePairing): string | undefined {
  if (!SETTINGS_WRITERS.has(method.name) || example.error === undefined) return undefined;
  return method.name.startsWith("pairing/") ? "pairing/list" : "config/get";
}

async function replayExample(
  method: MethodEntry,
  example: ExamplePairing,
  witness: string | undefined,
  context: CaseContext,
): Promise<void> {
  const options: ExpectOptions = expectOptionsOf(context);
  let expected: JsonObject;
  try {
    // The example's dialect (SPEC §13): zerocode's initialize sends protocol_version, not protocolVersion.
    const dialect =
      method.name === "initialize" &&
      "protocol_version" in example.params &&
      !("protocolVersion" in example.params)
        ? "zeroclaw"
        : "seed";
    expected = expectedResponse(
      example,
      EXAMPLE_REQUEST_ID,
      context.contract?.optionalResultMembers(method.name, dialect) ?? new Set(),
    );
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
    const before =
      witness === undefined ? undefined : await call(connection, "witness-before", witness, {}, options);
    await connection.sendMessage(JSON.stringify({ ...request, id: EXAMPLE_REQUEST_ID }), context.timeoutMs);
    const actual = await expectMessage(connection, expected, options);
    await removeCreatedSession(method, actual, connection, options);
    if (witness !== undefined && before !== undefined) {
      const after = await call(connection, "witness-after", witness, {}, options);
      if (canonicalJson(before) !== canonicalJson(after))
        throw new CaseFailure(
          `the refused ${method.name} changed what ${witness} answers: before ${preview(before, 300)}, after ${preview(after, 300)}`,
          "a refused write changes nothing, neither the live settings nor the credentials (SPEC §6)",
        );
    }
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
