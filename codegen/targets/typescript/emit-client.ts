// src/client.ts and src/errors.ts of a generated package: one method per OpenRPC method, its params
// as TypeScript callers expect them (typed positional arguments for by-position methods, one typed
// object for by-name ones) and sent the way the document says; results typed; errors as classes.

import type { Method, Model, Type } from "../../model/types.js";
import type { Names } from "../../naming/namer.js";
import { tsString } from "../../quote/index.js";
import { docLines, jsdoc } from "./jsdoc.js";
import { renderType, type TypeOptions } from "./render-types.js";

const TYPES: TypeOptions = { integers: "lossless", prefix: "T." };
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

export function emitErrors(model: Model, names: Names): string {
  const classes = [...model.errors.values()].map((e) => {
    const cls = names.errorType(e);
    const data = e.data === undefined ? "unknown" : renderType(e.data, names, TYPES);
    const reasons =
      e.variants.length > 0
        ? `\`data.reason\` is one of ${e.variants.map((v) => `\`${v.reason}\``).join(", ")}.`
        : undefined;
    return `${jsdoc([`${e.code}: ${e.message}`, e.docs.description, reasons])}export class ${cls} extends RpcError {
  static readonly code = ${e.code};
  static readonly wireMessage = ${tsString(e.message)};
  declare readonly code: ${e.code};
  declare readonly data: ${data};
  constructor(message: string, data: unknown) {
    super(${e.code}, message, data);
    this.name = ${tsString(cls)};
  }
}`;
  });
  const usesTypes = /\bT\./.test(classes.join("\n"));
  return `${BANNER}
${classes.length > 0 ? 'import { RpcError } from "./runtime/connection.js";\n' : ""}${usesTypes ? 'import type * as T from "./types.js";\n' : ""}
${classes.join("\n\n")}${classes.length > 0 ? "\n\n" : ""}/** Every error the document declares. */
export const declaredErrors = [${[...model.errors.values()].map((e) => names.errorType(e)).join(", ")}] as const;
`;
}

/** How one method is called: its TypeScript parameters and the params value sent. */
function signature(
  m: Method,
  model: Model,
  names: Names,
): { params: string[]; wire: string; argTypes: string } {
  const type = (t: Type): string => renderType(t, names, TYPES);
  if (m.paramStructure === "by-name") {
    const object = m.paramsObject ? type(m.paramsObject) : "Record<string, unknown>";
    // An optional member named like one of Object.prototype's (`constructor`, `toString`) is checked
    // against the inherited one: `{}` is not assignable then, though it is a valid value of the type.
    const decl = m.paramsObject && model.types.get(m.paramsObject.name);
    const inherited =
      decl?.kind === "object" && decl.members.some((x) => !x.required && x.name in Object.prototype);
    const empty = inherited ? ` = {} as ${object}` : " = {}";
    return {
      params: [`params: ${object}${m.paramsOptional ? empty : ""}`],
      wire: "params",
      argTypes: object,
    };
  }
  // An optional param may only be marked `?` when every param after it is optional too.
  const lastRequired = m.params.map((p) => p.required).lastIndexOf(true);
  const params = m.params.map((p, i) => {
    const name = names.param(m, p.name);
    if (p.required) return `${name}: ${type(p.type)}`;
    return i > lastRequired ? `${name}?: ${type(p.type)}` : `${name}: ${type(p.type)} | undefined`;
  });
  const args = m.params.map((p) => names.param(m, p.name));
  const tuple = m.params.map(
    (p, i) => `${names.param(m, p.name)}${!p.required && i > lastRequired ? "?" : ""}: ${type(p.type)}`,
  );
  return { params, wire: `positional([${args.join(", ")}])`, argTypes: `[${tuple.join(", ")}]` };
}

function method(m: Method, model: Model, names: Names): string {
  const name = names.method(m);
  const { params, wire, argTypes } = signature(m, model, names);
  const paramDocs = m.params
    .filter((p) => m.paramStructure === "by-position" && (p.docs.description ?? p.docs.summary) !== undefined)
    .map((p) => `@param ${names.param(m, p.name)} ${p.docs.description ?? p.docs.summary}`);
  const errors = m.errors
    .flatMap((e) => {
      const d = model.errors.get(e);
      return d ? [`E.${names.errorType(d)}`] : [];
    })
    .join(", ");
  const doc = jsdoc(docLines(m.docs, [`\`${m.name}\``, ...paramDocs]), "  ");
  const result = m.result ? renderType(m.result.type, names, TYPES) : undefined;
  if (m.implementedBy === "client") {
    // Sent by the server to this client: register what answers it.
    if (result === undefined)
      return `${doc}  on${cap(name)}(handler: (params: ${argTypes}) => void): void {
    this.connection.onNotification(${tsString(m.name)}, handler as (params: unknown) => void);
  }`;
    return `${doc}  handle${cap(name)}(handler: (params: ${argTypes}) => ${result} | Promise<${result}>): void {
    this.connection.onRequest(${tsString(m.name)}, handler as (params: unknown) => unknown);
  }`;
  }
  if (result === undefined)
    return `${doc}  ${name}(${params.join(", ")}): void {
    this.connection.notify(${tsString(m.name)}, ${wire});
  }`;
  return `${doc}  ${name}(${[...params, "options?: CallOptions"].join(", ")}): Promise<${result}> {
    return this.connection.request(${tsString(m.name)}, ${wire}, options, [${errors}]) as Promise<${result}>;
  }`;
}

export function emitClient(m: Model, names: Names, upload: boolean): string {
  const methods = m.methods.map((x) => method(x, m, names));
  const server = m.servers[0];
  const usesPositional = m.methods.some(
    (x) => x.paramStructure === "by-position" && x.implementedBy === "server",
  );
  const usesErrors = /\bE\./.test(methods.join("\n"));
  const usesOptions = methods.join("\n").includes("CallOptions");
  const usesTypes = /\bT\./.test(methods.join("\n"));
  const imports = [
    `import { ${usesOptions ? "type CallOptions, " : ""}type ConnectOptions, Connection, open${usesPositional ? ", positional" : ""} } from "./runtime/connection.js";`,
    ...(upload
      ? ['import { type UploadOptions, type UploadResult, upload } from "./runtime/upload.js";']
      : []),
    ...(usesErrors ? ['import * as E from "./errors.js";'] : []),
    ...(usesTypes ? ['import type * as T from "./types.js";'] : []),
  ];
  const uploadMethod = upload
    ? `

  /** Uploads bytes in chunks of the size the server picks (file/upload/begin, chunk, commit). */
  upload(options: UploadOptions): Promise<UploadResult<unknown>> {
    return upload(this.connection, options);
  }`
    : "";
  return `${BANNER}
${imports.join("\n")}

/** The document's first server (variables at their defaults), or undefined when it lists none. */
export const DEFAULT_URL: string | undefined = ${server ? tsString(server.defaultUrl) : "undefined"};

${jsdoc([`A client for ${m.info.title} ${m.info.version}.`, m.info.description])}export class Client {
  constructor(readonly connection: Connection) {}

  /** Connects to \`url\`: http(s)://, ws(s)://, unix:PATH or a socket path (default: DEFAULT_URL). */
  static async connect(url: string | undefined = DEFAULT_URL, options: ConnectOptions = {}): Promise<Client> {
    if (url === undefined) throw new Error("no URL given, and the document lists no server");
    return new Client(await open(url, options));
  }

${methods.join("\n\n")}${uploadMethod}

  /** Ends the connection. */
  close(): void {
    this.connection.close();
  }
}

/** Connects to \`url\` (default: the document's first server). */
export function connect(url?: string, options?: ConnectOptions): Promise<Client> {
  return Client.connect(url, options);
}
`;
}

export const BANNER = "// Generated by `zeroclaw codegen` from an OpenRPC document. Do not edit.";
