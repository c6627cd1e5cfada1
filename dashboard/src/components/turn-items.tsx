// One row of a transcript (stored) or of a live turn (streaming): the same look for both.
import type { TranscriptMessage } from "../../../generated/types.js";
import { preview } from "../format.js";
import type { LiveItem } from "../live.js";

/** A stored tool row's content is JSON ({id, name, arguments} or the output): its name and a readable body. */
function toolRow(content: string): { name: string | undefined; body: string } {
  try {
    const v = JSON.parse(content) as { name?: unknown; arguments?: unknown; output?: unknown };
    if (v && typeof v === "object" && typeof v.name === "string") {
      const args = typeof v.arguments === "string" ? safeParse(v.arguments) : v.arguments;
      return { name: v.name, body: preview(args ?? v.output ?? v) };
    }
    return { name: undefined, body: preview(v) };
  } catch {
    return { name: undefined, body: content };
  }
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function TranscriptRow({ m }: { m: TranscriptMessage }) {
  if (m.kind === "tool_call" || m.kind === "tool_result") {
    const { name, body } = toolRow(m.content);
    return (
      <details class={`item ${m.kind}`} data-seq={m.seq}>
        <summary>
          <span class="tag">{m.kind === "tool_call" ? "tool call" : "result"}</span>
          {name && <b>{name}</b>}
          <span class="mono ellipsis muted">{body.replace(/\s+/g, " ").slice(0, 140)}</span>
        </summary>
        <pre>{body}</pre>
      </details>
    );
  }
  return (
    <div class={`item msg role-${m.role} kind-${m.kind}`} data-seq={m.seq}>
      <span class="who">{m.kind === "thought" ? "thinking" : m.role}</span>
      <div class="body">{m.content}</div>
    </div>
  );
}

export function LiveRow({ item }: { item: LiveItem }) {
  switch (item.kind) {
    case "text":
      return (
        <div class="item msg role-assistant" data-testid="live-text">
          <span class="who">assistant</span>
          <div class="body">{item.text}</div>
        </div>
      );
    case "thought":
      return (
        <div class="item msg kind-thought">
          <span class="who">thinking</span>
          <div class="body">{item.text}</div>
        </div>
      );
    case "tool_call":
      return (
        <div class="item tool_call" data-testid="live-tool-call">
          <span class="tag">tool call</span> <b>{item.name}</b>
          <pre>{preview(item.input)}</pre>
        </div>
      );
    case "tool_result":
      return (
        <div class="item tool_result" data-testid="live-tool-result">
          <span class="tag">result</span> <b>{item.name}</b>
          <pre>{preview(item.output)}</pre>
        </div>
      );
    case "trimmed":
      return (
        <div class="item marker muted">
          history trimmed: {item.dropped} messages dropped, {item.kept} turns kept
        </div>
      );
    case "complete":
      return (
        <div class={`item marker outcome-${item.outcome}`} data-testid="turn-complete">
          turn {item.outcome}
        </div>
      );
  }
}
