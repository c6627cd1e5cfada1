import { CaseFailure, NotImplemented } from "../cases/case.js";
import type { Connection, Dialect, WireEvent } from "../wire/connection.js";
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
  /** The run's dialect (SPEC §13); `seed` when absent. */
  dialect?: Dialect;
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
  const wanted = judgedIn(expected, options.dialect);
  const actual = await receiveMessage(connection, options.timeoutMs, preview(wanted, 160));
  const mismatch = matchMessage(wanted, actual);
  if (mismatch) {
    notImplementedIfUnknown(connection, wanted, actual, options.contract);
    throw new CaseFailure(
      `${connection.name}: ${describeMismatch(mismatch)} (expected ${preview(wanted, 160)}, got ${preview(actual, 200)})`,
    );
  }
  assertContract(connection, actual, options);
  return actual;
}

/**
 * An expectation as the run's dialect judges it. An error is judged by its code, and by its
 * `data` only where the dialect's contract requires one: the seed's errors carry `data.reason`
 * (SPEC §11), zeroclaw's carry no `data` at all (its `send_error`), so there `data` is not judged.
 */
export function judgedIn(expected: JsonValue, dialect: Dialect | undefined): JsonValue {
  if (dialect !== "zeroclaw" || !isJsonObject(expected) || !isJsonObject(expected.error)) return expected;
  return { ...expected, error: { ...expected.error, data: ["<absent-or>", "<any>"] } };
}

/**
 * A daemon that answers -32601 (method not found) to a method of the contract does not implement
 * it, whatever its initialize.capabilities lists (zeroclaw's lists every method of its table):
 * the case is not implemented rather than failed (SPEC §16).
 */
function notImplementedIfUnknown(
  connection: Connection,
  expected: JsonValue,
  actual: JsonValue,
  contract: OpenRpcContract | undefined,
): void {
  if (!isJsonObject(actual) || !isJsonObject(actual.error) || actual.error.code !== -32601) return;
  if (isJsonObject(expected) && isJsonObject(expected.error) && expected.error.code === -32601) return;
  const method = actual.id === undefined ? undefined : connection.methodOf(actual.id);
  if (method === undefined || contract?.hasMethod(method) !== true) return;
  throw new NotImplemented(`${method} answers -32601 (method not found)`);
}

/**
 * The next `expected.length` messages, matched to the expectations in any
 * order. Returns them in the order of `expected`: item i is the message that
 * matched `expected[i]`.
 */
export async function expectUnordered(
  connection: Connection,
  expectations: readonly JsonValue[],
  options: ExpectOptions,
): Promise<JsonValue[]> {
  const expected = expectations.map((message) => judgedIn(message, options.dialect));
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
  for (const message of received) assertContract(connection, message, options);
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
  notImplementedIfUnknown(connection, { id }, actual, options.contract);
  assertContract(connection, actual, options);
  return actual;
}

/**
 * `@init`: initialize with protocol version 1 must succeed, in the run's dialect: `protocolVersion`
 * in the seed's, `protocol_version` in zeroclaw's (SPEC §13; zeroclaw's InitializeParams).
 */
export async function initialize(
  connection: Connection,
  id: string,
  options: ExpectOptions,
): Promise<JsonObject> {
  const member = options.dialect === "zeroclaw" ? "protocol_version" : "protocolVersion";
  const result = await call(connection, id, "initialize", { [member]: 1 }, options);
  if (result[member] !== 1) {
    throw new CaseFailure(`initialize result has ${member} ${preview(result[member])}, expected 1`);
  }
  return result;
}

/**
 * The openrpc.json checks every received message gets (results of our requests, error data), in
 * the dialect the connection's initialize chose, or before any initialize the run's (SPEC §13).
 */
export function assertContract(connection: Connection, message: JsonValue, options: ExpectOptions): void {
  const { contract } = options;
  if (!contract || !isJsonObject(message) || message.method !== undefined) return;
  const dialect = connection.dialect ?? options.dialect ?? "seed";
  const method = message.id === undefined ? undefined : connection.methodOf(message.id);
  const problem =
    Object.hasOwn(message, "result") && method !== undefined
      ? contract.checkResult(method, message.result as JsonValue, dialect)
      : isJsonObject(message.error) && typeof message.error.code === "number"
        ? contract.checkErrorData(message.error.code, message.error.data, method, dialect)
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
