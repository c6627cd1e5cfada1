// What an elicitation/create asks, read from its requestedSchema (SPEC §13): one choice (`oneOf` of
// {const: "choice-<i>", title}), several (an array of `anyOf` options between minItems and maxItems),
// or free text. The card shows the titles and answers with the consts, as zerocode does.

export type Option = { value: string; title: string };

export type QuestionForm =
  | { kind: "text"; property: string }
  | { kind: "one"; property: string; options: Option[] }
  | { kind: "several"; property: string; options: Option[]; min: number; max: number };

type Prop = {
  type?: unknown;
  oneOf?: unknown;
  enum?: unknown;
  items?: { anyOf?: unknown };
  minItems?: unknown;
  maxItems?: unknown;
};

const optionsOf = (list: unknown): Option[] =>
  Array.isArray(list)
    ? list.flatMap((o: { const?: unknown; title?: unknown }) =>
        typeof o?.const === "string"
          ? [{ value: o.const, title: typeof o.title === "string" ? o.title : o.const }]
          : [],
      )
    : [];

export function questionForm(requestedSchema: unknown): QuestionForm {
  const properties = (requestedSchema as { properties?: Record<string, Prop> } | undefined)?.properties;
  const [property, prop] = Object.entries(properties ?? {})[0] ?? ["answer", {}];
  if (prop.type === "array") {
    const options = optionsOf(prop.items?.anyOf);
    const max = typeof prop.maxItems === "number" ? prop.maxItems : options.length;
    const min = typeof prop.minItems === "number" ? prop.minItems : 1;
    if (options.length > 0) return { kind: "several", property, options, min, max };
  }
  const one = optionsOf(prop.oneOf);
  if (one.length > 0) return { kind: "one", property, options: one };
  // A plain enum (another implementation's form) is still a list to pick from.
  if (Array.isArray(prop.enum)) {
    const options = prop.enum.map((v) => ({ value: String(v), title: String(v) }));
    return { kind: "one", property, options };
  }
  return { kind: "text", property };
}

/** The accept content for the picked values (or the typed text). */
export function acceptContent(form: QuestionForm, picked: string | string[]): Record<string, unknown> {
  return { [form.property]: picked };
}
