// The two things a turn may ask the person at the terminal, answered with the next input line:
// approving a tool (y once / a always / n reject) and an ask_user question (a choice or free text).
// Questions are asked one at a time, in the order they arrive.
import type { ApprovalDecision, ElicitationCreateResult } from "../../../generated/types.js";
import type { LineInput } from "./line-input.js";
import { describeToolInput, type UpdateRenderer } from "./render.js";
import type { Style } from "./style.js";

/** One option of a choice form (SPEC §13): the wire id and the text a person reads. */
type Option = { const?: unknown; title?: unknown };

type SchemaProperty = {
  type?: string;
  enum?: unknown[];
  description?: string;
  title?: string;
  /** One choice: zerocode's form, `{const: "choice-<i>", title}` each. */
  oneOf?: Option[];
  /** Several choices: `items.anyOf` of the same options, between minItems and maxItems of them. */
  items?: { anyOf?: Option[] };
  minItems?: number;
  maxItems?: number;
};

/** The options a person picks from, as values to send and texts to show; undefined when free text. */
function optionsOf(
  prop: SchemaProperty,
): { values: unknown[]; texts: string[]; several: boolean } | undefined {
  const several = prop.type === "array";
  const options = several ? prop.items?.anyOf : prop.oneOf;
  if (Array.isArray(options) && options.length > 0)
    return {
      values: options.map((o) => o.const),
      texts: options.map((o) => String(o.title ?? o.const)),
      several,
    };
  // A plain enum (any other client's form) still reads as a list to pick from.
  if (Array.isArray(prop.enum)) return { values: prop.enum, texts: prop.enum.map(String), several: false };
  return undefined;
}

export class Questions {
  private chain: Promise<unknown> = Promise.resolve();
  /** Bumped when a turn ends: questions of an earlier generation are no longer asked. */
  private generation = 0;
  private asking: "approval" | "question" | undefined;
  /** Set when the approval on screen was decided by another client. */
  private settled = false;

  constructor(
    private readonly input: LineInput,
    private readonly render: UpdateRenderer,
    private readonly style: Style,
  ) {}

  /**
   * Serializes: each question waits for the one before it to be answered. A question whose turn
   * ended before it was reached resolves with `stale` without asking.
   */
  private queue<T>(kind: "approval" | "question", ask: () => Promise<T>, stale: T): Promise<T> {
    const generation = this.generation;
    const run = async (): Promise<T> => {
      if (generation !== this.generation) return stale;
      this.asking = kind;
      try {
        return await ask();
      } finally {
        this.asking = undefined;
      }
    };
    const next = this.chain.then(run, run);
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** The turn is over: the question on screen and those queued behind it are dropped. */
  abandon(): void {
    this.generation++;
    if (this.asking && this.input.isWaiting) this.input.cancelWait();
  }

  /**
   * The turn moved on (an update arrived) while an approval was on screen: another client (a chat, a
   * watcher) decided it, since a turn emits nothing while it waits for one. The question is dropped.
   */
  turnMovedOn(): void {
    if (this.asking !== "approval" || !this.input.isWaiting) return;
    // Said now, synchronously, so the line comes before the update that follows the decision.
    this.render.breakLine();
    this.render.note(this.style.dim("(approval decided by another client)"), "approval");
    this.settled = true;
    this.input.cancelWait();
  }

  /**
   * The decision; "settled" when another client decided first, "no_answer" when input ended first
   * (the chat then rejects; a watcher leaves it to whoever runs the turn).
   */
  approval(toolName: string, rawInput: unknown): Promise<ApprovalDecision | "no_answer" | "settled"> {
    return this.queue(
      "approval",
      async () => {
        const s = this.style;
        this.render.note(
          s.yellow(`approve ${toolName} ${describeToolInput(toolName, rawInput, 200)}?`),
          "approval",
        );
        for (;;) {
          const line = await this.input.next(s.yellow("[y] once  [a] always  [n] reject › "));
          if (this.settled) {
            this.settled = false;
            return "settled";
          }
          if (line === null) return "no_answer";
          const answer = line.trim().toLowerCase();
          if (answer === "y" || answer === "yes") return "allow_once";
          if (answer === "a" || answer === "always") return "allow_always";
          if (answer === "n" || answer === "no") return "reject";
          this.render.note("answer y (allow once), a (allow always) or n (reject)", "approval");
        }
      },
      "settled",
    );
  }

  /** An elicitation/create form: each property asked in turn; /decline or /cancel give up. */
  elicitation(message: string, requestedSchema: unknown): Promise<ElicitationCreateResult> {
    return this.queue(
      "question",
      async () => {
        const s = this.style;
        this.render.note(s.magenta(`? ${message}`), "question");
        const schema = (requestedSchema ?? {}) as { properties?: Record<string, SchemaProperty> };
        const properties = Object.entries(schema.properties ?? { answer: { type: "string" } });
        const content: Record<string, unknown> = {};
        for (const [name, prop] of properties) {
          const options = optionsOf(prop);
          if (options)
            this.render.note(options.texts.map((c, i) => `  ${i + 1}) ${c}`).join("\n"), "choices");
          const label = properties.length > 1 ? `${prop.title ?? name}` : "answer";
          const range = options
            ? ` [1-${options.texts.length}${options.several ? ", several with commas" : ""}]`
            : "";
          for (;;) {
            const line = await this.input.next(s.magenta(`${label}${range} › `));
            if (line === null || line.trim() === "/cancel") return { action: "cancel" };
            if (line.trim() === "/decline") return { action: "decline" };
            const value = options ? pickOptions(line.trim(), options, prop) : parseAnswer(line.trim(), prop);
            if (value !== undefined) {
              content[name] = value;
              break;
            }
            this.render.note(
              options
                ? `pick ${options.several ? "numbers" : "a number"} 1-${options.texts.length} or type ${options.several ? "choices" : "a choice"} (/decline, /cancel)`
                : `expected a ${prop.type ?? "value"} (/decline, /cancel)`,
              "question",
            );
          }
        }
        return { action: "accept", content };
      },
      { action: "cancel" } as ElicitationCreateResult,
    );
  }
}

/** A pick by number (1-based) or by text: one value, or several separated by commas. */
function pickOptions(
  text: string,
  options: { values: unknown[]; texts: string[]; several: boolean },
  prop: SchemaProperty,
): unknown {
  const pick = (part: string): unknown => {
    const n = Number(part);
    if (Number.isInteger(n) && n >= 1 && n <= options.values.length) return options.values[n - 1];
    const i = options.texts.indexOf(part);
    return i >= 0 ? options.values[i] : undefined;
  };
  if (!options.several) return pick(text);
  const picked = text === "" ? [] : text.split(",").map((p) => pick(p.trim()));
  if (picked.some((v) => v === undefined)) return undefined;
  const min = prop.minItems ?? 0;
  const max = prop.maxItems ?? options.values.length;
  return picked.length >= min && picked.length <= max ? picked : undefined;
}

function parseAnswer(text: string, prop: SchemaProperty): unknown {
  if (prop.type === "number" || prop.type === "integer") {
    const n = Number(text);
    if (text === "" || !Number.isFinite(n) || (prop.type === "integer" && !Number.isInteger(n)))
      return undefined;
    return n;
  }
  if (prop.type === "boolean") {
    if (/^(y|yes|true)$/i.test(text)) return true;
    if (/^(n|no|false)$/i.test(text)) return false;
    return undefined;
  }
  return text;
}
