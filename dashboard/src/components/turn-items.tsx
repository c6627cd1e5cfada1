// One row of a transcript (stored) or of a live turn (streaming): the same look for both. Tool calls
// and results are collapsible blocks: a one-line summary (the command, "exit 0 · 3 lines"), and the
// input or output laid out for reading, open at once when it is short. A cancelled or failed turn ends
// with a marked row.
import type { TranscriptMessage } from "../../../generated/types.js";
import { pretty, summarizeInput, summarizeOutput } from "../format.js";
import type { LiveItem } from "../live.js";

/** Shorter bodies than this many lines are shown open; longer ones start folded. */
const OPEN_BELOW_LINES = 12;

function ToolBlock(props: {
  kind: "tool_call" | "tool_result";
  name: string;
  value: unknown;
  testId?: string;
  seq?: number;
}) {
  const { kind, name, value } = props;
  const body = pretty(value);
  const summary =
    kind === "tool_call" ? { text: summarizeInput(name, value), bad: false } : summarizeOutput(value);
  return (
    <details
      class={`item tool ${kind}`}
      open={body.split("\n").length < OPEN_BELOW_LINES}
      data-testid={props.testId}
      data-seq={props.seq}
    >
      <summary>
        <span class="tag">{kind === "tool_call" ? "tool call" : "result"}</span>
        <b>{name}</b>
        <span class={`mono ellipsis ${summary.bad ? "bad" : "muted"}`}>{summary.text}</span>
      </summary>
      <pre>{body}</pre>
    </details>
  );
}

/** A stored tool row's content is JSON: {id, name, arguments} for a call, {id, name, output} for a result. */
function toolRow(content: string): { name: string; value: unknown } {
  try {
    const v = JSON.parse(content) as { name?: unknown; arguments?: unknown; output?: unknown };
    if (v && typeof v === "object" && typeof v.name === "string")
      return { name: v.name, value: "arguments" in v ? v.arguments : v.output };
    return { name: "tool", value: v };
  } catch {
    return { name: "tool", value: content };
  }
}

const CANCELLED = "The turn was cancelled.";

export function TranscriptRow({ m }: { m: TranscriptMessage }) {
  if (m.kind === "tool_call" || m.kind === "tool_result") {
    const { name, value } = toolRow(m.content);
    return <ToolBlock kind={m.kind} name={name} value={value} seq={m.seq} />;
  }
  if (m.kind === "marker") {
    const cancelled = m.content === CANCELLED;
    return (
      <div
        class={`item marker outcome-${cancelled ? "cancelled" : "interrupted"}`}
        data-seq={m.seq}
        data-testid="turn-marker"
      >
        {cancelled ? "⊘ turn cancelled" : `⚠ ${m.content}`}
      </div>
    );
  }
  // A system message in the transcript is the reason a turn failed.
  if (m.role === "system" && m.kind === "message") {
    return (
      <div class="item marker outcome-failed" data-seq={m.seq} data-testid="turn-marker">
        ✕ {m.content.startsWith("turn failed") ? m.content : `turn failed: ${m.content}`}
      </div>
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
      return <ToolBlock kind="tool_call" name={item.name} value={item.input} testId="live-tool-call" />;
    case "tool_result":
      return <ToolBlock kind="tool_result" name={item.name} value={item.output} testId="live-tool-result" />;
    case "trimmed":
      return (
        <div class="item marker muted">
          history trimmed: {item.dropped} messages dropped, {item.kept} turns kept
        </div>
      );
    case "complete":
      return (
        <div class={`item marker outcome-${item.outcome}`} data-testid="turn-complete">
          {item.outcome === "cancelled"
            ? "⊘ turn cancelled"
            : item.outcome === "failed"
              ? `✕ turn failed${item.content ? `: ${item.content}` : ""}`
              : "turn completed"}
        </div>
      );
  }
}
