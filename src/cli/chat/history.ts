// /history in zeroclaw chat: the session's display transcript (session/messages), page by page.
import type { ZeroclawClient } from "../../../generated/client.js";
import type { TranscriptMessage } from "../../../generated/types.js";
import { describeToolInput, describeToolOutput } from "./render.js";
import type { Style } from "./style.js";

const PAGE = 1000;

export async function printHistory(
  client: ZeroclawClient,
  sessionId: string,
  style: Style,
  tty: boolean,
  out: { write(text: string): unknown } = process.stdout,
): Promise<void> {
  let after = 0;
  for (;;) {
    const page = await client.sessionMessages({ session_id: sessionId, after_seq: after, limit: PAGE });
    for (const m of page.messages) out.write(`${formatMessage(m, style, tty)}\n`);
    const last = page.messages.at(-1);
    if (!last || page.messages.length < PAGE) break;
    after = last.seq;
  }
}

const parse = (text: string): Record<string, unknown> => {
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === "object" && v !== null ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

export function formatMessage(m: TranscriptMessage, style: Style, tty: boolean): string {
  const tag = (label: string): string => (tty ? "" : `[${label}] `);
  switch (m.kind) {
    case "message":
      if (m.role === "user") return `${tag("you")}${style.bold(style.blue("you › "))}${m.content}`;
      if (m.role === "system") return `${tag("system")}${style.red(m.content)}`;
      return `${tag("agent")}${m.content}`;
    case "thought":
      return `${tag("thought")}${style.dim(style.italic(m.content))}`;
    case "tool_call": {
      const c = parse(m.content);
      const name = String(c.name ?? "?");
      const args = typeof c.arguments === "string" ? parse(c.arguments) : c.arguments;
      return `${tag("tool")}${style.cyan(`⚙ ${name} ${describeToolInput(name, args)}`)}`;
    }
    case "tool_result": {
      const r = parse(m.content);
      const output = typeof r.output === "string" && r.output.startsWith("{") ? parse(r.output) : r.output;
      return `${tag("result")}${style.green(`  ↳ ${String(r.name ?? "?")}: ${describeToolOutput(output)}`)}`;
    }
    default:
      return `${tag("marker")}${style.yellow(m.content)}`;
  }
}
