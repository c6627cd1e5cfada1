// src/errors.rs and src/client.rs of a generated crate. Errors: a struct per declared error (its
// `CODE`, `MESSAGE`, the server's message and typed `data`) and the crate's `Error` enum with a
// variant for each, plus `Rpc` (an undeclared error), `Transport` and `Json` (what every Error has is
// runtime/api.rs). Client: one method per method, typed arguments for by-position methods (by value,
// `&str`, `&[T]` or `&T`; `Option` when optional) and one `&<Params>` for by-name ones, sent as the
// document says; hooks (`handle_*`, `on_*`, `subscribe_*`) for the methods the server calls. Their
// Rust text is in templates: runtime/errors.rs.in and error.rs.in; client.rs.in, and a method's in
// call.rs.in, handle.rs.in or on.rs.in.
import type { Method } from "../../model/types.js";
import { rustString } from "../../quote/index.js";
import { localNames, type Rust } from "./render-types.js";
import { fill, rustdoc } from "./rustdoc.js";

/** Each declared error's variant in `Error` (the error type's name without `Error`). */
export function errorVariants(r: Rust): Map<string, string> {
  const take = localNames(r.names.table, ["Rpc", "Transport", "Json"]);
  const out = new Map<string, string>();
  for (const e of r.model.errors.values())
    out.set(e.name, take(r.names.errorType(e).replace(/(.)Error$/, "$1")));
  return out;
}

const calls = (m: Method): boolean => m.implementedBy === "server" && m.result !== undefined;
const uses = (text: string, model: Rust["model"]): string =>
  `${text.includes("IndexMap<") ? "use indexmap::IndexMap;\n" : ""}${model.types.size > 0 ? "#[allow(unused_imports)]\nuse crate::types::*;\n" : ""}`;

export function emitErrors(r: Rust, banner: string): string {
  const variants = errorVariants(r);
  const used = new Set(r.model.methods.flatMap((m) => (calls(m) ? m.errors : [])));
  const errors = [...r.model.errors.values()].map((e) => {
    const [name, variant, heading] = [r.names.errorType(e), variants.get(e.name)!, `${e.code}: ${e.message}`];
    const reasons = e.variants.map((v) => `\`${v.reason}\``).join(", ");
    const struct = fill("error.rs.in", {
      ...{ name, variant, code: String(e.code), message: rustString(e.message), declared: used.has(e.name) },
      doc: rustdoc([heading, e.docs.description, reasons && `\`data.reason\`: ${reasons}.`]),
      ...{ typed: e.data !== undefined, data: e.data ? r.type(e.data) : "Option<serde_json::Value>" },
    });
    return {
      struct: struct.trimEnd(),
      variant: `${rustdoc([heading], "    ")}    ${variant}(${name}),\n`,
      arm: `            Error::${variant}(e) => Some((${name}::CODE, &e.message)),\n`,
    };
  });
  const text = errors.map((e) => e.struct).join("\n\n");
  return fill("errors.rs.in", {
    ...{ banner, declared: used.size > 0, uses: uses(text, r.model), structs: text },
    variants: errors.map((e) => e.variant).join(""),
    arms: errors.map((e) => e.arm).join(""),
  });
}

const declared = (errors: string[], r: Rust): string =>
  `&[${errors.flatMap((n) => (r.model.errors.has(n) ? [`${r.names.errorType(r.model.errors.get(n)!)}::DECLARED`] : [])).join(", ")}]`;

/** A method's docs: summary, description, its by-position params, its wire name, notes. */
function methodDoc(m: Method, r: Rust, ...extra: string[]): string {
  const params = m.params
    .filter((p) => m.paramStructure === "by-position" && (p.docs.description ?? p.docs.summary) !== undefined)
    .map(
      (p) => `- \`${r.names.param(m, p.name).replace(/^r#/, "")}\`: ${p.docs.description ?? p.docs.summary}`,
    );
  const summary = m.docs.summary !== m.docs.description ? m.docs.summary : undefined;
  const wire = `Wire method \`${m.name.replaceAll("`", "'")}\`.`;
  return rustdoc([summary, m.docs.description, params.join("\n"), wire, ...extra], "    ");
}

/** How a method is called: its Rust parameters, the params it sends, and what a handler of it gets. */
function signature(m: Method, r: Rust): { sig: string[]; params: string; absent: string; hook: string } {
  if (m.paramStructure === "by-name") {
    const obj = m.paramsObject && r.model.types.get(m.paramsObject.name);
    const empty = obj?.kind === "object" && obj.members.length === 0 && obj.additional.kind !== "typed";
    if (!m.paramsObject || empty) return { sig: [], params: '"{}".to_owned()', absent: "{}", hook: "" };
    const t = r.names.type(m.paramsObject.name);
    return { sig: [`params: &${t}`], params: "json::to_string(params)?", absent: "{}", hook: t };
  }
  const parts = m.params.map((p) => {
    const name = r.names.param(m, p.name);
    const optional = !p.required || p.type.kind === "nullable";
    const { borrowed, owned } = r.param(p.type.kind === "nullable" ? p.type.type : p.type);
    const wrap = (t: string): string => (optional ? `Option<${t}>` : t);
    return {
      sig: `${name}: ${wrap(borrowed)}`,
      arg: optional ? `json::opt(${name})?` : `json::arg(&${name})?`,
      owned: wrap(owned),
    };
  });
  const hook = parts.length === 0 ? "" : `(${parts.map((p) => p.owned).join(", ")},)`;
  const params = `json::positional(vec![${parts.map((p) => p.arg).join(", ")}])`;
  return { sig: parts.map((p) => p.sig), params, absent: "[]", hook };
}

/** The last paragraph of each hook's docs. */
const NOTES = {
  handle:
    "The server calls it; `handler` answers on a thread of its own, so it may call the client. Unix sockets only: HTTP has no way back.",
  on: "Called on the reader thread, in wire order; it must not call the client. Unix sockets only: HTTP has no way back.",
  subscribe: "The same notifications queued on a channel (replaces any handler set before).",
};

export function emitClient(r: Rust, banner: string, o: { upload: boolean; zeroclaw: boolean }): string {
  const { model, names } = r;
  const taken = new Set(model.methods.map((m) => names.method(m).replace(/^r#/, "")));
  const hookName = (prefix: string, m: Method): string => {
    const base = `${prefix}_${names.method(m).replace(/^(r#|_+)/, "")}`;
    let n = base;
    for (let i = 2; taken.has(n); i++) n = names.table.clash(base, i);
    taken.add(n);
    return n;
  };
  const methods = model.methods.map((m) => {
    const c = signature(m, r);
    const doc = (...notes: string[]): string => methodDoc(m, r, ...notes);
    const result = m.result ? r.type(m.result.type) : "()";
    // `args`: what a hook's handler gets (none: the templates call it without arguments).
    const vars = { result, wire: rustString(m.name), absent: rustString(c.absent), args: c.hook };
    const piece = (template: string, more: Record<string, string | boolean>): string =>
      fill(template, { ...vars, ...more }).trimEnd();
    if (m.implementedBy === "client" && m.result)
      return piece("handle.rs.in", { name: hookName("handle", m), doc: doc(NOTES.handle) });
    if (m.implementedBy === "client") {
      const [name, subscribe] = [hookName("on", m), hookName("subscribe", m)];
      return piece("on.rs.in", { name, subscribe, doc: doc(NOTES.on), subscribe_doc: doc(NOTES.subscribe) });
    }
    return piece("call.rs.in", {
      ...{ name: names.method(m), deprecated: m.docs.deprecated === true, many: c.sig.length > 6 },
      ...{ sig: ["&self", ...c.sig].join(", "), params: c.params },
      doc: m.result ? doc() : doc("A notification: no answer comes."),
      errors: m.result ? declared(m.errors, r) : "", // none: a notification, sent with `notify`
    });
  });
  const text = methods.join("\n\n");
  // What runtime/upload.rs (Client::upload) returns and how it types errors.
  const commit = o.upload ? model.methods.find((m) => m.name === "file/upload/commit") : undefined;
  const uploadErrors = model.methods.flatMap((m) => (m.name.startsWith("file/upload/") ? m.errors : []));
  const rpc = ["self", ...(commit ? ["Declared"] : []), ...(/RpcError/.test(text) ? ["RpcError"] : [])];
  return fill("client.rs.in", {
    ...{ banner, json: /\bjson::/.test(text), uses: uses(text, model), methods: text },
    ...{ rpc: rpc.length > 1 ? `::{${rpc.join(", ")}}` : "", socket: o.zeroclaw && !model.servers[0] },
    // A document without methods or servers (open-rpc's `empty`) uses no Result: no unused import.
    result: /\bResult</.test(text) || model.servers[0] !== undefined || (o.zeroclaw && !model.servers[0]),
    upload: commit ? (commit.result ? r.type(commit.result.type) : "serde_json::Value") : "",
    upload_errors: declared([...new Set(uploadErrors)], r),
    url: model.servers[0] ? rustString(model.servers[0].defaultUrl) : "",
    doc: rustdoc([
      `A client for ${model.info.title} ${model.info.version}.`,
      model.info.description,
      "`Send + Sync`: share it between threads with an `Arc`. Dropping it closes the connection.",
    ]),
  });
}
