// client_gen.go and errors_gen.go of a generated package: Dial, one method per OpenRPC method on
// *Client (a context.Context first, typed arguments for by-position params, one params struct for
// by-name ones), hooks for the methods the server calls, and an error type per declared error.
import type { ErrorDecl, Method, Model } from "../../model/types.js";
import { aligned, comment, docTexts, func, type GoNames, goString } from "./names.js";
import type { GoTypes } from "./types.js";

const UPLOAD = ["file/upload/begin", "file/upload/chunk", "file/upload/commit"];
export const hasUpload = (model: Model): boolean =>
  UPLOAD.every((u) => model.methods.some((m) => m.name === u));

const spec = (names: GoNames, e: ErrorDecl): string => `spec${names.errorType(e)}`;

export function emitErrors(model: Model, names: GoNames, types: GoTypes): string {
  const errors = [...model.errors.values()];
  const consts = errors.map((e): [string, ...string[]] => [
    "",
    names.extra(`Code${names.errorType(e).replace(/Error$/, "")}`),
    `= ${e.code}`,
  ]);
  const decls = errors.map((e) => {
    const name = names.errorType(e);
    const data = e.data === undefined ? "json.RawMessage" : types.optional(e.data);
    const reason = e.variants.length === 1 && types.structOf(e.data ?? { kind: "null" }) ? e.variants[0]!.reason : "";
    const dataDoc =
      e.variants.length > 0
        ? `Data is typed by data.reason (${e.variants.map((v) => v.reason).join(", ")}); nil when the server sent none${reason ? " or another reason" : ""}.`
        : `Data is the error's data${e.data === undefined ? " as sent (the document does not type it)" : ""}; nil when the server sent none.`;
    return `${comment([`${name} is error ${e.code}, ${goString(e.message)}.`, ...docTexts(e.docs), dataDoc])}type ${name} struct {
${aligned([["", "Code", "int"], ["", "Message", "string"], ["", "Data", data], ["", "wire", "*RPCError"]])}}

${func(`func (e *${name}) Error() string`, "return e.wire.Error()")}
// Unwrap returns the error object as received: errors.As(err, &rpcErr) with an *RPCError matches too.
${func(`func (e *${name}) Unwrap() error`, "return e.wire")}
var ${spec(names, e)} = errorSpec{${e.code}, ${goString(e.message)}, func(w *RPCError) error {
	e := &${name}{Code: w.Code, Message: w.Message, wire: w}
	decodeErrorData(w.Data, &e.Data, ${goString(reason)})
	return e
}}
`;
  });
  const body = errors.length === 0 ? "" : `// The codes of the errors the document declares.
const (
${aligned(consts)})

${decls.join("\n")}
func init() {
	documentErrors = []errorSpec{${errors.map((e) => spec(names, e)).join(", ")}}
}
`;
  return body;
}

/** The Go parameters of a method (after ctx), and how they are sent or decoded. */
export function params(m: Method, names: GoNames, types: GoTypes) {
  if (m.paramStructure === "by-name") {
    const obj = m.paramsObject ?? { kind: "any" as const };
    const decl = obj.kind === "ref" ? types.decl(obj.name) : undefined;
    if (decl?.kind === "object" && decl.members.length === 0) return { list: [] as string[][], wire: "byName(nil)" };
    const struct = types.structOf(obj) !== undefined;
    return { list: [["params", struct ? `*${types.go(obj)}` : types.elem(obj)]], wire: "byName(params)" };
  }
  const last = m.params.map((p) => p.required).lastIndexOf(true);
  const list = m.params.map((p) => [names.param(m, p.name), p.required ? types.elem(p.type) : types.optional(p.type)]);
  return { list, wire: `positional(${[last + 1, ...list.map(([n]) => n)].join(", ")})` };
}

function serverMethod(m: Method, model: Model, names: GoNames, types: GoTypes): string {
  const name = names.method(m);
  const { list, wire } = params(m, names, types);
  const args = ["ctx context.Context", ...list.map(([n, t]) => `${n} ${t}`)].join(", ");
  const paramDocs = m.paramStructure === "by-position" ? m.params.flatMap((p) => types.docs(p.docs, p.type).map((d) => `${names.param(m, p.name)}: ${d}`)) : [];
  const doc = comment([
    `${name} ${m.result ? "calls" : "sends the notification"} ${m.name}.`,
    ...types.docs(m.docs, m.result?.type),
    ...paramDocs,
  ]);
  if (!m.result) return `${doc}func (c *Client) ${name}(${args}) error {\n\treturn c.Notify(ctx, ${goString(m.name)}, ${wire})\n}\n`;
  const result = types.result(m.result.type);
  const errs = m.errors.flatMap((e) => (model.errors.has(e) ? [`, ${spec(names, model.errors.get(e)!)}`] : [])).join("");
  return `${doc}func (c *Client) ${name}(${args}) (${result}, error) {\n\treturn call[${result}](ctx, c, ${goString(m.name)}, ${wire}${errs})\n}\n`;
}

function hook(m: Method, names: GoNames, types: GoTypes): string {
  const name = names.method(m);
  const { list } = params(m, names, types);
  const request = m.result !== undefined;
  const vars = list.map(([n, t]) => `\t\tvar ${n} ${t.replace(/^\*(?=.)/, m.paramStructure === "by-name" ? "" : "*")}\n`);
  const ptrs = list.map(([n]) => `&${n}`).join(", ");
  const decode =
    list.length === 0
      ? ""
      : `${vars.join("")}\t\tif err := ${m.paramStructure === "by-name" ? `decodeParams(raw, ${ptrs})` : `decodePositional(raw, ${ptrs})`}; err != nil {\n\t\t\treturn ${request ? "nil, invalidParams(err)" : "err"}\n\t\t}\n`;
  const pass = list.map(([n, t]) => (m.paramStructure === "by-name" && t.startsWith("*") ? `&${n}` : n)).join(", ");
  const fnParams = list.map(([, t]) => t).join(", ");
  const doc = types.docs(m.docs);
  if (!request)
    return `${comment([`${name} sets the callback for ${m.name}, a notification from the server. It runs on the connection's reader goroutine, in arrival order: it must return quickly and must not wait for a call on this Client.`, ...doc])}func (c *Client) ${name}(fn func(${fnParams})) {
	c.onNotification(${goString(m.name)}, func(raw json.RawMessage) error {
${decode}		fn(${pass})
		return nil
	})
}
`;
  const result = types.result(m.result!.type);
  return `${comment([`${name} sets the handler for ${m.name}, a request from the server. Each request runs in its own goroutine, with a context cancelled when the Client closes; an *RPCError returned is sent as it is, any other error as -32603. Without a handler the server gets -32601. Over HTTP the server has no way to send requests.`, ...doc])}func (c *Client) ${name}(h func(${["ctx context.Context", fnParams].filter((s) => s !== "").join(", ")}) (${result}, error)) {
	c.handle(${goString(m.name)}, func(ctx context.Context, raw json.RawMessage) (any, error) {
${decode}		return h(${["ctx", pass].filter((s) => s !== "").join(", ")})
	})
}
`;
}

export function emitClient(model: Model, names: GoNames, types: GoTypes, pkg: string): string {
  const server = model.servers[0]?.defaultUrl ?? "";
  const methods = model.methods.map((m) =>
    m.implementedBy === "client" ? hook(m, names, types) : serverMethod(m, model, names, types),
  );
  const commit = model.methods.find((m) => m.name === UPLOAD[2])?.result?.type;
  if (hasUpload(model)) {
    const r = commit ? types.result(commit) : "json.RawMessage";
    methods.push(`// Upload sends size bytes read from r into a session as a chunked upload: file/upload/begin, then
// file/upload/chunk in pieces of the size the server chose, then file/upload/commit.
func (c *Client) Upload(ctx context.Context, sessionID string, r io.Reader, size int64, opts UploadOptions) (${r}, error) {
	return upload[${r}](ctx, c, sessionID, r, size, opts)
}

// UploadBytes uploads data in chunks, declaring its sha256 so the server checks it at commit.
func (c *Client) UploadBytes(ctx context.Context, sessionID, filename string, data []byte) (${r}, error) {
	return uploadBytes[${r}](ctx, c, sessionID, filename, data)
}
`);
  }
  const body = methods.join("\n");
  const imports = ["context", ...(/\bjson\./.test(body) ? ["encoding/json"] : []), ...(/\bio\./.test(body) ? ["io"] : [])];
  return `${comment([
    `Package ${pkg} is a client for ${model.info.title} ${model.info.version}, generated from its OpenRPC document.`,
    model.info.description,
  ])}package ${pkg}

import (
${imports.map((i) => `\t"${i}"\n`).join("")})

// DefaultURL is the document's first server ("" when it lists none).
const DefaultURL = ${goString(server)}

// defaultURL says where Dial connects when given "": DefaultURL, unless a hand-written file of the
// package replaces it in an init function.
var defaultURL = func() (string, error) { return DefaultURL, nil }

// Dial connects to url: http(s)://… (JSON-RPC over HTTP POST), unix:PATH or a socket path
// (newline-delimited JSON over a Unix socket); "" is DefaultURL.
func Dial(ctx context.Context, url string, opts ...Option) (*Client, error) {
	if url == "" {
		u, err := defaultURL()
		if err != nil {
			return nil, err
		}
		url = u
	}
	return dial(ctx, url, opts)
}

${body}`;
}
