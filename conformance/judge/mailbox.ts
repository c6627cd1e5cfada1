import { CaseFailure } from "../cases/case.js";
import type { Connection } from "../wire/connection.js";
import { clip, isJsonObject, type JsonObject, type JsonValue, preview } from "../wire/json.js";
import { assertContract, type ExpectOptions } from "./expectations.js";

/**
 * Messages of one connection taken by what they are rather than by their place in the stream:
 * for traffic whose interleaving the contract leaves open (a turn's updates, the daemon's own
 * requests, responses to concurrent calls). Messages not yet taken wait in order; every message is
 * checked against openrpc.json when it arrives, and a line that is not JSON fails at once.
 */
export class Mailbox {
  private readonly waiting: JsonObject[] = [];
  private ended: string | undefined;

  constructor(
    readonly connection: Connection,
    private readonly options: ExpectOptions,
  ) {}

  /** The first message (waiting or still to come) for which `wanted` holds; `what` names it in failures. */
  async take(
    wanted: (message: JsonObject) => boolean,
    what: string,
    timeoutMs = this.options.timeoutMs,
  ): Promise<JsonObject> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.waiting.findIndex(wanted);
      if (index !== -1) return this.waiting.splice(index, 1)[0] as JsonObject;
      if (this.ended !== undefined)
        throw new CaseFailure(
          `${this.connection.name}: ${this.ended} while waiting for ${what}${this.seen()}`,
        );
      const left = deadline - Date.now();
      if (left <= 0 || !(await this.pull(left)))
        throw new CaseFailure(`${this.connection.name}: no ${what} within ${timeoutMs} ms${this.seen()}`);
    }
  }

  /** Fails if a message for which `unwanted` holds arrives (or is waiting) within `ms`. */
  async expectNone(unwanted: (message: JsonObject) => boolean, what: string, ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.waiting.find(unwanted);
      if (found) throw new CaseFailure(`${this.connection.name}: ${what}: ${preview(found, 300)}`);
      const left = deadline - Date.now();
      if (left <= 0 || this.ended !== undefined) return;
      await this.pull(left);
    }
  }

  /** Sends `message` as one JSON line (or text frame). */
  send(message: JsonValue): Promise<void> {
    return this.connection.sendMessage(JSON.stringify(message), this.options.timeoutMs);
  }

  /** A request, then its result; an error response fails the case. */
  async call(id: string, method: string, params: JsonObject): Promise<JsonObject> {
    await this.send({ jsonrpc: "2.0", id, method, params });
    const response = await this.take(
      (message) => isResponseTo(message, id),
      `the response to ${method} (id ${id})`,
    );
    if (!isJsonObject(response.result))
      throw new CaseFailure(`${method} (id ${id}) failed: ${preview(response, 300)}`);
    return response.result;
  }

  /** Whatever arrived and was not taken, for failure messages. */
  private seen(): string {
    return this.waiting.length === 0
      ? ""
      : `; received meanwhile: ${clip(this.waiting.map((m) => preview(m, 160)).join(" "), 600)}`;
  }

  private async pull(timeoutMs: number): Promise<boolean> {
    const event = await this.connection.next(timeoutMs);
    if (event === undefined) return false;
    if (event.kind === "closed") {
      this.ended = `end of stream (${event.detail})`;
      return true;
    }
    if (event.kind === "invalid")
      throw new CaseFailure(
        `${this.connection.name}: a bad line (${event.reason}): ${clip(event.text, 200)}`,
      );
    if (!isJsonObject(event.value))
      throw new CaseFailure(
        `${this.connection.name}: a message that is not a JSON object: ${clip(event.text, 200)}`,
      );
    assertContract(this.connection, event.value, this.options);
    this.waiting.push(event.value);
    return true;
  }
}

export function isResponseTo(message: JsonObject, id: JsonValue): boolean {
  return message.method === undefined && message.id === id && ("result" in message || "error" in message);
}

/** A `session/update` notification of `sessionId` whose type is `type`. */
export function isUpdate(message: JsonObject, sessionId: string, type: string): boolean {
  const params =
    message.method === "session/update" && isJsonObject(message.params) ? message.params : undefined;
  return (
    params !== undefined && params.type === type && (params.sessionId ?? params.session_id) === sessionId
  );
}

/** A daemon → client request of `method` for `sessionId`. */
export function isRequestFor(message: JsonObject, method: string, sessionId: string): boolean {
  const params = isJsonObject(message.params) ? message.params : undefined;
  return message.method === method && message.id !== undefined && params?.sessionId === sessionId;
}
