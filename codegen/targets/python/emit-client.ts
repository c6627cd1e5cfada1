// errors.py (an RpcError subclass per declared error, `data` typed) and client.py (`Client`, one
// coroutine per server method, `on_<method>` hooks and `<method>_events()` streams for what the server
// sends, `connect()` for `await` or `async with`) of a generated package. By-name params are keyword
// arguments (one typed `params` when the params object is not a plain object); by-position params
// are positional, trailing optional ones left off the wire.
import type { Method, Model, Type } from "../../model/types.js";
import type { Names } from "../../naming/namer.js";
import { comment, docstring, pyLiteral } from "./py-text.js";
import type { PyTypes, Uses } from "./render-types.js";

export const UPLOAD = ["file/upload/begin", "file/upload/chunk", "file/upload/commit"];

/** A Python tuple display: `()`, `(A,)`, `(A, B)`. */
export const tuple = (items: string[]): string => `(${items.join(", ")}${items.length === 1 ? "," : ""})`;

const fromTypes = (uses: Uses): string[] =>
  uses.size === 0 ? [] : [`from .types import ${[...uses].sort().join(", ")}`];

export function emitErrors(model: Model, names: Names, py: PyTypes): string {
  const uses: Uses = new Set();
  const classes = [...model.errors.values()].map((e) => {
    const cls = names.errorType(e);
    const reasons =
      e.variants.length > 0
        ? `\`\`data.reason\`\`: ${e.variants.map((v) => v.reason).join(", ")}.`
        : undefined;
    const doc = docstring(
      { summary: `${e.code}: ${e.message}`, description: e.docs.description },
      "    ",
      true,
      [reasons],
    );
    const data =
      e.data === undefined
        ? "    data: JsonValue"
        : `    data: ${py.ann(e.data, uses)} | None${e.data.kind === "any" && e.data.reason ? comment(e.data.reason) : ""}

    @staticmethod
    def decode_data(raw: JsonValue) -> ${py.ann(e.data, uses)}:
        return ${py.dec(e.data, uses)}(raw)`;
    return `class ${cls}(RpcError):\n${doc}    CODE = ${e.code}\n    MESSAGE = ${pyLiteral(e.message)}\n${data}`;
  });
  const all = [...model.errors.values()].map((e) => names.errorType(e));
  const body = classes.join("\n\n\n");
  return `from __future__ import annotations

${/\bLiteral\[/.test(body) ? "from typing import Literal\n\n" : ""}${/_c\./.test(body) ? "from .runtime import codec as _c\n" : ""}${/JsonValue/.test(body) ? "from .runtime.codec import JsonValue\n" : ""}from .runtime.errors import RpcError
${fromTypes(uses).join("\n")}

__all__ = [${["ERRORS", ...all].map((n) => `\n    ${pyLiteral(n)},`).join("")}\n]
${body === "" ? "" : `\n\n${body}\n`}

ERRORS: tuple[type[RpcError], ...] = ${tuple(all)}
"""Every error the document declares."""
`;
}

/** A client-method identifier not taken by another method (`on_x` next to a method called `on_x`). */
function uniqueIn(taken: Set<string>): (name: string) => string {
  return (name) => {
    let n = name;
    for (let i = 2; taken.has(n); i++) n = `${name}_${i}`;
    taken.add(n);
    return n;
  };
}

interface Call {
  /** The Python parameters after `self`. */
  params: string[];
  /** The expression sent as `params`. */
  wire: string;
  /** Docs per parameter (Args:). */
  args: string[];
}

function call(m: Method, py: PyTypes, names: Names, uses: Uses): Call {
  const doc = (name: string, d: { summary?: string; description?: string }): string[] => {
    const text = d.description ?? d.summary;
    return text === undefined ? [] : [`    ${name}: ${text.replace(/\s*\n\s*/g, " ")}`];
  };
  if (m.paramStructure === "by-name") {
    const decl = m.paramsObject ? py.model.types.get(m.paramsObject.name) : undefined;
    if (decl?.kind === "object" && py.isClass(decl)) {
      const name = py.ann(m.paramsObject!, uses);
      const member = (wire: string): string => names.member(decl.name, wire);
      const params = decl.members.map((p) => py.slot(p, member(p.name), uses));
      const pass = decl.members.map((p) => `${member(p.name)}=${member(p.name)}`).join(", ");
      return {
        params: params.length > 0 ? ["*", ...params] : [],
        wire: `${name}(${pass}).to_json()`,
        args: decl.members.flatMap((p) => doc(member(p.name), p.docs)),
      };
    }
    const ann = m.paramsObject ? py.ann(m.paramsObject, uses) : "dict[str, JsonValue]";
    return m.paramsOptional || !m.paramsObject
      ? {
          params: [`params: ${ann} | None = None`],
          wire: "{} if params is None else _c.encode(params)",
          args: [],
        }
      : { params: [`params: ${ann}`], wire: "_c.encode(params)", args: [] };
  }
  // By position: optional params after the last required one get defaults; earlier ones must be given.
  const lastRequired = m.params.map((p) => p.required).lastIndexOf(true);
  const params = m.params.map((p, i) => {
    const name = names.param(m, p.name);
    const ann = py.ann(p.type, uses);
    if (p.required) return `${name}: ${ann}`;
    const absent = py.absent(p.type);
    const type = absent === "UNSET" ? `${ann} | Unset` : `${ann} | None`;
    return i > lastRequired ? `${type.replace(/^/, `${name}: `)} = ${absent}` : `${name}: ${type}`;
  });
  const values = m.params.map((p) => {
    const name = names.param(m, p.name);
    return !p.required && py.absent(p.type) === "None" ? `UNSET if ${name} is None else ${name}` : name;
  });
  return {
    params,
    wire: `_c.positional([${values.join(", ")}])`,
    args: m.params.flatMap((p) => doc(names.param(m, p.name), p.docs)),
  };
}

function method(m: Method, py: PyTypes, names: Names, uses: Uses, unique: (n: string) => string): string {
  const { model } = py;
  const name = names.method(m);
  const errors = m.errors.flatMap((e) => {
    const d = model.errors.get(e);
    return d ? [names.errorType(d)] : [];
  });
  for (const e of errors) uses.add(`!${e}`);
  const c = call(m, py, names, uses);
  const extra = [
    `\`\`${m.name}\`\``,
    m.annotations.grant ? `Grant: \`\`${m.annotations.grant}\`\`.` : undefined,
    c.args.length > 0 ? `Args:\n${c.args.join("\n")}` : undefined,
    errors.length > 0 ? `Raises:\n${errors.map((e) => `    ${e}`).join("\n")}` : undefined,
  ];
  const doc = (note?: string): string => docstring(m.docs, "        ", false, [...extra, note]);
  const warn = m.docs.deprecated
    ? `        warnings.warn(${pyLiteral(`${m.name} is deprecated`)}, DeprecationWarning, stacklevel=2)\n`
    : "";
  const result: Type | undefined = m.result?.type;
  if (m.implementedBy === "client") {
    const decode =
      m.paramsObject || m.paramStructure === "by-name"
        ? m.paramsObject
          ? py.dec(m.paramsObject, uses)
          : "_c.any_json"
        : `_c.args(${m.params.map((p) => py.dec(p.type, uses)).join(", ")})`;
    const positional = m.paramStructure === "by-position";
    const spread = positional ? ", spread=True" : "";
    const each = m.params.map((p) => `${py.ann(p.type, uses)}${p.required || py.admitsNull(p.type) ? "" : " | None"}`);
    const args = positional ? each.join(", ") : m.paramsObject ? py.ann(m.paramsObject, uses) : "JsonValue";
    if (result === undefined) {
      const hook = unique(`on_${name}`);
      const events = unique(`${name}_events`);
      // By position, the stream's items are the params as a tuple; the hook spreads them as arguments.
      const item = positional ? `tuple[${each.join(", ") || "()"}]` : args;
      return `    def ${hook}(self, listener: Callable[[${args}], Awaitable[None] | None]) -> Callable[[], None]:
${doc("Calls ``listener`` with each notification the server sends; returns what removes it.")}        return self.connection.listen(${pyLiteral(m.name)}, typed_listener(${decode}, listener${spread}))

    def ${events}(self) -> Subscription[${item}]:
        """The server's \`\`${m.name}\`\` notifications from now on, as an async iterator."""
        return Subscription(${positional ? `lambda push: self.connection.listen(${pyLiteral(m.name)}, typed_listener(${decode}, push))` : `self.${hook}`}, self.connection)`;
    }
    const r = py.ann(result, uses);
    const hook = unique(`on_${name}`);
    return `    def ${hook}(self, handler: Callable[[${args}], Awaitable[${r}] | ${r}]) -> Callable[[${args}], Awaitable[${r}] | ${r}]:
${doc("Answers the server's requests with ``handler`` (usable as a decorator).")}        self.connection.serve(${pyLiteral(m.name)}, typed_handler(${decode}, handler${spread}))
        return handler`;
  }
  const errs = tuple(errors);
  const sig = `    async def ${name}(${["self", ...c.params].join(", ")}) -> ${result ? py.ann(result, uses) : "None"}:\n${doc()}${warn}`;
  if (result === undefined)
    return `${sig}        await self.connection.notify(${pyLiteral(m.name)}, ${c.wire})`;
  const send = `await self.connection.request(${pyLiteral(m.name)}, ${c.wire}, ${errs})`;
  return `${sig}        return ${result.kind === "any" ? send : `${py.dec(result, uses)}(${send})`}`;
}

export function emitClient(py: PyTypes, names: Names, upload: boolean): string {
  const { model } = py;
  const uses: Uses = new Set();
  const taken = new Set(model.methods.map((m) => names.method(m)));
  const unique = uniqueIn(taken);
  const methods = model.methods.map((m) => method(m, py, names, uses, unique));
  if (upload) {
    const commit = model.methods.find((m) => m.name === UPLOAD[2])!;
    const errs = UPLOAD.map((u) => {
      const m = model.methods.find((x) => x.name === u)!;
      const list = m.errors.flatMap((e) =>
        model.errors.get(e) ? [names.errorType(model.errors.get(e)!)] : [],
      );
      for (const e of list) uses.add(`!${e}`);
      return tuple(list);
    });
    const r = commit.result ? py.ann(commit.result.type, uses) : "None";
    methods.push(`    async def upload(
        self,
        session_id: str,
        data: bytes | bytearray | memoryview | str | os.PathLike[str],
        *,
        filename: str | None = None,
        declare_sha256: bool = True,
        on_progress: Callable[[int, int], None] | None = None,
    ) -> ${r}:
        """Uploads \`\`data\`\` (bytes, or the file at a path) in chunks of the size the server picks
        (\`\`file/upload/begin\`\`, \`\`chunk\`\`, \`\`commit\`\`), declaring its SHA-256 unless told not to;
        \`\`on_progress(received, total)\`\` after each chunk. Returns what \`\`commit\`\` answers."""
        return await _upload(
            self.connection,
            session_id,
            data,
            decode=${commit.result ? py.dec(commit.result.type, uses) : "_c.null"},
            errors=(${errs.join(", ")}),
            filename=filename,
            declare_sha256=declare_sha256,
            on_progress=on_progress,
        )`);
  }
  // zeroclaw's `x-default-endpoint` (an environment-dependent socket path, SPEC §1): `{urls: [...]}`.
  const declared = model.extensions["x-default-endpoint"];
  const urls =
    declared !== null && typeof declared === "object" && !Array.isArray(declared) ? declared.urls : undefined;
  const candidates = Array.isArray(urls) ? urls.filter((e): e is string => typeof e === "string") : [];
  const body = methods.join("\n\n");
  const errorNames = [...uses].filter((u) => u.startsWith("!")).map((u) => u.slice(1));
  const typeNames = new Set([...uses].filter((u) => !u.startsWith("!") && u !== "JsonValue"));
  const server = model.servers[0];
  const has = (re: RegExp): boolean => re.test(body);
  const codec = [
    ...(has(/\bJsonValue\b/) ? ["JsonValue"] : []),
    ...(has(/\bUNSET\b/) ? ["UNSET"] : []),
    ...(has(/\bUnset\b/) ? ["Unset"] : []),
  ];
  const conn = [
    "Connecting",
    "Connection",
    ...(candidates.length > 0 ? ["default_endpoint"] : []),
    "open_connection",
    ...(has(/typed_handler\(/) ? ["typed_handler"] : []),
    ...(has(/typed_listener\(/) ? ["typed_listener"] : []),
  ];
  const imports = [
    "from __future__ import annotations",
    "",
    ...(upload ? ["import os"] : []),
    ...(has(/warnings\.warn/) ? ["import warnings"] : []),
    `from collections.abc import ${[...(has(/Awaitable\[/) ? ["Awaitable"] : []), ...(has(/Callable\[/) ? ["Callable"] : []), "Mapping"].join(", ")}`,
    ...(has(/\bLiteral\[/) ? ["from typing import Literal"] : []),
    "",
    `from .errors import ${["ERRORS", ...new Set(errorNames)].sort().join(", ")}`,
    ...(has(/_c\./) ? ["from .runtime import codec as _c"] : []),
    ...(codec.length > 0 ? [`from .runtime.codec import ${codec.sort().join(", ")}`] : []),
    `from .runtime.connection import ${conn.join(", ")}`,
    ...(has(/Subscription\(/) ? ["from .runtime.streams import Subscription"] : []),
    ...(upload ? ["from .runtime.upload import upload as _upload"] : []),
    ...fromTypes(typeNames),
  ];
  return `${imports.join("\n")}

__all__ = ["DEFAULT_URL", "Client", "connect", "default_url"]

DEFAULT_URL: str | None = ${server ? pyLiteral(server.defaultUrl) : "None"}
"""The document's first server (its variables at their defaults); \`\`None\`\` when it lists none."""
${candidates.length > 0 ? `DEFAULT_ENDPOINTS: tuple[str, ...] = ${tuple(candidates.map(pyLiteral))}\n"""Where the server listens by default (the document's \`\`x-default-endpoint\`\`): the first whose\n\`\`\${env:NAME}\`\` variables are all set."""\n` : ""}

def default_url(env: Mapping[str, str] | None = None) -> str | None:
    """The URL \`\`connect()\`\` uses when given none${candidates.length > 0 ? " (``DEFAULT_ENDPOINTS`` read with ``env``, default ``os.environ``)" : ""}."""
    ${candidates.length > 0 ? "return default_endpoint(DEFAULT_ENDPOINTS, env) or DEFAULT_URL" : "del env\n    return DEFAULT_URL"}


class Client:
${docstring({ summary: `A client for ${model.info.title} ${model.info.version}.`, description: model.info.description }, "    ", true)}    def __init__(self, connection: Connection) -> None:
        self.connection = connection

    @classmethod
    async def connect(
        cls,
        url: str | None = None,
        *,
        headers: Mapping[str, str] | None = None,
        timeout: float | None = None,
        max_frame_bytes: int | None = None,
    ) -> Client:
        """Connects to \`\`url\`\`: \`\`http(s)://\`\`, \`\`unix:PATH\`\` or a socket path (default: \`\`default_url()\`\`)."""
        target = url if url is not None else default_url()
        if target is None:
            raise ValueError("no URL given, and the document lists no server")
        return cls(
            await open_connection(
                target, known_errors=ERRORS, headers=headers, timeout=timeout, max_frame_bytes=max_frame_bytes
            )
        )

    async def close(self) -> None:
        """Ends the connection; calls still waiting fail with \`\`ConnectionClosedError\`\`."""
        await self.connection.close()

    async def __aenter__(self) -> Client:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()
${body === "" ? "" : `\n${body}\n`}

def connect(
    url: str | None = None,
    *,
    headers: Mapping[str, str] | None = None,
    timeout: float | None = None,
    max_frame_bytes: int | None = None,
) -> Connecting[Client]:
    """Connects to \`\`url\`\` (default: \`\`default_url()\`\`): \`\`client = await connect()\`\` or
    \`\`async with connect() as client:\`\`. \`\`headers\`\` and \`\`timeout\`\` apply to HTTP,
    \`\`max_frame_bytes\`\` (refuse bigger messages before sending them) to sockets."""
    return Connecting(lambda: Client.connect(url, headers=headers, timeout=timeout, max_frame_bytes=max_frame_bytes))
`;
}
