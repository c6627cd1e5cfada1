// docs/methods.md: the method reference for client authors, generated from openrpc.json like the code
// in generated/ (and checked the same way by `npm run generate:check`). Every method with its
// direction, grant, params, result, errors and examples as wire lines; then every error code.
import type { Decl, Json, Member, Method, Model, Param, Type } from "../model/types.js";

const BANNER =
  "<!-- Generated from openrpc.json by codegen/zeroclaw/emit-docs.ts — do not edit. Run `npm run generate`. -->";
export const METHODS_DOC = "docs/methods.md";

/** The anchor GitHub gives a heading: lower case, punctuation other than _ and - dropped, spaces to -. */
const anchor = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, "")
    .replace(/ /g, "-");
const cell = (text: string): string => text.replace(/\|/g, "\\|").replace(/\n+/g, " ");

/** A type as a short expression: `string`, `"a" \\| "b"`, `Foo[]`, a link to a named schema. */
export function typeOf(model: Model, t: Type | undefined): string {
  if (t === undefined) return "any";
  switch (t.kind) {
    case "ref": {
      const d = model.types.get(t.name);
      if (d === undefined || d.origin.kind === "component")
        return `[${t.name}](#${anchor(`schema ${t.name}`)})`;
      return declType(model, d);
    }
    case "literal":
      return `\`${JSON.stringify(t.value)}\``;
    case "array":
      return `${typeOf(model, t.items)}[]`;
    case "tuple":
      return `[${t.items.map((i) => typeOf(model, i)).join(", ")}]`;
    case "map":
      return "object";
    case "nullable":
      return `${typeOf(model, t.type)} \\| null`;
    case "any":
      return "any";
    case "string":
      return limits("string", [
        ["minLength", t.minLength],
        ["maxLength", t.maxLength],
        ["pattern", t.pattern],
      ]);
    case "number":
    case "integer":
      return limits(t.kind, [
        ["minimum", t.minimum],
        ["maximum", t.maximum],
      ]);
    default:
      return t.kind;
  }
}

function limits(type: string, pairs: [string, number | string | undefined][]): string {
  const shown = pairs
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k} ${typeof v === "string" ? `\`${v}\`` : v}`);
  return shown.length > 0 ? `${type} (${shown.join(", ")})` : type;
}

/** What a declaration is, as an expression (objects are tables, not expressions). */
function declType(model: Model, d: Decl): string {
  switch (d.kind) {
    case "enum":
      return d.values.map((v) => `\`${JSON.stringify(v.value)}\``).join(" \\| ");
    case "tagged":
      return d.variants.map((v) => typeOf(model, v.type)).join(" \\| ");
    case "union":
      return d.variants.map((v) => typeOf(model, v)).join(" \\| ");
    case "alias":
      return typeOf(model, d.type);
    case "object":
      return "object";
  }
}

type Row = { name: string; type: Type; required: boolean; description?: string };

function fieldsTable(model: Model, rows: Row[]): string[] {
  return [
    "| Name | Type | Required | Description |",
    "|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| \`${r.name}\` | ${typeOf(model, r.type)} | ${r.required ? "yes" : "no"} | ${cell(r.description ?? "")} |`,
    ),
  ];
}

const memberRow = (m: Member | Param): Row => ({
  name: m.name,
  type: m.type,
  required: m.required,
  ...(m.docs.description !== undefined ? { description: m.docs.description } : {}),
});

/** The members of the object a type is (through a ref and aliases), or undefined. */
function objectOf(model: Model, t: Type | undefined): Member[] | undefined {
  let cur = t;
  for (let hops = 0; hops < 16 && cur?.kind === "ref"; hops++) {
    const d = model.types.get(cur.name);
    if (d?.kind === "object") return d.members;
    cur = d?.kind === "alias" ? d.type : undefined;
  }
  return undefined;
}

const exampleParams = (
  params: { name: string; value: Json | undefined }[],
): Record<string, Json | undefined> => Object.fromEntries(params.map((p) => [p.name, p.value]));

function methodSection(model: Model, m: Method): string[] {
  const out: string[] = [`### \`${m.name}\``, ""];
  if (m.docs.summary) out.push(m.docs.summary, "");
  if (m.docs.description) out.push(m.docs.description, "");
  const client = m.implementedBy === "client";
  const kind = m.result === undefined ? "notification" : "request";
  out.push(`- Direction: ${client ? "daemon → client" : "client → daemon"} ${kind}`);
  if (!client) out.push(`- Grant: ${m.annotations.grant ? `\`${m.annotations.grant}\`` : "none"}`);
  if (m.annotations.localOnly) out.push("- Local socket only (a gateway peer gets -32012 `local_only`)");
  out.push("", "**Params**", "");
  const whole = m.paramsObject ? model.types.get(m.paramsObject.name) : undefined;
  if (m.extensions["x-params-schema"] !== undefined)
    out.push(
      whole?.origin.kind === "component"
        ? `One object: ${typeOf(model, m.paramsObject)}. Members:`
        : "One object with these members; which combinations are valid is its `x-params-schema` in openrpc.json.",
      "",
    );
  if (m.params.length === 0) out.push("none (`{}`)");
  else out.push(...fieldsTable(model, m.params.map(memberRow)));
  out.push("");
  if (m.result) {
    out.push(`**Result** \`${m.result.name}\`: ${typeOf(model, m.result.type)}`, "");
    const members = objectOf(model, m.result.type);
    if (members) out.push(...fieldsTable(model, members.map(memberRow)), "");
  }
  if (m.errors.length > 0) {
    out.push("**Errors**", "", "| Code | Name | Reasons |", "|---|---|---|");
    for (const name of m.errors) {
      const e = model.errors.get(name);
      if (!e) continue;
      const reasons = e.variants.map((v) => `\`${v.reason}\``).join(", ");
      out.push(`| ${e.code} | [${name}](#${anchor(`error ${name}`)}) | ${reasons} |`);
    }
    out.push("");
  }
  for (const [i, ex] of m.examples.entries()) {
    out.push(`**Example: ${ex.name}**`, "", "```json");
    // Daemon → client requests carry the daemon's own ids (zc-out-N).
    const id = client ? `zc-out-${i}` : i + 1;
    const params = exampleParams(ex.params);
    if (m.result === undefined) out.push(JSON.stringify({ jsonrpc: "2.0", method: m.name, params }));
    else {
      out.push(JSON.stringify({ jsonrpc: "2.0", id, method: m.name, params }));
      if (ex.error) out.push(JSON.stringify({ jsonrpc: "2.0", id, error: { ...ex.error, message: "…" } }));
      else if (ex.result) out.push(JSON.stringify({ jsonrpc: "2.0", id, result: ex.result.value }));
    }
    out.push("```", "");
  }
  return out;
}

export function emitMethodsDoc(model: Model): string {
  const daemon = model.methods.filter((m) => m.implementedBy === "server");
  const client = model.methods.filter((m) => m.implementedBy === "client");
  const toc = (ms: Method[]) =>
    ms.map((m) => `- [\`${m.name}\`](#${anchor(m.name)}) — ${m.docs.summary ?? ""}`);
  const out: string[] = [
    BANNER,
    "",
    `# ${model.info.title} ${model.info.version}: methods`,
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
  for (const m of [...daemon, ...client]) out.push(...methodSection(model, m));
  out.push(
    "## Errors",
    "",
    "Every error carries `data.reason`; the figures each reason adds are listed.",
    "",
  );
  for (const e of model.errors.values()) {
    out.push(
      `### Error ${e.name}`,
      "",
      `Code ${e.code}: ${e.message}.`,
      "",
      "| Reason | Meaning | Figures |",
      "|---|---|---|",
    );
    for (const v of e.variants) {
      const members = objectOf(model, v.type) ?? [];
      const figures = members
        .filter((x) => x.name !== "reason")
        .map((x) => `\`${x.name}\`: ${typeOf(model, x.type)}`)
        .join(", ");
      out.push(`| \`${v.reason}\` | ${cell(v.description ?? "")} | ${figures} |`);
    }
    out.push("");
  }
  out.push("## Schemas", "");
  for (const name of model.schemaSources.keys()) {
    const d = model.types.get(name);
    if (d === undefined) continue;
    out.push(`### Schema ${name}`, "");
    if (d.docs.description !== undefined) out.push(d.docs.description, "");
    if (d.kind === "object") out.push(...fieldsTable(model, d.members.map(memberRow)), "");
    else out.push(`Type: ${declType(model, d)}`, "");
  }
  return `${out
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trimEnd()}\n`;
}
