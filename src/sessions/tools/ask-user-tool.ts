// The `ask_user` tool (SPEC §7, §13): asks the client that runs the turn a question through
// elicitation/create, in the form zeroclaw's own daemon uses and zerocode renders (one choice, several
// choices, or free text), and maps a `choice-<i>` answer back to the i-th choice's text. A client that
// never answers cannot hold the turn forever (askUserTimeoutMs), and a cancelled turn stops waiting at
// once. Either way the request is withdrawn, so nothing stays pending and a late answer is ignored.
import type { ElicitationCreateResult } from "../../../generated/types.js";
import { settleOnce } from "../settle-once.js";
import type { Tool, ToolContext } from "../tool.js";

export type AskUserOutput =
  | { action: "accept"; content: { answer: string } | { answers: string[] } }
  | { action: "decline" | "cancel" | "timeout" }
  | { error: string };

type AskUserArgs = {
  question: string;
  choices: string[] | undefined;
  multiple: boolean;
  minItems: number | undefined;
  maxItems: number | undefined;
};

const CHOICE = /^choice-(0|[1-9][0-9]*)$/;
const ACTIONS: ReadonlySet<unknown> = new Set(["accept", "decline", "cancel"]);

function parseArgs(args: unknown): AskUserArgs | undefined {
  if (typeof args !== "object" || args === null) return undefined;
  const a = args as Record<string, unknown>;
  if (typeof a.question !== "string") return undefined;
  // Models often send null for an omitted optional argument; treat it as absent.
  const given = (v: unknown): unknown => (v === null ? undefined : v);
  const choices = given(a.choices);
  if (choices !== undefined && (!Array.isArray(choices) || !choices.every((c) => typeof c === "string")))
    return undefined;
  const multiple = given(a.multiple) ?? false;
  const count = (v: unknown): boolean => v === undefined || (Number.isInteger(v) && (v as number) >= 0);
  const minItems = given(a.min_items);
  const maxItems = given(a.max_items);
  if (typeof multiple !== "boolean" || !count(minItems) || !count(maxItems)) return undefined;
  return {
    question: a.question,
    // An empty list would make an unanswerable form, so it means free text.
    choices: choices !== undefined && (choices as string[]).length > 0 ? (choices as string[]) : undefined,
    multiple,
    minItems: minItems as number | undefined,
    maxItems: maxItems as number | undefined,
  };
}

const options = (choices: readonly string[]) => choices.map((title, i) => ({ const: `choice-${i}`, title }));

/**
 * The form the client shows (elicitation/create's requestedSchema, SPEC §13): `choice` (one of the
 * choices, as oneOf of {const: "choice-<i>", title}), `choices` (several, as an array of anyOf) or
 * `answer` (free text).
 */
export function requestedSchemaFor(
  args: Pick<AskUserArgs, "choices" | "multiple" | "minItems" | "maxItems">,
) {
  const { choices } = args;
  if (choices === undefined)
    return { type: "object", properties: { answer: { type: "string" } }, required: ["answer"] };
  if (!args.multiple)
    return {
      type: "object",
      properties: { choice: { type: "string", title: "Choice", oneOf: options(choices) } },
      required: ["choice"],
    };
  const maxItems = Math.min(args.maxItems ?? choices.length, choices.length);
  const minItems = Math.min(args.minItems ?? 1, maxItems);
  return {
    type: "object",
    properties: {
      choices: { type: "array", title: "Choices", minItems, maxItems, items: { anyOf: options(choices) } },
    },
    required: ["choices"],
  };
}

/** The text of `choice-<i>`, or undefined when it names no choice. */
function choiceText(choices: readonly string[], id: unknown): string | undefined {
  const m = typeof id === "string" ? CHOICE.exec(id) : null;
  return m ? choices[Number(m[1])] : undefined;
}

/** The client's answer as the tool reports it: choices mapped back to their text, anything else refused. */
export function answerOf(args: AskUserArgs, result: ElicitationCreateResult | null): AskUserOutput {
  // The Peer settles on any result, `null` included (SPEC §3): an answer that is no elicitation result
  // settles the tool as a refusal, never as an acceptance, and never throws inside the daemon.
  const action = (result as { action?: unknown } | null)?.action;
  if (result === null || typeof result !== "object" || !ACTIONS.has(action))
    return { error: `the client answered ${JSON.stringify(result)}, which is no elicitation result` };
  if (result.action !== "accept") return { action: result.action };
  const content = (result.content ?? {}) as Record<string, unknown>;
  const { choices } = args;
  if (choices === undefined) {
    return typeof content.answer === "string"
      ? { action: "accept", content: { answer: content.answer } }
      : { error: "the client accepted without an answer" };
  }
  if (!args.multiple) {
    const text = choiceText(choices, content.choice);
    return text !== undefined
      ? { action: "accept", content: { answer: text } }
      : { error: `the client answered ${JSON.stringify(content.choice)}, which is none of the choices` };
  }
  const picked = Array.isArray(content.choices)
    ? content.choices.map((c) => choiceText(choices, c))
    : undefined;
  if (picked === undefined || picked.some((t) => t === undefined))
    return {
      error: `the client answered ${JSON.stringify(content.choices)}, which are not all among the choices`,
    };
  return { action: "accept", content: { answers: picked as string[] } };
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
        { message: args.question, requestedSchema: requestedSchemaFor(args) },
        { signal: withdraw.signal },
      ).then(
        (result) => settle(answerOf(args, result)),
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
    "Ask the user a question and wait for the answer. With choices, the user picks one of them (or, with " +
    'multiple: true, between min_items and max_items of them). Returns {action: "accept", content: {answer}} ' +
    '(content: {answers} for several choices), or action "decline", "cancel" or "timeout".',
  parameters: {
    type: "object",
    properties: {
      question: { type: "string" },
      choices: { type: "array", items: { type: "string" } },
      multiple: { type: "boolean", description: "Let the user pick several of the choices." },
      min_items: { type: "integer", minimum: 0 },
      max_items: { type: "integer", minimum: 1 },
    },
    required: ["question"],
  },
  async run(args: unknown, ctx: ToolContext): Promise<unknown> {
    const parsed = parseArgs(args);
    // Arguments come from the model unvalidated; a bad call is answered, not thrown.
    if (parsed === undefined)
      return {
        error:
          "ask_user needs {question: string, choices?: string[], multiple?: boolean, min_items?: integer, max_items?: integer}",
      };
    // Without the capability the request would be a protocol violation; the model is told instead.
    if (ctx.elicit === undefined)
      return { error: "the client cannot answer questions (no elicitation capability)" };
    return ask(ctx.elicit, parsed, ctx);
  },
};
