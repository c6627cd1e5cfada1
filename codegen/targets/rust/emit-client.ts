// src/errors.rs and src/client.rs of a generated crate. Errors: a struct per declared error (its
// `CODE`, `MESSAGE`, the server's message and typed `data`) and the crate's `Error` enum with a
// variant for each, plus `Rpc` (an undeclared error), `Transport` and `Json`. Client: one method per
// method, typed arguments for by-position methods (by value, `&str`, `&[T]` or `&T`; `Option` when
// optional) and one `&<Params>` for by-name ones, sent as the document says; handler hooks
// (`handle_*`, `on_*`, `subscribe_*`) for the methods the server calls.
import type { ErrorDecl, Method, Model } from "../../model/types.js";
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

export function emitErrors(r: Rust, banner: string): string {
  const variants = errorVariants(r);
  const used = new Set(r.model.methods.flatMap((m) => m.errors));
  const errors = [...r.model.errors.values()];
  const structs = errors.map((e) => {
    const name = r.names.errorType(e);
    const data = e.data === undefined ? "Option<serde_json::Value>" : r.type(e.data);
    const reasons =
      e.variants.length > 0
        ? `\`data.reason\`: ${e.variants.map((v) => `\`${v.reason}\``).join(", ")}.`
        : undefined;
    const build =
      e.data === undefined
        ? `|e| Ok(Error::${variants.get(e.name)}(${name} { message: e.message, data: e.data }))`
        : `|e| match serde_json::from_value(e.data.clone().unwrap_or_default()) {
            Ok(data) => Ok(Error::${variants.get(e.name)}(${name} { message: e.message, data })),
            Err(_) => Err(e),
        }`;
    const declared = used.has(e.name)
      ? `
    pub(crate) const DECLARED: Declared<Error> = Declared {
        code: Self::CODE,
        message: Self::MESSAGE,
        build: ${build},
    };`
      : "";
    return `${rustdoc([`${e.code}: ${e.message}`, e.docs.description, reasons])}#[derive(Debug, Clone, PartialEq)]
pub struct ${name} {
    /// The message the server sent.
    pub message: String,
    /// The error's \`data\`${e.data === undefined ? " (the document does not type it)" : ""}.
    pub data: ${data},
}

impl ${name} {
    pub const CODE: i64 = ${e.code};
    pub const MESSAGE: &'static str = ${rustStr(e.message)};${declared}
}`;
  });
  const arms = (f: (e: ErrorDecl, v: string) => string): string =>
    errors.map((e) => `            ${f(e, variants.get(e.name)!)}\n`).join("");
  const typed = errors.some((e) => e.data !== undefined) && r.model.types.size > 0;
  return `${banner}
//! The crate's [\`Error\`], and every error the document declares as a type.

use crate::runtime::rpc::{${used.size > 0 ? "Declared, " : ""}RpcError, TransportError};
${typed ? "#[allow(unused_imports)]\nuse crate::types::*;\n" : ""}${structs.join("").includes("IndexMap<") ? "use indexmap::IndexMap;\n" : ""}use std::fmt;

/// What a call fails with: an error the method declares (its type, with typed \`data\`), another
/// error response, or the transport.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
${errors.map((e) => `${rustdoc([`${e.code}: ${e.message}`], "    ")}    ${variants.get(e.name)}(${r.names.errorType(e)}),`).join("\n")}${errors.length > 0 ? "\n" : ""}    /// An error response the method does not declare, or whose \`data\` is not what it declares.
    Rpc(RpcError),
    /// No answer: the connection or the HTTP exchange failed.
    Transport(TransportError),
    /// Params that do not encode, or a result that does not decode as its type.
    Json(serde_json::Error),
}

/// \`Result\` with this crate's [\`Error\`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// The JSON-RPC error code, when the server answered with an error.
    pub fn code(&self) -> Option<i64> {
        match self {
${arms((e, v) => `Self::${v}(_) => Some(${e.code}),`)}            Self::Rpc(e) => Some(e.code),
            Self::Transport(_) | Self::Json(_) => None,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
${arms((e, v) => `Self::${v}(e) => write!(f, "{} ({})", e.message, ${e.code}),`)}            Self::Rpc(e) => e.fmt(f),
            Self::Transport(e) => e.fmt(f),
            Self::Json(e) => write!(f, "json: {e}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Rpc(e) => Some(e),
            Self::Transport(e) => Some(e),
            Self::Json(e) => Some(e),${errors.length > 0 ? "\n            _ => None," : ""}
        }
    }
}

impl From<RpcError> for Error {
    fn from(e: RpcError) -> Self {
        Error::Rpc(e)
    }
}

impl From<TransportError> for Error {
    fn from(e: TransportError) -> Self {
        Error::Transport(e)
    }
}

impl From<serde_json::Error> for Error {
    fn from(e: serde_json::Error) -> Self {
        Error::Json(e)
    }
}
${structs.map((s) => `\n${s}\n`).join("")}`;
}

const declared = (m: Method, model: Model, r: Rust): string =>
  `&[${m.errors
    .flatMap((n) => {
      const e = model.errors.get(n);
      return e ? [`${r.names.errorType(e)}::DECLARED`] : [];
    })
    .join(", ")}]`;

/** A method's docs: summary, description, its wire name, by-position params, deprecation. */
function methodDoc(m: Method, r: Rust, extra: string[] = []): string {
  const params =
    m.paramStructure === "by-position"
      ? m.params
          .filter((p) => (p.docs.description ?? p.docs.summary) !== undefined)
          .map(
            (p) =>
              `- \`${r.names.param(m, p.name).replace(/^r#/, "")}\`: ${p.docs.description ?? p.docs.summary}`,
          )
      : [];
  const summary = m.docs.summary !== m.docs.description ? m.docs.summary : undefined;
  return rustdoc(
    [
      summary,
      m.docs.description,
      params.join("\n"),
      `Wire method \`${m.name.replaceAll("`", "'")}\`.`,
      ...extra,
    ],
    "    ",
  );
}

type Call = { sig: string[]; params: string; payload: string; hookParams: string };

/** How a method is called: its Rust parameters, the params it sends, and what a handler of it gets. */
function signature(m: Method, r: Rust): Call {
  if (m.paramStructure === "by-name") {
    const obj = m.paramsObject ? r.model.types.get(m.paramsObject.name) : undefined;
    const empty = obj?.kind === "object" && obj.members.length === 0 && obj.additional.kind !== "typed";
    if (empty || !m.paramsObject)
      return { sig: [], params: '"{}".to_owned()', payload: "{}", hookParams: "" };
    const t = r.names.type(m.paramsObject.name);
    return { sig: [`params: &${t}`], params: "json::to_string(params)?", payload: "{}", hookParams: t };
  }
  const sig: string[] = [];
  const args: string[] = [];
  const owned: string[] = [];
  for (const p of m.params) {
    const name = r.names.param(m, p.name);
    const inner = p.type.kind === "nullable" ? p.type.type : p.type;
    const optional = !p.required || p.type.kind === "nullable";
    const { borrowed, owned: o } = r.param(inner);
    sig.push(`${name}: ${optional ? `Option<${borrowed}>` : borrowed}`);
    args.push(optional ? `json::opt(${name})?` : `json::arg(&${name})?`);
    owned.push(optional ? `Option<${o}>` : o);
  }
  const hookParams = owned.length === 0 ? "" : `(${owned.join(", ")},)`;
  return { sig, params: `json::positional(vec![${args.join(", ")}])`, payload: "[]", hookParams };
}

export function emitClient(r: Rust, banner: string, o: { upload: boolean; zeroclaw: boolean }): string {
  const { model, names } = r;
  const server = model.servers[0];
  const hooks = new Set(model.methods.map((m) => names.method(m).replace(/^r#/, "")));
  const hookName = (prefix: string, m: Method): string => {
    let n = `${prefix}_${names.method(m).replace(/^r#/, "")}`;
    for (let i = 2; hooks.has(n); i++)
      n = names.table.clash(`${prefix}_${names.method(m).replace(/^r#/, "")}`, i);
    hooks.add(n);
    return n;
  };
  let calls = false;
  let notifies = false;
  const methods = model.methods.map((m) => {
    const name = names.method(m);
    const c = signature(m, r);
    const result = m.result ? r.type(m.result.type) : "()";
    const wire = rustStr(m.name);
    if (m.implementedBy === "client") {
      const p = c.hookParams || "serde_json::Value";
      const wrap = c.hookParams ? "handler" : "move |_: serde_json::Value| handler()";
      const arg = c.hookParams ? p : "";
      if (!m.result) {
        const on = hookName("on", m);
        return `${methodDoc(m, r, ["Called on the reader thread, in wire order; it must not call the client. Unix sockets only: HTTP has no way back."])}    pub fn ${on}<F>(&self, handler: F)
    where
        F: Fn(${arg}) + Send + Sync + 'static,
    {
        let handler = rpc::notification_handler(${rustStr(c.payload)}, ${wrap});
        self.connection.on_notification(${wire}, handler);
    }

${methodDoc(m, r, ["The same notifications queued on a channel (replaces any handler set before)."])}    pub fn ${hookName("subscribe", m)}(&self) -> std::sync::mpsc::Receiver<${p}> {
        let (send, receiver) = rpc::channel();
        self.connection.on_notification(${wire}, rpc::notification_handler(${rustStr(c.payload)}, send));
        receiver
    }`;
      }
      return `${methodDoc(m, r, ["The server calls it; `handler` answers on a thread of its own, so it may call the client. Unix sockets only: HTTP has no way back."])}    pub fn ${hookName("handle", m)}<F>(&self, handler: F)
    where
        F: Fn(${arg}) -> Result<${result}, RpcError> + Send + Sync + 'static,
    {
        let handler = rpc::request_handler(${rustStr(c.payload)}, ${wrap});
        self.connection.on_request(${wire}, handler);
    }`;
    }
    const attrs = [
      ...(m.docs.deprecated ? ["    #[deprecated]\n"] : []),
      ...(c.sig.length > 6 ? ["    #[allow(clippy::too_many_arguments)]\n"] : []),
    ].join("");
    const body = m.result
      ? ((calls = true), `self.call(${wire}, params, ${declared(m, model, r)})`)
      : ((notifies = true), `self.notify(${wire}, params)`);
    return `${methodDoc(m, r, m.result ? [] : ["A notification: no answer comes."])}${attrs}    pub fn ${name}(${["&self", ...c.sig].join(", ")}) -> Result<${result}> {
        let params = ${c.params};
        ${body}
    }`;
  });
  const upload = model.methods.find((m) => m.name === "file/upload/commit");
  if (o.upload && upload) {
    const all = [
      ...new Set(model.methods.filter((m) => m.name.startsWith("file/upload/")).flatMap((m) => m.errors)),
    ];
    const file = upload.result ? r.type(upload.result.type) : "serde_json::Value";
    methods.push(`    /// Uploads \`data\` in chunks of the size the server picks (\`file/upload/begin\`, \`chunk\`, \`commit\`),
    /// declaring its sha256, and returns the committed file.
    pub fn upload(&self, session_id: &str, filename: Option<&str>, data: &[u8]) -> Result<Upload<${file}>> {
        self.upload_with_progress(session_id, filename, data, |_, _| {})
    }

    /// [\`upload\`](Client::upload), calling \`progress\` with the bytes the server holds and the total after each chunk.
    pub fn upload_with_progress<F: FnMut(u64, u64)>(
        &self,
        session_id: &str,
        filename: Option<&str>,
        data: &[u8],
        progress: F,
    ) -> Result<Upload<${file}>> {
        let declared = ${declared({ ...upload, errors: all }, model, r)};
        let sent = upload::upload(&self.connection, session_id, filename, data, progress)
            .map_err(|e| e.typed(declared))?;
        let file = serde_json::from_str(sent.file.get())?;
        Ok(Upload { file, chunks: sent.chunks, chunk_bytes: sent.chunk_bytes, sha256: sent.sha256 })
    }`);
    calls = true;
  }
  const text = methods.join("\n\n");
  const helpers = [
    ...(calls
      ? [
          `    fn call<R: DeserializeOwned>(&self, method: &str, params: String, declared: &[Declared<Error>]) -> Result<R> {
        let result = self.connection.call(method, Some(&params)).map_err(|e| e.typed(declared))?;
        Ok(serde_json::from_str(result.get())?)
    }`,
        ]
      : []),
    ...(notifies
      ? [
          `    fn notify(&self, method: &str, params: String) -> Result<()> {
        let sent = self.connection.notify(method, Some(&params));
        sent.map_err(|e| e.typed::<Error>(&[]))
    }`,
        ]
      : []),
  ];
  const def = server
    ? {
        doc: `[\`DEFAULT_URL\`], the document's first server`,
        body: "Client::connect(DEFAULT_URL)",
        item: `/// The document's first server (its variables at their defaults).\npub const DEFAULT_URL: &str = ${rustStr(server.defaultUrl)};\n\n`,
      }
    : o.zeroclaw
      ? {
          doc: "the daemon's socket ([`default_socket_path`])",
          body: "Ok(Client { connection: rpc::Connection::open_path(&default_socket_path())? })",
          item: "",
        }
      : undefined;
  const uses = [
    ...(/\bjson::/.test(text) ? ["use crate::runtime::json;"] : []),
    `use crate::runtime::rpc::{self${calls ? ", Declared" : ""}${/RpcError/.test(text) ? ", RpcError" : ""}};`,
    ...(o.upload ? ["use crate::runtime::upload::{self, Upload};"] : []),
    ...(def && !server ? ["use crate::runtime::endpoint::default_socket_path;"] : []),
    "#[allow(unused_imports)]\nuse crate::errors::*;",
    ...(model.types.size > 0 ? ["#[allow(unused_imports)]\nuse crate::types::*;"] : []),
    ...(calls ? ["use serde::de::DeserializeOwned;"] : []),
    ...(text.includes("IndexMap<") ? ["use indexmap::IndexMap;"] : []),
  ];
  return `${banner}
//! [\`Client\`]: one method per method of the document.

${uses.join("\n")}

${def?.item ?? ""}${rustdoc([`A client for ${model.info.title} ${model.info.version}.`, model.info.description, "`Send + Sync`: share it between threads with an `Arc`. Dropping it closes the connection."])}pub struct Client {
    connection: rpc::Connection,
}

impl Client {
    /// Connects to \`url\`: \`http(s)://\` (JSON-RPC over HTTP POST), \`unix:PATH\` or a socket path
    /// (newline-delimited JSON over a Unix socket). \`ws(s)://\` is refused: see the README.
    pub fn connect(url: &str) -> Result<Client> {
        Ok(Client { connection: rpc::Connection::open(url)? })
    }
${def ? `\n    /// Connects to ${def.doc}.\n    pub fn connect_default() -> Result<Client> {\n        ${def.body}\n    }\n` : ""}
    /// The connection under the client, for calls by method name.
    pub fn connection(&self) -> &rpc::Connection {
        &self.connection
    }

    /// Bounds how long each later call waits for its answer (\`None\`, the default: as long as it takes).
    pub fn set_call_timeout(&self, timeout: Option<std::time::Duration>) {
        self.connection.set_timeout(timeout);
    }

    /// Ends the connection: pending and later calls fail.
    pub fn close(&self) {
        self.connection.close();
    }
${helpers.map((h) => `\n${h}\n`).join("")}${text ? `\n${text}\n` : ""}}
`;
}
