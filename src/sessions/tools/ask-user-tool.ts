// The `ask_user` tool (SPEC §7): asks the client that runs the turn a question through
// elicitation/create. The answer is whatever the client sends back; a client that never answers
// cannot hold the turn forever (askUserTimeoutMs), and a cancelled turn stops waiting at once. Either
// way the request is withdrawn, so nothing stays pending and a late answer is ignored as unknown.
import type { ElicitationCreateResult } from "../../../generated/types.js";
import { settleOnce } from "../settle-once.js";
import type { Tool, ToolContext } from "../tool.js";

export type AskUserOutput = ElicitationCreateResult | { action: "timeout" } | { error: string };

type AskUserArgs = { question: string; choices: string[] | undefined };

function parseArgs(args: unknown): AskUserArgs | undefined {
  if (typeof args !== "object" || args === null) return undefined;
  const { question, choices } = args as { question?: unknown; choices?: unknown };
  if (typeof question !== "string") return undefined;
  // Models often send null for an omitted optional argument; treat it as absent.
  if (choices === undefined || choices === null) return { question, choices: undefined };
  if (!Array.isArray(choices) || !choices.every((c): c is string => typeof c === "string")) return undefined;
  return { question, choices };
}

/**
 * The form the client shows: a single string `answer`, restricted to the choices when there are any.
 * An empty choices list would make an unanswerable enum, so it means free text.
 */
export function requestedSchemaFor(choices: readonly string[] | undefined): Record<string, unknown> {
  const answer =
    choices !== undefined && choices.length > 0 ? { type: "string", enum: [...choices] } : { type: "string" };
  return { type: "object", properties: { answer }, required: ["answer"] };
}

function ask(
  elicit: NonNullable<ToolContext["elicit"]>,
  args: AskUserArgs,
  ctx: ToolContext,
): Promise<AskUserOutput> {
  const { signal, limits } = ctx;
  if (signal.aborted) return Promise.resolve({ action: "cancel" });
  // Aborted once the tool has its output, however it got it: a no-op after an answer, a withdrawal
  // after a timeout or a cancel.
  const withdraw = new AbortController();
  return settleOnce<AskUserOutput>(
    (settle) => {
      // A late answer or rejection after a timeout/abort is ignored (settle is a no-op by then); the
      // handlers stay attached so a late rejection is never reported as unhandled.
      elicit(
        { message: args.question, requestedSchema: requestedSchemaFor(args.choices) },
        { signal: withdraw.signal },
      ).then(
        (result) => settle(result),
        (err: unknown) => settle({ error: err instanceof Error ? err.message : String(err) }),
      );
    },
    {
      signal,
      timeoutMs: limits.askUserTimeoutMs,
      onTimeout: (settle) => settle({ action: "timeout" }),
      onAbort: (settle) => settle({ action: "cancel" }),
      onSettled: () => withdraw.abort(),
    },
  );
}

export const askUserTool: Tool = {
  name: "ask_user",
  description:
    "Ask the user a question and wait for the answer. With choices, the user picks one of them. " +
    'Returns {action: "accept", content: {answer}} when answered, or action "decline", "cancel" or "timeout".',
  parameters: {
    type: "object",
    properties: {
      question: { type: "string" },
      choices: { type: "array", items: { type: "string" } },
    },
    required: ["question"],
  },
  async run(args: unknown, ctx: ToolContext): Promise<unknown> {
    const parsed = parseArgs(args);
    // Arguments come from the model unvalidated; a bad call is answered, not thrown.
    if (parsed === undefined) return { error: "ask_user needs {question: string, choices?: string[]}" };
    // Without the capability the request would be a protocol violation; the model is told instead.
    if (ctx.elicit === undefined)
      return { error: "the client cannot answer questions (no elicitation capability)" };
    return ask(ctx.elicit, parsed, ctx);
  },
};
