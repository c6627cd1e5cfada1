// How a turn's session/update stream looks to a person (chat and watch). Two shapes:
// - terminal: agent text streams on stdout as it arrives, thoughts dimmed, tool calls and results as
//   one compact line each;
// - plain (stdout is not a TTY): stdout carries the agent's text and nothing else, so
//   `echo hi | zeroclaw chat > reply.txt` is the reply; everything else is a tagged line on stderr.
import type { Style } from "./style.js";

export type Update = { sessionId: string; type: string; [key: string]: unknown };

type Out = { write(text: string): unknown };

const oneLine = (text: string, max: number): string => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** The part of a tool call a person wants to see: the command, the question, or compact JSON. */
export function describeToolInput(name: string, input: unknown, max = 100): string {
  const obj = typeof input === "object" && input !== null ? (input as Record<string, unknown>) : {};
  if (name === "bash" && typeof obj.command === "string") return `$ ${oneLine(obj.command, max)}`;
  if (name === "ask_user" && typeof obj.question === "string") return `? ${oneLine(obj.question, max)}`;
  return oneLine(JSON.stringify(input) ?? "", max);
}

/** A tool result in a few words: exit status and output size, the answer, or why it did not run. */
export function describeToolOutput(output: unknown, max = 80): string {
  if (typeof output !== "object" || output === null) return oneLine(String(output), max);
  const o = output as Record<string, unknown>;
  if (o.denied === true) return `denied${typeof o.reason === "string" ? ` (${o.reason})` : ""}`;
  if (typeof o.error === "string") return `error: ${oneLine(o.error, max)}`;
  if ("exit_code" in o) {
    const stdout = typeof o.stdout === "string" ? o.stdout : "";
    const lines = stdout === "" ? 0 : stdout.replace(/\n$/, "").split("\n").length;
    const status =
      o.timed_out === true ? "timed out" : o.signal ? `killed by ${o.signal}` : `exit ${o.exit_code}`;
    const first = stdout.trim() === "" ? "" : `: ${oneLine(stdout.split("\n")[0] ?? "", 60)}`;
    return `${status} · ${lines} line${lines === 1 ? "" : "s"}${first}`;
  }
  if (typeof o.action === "string") {
    const content = o.content as { answer?: unknown; answers?: unknown } | undefined;
    if (o.action !== "accept") return String(o.action);
    if (content?.answer !== undefined) return `answered ${JSON.stringify(content.answer)}`;
    // Several choices (ask_user with multiple: true).
    if (Array.isArray(content?.answers))
      return `answered ${content.answers.map((a) => JSON.stringify(a)).join(", ")}`;
    return String(o.action);
  }
  return oneLine(JSON.stringify(output), max);
}

export class UpdateRenderer {
  /** The cursor is at the start of a line on the terminal (or stdout's last text ended a line). */
  private atLineStart = true;
  /** What kind of streamed text the open line holds, so a switch starts a new line. */
  private streaming: "text" | "thought" | undefined;
  /** Plain mode: thought chunks gathered into one stderr line, written when something else comes. */
  private thought = "";

  constructor(
    private readonly tty: boolean,
    private readonly style: Style,
    /** The chat asks ask_user questions itself, so their tool_call line would only repeat them. */
    private readonly questionsInline = false,
    private readonly stdout: Out = process.stdout,
    private readonly stderr: Out = process.stderr,
  ) {}

  /** Ends an open streamed line, so the next output starts on a fresh one. */
  endLine(): void {
    if (!this.atLineStart) {
      this.stdout.write("\n");
      this.atLineStart = true;
    }
    this.streaming = undefined;
  }

  /** Ends a readline prompt line left open on the terminal (a question nobody answered there). */
  breakLine(): void {
    if (this.tty) this.stdout.write("\n");
  }

  /** A line about the conversation that is not the agent's text (notes, tool lines, errors). */
  note(text: string, tag = "note"): void {
    if (this.tty) {
      this.endLine();
      this.stdout.write(`${text}\n`);
    } else {
      this.stderr.write(`[${tag}] ${text}\n`);
    }
  }

  update(u: Update): void {
    const s = this.style;
    const type = u.type;
    if (type !== "agent_thought_chunk") this.flushThought();
    if (type === "agent_message_chunk") this.stream("text", String(u.text ?? ""));
    else if (type === "agent_thought_chunk") {
      if (this.tty) this.stream("thought", String(u.text ?? ""));
      // Plain mode keeps stdout for the reply; a run of thought chunks becomes one stderr line.
      else this.thought += String(u.text ?? "");
    } else if (type === "tool_call") {
      const name = String(u.name ?? "?");
      if (name === "ask_user" && this.questionsInline) return;
      this.note(s.cyan(`⚙ ${name} ${describeToolInput(name, u.rawInput)}`), "tool");
    } else if (type === "tool_result") {
      const name = String(u.name ?? "?");
      const text = describeToolOutput(u.rawOutput);
      const bad = /^(denied|error|timed out|killed)/.test(text) || /^exit [1-9]/.test(text);
      this.note((bad ? s.red : s.green)(`  ↳ ${name}: ${text}`), "result");
    } else if (type === "history_trimmed")
      this.note(
        s.dim(`(older history trimmed: ${u.droppedMessages} messages dropped, ${u.keptTurns} turns kept)`),
        "trimmed",
      );
    else if (type === "turn_complete") this.turnComplete(String(u.outcome), String(u.content ?? ""));
    // approval_request is asked by the caller; unknown types are ignored.
  }

  private flushThought(): void {
    if (this.thought.trim() !== "") this.stderr.write(`[thought] ${oneLine(this.thought, 2000)}\n`);
    this.thought = "";
  }

  private turnComplete(outcome: string, content: string): void {
    const s = this.style;
    if (this.tty) {
      this.endLine();
      if (outcome === "cancelled") this.stdout.write(`${s.yellow("(turn cancelled)")}\n`);
      else if (outcome === "failed") this.stdout.write(`${s.red(`turn failed: ${content}`)}\n`);
      return;
    }
    // The reply on stdout ends with a newline so each turn is one block of lines.
    this.endLine();
    if (outcome !== "completed") this.stderr.write(`[${outcome}] ${oneLine(content || outcome, 500)}\n`);
  }

  private stream(kind: "text" | "thought", text: string): void {
    if (text === "") return;
    if (this.streaming !== kind) this.endLine();
    this.streaming = kind;
    this.stdout.write(kind === "thought" ? this.style.dim(this.style.italic(text)) : text);
    this.atLineStart = text.endsWith("\n");
  }
}
