// The live config as dotted props (secrets arrive masked as "****" from config/get), editable one
// prop at a time with config/set when the principal holds config:update, read-only otherwise.
// [rpc] and [gateway] are read only at start-up, and the command line may override them (--gateway):
// where what the daemon runs with (status.in_effect) differs from the configured value, the row shows
// the value in effect and labels the configured one as applying at the next start.
import { useState } from "preact/hooks";
import { flatten } from "../format.js";
import type { State, Store } from "../store.js";

const MASK = "****";

/** Rows by their top-level table (gateway, providers, agents…), in document order. */
function groups(rows: [string, unknown][]): [string, [string, unknown][]][] {
  const by = new Map<string, [string, unknown][]>();
  for (const row of rows) {
    const group = row[0].split(".")[0] ?? row[0];
    by.set(group, [...(by.get(group) ?? []), row]);
  }
  return [...by];
}

export function ConfigPanel({ store, state }: { store: Store; state: State }) {
  return (
    <details class="card config" data-testid="config" open>
      <summary class="card-head">
        <h2>Config</h2>
        {state.configWritable === false && (
          <span class="badge" data-testid="config-readonly">
            read-only
          </span>
        )}
      </summary>
      {state.config === undefined ? (
        <p class="muted">Not readable with this token.</p>
      ) : (
        <div class="config-grid">
          {groups(flatten(state.config)).map(([group, rows]) => (
            <section key={group} class="config-group">
              <h3>{group}</h3>
              <table class="config-table">
                <tbody>
                  {rows.map(([prop, value]) => (
                    <ConfigRow
                      key={prop}
                      store={store}
                      prop={prop}
                      value={value}
                      inEffect={inEffectOf(state, prop)}
                      writable={state.configWritable === true}
                    />
                  ))}
                </tbody>
              </table>
            </section>
          ))}
        </div>
      )}
    </details>
  );
}

/** The start-up value of `prop` when the daemon runs with one different from the configured value. */
function inEffectOf(state: State, prop: string): { value: unknown } | undefined {
  const effective = state.status?.in_effect as Record<string, unknown> | undefined;
  if (!effective || !Object.hasOwn(effective, prop)) return undefined;
  return { value: effective[prop] };
}

const show = (v: unknown): string => (typeof v === "string" ? v : JSON.stringify(v));

function ConfigRow(props: {
  store: Store;
  prop: string;
  value: unknown;
  inEffect: { value: unknown } | undefined;
  writable: boolean;
}) {
  const { store, prop, value, writable } = props;
  const differs = props.inEffect !== undefined && show(props.inEffect.value) !== show(value);
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const secret = value === MASK;
  const shown = typeof value === "string" ? value : JSON.stringify(value);
  const save = async () => {
    if (draft === undefined) return;
    let parsed: unknown = draft;
    try {
      parsed = JSON.parse(draft);
    } catch {
      // not JSON: a plain string value
    }
    const err = await store.setConfig(prop, parsed);
    setError(err);
    if (!err) setDraft(undefined);
  };
  return (
    <tr data-prop={prop}>
      <td class="mono prop" title={prop}>
        {prop.slice(prop.indexOf(".") + 1)}
      </td>
      <td class={secret ? "mono secret" : "mono"}>
        {draft === undefined ? (
          secret ? (
            "•••• (secret)"
          ) : differs ? (
            <>
              <span data-testid="in-effect">{show(props.inEffect?.value)}</span>{" "}
              <span
                class="badge effect"
                title="read at start-up: this is what the running daemon uses; the configured value applies at the next start"
              >
                in effect · configured {shown}, applies at next start
              </span>
            </>
          ) : (
            shown
          )
        ) : (
          <form
            class="inline"
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <input
              aria-label={prop}
              value={draft}
              onInput={(e) => setDraft((e.target as HTMLInputElement).value)}
            />
            <button type="submit" class="primary">
              Save
            </button>
            <button type="button" class="ghost" onClick={() => setDraft(undefined)}>
              Cancel
            </button>
          </form>
        )}
        {error && <span class="error-line">{error}</span>}
      </td>
      <td class="edit">
        {writable && draft === undefined && !secret && (
          <button type="button" class="ghost" onClick={() => setDraft(shown)}>
            Edit
          </button>
        )}
      </td>
    </tr>
  );
}
