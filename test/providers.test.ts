// SPEC §7 providers: the offline echo provider (exact, chunked, cancellable) and the OpenAI-compatible
// provider against a real HTTP server speaking the streaming protocol (test/helpers/fake-openai-server).
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ProviderView } from "../src/config/derived-views.js";
import {
  type ChatMessage,
  type CompletionRequest,
  type Provider,
  ProviderError,
  type ProviderEvent,
  type ToolSpec,
} from "../src/sessions/provider.js";
import { createProvider } from "../src/sessions/providers/create-provider.js";
import { EchoProvider } from "../src/sessions/providers/echo-provider.js";
import { OpenAiProvider, type OpenAiProviderView } from "../src/sessions/providers/openai-provider.js";
import { FakeOpenAi, step, textReply } from "./helpers/fake-openai-server.js";

const API_KEY = "sk-test-0123456789abcdef";

function request(partial: Partial<CompletionRequest> = {}): CompletionRequest {
  return {
    model: undefined,
    system: undefined,
    messages: [{ role: "user", content: "hi" }],
    tools: [],
    signal: new AbortController().signal,
    ...partial,
  };
}

async function collect(provider: Provider, req: CompletionRequest): Promise<ProviderEvent[]> {
  const events: ProviderEvent[] = [];
  for await (const e of provider.stream(req)) events.push(e);
  return events;
}

/** Runs to the end and returns the thrown error (failing the test if nothing was thrown). */
async function failure(provider: Provider, req: CompletionRequest): Promise<unknown> {
  try {
    await collect(provider, req);
  } catch (err) {
    return err;
  }
  throw new Error("expected the stream to throw");
}

const texts = (events: ProviderEvent[], type: "text" | "thought" = "text") =>
  events.flatMap((e) => (e.type === type ? [e.text] : []));

describe("EchoProvider", () => {
  const echo = new EchoProvider();

  it("streams the last user message split after whitespace, then done end_turn", async () => {
    const events = await collect(
      echo,
      request({
        messages: [
          { role: "user", content: "first prompt" },
          { role: "assistant", content: "first prompt" },
          { role: "user", content: "Hello there friend" },
        ],
      }),
    );
    expect(events).toEqual([
      { type: "text", text: "Hello " },
      { type: "text", text: "there " },
      { type: "text", text: "friend" },
      { type: "done", stopReason: "end_turn" },
    ]);
  });

  it("sends a prompt without whitespace as one chunk, and an empty prompt as no text at all", async () => {
    expect(await collect(echo, request({ messages: [{ role: "user", content: "word" }] }))).toEqual([
      { type: "text", text: "word" },
      { type: "done", stopReason: "end_turn" },
    ]);
    expect(await collect(echo, request({ messages: [{ role: "user", content: "" }] }))).toEqual([
      { type: "done", stopReason: "end_turn" },
    ]);
    expect(await collect(echo, request({ messages: [] }))).toEqual([
      { type: "done", stopReason: "end_turn" },
    ]);
  });

  it("replies with exactly the prompt for any string, every chunk ending after whitespace but the last", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", maxLength: 300 }), async (prompt) => {
        const events = await collect(echo, request({ messages: [{ role: "user", content: prompt }] }));
        const chunks = texts(events);
        expect(chunks.join("")).toBe(prompt);
        expect(chunks.every((c) => c.length > 0)).toBe(true);
        for (const c of chunks.slice(0, -1)) expect(c).toMatch(/\s$/);
        expect(events.some((e) => e.type === "tool_call")).toBe(false);
        expect(events.at(-1)).toEqual({ type: "done", stopReason: "end_turn" });
      }),
      { numRuns: 300 },
    );
  });

  it("stops between chunks when aborted, without done", async () => {
    const controller = new AbortController();
    const events: ProviderEvent[] = [];
    const prompt = "a ".repeat(1000);
    for await (const e of echo.stream(
      request({ messages: [{ role: "user", content: prompt }], signal: controller.signal }),
    )) {
      events.push(e);
      if (events.length === 3) controller.abort();
    }
    expect(events).toHaveLength(3);
    expect(events.every((e) => e.type === "text")).toBe(true);
  });

  it("lets timers run while streaming a huge prompt", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const prompt = "x ".repeat(200_000);
    let length = 0;
    for await (const e of echo.stream(request({ messages: [{ role: "user", content: prompt }] }))) {
      if (e.type === "text") length += e.text.length;
    }
    clearInterval(timer);
    expect(length).toBe(prompt.length);
    expect(ticks).toBeGreaterThan(0);
  });
});

describe("createProvider", () => {
  it("builds the provider of each kind (the OpenAI client loaded on first use)", async () => {
    expect(createProvider({ alias: "echo", kind: "echo" })).toBeInstanceOf(EchoProvider);
    const fake = await FakeOpenAi.start();
    try {
      fake.enqueue(textReply("from the server"));
      const view: ProviderView = {
        alias: "local",
        kind: "openai",
        baseUrl: fake.baseUrl,
        apiKey: undefined,
        model: "m",
      };
      const provider = createProvider(view);
      expect(provider).not.toBeInstanceOf(EchoProvider);
      const texts: string[] = [];
      for await (const e of provider.stream({
        model: undefined,
        system: undefined,
        messages: [{ role: "user", content: "hi" }],
        tools: [],
        signal: new AbortController().signal,
      })) {
        if (e.type === "text") texts.push(e.text);
      }
      expect(texts.join("")).toBe("from the server");
      expect(fake.requests).toHaveLength(1);
    } finally {
      await fake.close();
    }
  });
});

describe("OpenAiProvider", () => {
  let fake: FakeOpenAi;
  beforeEach(async () => {
    fake = await FakeOpenAi.start();
  });
  afterEach(async () => {
    await fake.close();
  });

  const view = (over: Partial<OpenAiProviderView> = {}): OpenAiProviderView => ({
    alias: "local",
    kind: "openai",
    baseUrl: fake.baseUrl,
    apiKey: API_KEY,
    model: "default-model",
    ...over,
  });

  it("streams text deltas in order and ends with done end_turn", async () => {
    fake.enqueue(textReply("Hello there, how are you?"));
    const events = await collect(new OpenAiProvider(view()), request());
    expect(texts(events)).toEqual(["Hello ", "there, ", "how ", "are ", "you?"]);
    // The role-only first chunk (`content: ""`) produces no empty text event.
    expect(events.filter((e) => e.type === "text").every((e) => e.text !== "")).toBe(true);
    expect(events.at(-1)).toEqual({ type: "done", stopReason: "end_turn" });
  });

  it("turns reasoning deltas into thoughts, under either field name", async () => {
    fake.enqueue([
      step.reasoning("Let me ", "reasoning_content"),
      step.reasoning("think.", "reasoning"),
      step.text("Answer"),
      step.finish("stop"),
    ]);
    const events = await collect(new OpenAiProvider(view()), request());
    expect(events).toEqual([
      { type: "thought", text: "Let me " },
      { type: "thought", text: "think." },
      { type: "text", text: "Answer" },
      { type: "done", stopReason: "end_turn" },
    ]);
  });

  it("takes one reasoning field when a server sends both with the same text", async () => {
    fake.enqueue([step.chunk({ reasoning_content: "once", reasoning: "once" }), step.finish("stop")]);
    const events = await collect(new OpenAiProvider(view()), request());
    expect(texts(events, "thought")).toEqual(["once"]);
  });

  it("reassembles two parallel tool calls split across interleaved chunks, by index", async () => {
    const [a0, ...aRest] = step.toolCallSplit(0, "call_a", "bash", '{"command":"ls -la /tmp"}', 4);
    const [b0, ...bRest] = step.toolCallSplit(1, "call_b", "ask_user", '{"question":"Proceed?"}', 3);
    const interleaved = aRest.flatMap((s, i) => [s, ...(bRest[i] ? [bRest[i]] : [])]);
    fake.enqueue([step.text("Running."), a0!, b0!, ...interleaved, step.finish("tool_calls")]);
    const events = await collect(new OpenAiProvider(view()), request());
    expect(events).toEqual([
      { type: "text", text: "Running." },
      { type: "tool_call", call: { id: "call_a", name: "bash", arguments: '{"command":"ls -la /tmp"}' } },
      { type: "tool_call", call: { id: "call_b", name: "ask_user", arguments: '{"question":"Proceed?"}' } },
      { type: "done", stopReason: "tool_calls" },
    ]);
  });

  it("gives a call with no argument text '{}' and a call with no id a fresh one", async () => {
    fake.enqueue([step.toolCall({ index: 0, name: "noop" }), step.finish("tool_calls")]);
    const events = await collect(new OpenAiProvider(view()), request());
    const call = events.find((e) => e.type === "tool_call");
    expect(call?.type === "tool_call" && call.call).toMatchObject({ name: "noop", arguments: "{}" });
    expect(call?.type === "tool_call" && call.call.id).toMatch(/^call_[0-9a-f]{32}$/);
  });

  it("sends the model, the system prompt first, the mapped messages and the tools", async () => {
    fake.enqueue(textReply("ok"));
    const messages: ChatMessage[] = [
      { role: "user", content: "list files" },
      {
        role: "assistant",
        content: "",
        tool_calls: [{ id: "call_1", name: "bash", arguments: '{"command":"ls"}' }],
      },
      { role: "tool", tool_call_id: "call_1", name: "bash", content: "a.txt\n" },
      { role: "assistant", content: "There is a.txt." },
      { role: "user", content: "thanks" },
    ];
    const tools: ToolSpec[] = [
      {
        name: "bash",
        description: "Run a command",
        parameters: { type: "object", properties: { command: { type: "string" } }, required: ["command"] },
      },
    ];
    await collect(
      new OpenAiProvider(view()),
      request({ model: "agent-model", system: "You are terse.", messages, tools }),
    );
    const body = fake.requests[0]?.body;
    expect(body?.model).toBe("agent-model");
    expect(body?.stream).toBe(true);
    expect(body?.messages).toEqual([
      { role: "system", content: "You are terse." },
      { role: "user", content: "list files" },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "call_1", type: "function", function: { name: "bash", arguments: '{"command":"ls"}' } },
        ],
      },
      { role: "tool", tool_call_id: "call_1", content: "a.txt\n" },
      { role: "assistant", content: "There is a.txt." },
      { role: "user", content: "thanks" },
    ]);
    expect(body?.tools).toEqual([
      {
        type: "function",
        function: {
          name: "bash",
          description: "Run a command",
          parameters: { type: "object", properties: { command: { type: "string" } }, required: ["command"] },
        },
      },
    ]);
  });

  it("falls back to the provider's model, sends no system message or tools when there are none", async () => {
    fake.enqueue(textReply("ok"));
    await collect(new OpenAiProvider(view()), request());
    const body = fake.requests[0]?.body;
    expect(body?.model).toBe("default-model");
    expect(body?.messages).toEqual([{ role: "user", content: "hi" }]);
    expect(body).not.toHaveProperty("tools");
  });

  it("fails clearly when neither the request nor the provider names a model", async () => {
    const err = await failure(new OpenAiProvider(view({ model: undefined })), request());
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as Error).message).toBe("provider local: no model configured");
    expect(fake.requests).toHaveLength(0);
  });

  it("carries the api key in the Authorization header, or a placeholder when there is none", async () => {
    fake.enqueue(textReply("ok")).enqueue(textReply("ok"));
    await collect(new OpenAiProvider(view()), request());
    await collect(new OpenAiProvider(view({ apiKey: undefined })), request());
    expect(fake.requests[0]?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(fake.requests[1]?.headers.authorization).toBe("Bearer none");
  });

  it.each([
    ["stop", "end_turn"],
    ["length", "max_tokens"],
    ["content_filter", "end_turn"],
    [undefined, "end_turn"],
  ] as const)("maps finish_reason %s to %s", async (reason, stopReason) => {
    fake.enqueue([step.text("x"), ...(reason ? [step.finish(reason)] : [])]);
    const events = await collect(new OpenAiProvider(view()), request());
    expect(events.at(-1)).toEqual({ type: "done", stopReason });
  });

  it("reports tool_calls when calls arrived, even if the server says stop or nothing", async () => {
    const call = step.toolCallSplit(0, "call_x", "bash", '{"command":"pwd"}');
    fake.enqueue([...call, step.finish("stop")]).enqueue([...call, step.end()]);
    for (let i = 0; i < 2; i++) {
      const events = await collect(new OpenAiProvider(view()), request());
      expect(events).toEqual([
        { type: "tool_call", call: { id: "call_x", name: "bash", arguments: '{"command":"pwd"}' } },
        { type: "done", stopReason: "tool_calls" },
      ]);
    }
  });

  it("turns 401 into a ProviderError with status and server message, never the api key", async () => {
    fake.enqueue([step.httpError(401, `invalid api key ${API_KEY}`, { type: "invalid_api_key" })]);
    const err = await failure(new OpenAiProvider(view()), request());
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as Error).message).toBe("provider local: 401 Unauthorized: invalid api key [redacted]");
    expect((err as Error).message).not.toContain(API_KEY);
  });

  it("turns 500 into a ProviderError, with Ollama's string error bodies and text bodies too", async () => {
    fake
      .enqueue([step.httpError(500, "model crashed", { type: "server_error" })])
      .enqueue([step.httpErrorBody(404, { error: 'model "nope" not found, try pulling it first' })])
      .enqueue([step.httpErrorBody(502, "<html>\n  <body>Bad   Gateway</body>\n</html>")])
      .enqueue([step.httpErrorBody(503, {})]);
    const messages: string[] = [];
    for (let i = 0; i < 4; i++) {
      const err = await failure(new OpenAiProvider(view()), request());
      expect(err).toBeInstanceOf(ProviderError);
      messages.push((err as Error).message);
    }
    expect(messages).toEqual([
      "provider local: 500 Internal Server Error: model crashed",
      'provider local: 404 Not Found: model "nope" not found, try pulling it first',
      "provider local: 502 Bad Gateway: <html> <body>Bad Gateway</body> </html>",
      "provider local: 503 Service Unavailable",
    ]);
    // maxRetries 0: one request per failure, no silent retry of the 5xx.
    expect(fake.requests).toHaveLength(4);
  });

  it("turns an error object inside the stream into a ProviderError", async () => {
    fake.enqueue([step.text("partial "), step.streamError("overloaded")]);
    const events: ProviderEvent[] = [];
    const err = await (async () => {
      try {
        for await (const e of new OpenAiProvider(view()).stream(request())) events.push(e);
      } catch (e) {
        return e;
      }
    })();
    expect(texts(events)).toEqual(["partial "]);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as Error).message).toBe("provider local: error from server mid-stream: overloaded");
  });

  it("turns a refused connection into a ProviderError", async () => {
    const baseUrl = fake.baseUrl;
    await fake.close();
    const err = await failure(new OpenAiProvider(view({ baseUrl })), request());
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as Error).message).toMatch(/^provider local: cannot connect: .*ECONNREFUSED/);
    fake = await FakeOpenAi.start(); // for afterEach
  });

  it("turns a connection dropped mid-stream into a ProviderError, after the text already streamed", async () => {
    fake.enqueue([step.text("Hel"), step.text("lo"), step.drop()]);
    const events: ProviderEvent[] = [];
    let err: unknown;
    try {
      for await (const e of new OpenAiProvider(view()).stream(request())) events.push(e);
    } catch (e) {
      err = e;
    }
    expect(texts(events)).toEqual(["Hel", "lo"]);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as Error).message).toMatch(/^provider local: connection lost: /);
    expect(await fake.requests[0]?.outcome).toBe("dropped");
  });

  it("ends quietly, without done or ProviderError, when aborted mid-stream, and hangs up", async () => {
    fake.enqueue([step.text("one "), step.delay(10_000), step.text("never"), step.finish("stop")]);
    const controller = new AbortController();
    const events: ProviderEvent[] = [];
    const started = Date.now();
    for await (const e of new OpenAiProvider(view()).stream(request({ signal: controller.signal }))) {
      events.push(e);
      if (e.type === "text") controller.abort();
    }
    expect(events).toEqual([{ type: "text", text: "one " }]);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await fake.requests[0]?.outcome).toBe("client_closed");
  });

  it("ends quietly when aborted while waiting for the response headers", async () => {
    fake.enqueue([step.delay(10_000), step.text("late")]); // a leading delay holds back the headers
    const controller = new AbortController();
    const run = collect(new OpenAiProvider(view()), request({ signal: controller.signal }));
    await fake.waitForRequests(1);
    controller.abort();
    expect(await run).toEqual([]);
    expect(await fake.requests[0]?.outcome).toBe("client_closed");
  });

  it("fails with a ProviderError when the response headers do not come within the timeout", async () => {
    fake.enqueue([step.delay(5_000), step.text("late")]);
    const err = await failure(new OpenAiProvider(view(), { timeoutMs: 200 }), request());
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as Error).message).toBe("provider local: no response for 0.2 s, gave up");
    expect(fake.requests).toHaveLength(1); // timeouts are not retried either
  });

  it("does nothing when the signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await collect(new OpenAiProvider(view()), request({ signal: controller.signal }))).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it("fails with a ProviderError when the server goes silent mid-stream for longer than the timeout", async () => {
    fake.enqueue([step.text("a"), step.delay(5_000), step.text("b")]);
    const err = await failure(new OpenAiProvider(view(), { timeoutMs: 200 }), request());
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as Error).message).toBe("provider local: no response for 0.2 s, gave up");
  });

  it("hangs up when the consumer stops iterating early", async () => {
    fake.enqueue([step.text("first "), step.delay(10_000), step.text("second")]);
    for await (const e of new OpenAiProvider(view()).stream(request())) {
      if (e.type === "text") break;
    }
    expect(await fake.requests[0]?.outcome).toBe("client_closed");
  });
});
