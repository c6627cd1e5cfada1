import { isJsonObject, type JsonObject, type JsonValue, preview } from "../wire/json.js";
import { type CaseContext, CaseFailure, type ConformanceCase } from "./case.js";
import type { ScriptedModel } from "./compat-model.js";
import type { InboundRequest, ZeroclawClient } from "./compat-session.js";
import { withScriptedAgents } from "./compat-turns.js";

/**
 * Approvals and elicitation in the zeroclaw dialect, judged the same against any daemon whose
 * agents `tool` and `ask` ask for approval of bash and for a choice of red, green or blue
 * (SPEC §13). zeroclaw's own test harness has such agents built in; for a daemon with model
 * providers of its own (this repository's), the same config.toml also gives those agents a
 * scripted model (compat-model.ts) that calls bash and ask_user. What the agent was told comes
 * back in the turn's text: zeroclaw's agent says "approval for bash: Deny", a model-driven daemon
 * reports the tool's result.
 */

const AGENTS = ["tool", "ask"] as const;
type Agent = (typeof AGENTS)[number];

class AgentsCase {
  private constructor(
    readonly model: ScriptedModel,
    readonly client: ZeroclawClient,
    private readonly runId: string,
  ) {}

  static run(context: CaseContext, body: (c: AgentsCase) => Promise<void>): Promise<void> {
    return withScriptedAgents(context, AGENTS, (model, client) =>
      body(new AgentsCase(model, client, context.runId ?? "local")),
    );
  }

  async session(agent: Agent, name: string): Promise<string> {
    const id = `conf-${this.runId}-zc-${name}`;
    const r = await this.client.call("session/new", {
      agent_alias: agent,
      cwd: null,
      session_id: id,
      tui_id: null,
    });
    if (r.session_id !== id) throw new CaseFailure(`session/new answered ${preview(r)}`);
    return id;
  }
}

function expect(condition: boolean, what: string): void {
  if (!condition) throw new CaseFailure(what);
}

/** Everything the turn said in words: message chunks, tool results, the final content. */
function said(updates: readonly JsonObject[]): string {
  return updates
    .filter((u) => u.type !== "approval_request")
    .map((u) => [u.text, u.raw_output, u.content].filter((v) => typeof v === "string").join(" "))
    .join(" ");
}

const DENIED = /\bden(y|ied)|reject/i;

function approvalDecision(decision: string, denied: boolean, strayFirst = false) {
  return async (c: AgentsCase): Promise<void> => {
    const sid = await c.session("tool", `approve-${decision}${strayFirst ? "-stray" : ""}`);
    c.model.enqueue(
      { toolCall: { id: "call_1", name: "bash", arguments: { command: "echo conformance-approved" } } },
      { text: "done" },
    );
    const asked: JsonObject[] = [];
    const updates = await c.client.turn(sid, "go", {
      onUpdate(u) {
        if (u.type !== "approval_request") return;
        asked.push(u);
        // A decision for a request that is not pending is acknowledged and changes nothing.
        if (strayFirst)
          c.client.send("session/approve", {
            session_id: sid,
            request_id: "conf-not-pending",
            decision: "reject",
          });
        c.client.send("session/approve", { session_id: sid, request_id: u.request_id as string, decision });
      },
    });
    expect(asked.length === 1, `${decision}: ${asked.length} approval_request updates, expected 1`);
    expect(asked[0]?.tool_name === "bash", `${decision}: approval_request ${preview(asked[0])}`);
    const last = updates.at(-1);
    expect(last?.outcome === "completed", `${decision}: the turn ended ${preview(last)}`);
    const words = said(updates);
    expect(
      denied ? DENIED.test(words) : !DENIED.test(words) && /approve/i.test(words),
      `${decision}: the agent was told ${denied ? "nothing of a denial" : "something else than an approval"}: ${words}`,
    );
  };
}

function answering(sid: string, result: JsonObject, seen: InboundRequest[]) {
  return {
    onRequest(r: InboundRequest): JsonValue {
      seen.push(r);
      expect(r.method === "elicitation/create", `unexpected request ${preview(r)}`);
      expect(
        r.params.sessionId === sid && r.params.mode === "form" && r.params.message === "Pick one",
        `elicitation/create ${preview(r.params)}`,
      );
      const schema = r.params.requestedSchema;
      const choice =
        isJsonObject(schema) && isJsonObject(schema.properties) ? schema.properties.choice : undefined;
      const options = isJsonObject(choice) && Array.isArray(choice.oneOf) ? choice.oneOf : [];
      const expected = ["red", "green", "blue"].map((title, i) => `choice-${i}=${title}`).join(",");
      const actual = options
        .map((o) => (isJsonObject(o) ? `${String(o.const)}=${String(o.title)}` : "?"))
        .join(",");
      expect(actual === expected, `requestedSchema's choice options are ${actual}, expected ${expected}`);
      return result;
    },
  };
}

const ASK = {
  toolCall: {
    id: "ask_1",
    name: "ask_user",
    arguments: { question: "Pick one", choices: ["red", "green", "blue"] },
  },
};

async function elicitationAccepted(c: AgentsCase): Promise<void> {
  const sid = await c.session("ask", "choose");
  c.model.enqueue(ASK, { text: "done" });
  const seen: InboundRequest[] = [];
  const accepted = await c.client.turn(
    sid,
    "go",
    answering(sid, { action: "accept", content: { choice: "choice-1" } }, seen),
  );
  expect(seen.length === 1, `${seen.length} elicitation/create requests, expected 1`);
  expect(accepted.at(-1)?.outcome === "completed", `the turn ended ${preview(accepted.at(-1))}`);
  const words = said(accepted);
  expect(
    /green/.test(words) && !/\b(red|blue)\b/.test(words),
    `choice-1 answered: the agent was told ${words}`,
  );
}

async function elicitationDeclined(c: AgentsCase): Promise<void> {
  const sid = await c.session("ask", "decline");
  c.model.enqueue(ASK, { text: "done" });
  const seen: InboundRequest[] = [];
  const declined = await c.client.turn(sid, "go", answering(sid, { action: "decline" }, seen));
  expect(seen.length === 1, `${seen.length} elicitation/create requests, expected 1`);
  expect(declined.at(-1)?.outcome === "completed", `the declined turn ended ${preview(declined.at(-1))}`);
  expect(!/\b(red|green|blue)\b/.test(said(declined)), `declined: the agent was told ${said(declined)}`);
}

const SEED_ONLY =
  "the seed's approvals and ask_user are judged by compat/zeroclaw-tool-calls-and-approvals and compat/zeroclaw-elicitation-forms, with this daemon's scripted model";

export function zeroclawAgentCases(): ConformanceCase[] {
  const agentsCase = (
    name: string,
    title: string,
    run: (c: AgentsCase) => Promise<void>,
  ): ConformanceCase => ({
    name: `compat/${name}`,
    area: "compat",
    methods: ["session/new", "session/prompt", "session/approve"],
    title,
    needs: { kind: "daemon-launcher" },
    dialects: ["zeroclaw"],
    notApplicable: SEED_ONLY,
    run: (context) => AgentsCase.run(context, run),
  });
  const APPROVAL =
    "an agent's tool call waits for approval: one approval_request {request_id, tool_name, arguments_summary, timeout_secs}; the decision reaches the agent and the turn completes (SPEC §13; zeroclaw dispatch.rs handle_session_approve, approval_channel.rs)";
  return [
    agentsCase(
      "zeroclaw-approval-allow-once",
      `${APPROVAL}: allow_once`,
      approvalDecision("allow_once", false),
    ),
    agentsCase("zeroclaw-approval-reject", `${APPROVAL}: reject`, approvalDecision("reject", true)),
    agentsCase(
      "zeroclaw-approval-reject-once",
      `${APPROVAL}: zerocode's reject_once`,
      approvalDecision("reject_once", true),
    ),
    agentsCase(
      "zeroclaw-approval-allow-always",
      `${APPROVAL}: allow_always`,
      approvalDecision("allow_always", false),
    ),
    agentsCase(
      "zeroclaw-approval-stray-decision-ignored",
      `${APPROVAL}: a reject for a request that is not pending, sent first, is acknowledged and changes nothing`,
      approvalDecision("allow_once", false, true),
    ),
    agentsCase(
      "zeroclaw-elicitation-choice",
      "an agent's choice is asked with elicitation/create {sessionId, mode: form, message, requestedSchema} whose options are choice-<i> titled by the choices; the answer reaches the agent as the chosen title (SPEC §13; zeroclaw approval_channel.rs request_choice)",
      elicitationAccepted,
    ),
    agentsCase(
      "zeroclaw-elicitation-declined",
      "an elicitation/create answered with decline reaches the agent as no choice, and the turn completes (SPEC §13; zeroclaw approval_channel.rs request_choice)",
      elicitationDeclined,
    ),
  ];
}
