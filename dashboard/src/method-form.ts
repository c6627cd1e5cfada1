// The Methods view's logic, apart from the page: which methods a caller may call, and a form built
// from a method's params (its OpenRPC content descriptors, schemas resolved against the document's
// components). A field is a text box, a number box, a true/false choice or a list of an enum's values
// where the schema says so plainly, and JSON text otherwise (objects, arrays, unions).

export type Descriptor = { name: string; required?: boolean; description?: string; schema?: Schema };
export type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  description?: string;
  title?: string;
  [key: string]: unknown;
};
export type MethodDoc = {
  name: string;
  summary?: string;
  description?: string;
  params?: Descriptor[];
  "x-grant"?: string;
  "x-local-only"?: boolean;
  "x-implemented-by"?: string[];
};
export type Discovered = { methods: MethodDoc[]; components?: { schemas?: Record<string, Schema> } };

export type FieldKind = "string" | "number" | "integer" | "boolean" | "enum" | "json";
export type Field = {
  name: string;
  required: boolean;
  kind: FieldKind;
  options: string[];
  help: string;
};

const REF = "#/components/schemas/";

function resolve(schema: Schema | undefined, doc: Discovered): Schema {
  let s = schema ?? {};
  for (let hops = 0; s.$ref?.startsWith(REF) && hops < 32; hops++)
    s = doc.components?.schemas?.[s.$ref.slice(REF.length)] ?? {};
  return s;
}

function kindOf(s: Schema): { kind: FieldKind; options: string[] } {
  if (Array.isArray(s.enum) && s.enum.every((v) => typeof v === "string"))
    return { kind: "enum", options: s.enum as string[] };
  const t = Array.isArray(s.type) ? s.type.filter((x) => x !== "null") : [s.type];
  if (t.length === 1 && (t[0] === "string" || t[0] === "number" || t[0] === "integer" || t[0] === "boolean"))
    return { kind: t[0], options: [] };
  return { kind: "json", options: [] };
}

export function fieldsOf(method: MethodDoc, doc: Discovered): Field[] {
  return (method.params ?? []).map((p) => {
    const s = resolve(p.schema, doc);
    const { kind, options } = kindOf(s);
    return {
      name: p.name,
      required: p.required === true,
      kind,
      options,
      help: p.description ?? s.description ?? s.title ?? "",
    };
  });
}

/** The params object from what was typed: empty optional fields left out, numbers and JSON parsed. */
export function paramsFrom(
  fields: readonly Field[],
  values: Record<string, string>,
): { params: Record<string, unknown> } | { error: string } {
  const params: Record<string, unknown> = {};
  for (const f of fields) {
    const text = values[f.name] ?? "";
    if (text === "") {
      if (f.required) return { error: `${f.name} is required` };
      continue;
    }
    if (f.kind === "string" || f.kind === "enum") params[f.name] = text;
    else if (f.kind === "boolean") params[f.name] = text === "true";
    else if (f.kind === "number" || f.kind === "integer") {
      const n = Number(text);
      if (!Number.isFinite(n) || (f.kind === "integer" && !Number.isInteger(n)))
        return { error: `${f.name} must be ${f.kind === "integer" ? "an integer" : "a number"}` };
      params[f.name] = n;
    } else {
      try {
        params[f.name] = JSON.parse(text);
      } catch {
        return { error: `${f.name} is not valid JSON` };
      }
    }
  }
  return { params };
}

/** Methods a client may call (the daemon's own requests to clients left out), grouped by namespace. */
export function callable(doc: Discovered, allowed: ReadonlySet<string>): [string, MethodDoc[]][] {
  const groups = new Map<string, MethodDoc[]>();
  for (const m of doc.methods) {
    if ((m["x-implemented-by"] ?? []).includes("client") || m.name === "initialize") continue;
    if (!allowed.has(m.name)) continue;
    const slash = m.name.indexOf("/");
    const group = slash === -1 ? "daemon" : m.name.slice(0, slash);
    groups.set(group, [...(groups.get(group) ?? []), m]);
  }
  return [...groups];
}
