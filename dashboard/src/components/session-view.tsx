// The selected session: its transcript (paged, oldest first within a page), the live turn streaming
// in below it, and the prompt box that runs a turn from the page.
import { useEffect, useRef, useState } from "preact/hooks";
import { PAGE_SIZE, type State, type Store } from "../store.js";
import { LiveRow, TranscriptRow } from "./turn-items.js";

export function SessionView({ store, state }: { store: Store; state: State }) {
  const sid = state.selected;
  const [text, setText] = useState("");
  const scroller = useRef<HTMLDivElement>(null);
  const live = sid ? state.live[sid] : undefined;
  const t = state.transcript?.sessionId === sid ? state.transcript : undefined;
  const pages = t ? Math.max(1, Math.ceil(t.total / PAGE_SIZE)) : 1;
  const onLastPage = !t || t.page >= pages - 1;

  // Follow the stream while the newest page is shown.
  useEffect(() => {
    const el = scroller.current;
    if (el && onLastPage) el.scrollTop = el.scrollHeight;
  }, [live, t, onLastPage]);

  if (!sid) {
    return (
      <section class="card session-view empty-view">
        <p class="muted">Select a session, or create one, to see its transcript and live turns.</p>
      </section>
    );
  }
  const busy = state.prompting.includes(sid) || live?.running === true;
  // The stored transcript already holds a finished turn: show the live block only while it runs.
  const showLive = live && (live.running || !t) && onLastPage;
  // Rows of the running turn are stored as it goes; past its prompt they are what the live block shows.
  const runningTurn =
    showLive && live.running ? t?.messages.findLast((m) => m.role === "user")?.turn_id : undefined;
  const rows = t?.messages.filter(
    (m) => runningTurn == null || m.turn_id !== runningTurn || m.role === "user",
  );
  return (
    <section class="card session-view" data-testid="session-view">
      <div class="card-head">
        <h2 class="mono ellipsis">{sid}</h2>
        <div class="pager">
          {state.conn?.canSubscribe ? (
            <span class="badge live-badge" title="session/subscribe">
              ● live
            </span>
          ) : (
            <span class="badge" title="this daemon has no session/subscribe">
              own turns only
            </span>
          )}
          <button
            type="button"
            class="ghost"
            disabled={!t || t.page === 0}
            onClick={() => t && void store.loadPage(sid, t.page - 1)}
          >
            ‹ Older
          </button>
          <span class="muted" data-testid="page">
            {t ? `page ${t.page + 1}/${pages} · ${t.total} messages` : "loading…"}
          </span>
          <button
            type="button"
            class="ghost"
            disabled={onLastPage}
            onClick={() => t && void store.loadPage(sid, t.page + 1)}
          >
            Newer ›
          </button>
        </div>
      </div>
      <div class="transcript" ref={scroller} data-testid="transcript">
        {rows?.map((m) => (
          <TranscriptRow key={m.seq} m={m} />
        ))}
        {showLive && (
          <div class={live.running ? "live running" : "live"} data-testid="live">
            {/* items only ever append, so their index is a stable key */}
            {live.items.map((item, i) => (
              <LiveRow key={i} item={item} />
            ))}
            {live.running && <span class="cursor" aria-hidden="true" />}
          </div>
        )}
      </div>
      <form
        class="prompt"
        onSubmit={(e) => {
          e.preventDefault();
          const prompt = text.trim();
          if (!prompt) return;
          setText("");
          void store.prompt(sid, prompt);
        }}
      >
        <textarea
          aria-label="prompt"
          placeholder={busy ? "A turn is running…" : "Send a prompt to this session (Ctrl+Enter)"}
          value={text}
          rows={2}
          onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.ctrlKey || e.metaKey))
              (e.currentTarget.form as HTMLFormElement).requestSubmit();
          }}
        />
        {busy ? (
          <button type="button" class="danger" onClick={() => void store.cancel(sid)}>
            Cancel turn
          </button>
        ) : (
          <button type="submit" class="primary" disabled={!text.trim()}>
            Send
          </button>
        )}
      </form>
    </section>
  );
}
