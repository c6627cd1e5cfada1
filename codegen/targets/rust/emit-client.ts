// src/errors.rs and src/client.rs of a generated crate. Errors: a struct per declared error (its
// `CODE`, `MESSAGE`, the server's message and typed `data`) and the crate's `Error` enum with a
// variant for each, plus `Rpc` (an undeclared error), `Transport` and `Json` (what every Error has is
// runtime/api.rs). Client: one method per method, typed arguments for by-position methods (by value,
// `&str`, `&[T]` or `&T`; `Option` when optional) and one `&<Params>` for by-name ones, sent as the
// document says; hooks (`handle_*`, `on_*`, `subscribe_*`) for the methods the server calls.
import type { Method } from "../../model/types.js";
import { localNames, type Rust } from "./render-types.js";
import { rustdoc, rustStr } from "./rustdoc.js";

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
  const errors = [...r.model.errors.values()];
  const structs = errors.map((e) => {
    const [name, variant] = [r.names.errorType(e), variants.get(e.name)!];
    const reasons =
      e.variants.length > 0 ? `\`data.reason\`: ${e.variants.map((v) => `\`${v.reason}\``).join(", ")}.` : "";
    return `${rustdoc([`${e.code}: ${e.message}`, e.docs.description, reasons])}#[derive(Debug, Clone, PartialEq)]
pub struct ${name} {
    /// The message the server sent.
    pub message: String,
    /// The error's \`data\`${e.data === undefined ? " (the document does not type it)" : ""}.
    pub data: ${e.data === undefined ? "Option<serde_json::Value>" : r.type(e.data)},
}

impl ${name} {
    pub const CODE: i64 = ${e.code};
    pub const MESSAGE: &'static str = ${rustStr(e.message)};${
      used.has(e.name)
        ? `\n    pub(crate) const DECLARED: Declared<Error> = Declared {\n        code: Self::CODE,\n        message: Self::MESSAGE,\n        build: |e| match serde_json::from_value(e.data.clone().unwrap_or_default()) {\n            Ok(data) => Ok(Error::${variant}(${name} { message: e.message, data })),\n            Err(_) => Err(e),\n        },\n    };`
        : ""
    }
}`;
  });
  const text = structs.join("\n\n");
  const arms = errors.map(
    (e) =>
      `            Error::${variants.get(e.name)}(e) => Some((${r.names.errorType(e)}::CODE, &e.message)),\n`,
  );
  return `${banner}
//! The crate's [\`Error\`], and every error the document declares as a type.

use crate::runtime::rpc::{${used.size > 0 ? "Declared, " : ""}RpcError, TransportError};
${uses(text, r.model)}
/// What a call fails with: an error the method declares (its type, with typed \`data\`), another
/// error response, or the transport.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
${errors.map((e) => `${rustdoc([`${e.code}: ${e.message}`], "    ")}    ${variants.get(e.name)}(${r.names.errorType(e)}),\n`).join("")}    /// An error response the method does not declare, or whose \`data\` is not what it declares.
    Rpc(RpcError),
    /// No answer: the connection or the HTTP exchange failed.
    Transport(TransportError),
    /// Params that do not encode, or a result that does not decode as its type.
    Json(serde_json::Error),
}

impl Error {
    /// The code and the server's message of a declared error.
    pub(crate) fn declared(&self) -> Option<(i64, &str)> {
${arms.length > 0 ? `        match self {\n${arms.join("")}            _ => None,\n        }` : "        None"}
    }
}
${text ? `\n${text}\n` : ""}`;
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
    if (
      !m.paramsObject ||
      (obj?.kind === "object" && obj.members.length === 0 && obj.additional.kind !== "typed")
    )
      return { sig: [], params: '"{}".to_owned()', absent: "{}", hook: "" };
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
  return {
    sig: parts.map((p) => p.sig),
    params: `json::positional(vec![${parts.map((p) => p.arg).join(", ")}])`,
    absent: "[]",
    hook,
  };
}

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
    const result = m.result ? r.type(m.result.type) : "()";
    const wire = rustStr(m.name);
    if (m.implementedBy === "client") {
      const [p, wrap] = c.hook
        ? [c.hook, "handler"]
        : ["serde_json::Value", "move |_: serde_json::Value| handler()"];
      const hook = (kind: string, sig: string, body: string, ...notes: string[]): string =>
        `${methodDoc(m, r, ...notes)}    pub fn ${hookName(kind, m)}${sig} {\n${body}\n    }`;
      if (m.result)
        return hook(
          "handle",
          `<F>(&self, handler: F)\n    where\n        F: Fn(${c.hook}) -> Result<${result}, RpcError> + Send + Sync + 'static,\n   `,
          `        let handler = rpc::request_handler(${rustStr(c.absent)}, ${wrap});\n        self.connection.on_request(${wire}, handler);`,
          "The server calls it; `handler` answers on a thread of its own, so it may call the client. Unix sockets only: HTTP has no way back.",
        );
      const on = hook(
        "on",
        `<F>(&self, handler: F)\n    where\n        F: Fn(${c.hook}) + Send + Sync + 'static,\n   `,
        `        let handler = rpc::notification_handler(${rustStr(c.absent)}, ${wrap});\n        self.connection.on_notification(${wire}, handler);`,
        "Called on the reader thread, in wire order; it must not call the client. Unix sockets only: HTTP has no way back.",
      );
      return `${on}\n\n${hook(
        "subscribe",
        `(&self) -> std::sync::mpsc::Receiver<${p}>`,
        `        let (send, receiver) = rpc::channel();\n        let handler = rpc::notification_handler(${rustStr(c.absent)}, send);\n        self.connection.on_notification(${wire}, handler);\n        receiver`,
        "The same notifications queued on a channel (replaces any handler set before).",
      )}`;
    }
    const attrs = `${m.docs.deprecated ? "    #[deprecated]\n" : ""}${c.sig.length > 6 ? "    #[allow(clippy::too_many_arguments)]\n" : ""}`;
    const body = m.result
      ? `self.call(${wire}, params, ${declared(m.errors, r)})`
      : `self.notify(${wire}, params)`;
    return `${methodDoc(m, r, ...(m.result ? [] : ["A notification: no answer comes."]))}${attrs}    pub fn ${names.method(m)}(${["&self", ...c.sig].join(", ")}) -> Result<${result}> {
        let params = ${c.params};
        ${body}
    }`;
  });
  const commit = model.methods.find((m) => m.name === "file/upload/commit");
  // What runtime/upload.rs (Client::upload) returns and how it types errors.
  const upload =
    o.upload && commit
      ? `/// What \`Client::upload\` returns: \`file/upload/commit\`'s result.\npub type UploadFile = ${commit.result ? r.type(commit.result.type) : "serde_json::Value"};\n
pub(crate) const UPLOAD_ERRORS: &[Declared<Error>] = ${declared([...new Set(model.methods.filter((m) => m.name.startsWith("file/upload/")).flatMap((m) => m.errors))], r)};\n\n`
      : "";
  const text = methods.join("\n\n");
  const def = model.servers[0]
    ? ["[`DEFAULT_URL`], the document's first server", "Client::connect(DEFAULT_URL)"]
    : o.zeroclaw
      ? [
          "the daemon's socket ([`default_socket_path`])",
          "Ok(Client {\n            connection: rpc::Connection::open_path(&default_socket_path())?,\n        })",
        ]
      : undefined;
  const rpc = ["self", ...(upload ? ["Declared"] : []), ...(/RpcError/.test(text) ? ["RpcError"] : [])];
  const imports = [
    ...(/\bjson::/.test(text) ? ["use crate::runtime::json;"] : []),
    `use crate::runtime::rpc${rpc.length > 1 ? `::{${rpc.join(", ")}}` : ""};`,
    ...(def && !model.servers[0] ? ["use crate::runtime::endpoint::default_socket_path;"] : []),
    "use crate::runtime::api::Result;",
    "#[allow(unused_imports)]\nuse crate::errors::*;",
  ];
  return `${banner}
//! [\`Client\`]: one method per method of the document.

${imports.join("\n")}
${uses(text, model)}
${upload}${model.servers[0] ? `/// The document's first server (its variables at their defaults).\npub const DEFAULT_URL: &str = ${rustStr(model.servers[0].defaultUrl)};\n\n` : ""}${rustdoc([`A client for ${model.info.title} ${model.info.version}.`, model.info.description, "`Send + Sync`: share it between threads with an `Arc`. Dropping it closes the connection."])}pub struct Client {
    pub(crate) connection: rpc::Connection,
}

impl Client {${def ? `\n    /// Connects to ${def[0]}.\n    pub fn connect_default() -> Result<Client> {\n        ${def[1]}\n    }\n` : ""}${text ? `\n${text}\n` : ""}}
`;
}
