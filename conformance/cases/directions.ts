import { type ExpectOptions, initialize } from "../judge/expectations.js";
import { isRequestFor, isResponseTo, isUpdate, Mailbox } from "../judge/mailbox.js";
import type { DaemonProcess } from "../runner/spawn.js";
import { isJsonObject, type JsonObject, type JsonValue, preview } from "../wire/json.js";
import { WireConnection } from "../wire/wire-client.js";
import { type CaseContext, CaseFailure, type ConformanceCase, expectOptionsOf } from "./case.js";
import { FakeProvider } from "./fake-provider.js";

/**
 * The daemon → client direction (SPEC §3, §7): the daemon's own requests (`elicitation/create`,
 * sent when the agent calls `ask_user`) are matched only by a response with exactly their id, on
 * their connection; anything else is ignored and never answered. The agent runs on a fake
 * OpenAI-compatible provider (fake-provider.ts) written into the config of a daemon the case
 * starts, so these cases need --spawn.
 */

const AGENT = "asker";
/** Long enough that only an answer, never the timeout, settles an elicitation in these cases. */
const ASK_TIMEOUT_MS = 60_000;
/** How long a stray message must provoke nothing. */
const QUIET_MS = 300;

export function directionCases(): ConformanceCase[] {
  const check = (
    name: string,
    title: string,
    run: (c: Conversation) => Promise<void>,
    askTimeoutMs = ASK_TIMEOUT_MS,
  ): ConformanceCase => ({
    name: `sessions/${name}`,
    area: "sessions",
    methods: ["session/new", "session/prompt", "status"],
    title,
    needs: { kind: "daemon-launcher" },
    run: (context) => withConversation(context, askTimeoutMs, run),
  });
  return [
    check(
      "elicitations-answered-out-of-order",
      "several elicitation/create requests in flight on one connection are each settled by the response with their own id, in whatever order the client answers (SPEC §3, §7)",
      async (c) => {
        const sessions = ["a", "b", "c"];
        const asked = new Map<string, JsonObject>();
        for (const session of sessions) await c.startAsking(session);
        for (const session of sessions) asked.set(session, await c.elicitation(session));
        const ids = new Set([...asked.values()].map((request) => JSON.stringify(request.id)));
        if (ids.size !== sessions.length)
          throw new CaseFailure(`the pending elicitation/create requests share ids: ${[...ids].join(", ")}`);
        for (const session of [...sessions].reverse())
          await c.answer(asked.get(session) as JsonObject, `answer-for-${session}`);
        for (const session of sessions) await c.expectAnswered(session, `answer-for-${session}`, sessions);
      },
    ),
    check(
      "elicitation-stray-responses-ignored",
      "responses with unknown ids, the id of the client's own pending request, another connection's answer and a request reusing the pending id settle nothing and are never answered; the real answer then settles the elicitation once (SPEC §3)",
      async (c) => {
        await c.startAsking("a");
        const pending = await c.elicitation("a");
        const stray: JsonValue[] = ["zc-out-999999", 424242, `prompt-${c.session("a")}`, null];
        for (const [index, id] of stray.entries()) await c.main.send(acceptance(id, `bogus-${index}`));
        const other = await c.connect("other");
        await other.send(acceptance(pending.id as JsonValue, "bogus-other-connection"));
        // Same id, other direction: a request of the client's own, answered as one.
        await c.main.send({ jsonrpc: "2.0", id: pending.id as JsonValue, method: "status", params: {} });
        const status = await c.main.take(
          (message) => isResponseTo(message, pending.id as JsonValue),
          `the response to the client's own status request with id ${preview(pending.id)}`,
        );
        if (!isJsonObject(status.result))
          throw new CaseFailure(`status sent with the pending elicitation's id failed: ${preview(status)}`);
        await c.main.expectNone(
          (message) =>
            isUpdate(message, c.session("a"), "tool_result") || stray.some((id) => isResponseTo(message, id)),
          "a stray response settled the elicitation or was answered",
          QUIET_MS,
        );
        await c.answer(pending, "the-real-answer");
        await c.expectAnswered("a", "the-real-answer", ["a"]);
        // The same answer again: its id is no longer pending, so it is ignored.
        await c.main.send(acceptance(pending.id as JsonValue, "bogus-repeat"));
        await c.main.expectNone(
          (message) =>
            isResponseTo(message, pending.id as JsonValue) ||
            isUpdate(message, c.session("a"), "tool_result"),
          "a repeated answer was answered or settled something",
          QUIET_MS,
        );
      },
    ),
    check(
      "elicitation-error-reply-is-a-failure",
      "an error response to elicitation/create settles it as a failure, never as an answer: nothing of the error reaches the tool as accepted content (SPEC §3, §7)",
      async (c) => {
        await c.startAsking("a");
        const pending = await c.elicitation("a");
        await c.main.send({
          jsonrpc: "2.0",
          id: pending.id as JsonValue,
          error: {
            code: -32000,
            message: "the user closed the form",
            data: { action: "accept", content: { answer: "content-of-an-error" } },
          },
        });
        const output = await c.toolOutput("a");
        if (isAcceptance(output) || JSON.stringify(output).includes("content-of-an-error"))
          throw new CaseFailure(
            `the error reply reached the tool as an answer: rawOutput ${preview(output, 300)}`,
          );
        // Nor as one of the answers a client can give (a decline, a cancel) or a timeout: the tool is told
        // the request failed, and why.
        const action = parsed(output);
        if (isJsonObject(action) && typeof action.action === "string")
          throw new CaseFailure(
            `the error reply reached the tool as the answer "${action.action}", not as a failure: rawOutput ${preview(output, 300)}`,
          );
        if (!JSON.stringify(output).includes("the user closed the form"))
          throw new CaseFailure(
            `the tool's output does not carry the error reply's message "the user closed the form": rawOutput ${preview(output, 300)}`,
          );
        await c.promptDone("a");
      },
    ),
    check(
      "elicitation-null-result-settles",
      '"result": null is a successful response: it settles the pending elicitation at once (the tool does not wait for its timeout) and is no acceptance (SPEC §3)',
      async (c) => {
        await c.startAsking("a");
        const pending = await c.elicitation("a");
        await c.main.send({ jsonrpc: "2.0", id: pending.id as JsonValue, result: null });
        const output = await c.toolOutput("a");
        if (isAcceptance(output))
          throw new CaseFailure(`"result": null reached the tool as an acceptance: ${preview(output, 300)}`);
        await c.promptDone("a");
      },
    ),
    check(
      "elicitation-late-reply-ignored",
      "an answer that comes after the asking tool gave up (sessions.ask_user_timeout_ms) is ignored and never answered, and it cannot settle the next elicitation (SPEC §3, §7)",
      async (c) => {
        await c.startAsking("a");
        const first = await c.elicitation("a");
        const output = await c.toolOutput("a");
        if (isAcceptance(output))
          throw new CaseFailure(
            `an unanswered elicitation reached the tool as an acceptance: ${preview(output, 300)}`,
          );
        await c.promptDone("a");
        await c.main.send(acceptance(first.id as JsonValue, "too-late"));
        await c.main.expectNone(
          (message) => isResponseTo(message, first.id as JsonValue),
          "the late answer was answered",
          QUIET_MS,
        );
        await c.startAsking("a");
        const second = await c.elicitation("a");
        if (second.id === first.id)
          throw new CaseFailure(
            `the next elicitation reuses the id ${preview(first.id)} of the one the tool gave up`,
          );
        await c.main.send(acceptance(first.id as JsonValue, "too-late-again"));
        await c.answer(second, "in-time");
        await c.expectAnswered("a", "in-time", ["a"], ["too-late"]);
      },
      1_000,
    ),
  ];
}

function acceptance(id: JsonValue, answer: string): JsonObject {
  return { jsonrpc: "2.0", id, result: { action: "accept", content: { answer } } };
}

/** The tool output as an object when it is JSON text, else as it is. */
function parsed(output: JsonValue): JsonValue {
  if (typeof output !== "string") return output;
  try {
    return JSON.parse(output) as JsonValue;
  } catch {
    return output;
  }
}

function isAcceptance(output: JsonValue): boolean {
  const value = parsed(output);
  return isJsonObject(value) && value.action === "accept";
}

async function withConversation(
  context: CaseContext,
  askTimeoutMs: number,
  run: (c: Conversation) => Promise<void>,
): Promise<void> {
  const launcher = context.launcher;
  if (!launcher) throw new Error("direction cases need a daemon launcher");
  const provider = await FakeProvider.start();
  let daemon: DaemonProcess | undefined;
  const conversation = new Conversation(context);
  try {
    const sandbox = await launcher.createSandbox([
      ...provider.configLines("fake", AGENT),
      `sessions.ask_user_timeout_ms = ${askTimeoutMs}`,
    ]);
    try {
      daemon = await launcher.start(sandbox);
    } catch (error) {
      throw new CaseFailure(
        `the daemon did not start with an openai provider configured: ${(error as Error).message}`,
      );
    }
    await conversation.open(daemon.sandbox.socketPath);
    await run(conversation);
  } finally {
    conversation.close();
    await provider.close();
  }
}

/** One connection that can answer elicitations, and the sessions of the case on it. */
class Conversation {
  main!: Mailbox;
  private socketPath = "";
  private readonly options: ExpectOptions;
  private readonly connections: WireConnection[] = [];
  private readonly created = new Set<string>();

  constructor(private readonly context: CaseContext) {
    this.options = expectOptionsOf(context);
  }

  async open(socketPath: string): Promise<void> {
    this.socketPath = socketPath;
    this.main = await this.connect("main", true);
  }

  /** A new initialized connection; `elicitation`: it advertises clientCapabilities.elicitation. */
  async connect(name: string, elicitation = false): Promise<Mailbox> {
    const connection = await WireConnection.open(
      this.socketPath,
      name,
      this.context.transcript,
      this.context.timeoutMs,
    );
    this.connections.push(connection);
    const mailbox = new Mailbox(connection, this.options);
    if (elicitation) {
      await mailbox.call(`${name}-init`, "initialize", {
        protocolVersion: 1,
        clientCapabilities: { elicitation: { form: {} } },
      });
    } else await initialize(connection, `${name}-init`, this.options);
    return mailbox;
  }

  session(name: string): string {
    return `conf-${this.context.runId ?? "local"}-ask-${name}`;
  }

  /** Creates the session on first use, then prompts it to ask a question (the prompt's id is `prompt-<session>`). */
  async startAsking(name: string): Promise<void> {
    const sessionId = this.session(name);
    if (!this.created.has(name)) {
      await this.main.call(`new-${name}`, "session/new", { session_id: sessionId, agent: AGENT });
      this.created.add(name);
    }
    await this.main.send({
      jsonrpc: "2.0",
      id: `prompt-${sessionId}`,
      method: "session/prompt",
      params: { session_id: sessionId, prompt: `ask:question-of-${name}` },
    });
  }

  async elicitation(name: string): Promise<JsonObject> {
    const request = await this.main.take(
      (message) => isRequestFor(message, "elicitation/create", this.session(name)),
      `an elicitation/create request for session ${this.session(name)}`,
    );
    const params = request.params as JsonObject;
    if (params.message !== `question-of-${name}`)
      throw new CaseFailure(
        `elicitation/create asks ${preview(params.message)}, the tool asked "question-of-${name}"`,
      );
    return request;
  }

  /** Accepts `request` with `answer` in every property its requestedSchema asks for. */
  async answer(request: JsonObject, answer: string): Promise<void> {
    const params = request.params as JsonObject;
    const schema = isJsonObject(params.requestedSchema) ? params.requestedSchema : {};
    const names = isJsonObject(schema.properties) ? Object.keys(schema.properties) : [];
    const content = Object.fromEntries((names.length > 0 ? names : ["answer"]).map((key) => [key, answer]));
    await this.main.send({
      jsonrpc: "2.0",
      id: request.id as JsonValue,
      result: { action: "accept", content },
    });
  }

  /** The rawOutput of the session's next tool_result update. */
  async toolOutput(name: string): Promise<JsonValue> {
    const update = await this.main.take(
      (message) => isUpdate(message, this.session(name), "tool_result"),
      `the tool_result of ask_user in session ${this.session(name)}`,
    );
    const params = update.params as JsonObject;
    return (params.rawOutput ?? params.raw_output ?? null) as JsonValue;
  }

  /** The tool got `answer`, and no other session's answer; then the turn completes. */
  async expectAnswered(
    name: string,
    answer: string,
    all: readonly string[],
    others: readonly string[] = [],
  ): Promise<void> {
    const output = JSON.stringify(await this.toolOutput(name));
    if (!output.includes(answer))
      throw new CaseFailure(
        `session ${this.session(name)}'s tool did not get its answer "${answer}": rawOutput ${output}`,
      );
    for (const wrong of [
      ...all.filter((other) => other !== name).map((other) => `answer-for-${other}`),
      ...others,
    ])
      if (output.includes(wrong))
        throw new CaseFailure(
          `session ${this.session(name)}'s tool got "${wrong}", meant for another request: ${output}`,
        );
    await this.promptDone(name);
  }

  /** The prompt's response: the turn completed. */
  async promptDone(name: string): Promise<void> {
    const id = `prompt-${this.session(name)}`;
    const response = await this.main.take((message) => isResponseTo(message, id), `the response to ${id}`);
    const result = isJsonObject(response.result) ? response.result : undefined;
    if (result?.outcome !== "completed")
      throw new CaseFailure(`the turn of ${this.session(name)} did not complete: ${preview(response, 300)}`);
  }

  close(): void {
    for (const connection of this.connections) connection.destroy();
  }
}
