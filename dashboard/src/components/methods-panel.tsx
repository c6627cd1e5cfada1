// The Methods view, an explorer like the MCP inspector's: every method this principal may call, grouped
// by namespace, with its summary; choosing one shows its params as a form built from their schemas
// (method-form.ts), and Call sends it and shows the result or the JSON-RPC error as JSON.
import { useState } from "preact/hooks";
import { callable, type Field, fieldsOf, type MethodDoc, paramsFrom } from "../method-form.js";
import type { CallOutcome, State, Store } from "../store.js";

export function MethodsPanel({ store, state }: { store: Store; state: State }) {
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const loaded = state.methods;
  const groups = loaded ? callable(loaded.doc, new Set(loaded.allowed)) : [];
  const method = groups.flatMap(([, ms]) => ms).find((m) => m.name === selected);
  return (
    <details
      class="card methods"
      data-testid="methods"
      onToggle={(e) => {
        if ((e.currentTarget as HTMLDetailsElement).open && !state.methods) void store.loadMethods();
      }}
    >
      <summary class="card-head">
        <h2>Methods</h2>
        {loaded && <span class="muted">{groups.reduce((n, [, ms]) => n + ms.length, 0)} you may call</span>}
      </summary>
      {!loaded ? (
        <p class="muted">Loading…</p>
      ) : (
        <div class="methods-grid">
          <nav class="method-list" aria-label="methods">
            {groups.map(([group, ms]) => (
              <section key={group}>
                <h3>{group}</h3>
                <ul>
                  {ms.map((m) => (
                    <li key={m.name}>
                      <button
                        type="button"
                        class={m.name === selected ? "method selected" : "method"}
                        aria-pressed={m.name === selected}
                        onClick={() => setSelected(m.name)}
                      >
                        <code>{m.name}</code>
                        {m.summary && <span class="muted"> {m.summary}</span>}
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </nav>
          {method ? (
            <MethodForm
              key={method.name}
              store={store}
              method={method}
              fields={fieldsOf(method, loaded.doc)}
            />
          ) : (
            <p class="muted">Choose a method to call it.</p>
          )}
        </div>
      )}
    </details>
  );
}

function MethodForm(props: { store: Store; method: MethodDoc; fields: Field[] }) {
  const { store, method, fields } = props;
  const [values, setValues] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [outcome, setOutcome] = useState<CallOutcome | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const set = (name: string, value: string) => setValues({ ...values, [name]: value });

  const submit = async (e: Event) => {
    e.preventDefault();
    const built = paramsFrom(fields, values);
    if ("error" in built) {
      setProblem(built.error);
      return;
    }
    setProblem(undefined);
    setBusy(true);
    setOutcome(await store.callMethod(method.name, built.params));
    setBusy(false);
  };

  return (
    <form class="method-form" data-testid="method-form" onSubmit={submit}>
      <h3>
        <code>{method.name}</code>
        {method["x-grant"] && <span class="badge">{method["x-grant"]}</span>}
      </h3>
      {method.description && <p class="muted">{method.description}</p>}
      {fields.length === 0 && <p class="muted">No params.</p>}
      {fields.map((f) => (
        <div key={f.name} class="method-field">
          <label for={`param-${f.name}`}>
            {f.name}
            {f.required && <abbr title="required"> *</abbr>}
            {f.help && <span class="muted"> — {f.help}</span>}
          </label>
          <FieldInput field={f} value={values[f.name] ?? ""} onInput={(v) => set(f.name, v)} />
        </div>
      ))}
      {problem && (
        <p class="error-line" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" disabled={busy}>
        Call
      </button>
      {outcome && (
        <pre class={outcome.ok ? "call-result" : "call-result call-error"} data-testid="call-result">
          {JSON.stringify(outcome.ok ? outcome.result : { error: outcome.error }, null, 2)}
        </pre>
      )}
    </form>
  );
}

function FieldInput(props: { field: Field; value: string; onInput: (v: string) => void }) {
  const { field, value, onInput } = props;
  const aria = field.name;
  const id = `param-${field.name}`;
  if (field.kind === "enum" || field.kind === "boolean") {
    const options = field.kind === "boolean" ? ["true", "false"] : field.options;
    return (
      <select
        aria-label={aria}
        value={value}
        onChange={(e) => onInput((e.currentTarget as HTMLSelectElement).value)}
      >
        <option value="">{field.required ? "choose…" : "(not sent)"}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  }
  if (field.kind === "json")
    return (
      <textarea
        id={id}
        aria-label={aria}
        rows={3}
        placeholder="JSON"
        value={value}
        onInput={(e) => onInput((e.currentTarget as HTMLTextAreaElement).value)}
      />
    );
  const onText = (e: Event) => onInput((e.currentTarget as HTMLInputElement).value);
  if (field.kind === "string")
    return <input id={id} aria-label={aria} type="text" value={value} onInput={onText} />;
  return (
    <input
      id={id}
      aria-label={aria}
      type="number"
      step={field.kind === "integer" ? 1 : "any"}
      value={value}
      onInput={onText}
    />
  );
}
