// Small RPC conveniences for the recovery and storage-failure tests, over the deliberately dumb
// RawClient: results or errors of one call, the display transcript, and a session/prompt that runs in
// the background while the test waits for its updates (events, never clocks).
import type { RawClient, WireMessage } from "./raw-client.js";

export type TranscriptMessage = {
  seq: number;
  role: string;
  kind: string;
  content: string;
  turn_id: string | null;
  created_at: string;
};

export type ListedSession = {
  session_id: string;
  agent: string;
  mode: string;
  state: string;
  created_at: string;
  updated_at: string;
  message_count: number;
};

export type Update = { sessionId: string; type: string; [key: string]: unknown };

export function resultOf<T>(m: WireMessage): T {
  if (m.result === undefined) throw new Error(`expected a result, got ${JSON.stringify(m)}`);
  return m.result as T;
}

export async function call<T>(c: RawClient, method: string, params: unknown = {}): Promise<T> {
  return resultOf<T>(await c.request(method, params));
}

export async function transcript(c: RawClient, sessionId: string): Promise<TranscriptMessage[]> {
  const page = await call<{ messages: TranscriptMessage[]; total: number }>(c, "session/messages", {
    session_id: sessionId,
  });
  if (page.total !== page.messages.length) throw new Error(`transcript of ${sessionId} needs paging`);
  return page.messages;
}

export async function listed(c: RawClient, sessionId: string): Promise<ListedSession[]> {
  const { sessions } = await call<{ sessions: ListedSession[] }>(c, "session/list");
  return sessions.filter((s) => s.session_id === sessionId);
}

export async function liveIds(c: RawClient): Promise<string[]> {
  return (await call<{ session_ids: string[] }>(c, "status")).session_ids;
}

/** [seq, role, kind, content, turn_id]: what a transcript assertion usually compares. */
export const brief = (rows: readonly TranscriptMessage[]): unknown[][] =>
  rows.map((r) => [r.seq, r.role, r.kind, r.content, r.turn_id]);

let promptIds = 0;

/** A session/prompt sent now and answered later; its session/update notifications are collected. */
export class PromptCall {
  readonly id = `prompt-${++promptIds}`;
  /** Every update of this session taken so far, in arrival order. */
  readonly updates: Update[] = [];
  private readonly response: Promise<WireMessage>;

  private constructor(
    private readonly c: RawClient,
    readonly sessionId: string,
    timeoutMs: number,
  ) {
    this.response = c.take((m) => m.id === this.id && m.method === undefined, timeoutMs);
    // The daemon may die mid-turn on purpose (SIGKILL): that rejection is observed via `settled`.
    this.response.catch(() => undefined);
  }

  static async send(
    c: RawClient,
    sessionId: string,
    prompt: string,
    timeoutMs = 20_000,
  ): Promise<PromptCall> {
    const p = new PromptCall(c, sessionId, timeoutMs);
    await c.send({
      jsonrpc: "2.0",
      id: p.id,
      method: "session/prompt",
      params: { session_id: sessionId, prompt },
    });
    return p;
  }

  /** Waits for the next update of this session whose type is `type` (earlier ones are kept too). */
  async waitUpdate(type: string, timeoutMs = 10_000): Promise<Update> {
    for (;;) {
      const m = await this.c.take((x) => this.isMine(x), timeoutMs);
      const u = m.params as Update;
      this.updates.push(u);
      if (u.type === type) return u;
    }
  }

  /** The response, plus every update of the turn (all are written before the response, SPEC §7). */
  async finish(): Promise<{ response: WireMessage; updates: Update[] }> {
    const response = await this.response;
    for (let i = 0; i < this.c.messages.length; ) {
      const m = this.c.messages[i]!;
      if (this.isMine(m)) {
        this.updates.push(m.params as Update);
        this.c.messages.splice(i, 1);
      } else i++;
    }
    return { response, updates: this.updates };
  }

  /** Settles with "closed" if the connection went away before the response (a killed daemon). */
  async settled(): Promise<WireMessage | "closed"> {
    try {
      return await this.response;
    } catch {
      return "closed";
    }
  }

  private isMine(m: WireMessage): boolean {
    return m.method === "session/update" && (m.params as Update | undefined)?.sessionId === this.sessionId;
  }
}

/** Runs a whole turn and returns its result and updates; throws if the call answered an error. */
export async function promptTurn<T = { turn_id: string; outcome: string; content: string }>(
  c: RawClient,
  sessionId: string,
  prompt: string,
): Promise<{ result: T; updates: Update[] }> {
  const p = await PromptCall.send(c, sessionId, prompt);
  const { response, updates } = await p.finish();
  return { result: resultOf<T>(response), updates };
}
