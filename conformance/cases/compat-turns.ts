import { isJsonObject, type JsonObject, type JsonValue, preview } from "../wire/json.js";
import { WireConnection } from "../wire/wire-client.js";
import { type CaseContext, CaseFailure, expectOptionsOf } from "./case.js";
import { ScriptedModel } from "./compat-model.js";
import { type InboundRequest, ZeroclawClient } from "./compat-session.js";

/**
 * The compat rows whose model calls tools (SPEC §13): tool_call, approval_request and zerocode's four
 * decisions, tool_result, elicitation/create in its three forms, cancel. One daemon per case with the
 * scripted model (compat-model.ts) as agent conf-tools — this daemon's provider keys, so spawn only.
 */

const AGENT = "conf-tools";

/**
 * One daemon (the case's launcher) whose `agents` all run on one scripted model, and one initialized
 * zeroclaw-dialect client of it, for `body`.
 */
export async function withScriptedAgents(
  context: CaseContext,
  agents: readonly string[],
  body: (model: ScriptedModel, client: ZeroclawClient) => Promise<void>,
): Promise<void> {
  const launcher = context.launcher!;
  const model = await ScriptedModel.start();
  try {
    const sandbox = await launcher.createSandbox(agents.flatMap((agent) => model.configLines(agent)));
    await launcher.start(sandbox).catch((e: Error) => {
      throw new CaseFailure(e.message);
    });
    const connection = await WireConnection.open(
      sandbox.socketPath,
      "zerocode",
      context.transcript,
      context.timeoutMs,
    );
    try {
      const client = new ZeroclawClient(connection, expectOptionsOf(context));
      await client.initialize();
      await body(model, client);
    } finally {
      connection.destroy();
    }
  } finally {
    await model.close();
  }
}

/** One daemon with the scripted model as agent conf-tools, and one zeroclaw-dialect client. */
export class ModelCase {
  private constructor(
    readonly model: ScriptedModel,
    readonly client: ZeroclawClient,
  ) {}

  static run(context: CaseContext, body: (c: ModelCase) => Promise<void>): Promise<void> {
    return withScriptedAgents(context, [AGENT], (model, client) => body(new ModelCase(model, client)));
  }

  /** The Chat pane's session/new, nulls included. */
  async session(id: string): Promise<string> {
    const r = await this.client.call("session/new", {
      agent_alias: AGENT,
      cwd: null,
      session_id: id,
      tui_id: null,
    });
    if (r.session_id !== id) throw new CaseFailure(`session/new answered ${preview(r)}`);
    return id;
  }

  /** What the model was told for tool call `id` (the tool message of a later request). */
  toolMessage(id: string): string {
    const message = this.model.requests.flatMap((r) => r.messages).find((m) => m.tool_call_id === id);
    if (message === undefined) throw new CaseFailure(`the model was never told the result of ${id}`);
    return String(message.content);
  }
}

const bash = (id: string, command: string) => ({ toolCall: { id, name: "bash", arguments: { command } } });
const ofType = (updates: JsonObject[], type: string) => updates.filter((u) => u.type === type);

export function expect(condition: boolean, what: string): void {
  if (!condition) throw new CaseFailure(what);
}

/** Answers each approval_request with `decision`, as zerocode's modal does; returns what was asked. */
function approving(c: ModelCase, sessionId: string, decision: string, extra: JsonObject = {}) {
  const asked: JsonObject[] = [];
  return {
    asked,
    onUpdate(u: JsonObject) {
      if (u.type !== "approval_request") return;
      asked.push(u);
      c.client.send("session/approve", {
        session_id: sessionId,
        request_id: u.request_id as string,
        decision,
        ...extra,
      });
    },
  };
}

export async function toolCallsAndApprovals(c: ModelCase): Promise<void> {
  const sid = await c.session(`conf-zc-tools-${process.pid}`);
  c.model.enqueue(bash("call_once", "echo conformance-once"), {
    text: "ran once",
    reasoning: "thinking first",
  });
  const once = approving(c, sid, "allow_once");
  const first = await c.client.turn(sid, "run it once", once);
  const types = first.map((u) => u.type);
  expect(
    types.join() ===
      "tool_call,approval_request,tool_result,agent_thought_chunk,agent_message_chunk,agent_message_chunk,turn_complete",
    `update types ${types.join(", ")}`,
  );
  const [callUpdate] = ofType(first, "tool_call");
  expect(
    callUpdate?.tool_call_id === "call_once" && callUpdate.name === "bash",
    `tool_call ${preview(callUpdate)}`,
  );
  expect(
    (callUpdate?.raw_input as JsonObject | undefined)?.command === "echo conformance-once",
    `raw_input ${preview(callUpdate)}`,
  );
  expect(once.asked[0]?.tool_name === "bash", `approval_request ${preview(once.asked[0])}`);
  expect(
    String(once.asked[0]?.arguments_summary).includes("echo conformance-once"),
    "arguments_summary names the command",
  );
  const [result] = ofType(first, "tool_result");
  expect(
    String(result?.raw_output).includes("conformance-once"),
    `tool_result after allow_once ${preview(result)}`,
  );
  expect(result?.raw_output === c.toolMessage("call_once"), "raw_output is not what the model was told");
  expect(ofType(first, "turn_complete")[0]?.content === "ran once", `turn_complete ${preview(first.at(-1))}`);

  c.model.enqueue(bash("call_reject", "echo conformance-rejected"), { text: "ok" });
  const rejected = await c.client.turn(sid, "try again", approving(c, sid, "reject"));
  const denied = String(ofType(rejected, "tool_result")[0]?.raw_output);
  expect(
    /denied|reject/i.test(denied) && !denied.includes("conformance-rejected\\n"),
    `tool_result after reject ${denied}`,
  );

  c.model.enqueue(bash("call_always", "echo conformance-always"), { text: "ok" });
  const always = approving(c, sid, "allow_always");
  await c.client.turn(sid, "allow it always", always);
  expect(always.asked.length === 1, `${always.asked.length} approval requests for allow_always`);
  c.model.enqueue(bash("call_after", "echo conformance-after"), { text: "ok" });
  const after = await c.client.turn(sid, "once more", approving(c, sid, "reject"));
  expect(ofType(after, "approval_request").length === 0, "asked again after allow_always");
  expect(
    String(ofType(after, "tool_result")[0]?.raw_output).includes("conformance-after"),
    "did not run after allow_always",
  );
}

export async function rejectWithEditAndCancel(c: ModelCase): Promise<void> {
  const sid = await c.session(`conf-zc-edit-${process.pid}`);
  c.model.enqueue(bash("call_edit", "echo conformance-original"), { text: "noted" });
  const edits = approving(c, sid, "reject_with_edit", { replacement: "echo conformance-edited" });
  const updates = await c.client.turn(sid, "run with an edit", edits);
  const told = String(ofType(updates, "tool_result")[0]?.raw_output);
  expect(
    /edit/i.test(told) && !told.includes("conformance-original\\n"),
    `tool_result after reject_with_edit ${told}`,
  );
  expect(told === c.toolMessage("call_edit"), "the model was not told what the tool result says");

  c.model.enqueue(bash("call_cancel", "echo conformance-never"));
  const cancelled = await c.client.turn(sid, "then cancel", {
    onUpdate(u) {
      if (u.type === "approval_request") c.client.send("session/cancel", { session_id: sid });
    },
  });
  const end = cancelled.at(-1);
  expect(
    end?.type === "turn_complete" && end.outcome === "cancelled",
    `cancelled turn ended ${preview(end)}`,
  );
}

/** The first property of a requestedSchema and its schema. */
function formProperty(request: InboundRequest): [string, JsonObject] {
  const p = request.params;
  const keys = Object.keys(p).sort().join();
  expect(
    keys === "message,mode,requestedSchema,sessionId" && p.mode === "form",
    `elicitation params ${preview(p)}`,
  );
  const schema = p.requestedSchema as JsonObject;
  const [entry] = Object.entries((schema.properties as JsonObject | undefined) ?? {});
  expect(entry !== undefined && isJsonObject(entry[1]), `requestedSchema ${preview(schema)}`);
  return entry as [string, JsonObject];
}

function expectOptions(list: JsonValue | undefined, titles: string[]): void {
  const want = titles.map((title, i) => `choice-${i}=${title}`).join();
  const got = Array.isArray(list)
    ? list.map((o) => (isJsonObject(o) ? `${o.const}=${o.title}` : "?")).join()
    : "";
  expect(got === want, `options ${got}, expected ${want}`);
}

export async function elicitationForms(c: ModelCase): Promise<void> {
  const sid = await c.session(`conf-zc-ask-${process.pid}`);
  const ask = (id: string, args: JsonObject) => ({ toolCall: { id, name: "ask_user", arguments: args } });
  const answering = (check: (r: InboundRequest) => void, result: JsonObject) => ({
    onRequest(r: InboundRequest): JsonValue {
      expect(r.method === "elicitation/create" && r.params.sessionId === sid, `request ${preview(r)}`);
      check(r);
      return result;
    },
  });
  c.model.enqueue(ask("call_one", { question: "Which colour?", choices: ["red", "blue"] }), { text: "ok" });
  await c.client.turn(
    sid,
    "ask one",
    answering(
      (r) => {
        const [name, prop] = formProperty(r);
        expect(name === "choice" && prop.type === "string", `single choice ${preview(prop)}`);
        expectOptions(prop.oneOf, ["red", "blue"]);
      },
      { action: "accept", content: { choice: "choice-1" } },
    ),
  );
  expect(
    c.toolMessage("call_one").includes('"blue"') && !c.toolMessage("call_one").includes("choice-1"),
    `told ${c.toolMessage("call_one")}`,
  );

  const several = { question: "Which sizes?", choices: ["S", "M", "L"], multiple: true, max_items: 2 };
  c.model.enqueue(ask("call_many", several), { text: "ok" });
  await c.client.turn(
    sid,
    "ask several",
    answering(
      (r) => {
        const [name, prop] = formProperty(r);
        expect(
          name === "choices" && prop.type === "array" && prop.maxItems === 2,
          `several ${preview(prop)}`,
        );
        expectOptions((prop.items as JsonObject | undefined)?.anyOf, ["S", "M", "L"]);
      },
      { action: "accept", content: { choices: ["choice-0", "choice-2"] } },
    ),
  );
  expect(/"S"[\s\S]*"L"/.test(c.toolMessage("call_many")), `told ${c.toolMessage("call_many")}`);

  c.model.enqueue(ask("call_text", { question: "Your name?" }), { text: "ok" });
  await c.client.turn(
    sid,
    "ask free text",
    answering(
      (r) => {
        const [name, prop] = formProperty(r);
        expect(
          name === "answer" && prop.type === "string" && prop.oneOf === undefined,
          `free text ${preview(prop)}`,
        );
      },
      { action: "accept", content: { answer: "conformance-name" } },
    ),
  );
  expect(c.toolMessage("call_text").includes("conformance-name"), `told ${c.toolMessage("call_text")}`);
}
