// A thin layer over RawClient for turn tests: prompts with their own ids, waits for specific
// session/update notifications and daemon → client requests, and reads back the exact arrival order
// from RawClient.rawLines (append-only, so taking messages out of the queue never loses the order).
import { readFileSync } from "node:fs";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { RawClient, type WireMessage } from "./raw-client.js";

export type Update = { sessionId: string; type: string; [key: string]: unknown };

export type PromptResult = {
  session_id: string;
  turn_id: string;
  outcome: "completed" | "cancelled" | "failed";
  stop_reason: string;
  content: string;
};

const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
addFormatsModule.default(ajv);
ajv.addSchema(
  JSON.parse(readFileSync(new URL("../../openrpc.json", import.meta.url), "utf8")) as object,
  "urn:test:openrpc.json",
);
const validateUpdate = ajv.compile({ $ref: "urn:test:openrpc.json#/components/schemas/SessionUpdateParams" });

/** The updates that do not match openrpc.json's SessionUpdateParams schema, with ajv's complaint. */
export function invalidUpdates(updates: readonly Update[]): { update: Update; errors: string }[] {
  return updates.flatMap((update) =>
    validateUpdate(update) ? [] : [{ update, errors: ajv.errorsText(validateUpdate.errors) }],
  );
}

export const ELICITATION = { elicitation: { form: {} } };

const isUpdateOf =
  (sessionId: string, type?: string) =>
  (m: WireMessage): boolean => {
    if (m.method !== "session/update") return false;
    const p = m.params as Update;
    return p.sessionId === sessionId && (type === undefined || p.type === type);
  };

/** Polls `condition` until it holds: for state another connection changes (no clock assertions). */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export class PendingTurn {
  constructor(
    private readonly client: TurnClient,
    readonly id: string,
    readonly sessionId: string,
    /** Index into rawLines when the prompt was written: nothing of this turn can come before it. */
    readonly fromLine: number,
    readonly response: Promise<WireMessage>,
  ) {
    // A turn whose connection goes away never gets its response; that is for the test to await or not.
    response.catch(() => undefined);
  }

  /** The prompt's result; throws if the daemon answered with an error. */
  async result(): Promise<PromptResult> {
    const m = await this.response;
    if (!m.result) throw new Error(`session/prompt failed: ${JSON.stringify(m)}`);
    return m.result as PromptResult;
  }

  /** Index of the response line in rawLines (after it arrived). */
  responseLine(): number {
    const wire = this.client.wire();
    const at = wire.findIndex((m, i) => i >= this.fromLine && m.id === this.id && m.method === undefined);
    if (at === -1) throw new Error(`no response to ${this.id} yet`);
    return at;
  }

  /** This session's updates written between the prompt and its response, in arrival order. */
  updates(): Update[] {
    const end = this.responseLine();
    return this.client
      .wire()
      .slice(this.fromLine, end)
      .filter(isUpdateOf(this.sessionId))
      .map((m) => m.params as Update);
  }

  /** This session's updates written after the response (there should be none of this turn). */
  updatesAfter(): Update[] {
    return this.client
      .wire()
      .slice(this.responseLine() + 1)
      .filter(isUpdateOf(this.sessionId))
      .map((m) => m.params as Update);
  }
}

export class TurnClient {
  private promptCounter = 0;

  private constructor(readonly raw: RawClient) {}

  static async connect(endpoint: string, capabilities?: Record<string, unknown>): Promise<TurnClient> {
    const raw = await RawClient.connect(endpoint);
    const c = new TurnClient(raw);
    const init = await raw.request("initialize", {
      protocolVersion: 1,
      ...(capabilities ? { clientCapabilities: capabilities } : {}),
    });
    if (!init.result) {
      raw.close();
      throw new Error(`initialize failed: ${JSON.stringify(init)}`);
    }
    return c;
  }

  request(method: string, params: unknown = {}): Promise<WireMessage> {
    return this.raw.request(method, params);
  }

  /** A request that must succeed: its result. */
  async call<T = Record<string, unknown>>(method: string, params: unknown = {}): Promise<T> {
    const m = await this.raw.request(method, params);
    if (!m.result) throw new Error(`${method} failed: ${JSON.stringify(m)}`);
    return m.result as T;
  }

  /** Starts a turn; the response is awaited through the returned handle. */
  prompt(sessionId: string, prompt: string, timeoutMs = 20_000): PendingTurn {
    const id = `prompt-${++this.promptCounter}`;
    const fromLine = this.raw.rawLines.length;
    const response = this.raw
      .send({ jsonrpc: "2.0", id, method: "session/prompt", params: { session_id: sessionId, prompt } })
      .then(() => this.raw.take((m) => m.id === id && m.method === undefined, timeoutMs));
    return new PendingTurn(this, id, sessionId, fromLine, response);
  }

  /** Waits for (and takes) the next update of this session, of this type when given. */
  async update(sessionId: string, type?: string, timeoutMs = 10_000): Promise<Update> {
    const m = await this.raw.take(isUpdateOf(sessionId, type), timeoutMs);
    return m.params as Update;
  }

  /** Waits for (and takes) a daemon → client request. */
  inbound(method: string, timeoutMs = 10_000): Promise<WireMessage> {
    return this.raw.take((m) => m.method === method && m.id !== undefined, timeoutMs);
  }

  /** Answers a daemon → client request. */
  respond(id: unknown, result: unknown): Promise<void> {
    return this.raw.send({ jsonrpc: "2.0", id, result });
  }

  /** Everything received so far, in arrival order (taken or not). */
  wire(): WireMessage[] {
    return this.raw.rawLines.map((l) => JSON.parse(l) as WireMessage);
  }

  close(): void {
    this.raw.close();
  }
}
