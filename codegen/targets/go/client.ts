// client_gen.go and errors_gen.go: a method per OpenRPC method on *Client (a context.Context, then typed
// arguments by position or one params struct by name), hooks for the server's calls, an error type each.
import type { ErrorDecl, Method, Model } from "../../model/types.js";
import { pascal } from "../../naming/words.js";
import { aligned, comment, docTexts, type GoNames, goString, type Row, usesPackage } from "./names.js";
import type { GoTypes } from "./types.js";

const UPLOAD = ["file/upload/begin", "file/upload/chunk", "file/upload/commit"];
export const hasUpload = (m: Model): boolean => UPLOAD.every((u) => m.methods.some((x) => x.name === u));

const spec = (names: GoNames, e: ErrorDecl): string => `spec${names.errorType(e)}`;

export function emitErrors(model: Model, names: GoNames, types: GoTypes): string {
  const errors = [...model.errors.values()];
  const consts = errors.map((e): Row => ["", names.extra(`Code${pascal(e.name)}`), `= ${e.code}`]);
  const decls = errors.map((e) => {
    const name = names.errorType(e);
    const data = e.data === undefined ? "json.RawMessage" : types.optional(e.data);
    const one =
      e.variants.length === 1 && types.structOf(e.data ?? { kind: "null" }) ? e.variants[0]!.reason : "";
    const reasons = e.variants.map((v) => v.reason).join(", ");
    return `${comment([
      `${name} is error ${e.code}, ${goString(e.message)}: the *RPCError as received, with Data typed.`,
      ...docTexts(e.docs),
      `Data is nil when the server sent none${e.data === undefined ? " (the document does not type it)" : ""}${one ? ` or its reason is not ${one}` : reasons ? `; its variants are by reason: ${reasons}` : ""}.`,
    ])}type ${name} struct {\n\t*RPCError\n\tData ${data}\n}

var ${spec(names, e)} = errorSpec{${e.code}, ${goString(e.message)}, func(w *RPCError) error {
	e := &${name}{RPCError: w}
	decodeErrorData(w.Data, &e.Data, ${goString(one)})
	return e
}}
`;
  });
  if (errors.length === 0) return "";
  return `// The codes of the errors the document declares.
const (
${aligned(consts)})

${decls.join("\n")}
func init() {
	documentErrors = []errorSpec{${errors.map((e) => spec(names, e)).join(", ")}}
}
`;
}

/** The Go parameters of a method (after ctx), and how they are sent or decoded. */
type Params = { list: [string, string][]; wire: string };
export function params(m: Method, names: GoNames, types: GoTypes): Params {
  if (m.paramStructure === "by-name") {
    const obj = m.paramsObject ?? { kind: "any" as const };
    const decl = obj.kind === "ref" ? types.decl(obj.name) : undefined;
    if (decl?.kind === "object" && decl.members.length === 0) return { list: [], wire: "byName(nil)" };
    const struct = types.structOf(obj) !== undefined;
    return { list: [["params", struct ? `*${types.go(obj)}` : types.elem(obj)]], wire: "byName(params)" };
  }
  const last = m.params.map((p) => p.required).lastIndexOf(true);
  const list = m.params.map((p): [string, string] => [
    names.param(m, p.name),
    p.required ? types.elem(p.type) : types.optional(p.type),
  ]);
  return { list, wire: `positional(${[last + 1, ...list.map(([n]) => n)].join(", ")})` };
}

function serverMethod(m: Method, model: Model, names: GoNames, types: GoTypes): string {
  const name = names.method(m);
  const { list, wire } = params(m, names, types);
  const args = ["ctx context.Context", ...list.map(([n, t]) => `${n} ${t}`)].join(", ");
  const paramDocs =
    m.paramStructure === "by-position"
      ? m.params.flatMap((p) => types.docs(p.docs, p.type).map((d) => `${names.param(m, p.name)}: ${d}`))
      : [];
  const doc = comment([
    `${name} ${m.result ? "calls" : "sends the notification"} ${m.name}.`,
    ...types.docs(m.docs, m.result?.type),
    m.annotations.grant ? `Grant: ${m.annotations.grant}.` : undefined,
    ...paramDocs,
  ]);
  const result = m.result && types.result(m.result.type);
  const errs = m.errors.flatMap((e) =>
    model.errors.has(e) ? [`, ${spec(names, model.errors.get(e)!)}`] : [],
  );
  // A result that is always null carries nothing: the method returns only its error, as the other
  // languages return nothing (codegen/README.md, one behaviour in four languages).
  if (m.result?.type.kind === "null")
    return `${doc}func (c *Client) ${name}(${args}) error {\n\t_, err := call[json.RawMessage](ctx, c, ${goString(m.name)}, ${wire}${errs.join("")})\n\treturn err\n}\n`;
  const send = result
    ? `call[${result}](ctx, c, ${goString(m.name)}, ${wire}${errs.join("")})`
    : `c.Notify(ctx, ${goString(m.name)}, ${wire})`;
  return `${doc}func (c *Client) ${name}(${args}) ${result ? `(${result}, error)` : "error"} {\n\treturn ${send}\n}\n`;
}

function hook(m: Method, names: GoNames, types: GoTypes): string {
  const name = names.method(m);
  const ins = params(m, names, types).list.map(([, t]) => t);
  const sig = m.result
    ? `h func(${["context.Context", ...ins].join(", ")}) (${types.result(m.result.type)}, error)`
    : `h func(${ins.join(", ")})`;
  return `${comment([`${name} sets the ${m.result ? "handler for the request" : "callback for the notification"} ${m.name} from the server (see Client).`, ...types.docs(m.docs)])}func (c *Client) ${name}(${sig}) {
	c.serve(${goString(m.name)}, ${m.paramStructure === "by-name"}, h)
}
`;
}

export function emitClient(model: Model, names: GoNames, types: GoTypes, pkg: string): string {
  const server = model.servers[0]?.defaultUrl ?? "";
  const methods = model.methods.map((m) =>
    m.implementedBy === "client" ? hook(m, names, types) : serverMethod(m, model, names, types),
  );
  const commit = model.methods.find((m) => m.name === UPLOAD[2])?.result?.type;
  if (hasUpload(model))
    methods.push(`// uploadResult is what Upload returns: file/upload/commit's result.
type uploadResult = ${commit ? types.result(commit) : "json.RawMessage"}
`);
  const body = methods.join("\n");
  const imports = ["context", "encoding/json"].filter((i) => usesPackage(body, i));
  return `${comment([
    `Package ${pkg} is a client for ${model.info.title} ${model.info.version}, generated from its OpenRPC document.`,
    model.info.description,
  ])}package ${pkg}

${imports.length > 0 ? `import (\n${imports.map((i) => `\t"${i}"\n`).join("")})\n\n` : ""}// DefaultURL is the document's first server, where Dial(ctx, "") connects ("" when it lists none).
const DefaultURL = ${goString(server)}
${body && `\n${body}`}`;
}
