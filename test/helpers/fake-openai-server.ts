// A scripted stand-in for any OpenAI-compatible chat completions server (OpenAI, Ollama, vLLM,
// llama.cpp, OpenRouter…): a real HTTP server on 127.0.0.1 speaking the streaming protocol, so the
// code under test runs through the real SDK, fetch and sockets.
//
//   const fake = await FakeOpenAi.start();
//   fake.enqueue([step.reasoning("thinking…"), step.text("Hello "), step.text("world"), step.finish("stop")]);
//   // point a provider at fake.baseUrl, run it, then inspect fake.requests[0].body / .headers
//   await fake.close();
//
// Each POST /v1/chat/completions consumes the next enqueued script (FIFO). A script is a list of steps
// played in order: each content step is one SSE chunk (`data: {...}\n\n`), then `data: [DONE]` closes
// the stream unless the script ended it otherwise (drop, end). A request with no script left gets a
// 500 whose message says so, which makes a missing enqueue obvious in a failing test.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One step of a script. Build them with `step.*` below rather than by hand. */
export type Step =
  /** A `delta.content` chunk. */
  | { kind: "text"; text: string }
  /** A reasoning chunk, under the field name the emulated server uses. */
  | { kind: "reasoning"; text: string; field: ReasoningField }
  /** One tool call fragment: the first for an index usually has id and name, later ones argument text. */
  | { kind: "tool_call"; index: number; id?: string; name?: string; arguments?: string }
  /** A chunk with an empty delta and this `finish_reason`. */
  | { kind: "finish"; reason: string }
  /** Any delta and finish reason, for what the other steps cannot express. */
  | { kind: "chunk"; delta: Record<string, unknown>; finishReason?: string | null }
  /** A raw SSE `data:` payload written as is (e.g. malformed JSON). */
  | { kind: "sse"; data: string }
  /** `data: {"error": {...}}` inside an otherwise successful (200) stream, as some servers do. */
  | { kind: "stream_error"; message: string }
  /**
   * Waits before the next step; ends early if the client goes away (for cancellation tests). Delays at
   * the very start of a script run before the response headers (a server slow to answer at all);
   * later ones pause an open stream.
   */
  | { kind: "delay"; ms: number }
  /** Like a delay, but until the test resolves `until` (a turn held open for exactly as long as needed). */
  | { kind: "hold"; until: Promise<void> }
  /** Answers with this status and body instead of a stream. Only valid first (after leading delays). */
  | { kind: "http_error"; status: number; body: unknown }
  /** Destroys the socket right now: the client sees the connection drop mid-stream. */
  | { kind: "drop" }
  /** Ends the response now without `data: [DONE]` (a server that just closes the stream). */
  | { kind: "end" };

export type ReasoningField = "reasoning_content" | "reasoning";
export type Script = readonly Step[];

export const step = {
  text: (text: string): Step => ({ kind: "text", text }),
  /** `reasoning_content` as vLLM, DeepSeek and llama.cpp send it; `reasoning` as OpenRouter and Ollama. */
  reasoning: (text: string, field: ReasoningField = "reasoning_content"): Step => ({
    kind: "reasoning",
    text,
    field,
  }),
  toolCall: (fragment: { index: number; id?: string; name?: string; arguments?: string }): Step => ({
    kind: "tool_call",
    ...fragment,
  }),
  /**
   * A whole tool call as a real server streams it: id and name with empty arguments first, then the
   * argument JSON cut into `pieces` fragments. Spread the result into a script.
   */
  toolCallSplit: (index: number, id: string, name: string, args: string, pieces = 3): Step[] => {
    const steps: Step[] = [{ kind: "tool_call", index, id, name, arguments: "" }];
    const size = Math.max(1, Math.ceil(args.length / pieces));
    for (let at = 0; at < args.length; at += size) {
      steps.push({ kind: "tool_call", index, arguments: args.slice(at, at + size) });
    }
    return steps;
  },
  finish: (reason: "stop" | "tool_calls" | "length" | "content_filter" | (string & {})): Step => ({
    kind: "finish",
    reason,
  }),
  chunk: (delta: Record<string, unknown>, finishReason: string | null = null): Step => ({
    kind: "chunk",
    delta,
    finishReason,
  }),
  sse: (data: string): Step => ({ kind: "sse", data }),
  streamError: (message: string): Step => ({ kind: "stream_error", message }),
  delay: (ms: number): Step => ({ kind: "delay", ms }),
  hold: (until: Promise<void>): Step => ({ kind: "hold", until }),
  /** An OpenAI-shaped error: `{"error": {"message", "type", "code"}}`. */
  httpError: (
    status: number,
    message: string,
    extra: { type?: string; code?: string | null } = {},
  ): Step => ({
    kind: "http_error",
    status,
    body: { error: { message, type: extra.type ?? "invalid_request_error", code: extra.code ?? null } },
  }),
  /** Any error body, e.g. Ollama's `{"error": "model not found"}`, or a string for a non-JSON body. */
  httpErrorBody: (status: number, body: unknown): Step => ({ kind: "http_error", status, body }),
  drop: (): Step => ({ kind: "drop" }),
  end: (): Step => ({ kind: "end" }),
};

/** A plain text answer: the text cut after each space, then `finish_reason: "stop"`. */
export function textReply(text: string): Step[] {
  return [...(text.match(/\S*\s+|\S+/g) ?? []).map(step.text), step.finish("stop")];
}

/** The request body as the fake parsed it (loosely typed: tests assert on it). */
export type RecordedBody = {
  model?: string;
  stream?: boolean;
  messages?: Array<{ role: string; content?: unknown; [key: string]: unknown }>;
  tools?: unknown[];
  [key: string]: unknown;
};

export type RequestOutcome =
  /** The script ran to its end (or to an `end` step). */
  | "completed"
  /** The client went away before the script ended (e.g. it aborted). */
  | "client_closed"
  /** A `drop` step destroyed the connection. */
  | "dropped"
  /** Answered with an error status (scripted, non-streaming, unknown path, or no script left). */
  | "rejected";

export type RecordedRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON, or undefined if the body was not JSON. */
  body: RecordedBody | undefined;
  /** Settles when the fake is done with this request: lets a test check a cancel really hung up. */
  outcome: Promise<RequestOutcome>;
};

export class FakeOpenAi {
  /** e.g. `http://127.0.0.1:41234/v1`, what a provider's base_url would be. */
  readonly baseUrl: string;
  /** Every request received, in arrival order. */
  readonly requests: RecordedRequest[] = [];
  readonly #server: ReturnType<typeof createServer>;
  readonly #scripts: Script[] = [];
  readonly #waiters: Array<() => void> = [];
  #responder: ((body: RecordedBody) => Script | undefined) | undefined;

  private constructor(server: ReturnType<typeof createServer>, port: number) {
    this.#server = server;
    this.baseUrl = `http://127.0.0.1:${port}/v1`;
  }

  static async start(): Promise<FakeOpenAi> {
    let fake: FakeOpenAi | undefined;
    const server = createServer((req, res) => {
      void fake?.handle(req, res);
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", resolve);
    });
    fake = new FakeOpenAi(server, (server.address() as AddressInfo).port);
    return fake;
  }

  /** Queues the script for the next request; several calls queue several requests' worth. */
  enqueue(script: Script): this {
    const errorAt = script.findIndex((s) => s.kind === "http_error");
    if (errorAt !== -1 && errorAt !== leadingDelays(script)) {
      throw new Error("fake-openai: an http_error step must come first (after any leading delays)");
    }
    this.#scripts.push(script);
    return this;
  }

  /**
   * Answers requests that find the queue empty by looking at what was asked (e.g. a tool result in the
   * messages): for a long-running stand-in that serves many turns, where a FIFO would drift.
   */
  respondWith(responder: (body: RecordedBody) => Script | undefined): this {
    this.#responder = responder;
    return this;
  }

  /** Resolves once at least `count` requests have arrived (e.g. before aborting one in flight). */
  async waitForRequests(count: number, timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.requests.length < count) {
      if (Date.now() > deadline) {
        throw new Error(
          `fake-openai: ${this.requests.length} request(s) after ${timeoutMs} ms, wanted ${count}`,
        );
      }
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  /** Stops listening and cuts every open connection (keep-alive ones included). */
  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    this.#server.closeAllConnections();
    await closed;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    let body: RecordedBody | undefined;
    try {
      body = JSON.parse(raw) as RecordedBody;
    } catch {
      body = undefined;
    }
    let settle!: (outcome: RequestOutcome) => void;
    const outcome = new Promise<RequestOutcome>((resolve) => {
      settle = resolve;
    });
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    this.requests.push({ method: req.method ?? "", path, headers: req.headers, body, outcome });
    for (const wake of this.#waiters.splice(0)) wake();

    if (req.method !== "POST" || path !== "/v1/chat/completions") {
      sendJson(res, 404, {
        error: { message: `fake-openai: no route ${req.method} ${path}`, type: "not_found" },
      });
      return settle("rejected");
    }
    if (body?.stream !== true) {
      sendJson(res, 400, {
        error: {
          message: "fake-openai only speaks the streaming protocol (stream: true)",
          type: "invalid_request",
        },
      });
      return settle("rejected");
    }
    const script = this.#scripts.shift() ?? this.#responder?.(body);
    if (script === undefined) {
      sendJson(res, 500, {
        error: { message: "fake-openai: no script enqueued for this request", type: "test" },
      });
      return settle("rejected");
    }
    settle(await play(script, res, body.model ?? "fake-model"));
  }
}

function leadingDelays(script: Script): number {
  const first = script.findIndex((s) => s.kind !== "delay" && s.kind !== "hold");
  return first === -1 ? script.length : first;
}

/** Streams a script as OpenAI does (or answers its error), and reports how the exchange ended. */
async function play(script: Script, res: ServerResponse, model: string): Promise<RequestOutcome> {
  let clientGone = false;
  let wakeDelay: (() => void) | undefined;
  // `close` on the response before it finished means the client hung up (abort, crash…).
  res.on("close", () => {
    if (!res.writableFinished) clientGone = true;
    wakeDelay?.();
  });
  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeDelay = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      wakeDelay = undefined;
    });

  const headStart = leadingDelays(script);
  for (const s of script.slice(0, headStart)) {
    if (s.kind === "delay") await delay(s.ms);
    if (s.kind === "hold") await s.until;
    if (clientGone) return "client_closed";
  }
  const first = script[headStart];
  if (first?.kind === "http_error") {
    if (typeof first.body === "string") {
      res.writeHead(first.status, { "content-type": "text/plain" }).end(first.body);
    } else sendJson(res, first.status, first.body);
    return "rejected";
  }
  const id = `chatcmpl-fake-${randomUUID()}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
    JSON.stringify({
      id,
      object: "chat.completion.chunk",
      created,
      model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    });
  // Resolves once the data is handed to the socket, so a following `drop` cannot discard it.
  const send = (data: string) =>
    new Promise<void>((resolve) => {
      res.write(`data: ${data}\n\n`, () => resolve());
    });

  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  res.flushHeaders();
  // Like OpenAI, the first chunk only announces the role (with empty content).
  await send(chunk({ role: "assistant", content: "" }));

  for (const s of script.slice(headStart)) {
    if (clientGone) return "client_closed";
    switch (s.kind) {
      case "text":
        await send(chunk({ content: s.text }));
        break;
      case "reasoning":
        await send(chunk({ [s.field]: s.text }));
        break;
      case "tool_call": {
        const fragment: Record<string, unknown> = { index: s.index };
        if (s.id !== undefined) Object.assign(fragment, { id: s.id, type: "function" });
        const fn: Record<string, string> = {};
        if (s.name !== undefined) fn.name = s.name;
        if (s.arguments !== undefined) fn.arguments = s.arguments;
        fragment.function = fn;
        await send(chunk({ tool_calls: [fragment] }));
        break;
      }
      case "finish":
        await send(chunk({}, s.reason));
        break;
      case "chunk":
        await send(chunk(s.delta, s.finishReason ?? null));
        break;
      case "sse":
        await send(s.data);
        break;
      case "stream_error":
        await send(JSON.stringify({ error: { message: s.message, type: "server_error" } }));
        break;
      case "delay":
        await delay(s.ms);
        break;
      case "hold":
        await s.until;
        break;
      case "http_error":
        throw new Error("unreachable: enqueue() only accepts http_error as the first step");
      case "drop":
        res.socket?.destroy();
        return "dropped";
      case "end":
        res.end();
        return "completed";
    }
  }
  if (clientGone) return "client_closed";
  await send("[DONE]");
  res.end();
  return "completed";
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString("utf8");
}
