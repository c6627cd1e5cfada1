// The one reader of an OpenRPC document: methods (params by name or by position, results, errors,
// examples, zeroclaw's x-* annotations), errors (components.errors, inline ones, `$ref`s to either),
// servers and docs, with every schema read into the type algebra by read-schema.ts. Nothing else in
// codegen/ looks at a document; targets receive the `Model` this returns.
import { readFileSync } from "node:fs";
import { pascal, typeName } from "../naming/words.js";
import { bundleExternalRefs } from "./bundle.js";
import {
  arr,
  asJson,
  child,
  DocumentView,
  entries,
  extensionsOf,
  isObj,
  type Obj,
  own,
  str,
} from "./document-view.js";
import { withSafeProse } from "./hostile-input.js";
import { mergeAllOf, requiredAlternatives } from "./merge-schema.js";
import { SchemaReader } from "./read-schema.js";
import { docsOf } from "./schema-keywords.js";
import type {
  Docs,
  ErrorDecl,
  ErrorVariant,
  Example,
  ExampleValue,
  JsonSchema,
  Method,
  Model,
  Param,
  Server,
  Type,
} from "./types.js";

const ERROR_COMPONENT = /^#\/components\/errors\/([^/]+)$/;

/** Reads a document file, with the files its external `$ref`s name (bundle.ts). */
export function loadModel(path: string): Model {
  const parsed: unknown = JSON.parse(readFileSync(path, "utf8"));
  return readDocument(isObj(parsed) ? bundleExternalRefs(parsed, path).document : parsed);
}

/** Reads a parsed OpenRPC document (validate it first: validate.ts) into the model. */
export function readDocument(document: unknown): Model {
  if (!isObj(document)) throw new Error("an OpenRPC document is a JSON object");
  return new DocumentReader(withSafeProse(document)).read();
}

class DocumentReader {
  private readonly view: DocumentView;
  private readonly schemas: SchemaReader;
  private readonly errors = new Map<string, ErrorDecl>();
  private readonly inlineErrors = new Map<string, string>();

  constructor(readonly root: Obj) {
    this.view = new DocumentView(root);
    this.schemas = new SchemaReader(this.view);
  }

  private note = (pointer: string, message: string): void => {
    this.schemas.notes.push({ pointer, message, severity: "error" });
  };

  read(): Model {
    for (const key of Object.keys(this.view.componentSchemas())) this.schemas.component(key);
    const components = own(this.root, "components");
    for (const [key, e] of entries(isObj(components) ? own(components, "errors") : undefined))
      this.componentError(key, e);
    const methods = arr(own(this.root, "methods")).map((m, i) => this.method(m, child("#/methods", i)));
    const info = isObj(own(this.root, "info")) ? (own(this.root, "info") as Obj) : {};
    const license = own(info, "license");
    return {
      openrpc: str(own(this.root, "openrpc")) ?? "",
      info: {
        title: str(own(info, "title")) ?? "api",
        version: str(own(info, "version")) ?? "0.0.0",
        ...(str(own(info, "description")) !== undefined
          ? { description: str(own(info, "description")) }
          : {}),
        ...(isObj(license) && str(own(license, "name")) ? { license: str(own(license, "name")) } : {}),
      },
      servers: arr(own(this.root, "servers")).flatMap((s, i) => this.server(s, child("#/servers", i))),
      methods: methods.filter((m): m is Method => m !== undefined),
      errors: this.errors,
      types: this.schemas.decls,
      notes: this.schemas.notes,
      extensions: extensionsOf(this.root),
      schemaSources: new Map(
        entries(this.view.componentSchemas()).map(([k, v]) => [k, (isObj(v) ? v : {}) as JsonSchema]),
      ),
    };
  }

  private method(raw: unknown, at: string): Method | undefined {
    const { value: m, pointer } = this.view.deref(raw, at, this.note);
    if (m === undefined) return undefined;
    const name = str(own(m, "name")) ?? "";
    const base = pascal(name) || "Method";
    const declared = str(own(m, "paramStructure")) as Method["declaredParamStructure"];
    const paramStructure = declared === "by-name" ? "by-name" : "by-position";
    const params = arr(own(m, "params")).flatMap((p, i) =>
      this.param(p, child(pointer, "params", i), `${base}Params`),
    );
    const whole = own(m, "x-params-schema");
    const paramsSource = isObj(whole) ? (whole as JsonSchema) : synthesizedParams(params);
    let paramsObject: Method["paramsObject"];
    if (whole !== undefined) {
      const t = this.schemas.read(whole, child(pointer, "x-params-schema"), `${base}Params`);
      paramsObject = t.kind === "ref" ? t : undefined;
    } else if (paramStructure === "by-name") {
      paramsObject = this.schemas.addDecl({
        kind: "object",
        name: this.schemas.reserve(`${base}Params`),
        docs: { description: `The params of \`${name}\`.` },
        origin: { kind: "inline", pointer: child(pointer, "params") },
        source: paramsSource,
        members: params.map((p) => ({ name: p.name, type: p.type, required: p.required, docs: p.docs })),
        additional: { kind: "closed" },
      });
    }
    const flat = mergeAllOf(this.view, [paramsSource]);
    const alternatives =
      "schema" in flat && requiredAlternatives(arr(own(flat.schema, "anyOf") ?? own(flat.schema, "oneOf")));
    const implementers = arr(own(m, "x-implemented-by"));
    const annotations: Method["annotations"] = {};
    if (typeof own(m, "x-grant") === "string") annotations.grant = own(m, "x-grant") as string;
    if (typeof own(m, "x-local-only") === "boolean")
      annotations.localOnly = own(m, "x-local-only") as boolean;
    if (typeof own(m, "x-notification-allowed") === "boolean")
      annotations.notificationAllowed = own(m, "x-notification-allowed") as boolean;
    const method: Method = {
      name,
      docs: methodDocs(m),
      tags: arr(own(m, "tags")).flatMap((t, i) => {
        const tag = this.view.deref(t, child(pointer, "tags", i), this.note).value;
        const n = tag ? str(own(tag, "name")) : undefined;
        return n === undefined ? [] : [n];
      }),
      implementedBy:
        implementers.length > 0 && !implementers.includes("daemon") && !implementers.includes("server")
          ? "client"
          : "server",
      paramStructure,
      params,
      paramsOptional: !params.some((p) => p.required) && !alternatives,
      errors: arr(own(m, "errors")).flatMap((e, i) => this.methodError(e, child(pointer, "errors", i))),
      examples: arr(own(m, "examples")).flatMap((e, i) => this.example(e, child(pointer, "examples", i))),
      annotations,
      extensions: extensionsOf(m),
      paramsSource,
    };
    if (declared !== undefined) method.declaredParamStructure = declared;
    if (paramsObject !== undefined) method.paramsObject = paramsObject;
    const result = this.view.deref(own(m, "result"), child(pointer, "result"), this.note);
    if (result.value !== undefined) {
      const schema = own(result.value, "schema");
      method.result = {
        name: str(own(result.value, "name")) ?? "result",
        type: this.schemas.read(schema, child(result.pointer, "schema"), `${base}Result`),
        docs: methodDocs(result.value),
        source: (isObj(schema) ? schema : {}) as JsonSchema,
      };
    }
    return method;
  }

  private param(raw: unknown, at: string, hint: string): Param[] {
    const { value: p, pointer } = this.view.deref(raw, at, this.note);
    if (p === undefined) return [];
    const name = str(own(p, "name")) ?? "";
    const schema = own(p, "schema");
    return [
      {
        name,
        type: this.schemas.read(schema, child(pointer, "schema"), `${hint}${pascal(name)}`),
        required: own(p, "required") === true,
        // A descriptor without a description is documented by its schema's.
        docs: { ...(isObj(schema) ? docsOf(schema) : {}), ...methodDocs(p) },
        source: (isObj(schema) ? schema : {}) as JsonSchema,
      },
    ];
  }

  private componentError(key: string, raw: unknown): void {
    const at = child("#/components/errors", key);
    const e = this.view.deref(raw, at, this.note).value;
    if (e !== undefined) this.errors.set(key, this.error(key, e, { kind: "component", key, pointer: at }));
  }

  private methodError(raw: unknown, at: string): string[] {
    const ref = isObj(raw) ? str(own(raw, "$ref")) : undefined;
    const m = ref === undefined ? null : ERROR_COMPONENT.exec(ref);
    if (m) {
      const key = this.view.resolve(ref!);
      if ("error" in key) {
        this.note(child(at, "$ref"), key.error);
        return [];
      }
      const name = key.pointer.split("/").pop()!.replaceAll("~1", "/").replaceAll("~0", "~");
      return this.errors.has(name) ? [name] : [];
    }
    const { value: e, pointer } = this.view.deref(raw, at, this.note);
    if (e === undefined) return [];
    // The same inline error on many methods (a shared error group) is one declaration.
    const identity = JSON.stringify([
      own(e, "code"),
      own(e, "message"),
      own(e, "data"),
      own(e, "x-data-schema"),
    ]);
    const known = this.inlineErrors.get(identity);
    if (known !== undefined) return [known];
    const code = typeof own(e, "code") === "number" ? (own(e, "code") as number) : 0;
    const fromMessage = pascal((str(own(e, "message")) ?? "").split(/\s+/).slice(0, 5).join(" "));
    const stem =
      fromMessage && /^[A-Za-z]/.test(fromMessage)
        ? fromMessage
        : `Error${code < 0 ? `Minus${-code}` : code}`;
    let name = stem;
    for (let n = 2; this.errors.has(name); n++) name = `${stem}${n}`;
    this.errors.set(name, this.error(name, e, { kind: "inline", pointer }));
    this.inlineErrors.set(identity, name);
    return [name];
  }

  private error(name: string, e: Obj, origin: ErrorDecl["origin"]): ErrorDecl {
    const stem = typeName(pascal(name) || name);
    const dataSchema = own(e, "x-data-schema");
    const decl: ErrorDecl = {
      name,
      code: typeof own(e, "code") === "number" ? (own(e, "code") as number) : 0,
      message: str(own(e, "message")) ?? "",
      docs: {},
      dataName: `${stem}ErrorData`,
      variants: [],
      origin,
    };
    if (Object.hasOwn(e, "data")) decl.exampleData = asJson(own(e, "data")) ?? null;
    if (dataSchema !== undefined) {
      decl.dataSource = (isObj(dataSchema) ? dataSchema : {}) as JsonSchema;
      decl.data = this.schemas.read(dataSchema, child(origin.pointer, "x-data-schema"), `${stem}ErrorData`);
      if (
        decl.data.kind === "ref" &&
        this.schemas.decls.get(decl.data.name)?.origin.pointer.endsWith("/x-data-schema")
      )
        decl.dataName = decl.data.name;
      else decl.dataName = this.schemas.reserve(`${stem}ErrorData`);
      decl.variants = this.reasons(decl.data);
    }
    return decl;
  }

  /** The `data.reason` variants of an error's data type: a union tagged by `reason`, or one object fixing it. */
  private reasons(t: Type): ErrorVariant[] {
    if (t.kind !== "ref") return [];
    const d = this.schemas.decls.get(t.name);
    const variant = (name: string): ErrorVariant | undefined => {
      const o = this.schemas.decls.get(name);
      const reason = o?.kind === "object" ? o.members.find((m) => m.name === "reason") : undefined;
      if (reason?.type.kind !== "literal" || typeof reason.type.value !== "string") return undefined;
      const v: ErrorVariant = { reason: reason.type.value, type: { kind: "ref", name } };
      if (o!.docs.description !== undefined) v.description = o!.docs.description;
      return v;
    };
    if (d?.kind === "tagged" && d.tag === "reason")
      return d.variants.flatMap((v) => variant(v.type.name) ?? []);
    if (d?.kind === "object") return [variant(d.name)].filter((v): v is ErrorVariant => v !== undefined);
    return [];
  }

  private example(raw: unknown, at: string): Example[] {
    const { value: e, pointer } = this.view.deref(raw, at, this.note);
    if (e === undefined) return [];
    const value = (v: unknown, p: string): ExampleValue | undefined => {
      const x = this.view.deref(v, p, this.note).value;
      return x === undefined
        ? undefined
        : { name: str(own(x, "name")) ?? "", value: asJson(own(x, "value")) };
    };
    const example: Example = {
      name: str(own(e, "name")) ?? "",
      docs: methodDocs(e),
      params: arr(own(e, "params")).flatMap((p, i) => value(p, child(pointer, "params", i)) ?? []),
      extensions: extensionsOf(e),
    };
    const result =
      own(e, "result") === undefined ? undefined : value(own(e, "result"), child(pointer, "result"));
    if (result !== undefined) example.result = result;
    const xerr = own(e, "x-error");
    if (isObj(xerr) && typeof own(xerr, "code") === "number") {
      example.error = { code: own(xerr, "code") as number };
      if (str(own(xerr, "message")) !== undefined) example.error.message = str(own(xerr, "message"))!;
      if (Object.hasOwn(xerr, "data")) example.error.data = asJson(own(xerr, "data")) ?? null;
    }
    return [example];
  }

  private server(raw: unknown, at: string): Server[] {
    const s = this.view.deref(raw, at, this.note).value;
    const url = s ? str(own(s, "url")) : undefined;
    if (s === undefined || url === undefined) return [];
    const variables = entries(own(s, "variables")).map(([name, v]) => ({
      name,
      default: String((isObj(v) && own(v, "default")) ?? ""),
      ...(isObj(v) && Array.isArray(own(v, "enum")) ? { enum: arr(own(v, "enum")).map(String) } : {}),
      ...(isObj(v) && str(own(v, "description")) !== undefined
        ? { description: str(own(v, "description")) }
        : {}),
    }));
    const server: Server = {
      url,
      defaultUrl: url.replace(
        /\$\{([^}]+)\}/g,
        (whole, v: string) => variables.find((x) => x.name === v)?.default ?? whole,
      ),
      docs: methodDocs(s),
      variables,
    };
    if (str(own(s, "name")) !== undefined) server.name = str(own(s, "name"))!;
    return [server];
  }
}

function methodDocs(o: Obj): Docs {
  const d = docsOf(o);
  const summary = str(own(o, "summary"));
  if (summary !== undefined) d.summary = summary;
  return d;
}

/** The by-name params object a method's content descriptors describe (unknown members refused). */
function synthesizedParams(params: Param[]): JsonSchema {
  const properties: Record<string, unknown> = Object.create(null);
  for (const p of params) {
    properties[p.name] = p.docs.description ? { description: p.docs.description, ...p.source } : p.source;
  }
  const required = params.filter((p) => p.required).map((p) => p.name);
  return {
    type: "object",
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}
