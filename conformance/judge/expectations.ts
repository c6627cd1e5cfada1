import { CaseFailure } from "../cases/case.js";
import type { Connection, WireEvent } from "../wire/connection.js";
import { clip, isJsonObject, type JsonObject, type JsonValue, preview } from "../wire/json.js";
import { describeMismatch, matchMessage } from "./matcher.js";
import type { OpenRpcContract } from "./openrpc-contract.js";

/**
 * The waits every case source shares: fixtures, openrpc.json examples and
 * the spawn checks all judge daemon output through these, so "what counts as
 * a match" is decided in one place.
 */

export interface ExpectOptions {
  timeoutMs: number;
  contract: OpenRpcContract | undefined;
}

/** The next message on `connection`; a close, a non-JSON line or a timeout fails the case. */
export async function receiveMessage(
  connection: Connection,
  timeoutMs: number,
  wanted: string,
): Promise<JsonValue> {
  const event = await connection.next(timeoutMs);
  if (event?.kind === "message") return event.value;
  throw new CaseFailure(
    `${connection.name}: ${describeUnwanted(event, timeoutMs)} while expecting ${wanted}`,
  );
}

export async function expectMessage(
  connection: Connection,
  expected: JsonValue,
  options: ExpectOptions,
): Promise<JsonValue> {
  const actual = await receiveMessage(connection, options.timeoutMs, preview(expected, 160));
  const mismatch = matchMessage(expected, actual);
  if (mismatch) {
    throw new CaseFailure(
      `${connection.name}: ${describeMismatch(mismatch)} (expected ${preview(expected, 160)}, got ${preview(actual, 200)})`,
    );
  }
  assertContract(connection, actual, options.contract);
  return actual;
}

/**
 * The next `expected.length` messages, matched to the expectations in any
 * order. Returns them in the order of `expected`: item i is the message that
 * matched `expected[i]`.
 */
export async function expectUnordered(
  connection: Connection,
  expected: readonly JsonValue[],
  options: ExpectOptions,
): Promise<JsonValue[]> {
  const received: JsonValue[] = [];
  while (received.length < expected.length) {
    received.push(
      await receiveMessage(connection, options.timeoutMs, `${expected.length} messages in any order`),
    );
  }
  const assignment: number[] = [];
  if (!assignable(expected, received, assignment)) {
    throw new CaseFailure(
      `${connection.name}: no order of the received messages matches the expected ones; received ${preview(received, 400)}`,
    );
  }
  for (const message of received) assertContract(connection, message, options.contract);
  return assignment.map((index) => received[index] as JsonValue);
}

/** Fills `taken` with, for each expected message in turn, the index of a distinct received one it matches. */
function assignable(
  expected: readonly JsonValue[],
  received: readonly JsonValue[],
  taken: number[],
): boolean {
  if (taken.length === expected.length) return true;
  const first = expected[taken.length] as JsonValue;
  for (const [index, candidate] of received.entries()) {
    if (taken.includes(index) || matchMessage(first, candidate)) continue;
    taken.push(index);
    if (assignable(expected, received, taken)) return true;
    taken.pop();
  }
  return false;
}

/** A clean end of stream (not a reset), with no message before it. */
export async function expectClose(connection: Connection, timeoutMs: number): Promise<void> {
  const event = await connection.next(timeoutMs);
  if (event?.kind === "closed" && event.reset) {
    throw new CaseFailure(
      `${connection.name}: the stream was reset (${event.detail}) where a clean end of stream was expected`,
    );
  }
  if (event?.kind === "closed") return;
  throw new CaseFailure(
    `${connection.name}: ${describeUnwanted(event, timeoutMs)} while expecting end of stream`,
  );
}

/** Discards whatever arrives (a flood cut mid-line included) until the stream ends. */
export async function expectDrainClose(connection: Connection, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const event = await connection.next(Math.max(0, deadline - Date.now()));
    if (event === undefined) throw new CaseFailure(`${connection.name}: still open ${withinMs} ms later`);
    if (event.kind === "closed") return;
  }
}

export async function expectSilence(connection: Connection, ms: number): Promise<void> {
  const event = await connection.next(ms);
  if (event === undefined) return;
  throw new CaseFailure(`${connection.name}: expected ${ms} ms of silence, got ${describeEvent(event)}`);
}

/** Sends a request with `id` and returns the result of its success response. */
export async function call(
  connection: Connection,
  id: string,
  method: string,
  params: JsonObject,
  options: ExpectOptions,
): Promise<JsonObject> {
  const request = JSON.stringify({ jsonrpc: "2.0", id, method, params });
  await connection.sendMessage(request, options.timeoutMs);
  const response = await expectMessage(connection, { jsonrpc: "2.0", id, result: "<any>" }, options);
  const result = isJsonObject(response) ? response.result : undefined;
  if (!isJsonObject(result)) throw new CaseFailure(`${method} result is not an object: ${preview(result)}`);
  return result;
}

/**
 * The next message must be the response to `id`, a result or an error, whichever it is (checked
 * against openrpc.json like any other); returned for the caller to judge.
 */
export async function expectResponse(
  connection: Connection,
  id: string,
  options: ExpectOptions,
): Promise<JsonObject> {
  const actual = await receiveMessage(connection, options.timeoutMs, `the response to ${JSON.stringify(id)}`);
  const isResponse =
    isJsonObject(actual) &&
    actual.id === id &&
    actual.method === undefined &&
    (Object.hasOwn(actual, "result") || Object.hasOwn(actual, "error"));
  if (!isResponse)
    throw new CaseFailure(
      `${connection.name}: expected the response to ${JSON.stringify(id)}, got ${preview(actual, 200)}`,
    );
  assertContract(connection, actual, options.contract);
  return actual;
}

/** `@init`: initialize with protocol version 1 must succeed. */
export async function initialize(
  connection: Connection,
  id: string,
  options: ExpectOptions,
): Promise<JsonObject> {
  const result = await call(connection, id, "initialize", { protocolVersion: 1 }, options);
  if (result.protocolVersion !== 1) {
    throw new CaseFailure(
      `initialize result has protocolVersion ${preview(result.protocolVersion)}, expected 1`,
    );
  }
  return result;
}

/** The openrpc.json checks every received message gets (results of our requests, error data). */
export function assertContract(
  connection: Connection,
  message: JsonValue,
  contract: OpenRpcContract | undefined,
): void {
  if (!contract || !isJsonObject(message) || message.method !== undefined) return;
  const method = message.id === undefined ? undefined : connection.methodOf(message.id);
  const problem =
    Object.hasOwn(message, "result") && method !== undefined
      ? contract.checkResult(method, message.result as JsonValue, connection.dialect)
      : isJsonObject(message.error) && typeof message.error.code === "number"
        ? contract.checkErrorData(message.error.code, message.error.data, method)
        : undefined;
  if (problem) throw new CaseFailure(`${connection.name}: ${problem}`);
}

function describeUnwanted(event: WireEvent | undefined, timeoutMs: number): string {
  return event === undefined ? `nothing arrived within ${timeoutMs} ms` : `got ${describeEvent(event)}`;
}

function describeEvent(event: WireEvent): string {
  switch (event.kind) {
    case "message":
      return `message ${clip(event.text, 200)}`;
    case "invalid":
      return `a bad line (${event.reason}): ${clip(event.text, 200)}`;
    case "closed":
      return `end of stream (${event.detail})`;
  }
}
