// docs/methods.md: the method reference for client authors, generated from openrpc.json like the code
// in generated/ (and checked the same way by `npm run generate:check`). Every method with its
// direction, grant, params, result, errors and examples as wire lines; then every error code.
import {
  bareRef,
  derefSchema,
  errorVariants,
  exampleParams,
  implementedBy,
  isNotification,
  type JsonSchema,
  type MethodObject,
  type OpenRpcDocument,
} from "./document.js";

const BANNER =
  "<!-- Generated from openrpc.json by codegen/emit-docs.ts — do not edit. Run `npm run generate`. -->";
export const METHODS_DOC = "docs/methods.md";

/** The anchor GitHub gives a heading: lower case, punctuation other than _ and - dropped, spaces to -. */
const anchor = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, "")
    .replace(/ /g, "-");
const cell = (text: string): string => text.replace(/\|/g, "\\|").replace(/\n+/g, " ");

/** A schema as a short type expression: `string`, `"a" \| "b"`, `Foo[]`, `object`. */
export function typeOf(schema: JsonSchema | undefined): string {
  if (!schema || Object.keys(schema).length === 0) return "any";
  const ref = bareRef(schema) ?? (typeof schema.$ref === "string" ? schema.$ref.split("/").pop() : undefined);
  if (ref) return `[${ref}](#${anchor(`schema ${ref}`)})`;
  if ("const" in schema) return `\`${JSON.stringify(schema.const)}\``;
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => `\`${JSON.stringify(v)}\``).join(" \\| ");
  for (const key of ["oneOf", "anyOf"] as const) {
    const variants = schema[key];
    if (Array.isArray(variants)) return (variants as JsonSchema[]).map(typeOf).join(" \\| ");
  }
  if (schema.type === "array") return `${typeOf(schema.items as JsonSchema | undefined)}[]`;
  const type = Array.isArray(schema.type) ? schema.type.join(" \\| ") : String(schema.type ?? "any");
  const limits: string[] = [];
  for (const k of ["minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems", "pattern"]) {
    if (schema[k] !== undefined)
      limits.push(`${k} ${typeof schema[k] === "string" ? `\`${schema[k]}\`` : schema[k]}`);
  }
  return limits.length > 0 ? `${type} (${limits.join(", ")})` : type;
}

function fieldsTable(properties: Record<string, JsonSchema>, required: readonly string[]): string[] {
  const rows = Object.entries(properties).map(
    ([name, s]) =>
      `| \`${name}\` | ${typeOf(s)} | ${required.includes(name) ? "yes" : "no"} | ${cell(String(s.description ?? ""))} |`,
  );
  return ["| Name | Type | Required | Description |", "|---|---|---|---|", ...rows];
}

/** An error's data variants: the reason each fixes, its meaning and its other members. */
function variants(
  doc: OpenRpcDocument,
  name: string,
): { reason: string; description: string; props: Record<string, JsonSchema> }[] {
  const e = doc.components.errors[name];
  if (!e) return [];
  return errorVariants(doc, e).map(({ reason, schema }) => ({
    reason: String(reason),
    description: String(schema.description ?? ""),
    props: (schema.properties ?? {}) as Record<string, JsonSchema>,
  }));
}

/** The members of an object schema (its own, or the referenced component's), or undefined. */
function objectShape(
  doc: OpenRpcDocument,
  schema: JsonSchema,
): { props: Record<string, JsonSchema>; required: string[] } | undefined {
  const s = derefSchema(doc, schema);
  if (s.type !== "object" || typeof s.properties !== "object") return undefined;
  return {
    props: s.properties as Record<string, JsonSchema>,
    required: (s.required as string[] | undefined) ?? [],
  };
}

function methodSection(doc: OpenRpcDocument, m: MethodObject): string[] {
  const out: string[] = [`### \`${m.name}\``, ""];
  if (m.summary) out.push(m.summary, "");
  if (m.description) out.push(m.description, "");
  const client = implementedBy(m) === "client";
  const direction = client
    ? `daemon → client ${isNotification(m) ? "notification" : "request"}`
    : `client → daemon ${isNotification(m) ? "notification" : "request"}`;
  out.push(`- Direction: ${direction}`);
  if (!client) out.push(`- Grant: ${m["x-grant"] ? `\`${m["x-grant"]}\`` : "none"}`);
  if (m["x-local-only"]) out.push("- Local socket only (a gateway peer gets -32012 `local_only`)");
  out.push("", "**Params**", "");
  const whole = m["x-params-schema"];
  if (whole)
    out.push(
      bareRef(whole)
        ? `One object: ${typeOf(whole)}. Members:`
        : "One object with these members; which combinations are valid is its `x-params-schema` in openrpc.json.",
      "",
    );
  if (m.params.length === 0) out.push("none (`{}`)");
  else
    out.push(
      ...fieldsTable(
        Object.fromEntries(
          m.params.map((p) => [
            p.name,
            p.description ? { ...p.schema, description: p.description } : p.schema,
          ]),
        ),
        m.params.filter((p) => p.required).map((p) => p.name),
      ),
    );
  out.push("");
  if (m.result) {
    out.push(`**Result** \`${m.result.name}\`: ${typeOf(m.result.schema)}`, "");
    const shape = objectShape(doc, m.result.schema);
    if (shape) out.push(...fieldsTable(shape.props, shape.required), "");
  }
  if (m.errors && m.errors.length > 0) {
    out.push("**Errors**", "", "| Code | Name | Reasons |", "|---|---|---|");
    for (const { $ref } of m.errors) {
      const name = $ref.split("/").pop() ?? $ref;
      const e = doc.components.errors[name];
      if (!e) continue;
      const reasons = variants(doc, name)
        .map((v) => `\`${v.reason}\``)
        .join(", ");
      out.push(`| ${e.code} | [${name}](#${anchor(`error ${name}`)}) | ${reasons} |`);
    }
    out.push("");
  }
  for (const [i, ex] of (m.examples ?? []).entries()) {
    out.push(`**Example: ${ex.name}**`, "", "```json");
    // Daemon → client requests carry the daemon's own ids (zc-out-N).
    const id = client ? `zc-out-${i}` : i + 1;
    const params = exampleParams(ex);
    if (isNotification(m)) out.push(JSON.stringify({ jsonrpc: "2.0", method: m.name, params }));
    else {
      out.push(JSON.stringify({ jsonrpc: "2.0", id, method: m.name, params }));
      if (ex["x-error"])
        out.push(JSON.stringify({ jsonrpc: "2.0", id, error: { ...ex["x-error"], message: "…" } }));
      else if (ex.result) out.push(JSON.stringify({ jsonrpc: "2.0", id, result: ex.result.value }));
    }
    out.push("```", "");
  }
  return out;
}

export function emitMethodsDoc(doc: OpenRpcDocument): string {
  const daemon = doc.methods.filter((m) => implementedBy(m) === "daemon");
  const client = doc.methods.filter((m) => implementedBy(m) === "client");
  const toc = (ms: MethodObject[]) =>
    ms.map((m) => `- [\`${m.name}\`](#${anchor(m.name)}) — ${m.summary ?? ""}`);
  const out: string[] = [
    BANNER,
    "",
    `# ${doc.info.title} ${doc.info.version}: methods`,
    "",
    "Every method of the protocol, from [`openrpc.json`](../openrpc.json). The wire rules (framing, limits,",
    "envelope, handshake, errors) are in [protocol.md](protocol.md). Params are always by name (an object).",
    "Examples are NDJSON lines: what the client writes, then what the daemon answers (`message` elided).",
    "",
    "## Client → daemon",
    "",
    ...toc(daemon),
    "",
    "## Daemon → client",
    "",
    ...toc(client),
    "",
    "## Methods",
    "",
  ];
  for (const m of [...daemon, ...client]) out.push(...methodSection(doc, m));
  out.push(
    "## Errors",
    "",
    "Every error carries `data.reason`; the figures each reason adds are listed.",
    "",
  );
  for (const [name, e] of Object.entries(doc.components.errors)) {
    out.push(
      `### Error ${name}`,
      "",
      `Code ${e.code}: ${e.message}.`,
      "",
      "| Reason | Meaning | Figures |",
      "|---|---|---|",
    );
    for (const v of variants(doc, name)) {
      const figures = Object.entries(v.props)
        .filter(([k]) => k !== "reason")
        .map(([k, schema]) => `\`${k}\`: ${typeOf(schema)}`)
        .join(", ");
      out.push(`| \`${v.reason}\` | ${cell(v.description)} | ${figures} |`);
    }
    out.push("");
  }
  out.push("## Schemas", "");
  for (const [name, s] of Object.entries(doc.components.schemas)) {
    out.push(`### Schema ${name}`, "");
    if (typeof s.description === "string") out.push(s.description, "");
    const shape = objectShape(doc, s);
    if (shape) out.push(...fieldsTable(shape.props, shape.required), "");
    else out.push(`Type: ${typeOf({ ...s, description: undefined })}`, "");
  }
  return `${out
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trimEnd()}\n`;
}
