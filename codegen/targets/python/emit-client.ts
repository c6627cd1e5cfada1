// errors.py (an RpcError subclass per declared error) and client.py (`Client(ClientBase)`: a coroutine
// per server method, keyword arguments by name and positional ones by position; `on_<method>` hooks and
// `<method>_events()` streams for what the server calls).
import type { Method, Model } from "../../model/types.js";
import { comment, docstring, importsFor, pyLiteral, tuple, type Uses } from "./py-text.js";
import type { PyTypes } from "./render-types.js";

export const UPLOAD = ["file/upload/begin", "file/upload/chunk", "file/upload/commit"];

export function emitErrors(py: PyTypes): string {
  const uses: Uses = new Set(["RpcError"]);
  const errors = [...py.model.errors.values()];
  const classes = errors.map((e) => {
    const reasons =
      e.variants.length > 0 ? `\`\`data.reason\`\`: ${e.variants.map((v) => v.reason).join(", ")}.` : "";
    const doc = docstring(
      { summary: `${e.code}: ${e.message}`, description: e.docs.description },
      "    ",
      true,
      [reasons],
    );
    uses.add("JsonValue");
    const data = e.data
      ? `    data: ${py.ann(e.data, uses)} | None${e.data.kind === "any" && e.data.reason ? comment(e.data.reason) : ""}

    @staticmethod
    def decode_data(raw: JsonValue) -> ${py.ann(e.data, uses)}:
${py.returnDecoded(e.data, "raw", "        ", uses)}`
      : "    data: JsonValue";
    return `class ${py.names.errorType(e)}(RpcError):\n${doc}    CODE = ${e.code}\n    MESSAGE = ${pyLiteral(e.message)}\n${data}`;
  });
  const all = errors.map((e) => py.names.errorType(e));
  return `${importsFor(uses)}

__all__ = [${["ERRORS", ...all].map((n) => `\n    ${pyLiteral(n)},`).join("")}\n]
${classes.length > 0 ? `\n\n${classes.join("\n\n\n")}\n` : ""}

ERRORS: tuple[type[RpcError], ...] = ${tuple(all)}
"""Every error the document declares."""
`;
}

class ClientModule {
  readonly uses: Uses = new Set(["!ERRORS", "ClientBase"]);
  private readonly taken: Set<string>;

  constructor(readonly py: PyTypes) {
    this.taken = new Set(py.model.methods.map((m) => py.names.method(m)));
  }

  /** A client-method identifier no method has (`on_x` next to a method called `on_x`). */
  unique(name: string): string {
    let n = name;
    for (let i = 2; this.taken.has(n); i++) n = `${name}_${i}`;
    this.taken.add(n);
    return n;
  }

  errors(m: Method): string[] {
    const errors = this.py.model.errors;
    return m.errors.flatMap((e) => (errors.has(e) ? [this.py.names.errorType(errors.get(e)!)] : []));
  }

  /** Python parameters after `self`, the value sent as `params`, and the Args: docs. */
  call(m: Method): { params: string[]; wire: string; args: string[] } {
    const { py, uses } = this;
    const doc = (name: string, d: { summary?: string; description?: string }): string[] => {
      const text = d.description ?? d.summary;
      return text === undefined ? [] : [`    ${name}: ${text.replace(/\s*\n\s*/g, " ")}`];
    };
    const decl = m.paramsObject ? py.model.types.get(m.paramsObject.name) : undefined;
    if (m.paramStructure === "by-name" && decl?.kind === "object" && py.isClass(decl)) {
      const attr = (wire: string): string => py.names.member(decl.name, wire);
      const pass = decl.members.map((p) => `${attr(p.name)}=${attr(p.name)}`).join(", ");
      return {
        params:
          decl.members.length > 0 ? ["*", ...decl.members.map((p) => py.slot(p, attr(p.name), uses))] : [],
        wire: `${py.ann(m.paramsObject!, uses)}(${pass}).to_json()`,
        args: decl.members.flatMap((p) => doc(attr(p.name), p.docs)),
      };
    }
    uses.add("_c");
    if (m.paramStructure === "by-name") {
      const ann = py.ann(m.paramsObject ?? { kind: "any" }, uses);
      const optional = m.paramsOptional || !m.paramsObject;
      const wire = optional ? "{} if params is None else _c.encode(params)" : "_c.encode(params)";
      return { params: [`params: ${ann}${optional ? " | None = None" : ""}`], wire, args: [] };
    }
    // By position: optional params after the last required one get defaults; earlier ones must be given.
    const last = m.params.map((p) => p.required).lastIndexOf(true);
    const name = (p: { name: string }): string => py.names.param(m, p.name);
    const params = m.params.map((p, i) => {
      const absent = py.absent(p.type);
      if (!p.required && absent === "UNSET") uses.add("Unset").add("UNSET");
      const type = `${py.ann(p.type, uses)}${p.required ? "" : absent === "UNSET" ? " | Unset" : " | None"}`;
      return `${name(p)}: ${type}${!p.required && i > last ? ` = ${absent}` : ""}`;
    });
    const values = m.params.map((p) => {
      if (p.required || py.absent(p.type) === "UNSET") return name(p);
      uses.add("UNSET");
      return `UNSET if ${name(p)} is None else ${name(p)}`;
    });
    const args = m.params.flatMap((p) => doc(name(p), p.docs));
    return { params, wire: `_c.positional([${values.join(", ")}])`, args };
  }

  /** The hooks for a method the server calls: `on_<name>`, and `<name>_events()` for a notification. */
  hooks(m: Method, doc: (note: string) => string): string {
    const { py, uses } = this;
    const positional = m.paramStructure === "by-position";
    const each = positional
      ? m.params.map((p) => `${py.ann(p.type, uses)}${p.required || py.admitsNull(p.type) ? "" : " | None"}`)
      : [];
    const args = positional ? each.join(", ") : m.paramsObject ? py.ann(m.paramsObject, uses) : "JsonValue";
    const decode = positional
      ? `_c.args(${m.params.map((p) => py.dec(p.type, uses)).join(", ")})`
      : py.dec(m.paramsObject ?? { kind: "any" }, uses);
    const [wire, spread, name] = [pyLiteral(m.name), positional ? ", spread=True" : "", py.names.method(m)];
    uses.add("Callable").add("Awaitable");
    uses.add(positional ? "_c" : m.paramsObject ? "Callable" : "JsonValue");
    if (m.result === undefined) {
      const hook = this.unique(`on_${name}`);
      uses.add("typed_listener").add("Subscription");
      // By position, the stream's items are the params as a tuple; the hook spreads them as arguments.
      const listen = positional
        ? `lambda push: self.connection.listen(${wire}, typed_listener(${decode}, push))`
        : `self.${hook}`;
      return `    def ${hook}(self, listener: Callable[[${args}], Awaitable[None] | None]) -> Callable[[], None]:
${doc("Calls ``listener`` with each notification the server sends; returns what removes it.")}        return self.connection.listen(${wire}, typed_listener(${decode}, listener${spread}))

    def ${this.unique(`${name}_events`)}(self) -> Subscription[${positional ? `tuple[${each.join(", ") || "()"}]` : args}]:
        """The server's \`\`${m.name}\`\` notifications from now on, as an async iterator."""
        return Subscription(${listen}, self.connection)`;
    }
    const r = py.ann(m.result.type, uses);
    uses.add("typed_handler");
    return `    def ${this.unique(`on_${name}`)}(self, handler: Callable[[${args}], Awaitable[${r}] | ${r}]) -> Callable[[${args}], Awaitable[${r}] | ${r}]:
${doc("Answers the server's requests with ``handler`` (usable as a decorator).")}        self.connection.serve(${wire}, typed_handler(${decode}, handler${spread}))
        return handler`;
  }

  method(m: Method): string {
    const { py, uses } = this;
    const errors = this.errors(m);
    const c = m.implementedBy === "server" ? this.call(m) : { params: [], wire: "", args: [] };
    const extra = [
      `\`\`${m.name}\`\``,
      m.annotations.grant ? `Grant: \`\`${m.annotations.grant}\`\`.` : undefined,
      c.args.length > 0 ? `Args:\n${c.args.join("\n")}` : undefined,
      errors.length > 0 ? `Raises:\n${errors.map((e) => `    ${e}`).join("\n")}` : undefined,
    ];
    const doc = (note?: string): string => docstring(m.docs, "        ", false, [...extra, note]);
    if (m.implementedBy === "client") return this.hooks(m, doc);
    for (const e of errors) uses.add(`!${e}`);
    if (m.docs.deprecated) uses.add("deprecated");
    const warn = m.docs.deprecated ? `        deprecated(${pyLiteral(m.name)})\n` : "";
    const result = m.result?.type;
    const sig = `    async def ${py.names.method(m)}(${["self", ...c.params].join(", ")}) -> ${result ? py.ann(result, uses) : "None"}:\n${doc()}${warn}`;
    if (result === undefined)
      return `${sig}        await self.connection.notify(${pyLiteral(m.name)}, ${c.wire})`;
    const send = `await self.connection.request(${pyLiteral(m.name)}, ${c.wire}, ${tuple(errors)})`;
    return result.kind === "any"
      ? `${sig}        return ${send}`
      : `${sig}${py.returnDecoded(result, send, "        ", uses)}`;
  }

  /** The upload helper's base class, errors and result decoder (zeroclaw's file/upload/* methods). */
  upload(): { base: string; body: string } {
    const { py, uses } = this;
    const methods = UPLOAD.map((u) => py.model.methods.find((x) => x.name === u)!);
    const errors = methods.map((m) => this.errors(m));
    for (const e of errors.flat()) uses.add(`!${e}`);
    const result = methods[2]!.result?.type ?? { kind: "null" };
    uses.add("Uploads").add("JsonValue");
    return {
      base: `, Uploads[${py.ann(result, uses)}]`,
      body: `    UPLOAD_ERRORS = (${errors.map(tuple).join(", ")})

    def _decode_upload(self, raw: JsonValue) -> ${py.ann(result, uses)}:
${py.returnDecoded(result, "raw", "        ", uses)}`,
    };
  }
}

/** zeroclaw's `x-default-endpoint` (an environment-dependent socket path, SPEC §1): `{urls: [...]}`. */
export function defaultEndpoints(model: Model): string[] {
  const declared = model.extensions["x-default-endpoint"];
  const urls = declared && typeof declared === "object" && !Array.isArray(declared) ? declared.urls : [];
  return Array.isArray(urls) ? urls.filter((e): e is string => typeof e === "string") : [];
}

export function emitClient(py: PyTypes, withUpload: boolean): string {
  const { model } = py;
  const c = new ClientModule(py);
  const up = withUpload ? c.upload() : undefined;
  const methods = [...model.methods.map((m) => c.method(m)), ...(up ? [up.body] : [])];
  const endpoints = defaultEndpoints(model);
  const doc = { summary: `A client for ${model.info.title} ${model.info.version}.`, ...model.info };
  return `${importsFor(c.uses)}

__all__ = ["DEFAULT_URL", "Client", "connect", "default_url"]


class Client(ClientBase${up?.base ?? ""}):
${docstring(doc, "    ", true)}    ERRORS = ERRORS
    DEFAULT_URL = ${pyLiteral(model.servers[0]?.defaultUrl ?? null)}
${endpoints.length > 0 ? `    DEFAULT_ENDPOINTS = ${tuple(endpoints.map(pyLiteral))}\n` : ""}${methods.length > 0 ? `\n${methods.join("\n\n")}\n` : ""}

connect = Client.connecting
"""Connects to \`\`url\`\` (default: \`\`default_url()\`\`): \`\`client = await connect()\`\` or \`\`async with connect() as client:\`\`."""
default_url = Client.default_url
DEFAULT_URL = Client.DEFAULT_URL
`;
}
