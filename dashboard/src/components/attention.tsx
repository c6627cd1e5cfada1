// What is waiting for a person: tool approvals (Allow once / Always / Reject) and ask_user questions,
// for any session this page sees, newest last.
import { useState } from "preact/hooks";
import { preview } from "../format.js";
import type { Approval } from "../live.js";
import { acceptContent } from "../question-form.js";
import type { Question, State, Store } from "../store.js";

export function Attention({ store, state }: { store: Store; state: State }) {
  if (state.approvals.length === 0 && state.questions.length === 0) return null;
  return (
    <section class="attention" aria-label="waiting for you">
      {state.approvals.map((a) => (
        <ApprovalCard key={a.requestId} store={store} approval={a} />
      ))}
      {state.questions.map((q) => (
        <QuestionCard key={q.id} question={q} />
      ))}
    </section>
  );
}

function ApprovalCard({ store, approval }: { store: Store; approval: Approval }) {
  return (
    <div class="card approval" data-testid="approval">
      <div class="card-head">
        <h3>
          Allow <b>{approval.toolName}</b>?
        </h3>
        <span class="muted mono">{approval.sessionId}</span>
      </div>
      <pre>{preview(approval.rawInput)}</pre>
      <div class="actions">
        <button type="button" class="primary" onClick={() => void store.approve(approval, "allow_once")}>
          Allow once
        </button>
        <button type="button" onClick={() => void store.approve(approval, "allow_always")}>
          Always
        </button>
        <button type="button" class="danger" onClick={() => void store.approve(approval, "reject")}>
          Reject
        </button>
      </div>
    </div>
  );
}

function QuestionCard({ question }: { question: Question }) {
  const [text, setText] = useState("");
  const [picked, setPicked] = useState<string[]>([]);
  const { form } = question;
  const accept = (value: string | string[]) =>
    question.answer({ action: "accept", content: acceptContent(form, value) });
  const toggle = (value: string) =>
    setPicked(picked.includes(value) ? picked.filter((v) => v !== value) : [...picked, value]);
  const enough = form.kind !== "several" || (picked.length >= form.min && picked.length <= form.max);
  return (
    <form
      class="card question"
      data-testid="question"
      onSubmit={(e) => {
        e.preventDefault();
        if (form.kind === "text") accept(text);
        else if (form.kind === "several" && enough)
          accept(form.options.map((o) => o.value).filter((v) => picked.includes(v)));
      }}
    >
      <div class="card-head">
        <h3>The agent asks</h3>
        <span class="muted mono">{question.sessionId}</span>
      </div>
      <p class="question-text">{question.message}</p>
      <div class="actions">
        {form.kind === "one" &&
          form.options.map((o) => (
            <button key={o.value} type="button" class="primary" onClick={() => accept(o.value)}>
              {o.title}
            </button>
          ))}
        {form.kind === "several" && (
          <>
            {form.options.map((o) => (
              <label key={o.value} class="choice">
                <input type="checkbox" checked={picked.includes(o.value)} onChange={() => toggle(o.value)} />
                {o.title}
              </label>
            ))}
            <button type="submit" class="primary" disabled={!enough}>
              Answer
            </button>
          </>
        )}
        {form.kind === "text" && (
          <>
            <input
              aria-label="answer"
              value={text}
              onInput={(e) => setText((e.target as HTMLInputElement).value)}
              placeholder="Your answer"
            />
            <button type="submit" class="primary">
              Answer
            </button>
          </>
        )}
        <button type="button" class="ghost" onClick={() => question.answer({ action: "decline" })}>
          Decline
        </button>
      </div>
    </form>
  );
}
