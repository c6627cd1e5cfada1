// methods_gen.rs: one typed method on `Client` per client → daemon method, and for daemon → client
// traffic a typed hook per method (`handle_<request>`, `on_<notification>`, `subscribe_<notification>`).
import type { DocumentModel, MethodModel } from "../legacy/model.js";
import { docComment, rustIdent } from "./rust-names.js";

export interface RustMethod {
  method: MethodModel;
  params: string;
  result?: string;
  /** The params object has no members: the Rust method takes no argument and sends `{}`. */
  noParams: boolean;
}

/** A `pub fn` header as rustfmt lays it out: on one line when it fits in 100 columns. */
function signature(name: string, args: string[], ret: string): string {
  const one = `    pub fn ${name}(${args.join(", ")})${ret} {`;
  if (one.length <= 100) return one;
  return `    pub fn ${name}(\n${args.map((a) => `        ${a},\n`).join("")}    )${ret} {`;
}

function methodDoc(m: MethodModel, footer: string): string {
  const parts = [m.summary, m.description, footer].filter((p): p is string => !!p);
  return docComment(parts.join("\n\n"), "    ");
}

function clientMethod(r: RustMethod): string {
  const m = r.method;
  const grant = m.grant ? `grant \`${m.grant}\`` : "no grant";
  const local = m.localOnly ? ", local socket only" : "";
  const doc = methodDoc(m, `Wire method \`${m.name}\` (${grant}${local}).`);
  const name = rustIdent(m.name);
  const args = r.noParams ? ["&self"] : ["&self", `params: &${r.params}`];
  const sent = r.noParams ? "&serde_json::Map::new()" : "params";
  if (m.notification) {
    return `${doc}${signature(name, args, " -> Result<()>")}\n        self.notify(${JSON.stringify(m.name)}, ${sent})\n    }\n`;
  }
  return `${doc}${signature(name, args, ` -> Result<${r.result}>`)}\n        self.call(${JSON.stringify(m.name)}, ${sent})\n    }\n`;
}

function hook(r: RustMethod): string {
  const m = r.method;
  const wire = JSON.stringify(m.name);
  const ident = rustIdent(m.name).replace(/^r#/, "");
  if (!m.notification) {
    const doc = methodDoc(
      m,
      `Sets the handler for the daemon → client request \`${m.name}\` (replacing any earlier one). ` +
        "It runs on a thread of its own, so it may call this client; until one is set the request " +
        "is answered -32601.",
    );
    return `${doc}    pub fn handle_${ident}<F>(&self, handler: F)
    where
        F: Fn(${r.params}) -> ${r.result} + Send + Sync + 'static,
    {
        self.set_request_handler(${wire}, move |params| {
            let params = serde_json::from_value::<${r.params}>(params)?;
            serde_json::to_value(handler(params))
        });
    }
`;
  }
  const doc = methodDoc(
    m,
    `Sets the handler for the daemon → client notification \`${m.name}\` (replacing any earlier ` +
      "one). It runs on the reader thread, in wire order, so keep it short.",
  );
  const streamDoc = docComment(
    `Every \`${m.name}\` from now on, in wire order, on a channel (replaces any \`on_${ident}\` ` +
      "handler). What the daemon writes before an answer is queued before that call returns.",
    "    ",
  );
  return `${doc}    pub fn on_${ident}<F>(&self, handler: F)
    where
        F: Fn(${r.params}) + Send + Sync + 'static,
    {
        self.set_notification_handler(${wire}, move |params| {
            handler(serde_json::from_value::<${r.params}>(params)?);
            Ok(())
        });
    }

${streamDoc}    pub fn subscribe_${ident}(&self) -> mpsc::Receiver<${r.params}> {
        let (tx, rx) = mpsc::channel();
        let tx = Mutex::new(tx);
        self.on_${ident}(move |params| {
            if let Ok(tx) = tx.lock() {
                let _ = tx.send(params);
            }
        });
        rx
    }
`;
}

export function renderMethods(banner: string, model: DocumentModel, methods: RustMethod[]): string {
  const calls = methods.filter((r) => r.method.direction === "client→daemon").map(clientMethod);
  const hooks = methods.filter((r) => r.method.direction === "daemon→client").map(hook);
  const sync = hooks.some((h) => h.includes("mpsc::")) ? "use std::sync::{mpsc, Mutex};\n" : "";
  return `${banner}
//! The typed methods of [\`Client\`]: one per method of ${model.title} ${model.version}.

use super::types::*;
use crate::{Client, Result};
${sync}
impl Client {
${[...calls, ...hooks].join("\n")}}
`;
}
