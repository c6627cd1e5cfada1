import { readFile } from "node:fs/promises";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { isJsonObject, type JsonObject, type JsonValue } from "../wire/json.js";

/**
 * openrpc.json read as data, never as code: method descriptions, example
 * pairings, result schemas and error data schemas. The suite validates what
 * the daemon sends against it, so a second implementation is held to the
 * same document.
 */

/** ajv resolves `$ref: "#/components/…"` inside the document because the whole document is registered under this id. */
const DOCUMENT_ID = "urn:zeroclaw:openrpc.json";
const MAX_REF_HOPS = 32;
const MAX_SCHEMA_ERRORS_SHOWN = 6;

export interface ExamplePairing {
  name: string;
  params: JsonObject;
  result?: JsonValue;
  error?: { code: number; data?: JsonValue };
  presenceOnly: string[];
  uninitialized: boolean;
  /** `"x-replay": false`: documentation only (its preconditions are set up by a fixture); never sent. */
  replay: boolean;
  /** JSON pointer of the pairing in the document, for failure messages. */
  pointer: string;
}

export interface MethodEntry {
  name: string;
  /** JSON pointer of the method object in the document. */
  pointer: string;
  /** `x-grant`: the grant a principal needs to call it (SPEC §4); undefined for none. */
  grant: string | undefined;
  /** `x-local-only`: served on the local socket only. */
  localOnly: boolean;
  /** Names of the params openrpc.json marks required. */
  requiredParams: string[];
  /** `x-implemented-by: ["client"]` marks daemon → client methods, which the suite cannot call. */
  servedByDaemon: boolean;
  /** OpenRPC 1.3: a method without `result` is a notification. */
  isNotification: boolean;
  examples: ExamplePairing[];
}

interface Located {
  value: JsonValue;
  pointer: string;
}

interface ErrorDeclaration {
  code: number;
  dataSchemaPointer: string | undefined;
}

export class OpenRpcContract {
  private readonly ajv: Ajv;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly document: JsonObject) {
    this.ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
    addFormatsModule.default(this.ajv);
    this.ajv.addSchema(document as object, DOCUMENT_ID);
  }

  static async load(path: string): Promise<OpenRpcContract> {
    const document: unknown = JSON.parse(await readFile(path, "utf8"));
    if (!isJsonObject(document) || !Array.isArray(document.methods)) {
      throw new Error(`${path} is not an OpenRPC document (no methods array)`);
    }
    return new OpenRpcContract(document);
  }

  methods(): MethodEntry[] {
    return this.methodLocations().map(({ value: method, pointer }) => {
      const name = typeof method.name === "string" ? method.name : `(unnamed at ${pointer})`;
      const implementedBy = Array.isArray(method["x-implemented-by"]) ? method["x-implemented-by"] : [];
      const examples = Array.isArray(method.examples) ? method.examples : [];
      const params = Array.isArray(method.params) ? method.params : [];
      return {
        name,
        pointer,
        grant: typeof method["x-grant"] === "string" ? method["x-grant"] : undefined,
        localOnly: method["x-local-only"] === true,
        requiredParams: params.flatMap((param) => {
          const resolved = this.follow({ value: param, pointer }).value;
          return isJsonObject(resolved) && resolved.required === true && typeof resolved.name === "string"
            ? [resolved.name]
            : [];
        }),
        servedByDaemon: !(implementedBy.length === 1 && implementedBy[0] === "client"),
        isNotification: method.result === undefined,
        examples: examples.map((example, index) =>
          this.pairing(example, `${pointer}/examples/${index}`, index),
        ),
      };
    });
  }

  /**
   * undefined when the result conforms (or the method is not in the document), else the reason. On a
   * connection of another dialect (SPEC §13) the method's `x-dialects` result schema applies, if any.
   */
  /** Whether the document declares a method of this name. */
  hasMethod(methodName: string): boolean {
    return this.findMethod(methodName) !== undefined;
  }

  checkResult(methodName: string, result: JsonValue, dialect = "seed"): string | undefined {
    const method = this.findMethod(methodName);
    if (!method || method.value.result === undefined) return undefined;
    const dialects = method.value["x-dialects"];
    const own = isJsonObject(dialects) && dialect !== "seed" ? dialects[dialect] : undefined;
    if (isJsonObject(own) && own.result !== undefined) {
      const at = this.follow({
        value: own.result,
        pointer: `${method.pointer}/x-dialects/${escapeToken(dialect)}/result`,
      });
      return this.validate(at.pointer, result, `result of ${methodName} (${dialect} dialect)`);
    }
    const descriptor = this.follow({ value: method.value.result, pointer: `${method.pointer}/result` });
    if (!isJsonObject(descriptor.value) || descriptor.value.schema === undefined) return undefined;
    return this.validate(`${descriptor.pointer}/schema`, result, `result of ${methodName}`);
  }

  /**
   * The members of a method's result object that its schema (the dialect's, SPEC §13) lists but does
   * not require: an example may show them, an implementation may leave them out (issue 26).
   */
  optionalResultMembers(methodName: string, dialect = "seed"): Set<string> {
    const method = this.findMethod(methodName);
    if (!method || method.value.result === undefined) return new Set();
    const dialects = method.value["x-dialects"];
    const own = isJsonObject(dialects) && dialect !== "seed" ? dialects[dialect] : undefined;
    let schema: JsonValue | undefined;
    if (isJsonObject(own) && own.result !== undefined)
      schema = this.follow({ value: own.result, pointer: method.pointer }).value;
    else {
      const descriptor = this.follow({
        value: method.value.result,
        pointer: `${method.pointer}/result`,
      }).value;
      schema = isJsonObject(descriptor)
        ? this.follow({ value: descriptor.schema ?? null, pointer: "" }).value
        : undefined;
    }
    if (!isJsonObject(schema) || !isJsonObject(schema.properties)) return new Set();
    const required = new Set(
      Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === "string") : [],
    );
    return new Set(Object.keys(schema.properties).filter((k) => !required.has(k)));
  }

  /**
   * Checks an error against the declarations of its code: first those the
   * method lists, else any in components.errors. An undeclared code fails:
   * every daemon error is declared in the document (SPEC §11).
   */
  checkErrorData(
    code: number,
    data: JsonValue | undefined,
    methodName: string | undefined,
    dialect = "seed",
  ): string | undefined {
    const declarations = this.errorDeclarations(methodName).filter(
      (declaration) => declaration.code === code,
    );
    if (declarations.length === 0)
      return `error code ${code} is not declared in openrpc.json components.errors`;
    // zeroclaw's errors carry no data (its send_error), and its -32603 data, where some handler
    // adds one, is not the seed's object: the x-data-schema declarations are the seed's (SPEC §13).
    if (dialect !== "seed") return undefined;
    const reasons: string[] = [];
    for (const declaration of declarations) {
      if (declaration.dataSchemaPointer === undefined) return undefined;
      const reason = this.validate(declaration.dataSchemaPointer, data ?? null, `error ${code} data`);
      if (reason === undefined) return undefined;
      reasons.push(reason);
    }
    return reasons.join("; or ");
  }

  /**
   * The `data.reason` constants openrpc.json declares for error `code` (components.errors), e.g.
   * ["session_not_owned"] for -32003: what a case expects without writing it down again.
   */
  errorReasons(code: number): string[] {
    const reasons: string[] = [];
    for (const declaration of this.componentErrors()) {
      if (declaration.code !== code || declaration.dataSchemaPointer === undefined) continue;
      const schema = this.follow({
        value: lookup(this.document, declaration.dataSchemaPointer) ?? null,
        pointer: declaration.dataSchemaPointer,
      }).value;
      const variants = isJsonObject(schema) && Array.isArray(schema.oneOf) ? schema.oneOf : [schema];
      for (const variant of variants) {
        const resolved = this.follow({ value: variant, pointer: declaration.dataSchemaPointer }).value;
        const properties =
          isJsonObject(resolved) && isJsonObject(resolved.properties) ? resolved.properties : {};
        const reason = isJsonObject(properties.reason) ? properties.reason.const : undefined;
        if (typeof reason === "string") reasons.push(reason);
      }
    }
    return reasons;
  }

  private validate(pointer: string, value: JsonValue, what: string): string | undefined {
    let validator = this.validators.get(pointer);
    if (!validator) {
      try {
        validator = this.ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
      } catch (error) {
        return `openrpc.json schema at ${pointer} does not compile: ${(error as Error).message}`;
      }
      this.validators.set(pointer, validator);
    }
    if (validator(value)) return undefined;
    return `${what} does not match openrpc.json ${pointer}: ${describeSchemaErrors(validator.errors ?? [])}`;
  }

  private errorDeclarations(methodName: string | undefined): ErrorDeclaration[] {
    const components = this.componentErrors();
    const method = methodName === undefined ? undefined : this.findMethod(methodName);
    if (!method || !Array.isArray(method.value.errors)) return components;
    const listed = method.value.errors.map((entry, index) =>
      this.errorDeclaration(this.follow({ value: entry, pointer: `${method.pointer}/errors/${index}` })),
    );
    // Generic codes (-32600, -32601 …) are usually declared once in components, not listed per method.
    return [...listed, ...components.filter((declared) => !listed.some((own) => own.code === declared.code))];
  }

  private componentErrors(): ErrorDeclaration[] {
    const components = isJsonObject(this.document.components) ? this.document.components : {};
    const errors = isJsonObject(components.errors) ? components.errors : {};
    return Object.entries(errors).map(([name, value]) =>
      this.errorDeclaration({ value, pointer: `/components/errors/${escapeToken(name)}` }),
    );
  }

  private errorDeclaration({ value, pointer }: Located): ErrorDeclaration {
    const declared = isJsonObject(value) ? value : {};
    return {
      code: typeof declared.code === "number" ? declared.code : Number.NaN,
      dataSchemaPointer: declared["x-data-schema"] === undefined ? undefined : `${pointer}/x-data-schema`,
    };
  }

  private pairing(raw: JsonValue, pointer: string, index: number): ExamplePairing {
    const { value } = this.follow({ value: raw, pointer });
    const example = isJsonObject(value) ? value : {};
    const params: JsonObject = {};
    for (const param of Array.isArray(example.params) ? example.params : []) {
      const resolved = this.follow({ value: param, pointer }).value;
      if (isJsonObject(resolved) && typeof resolved.name === "string")
        params[resolved.name] = resolved.value ?? null;
    }
    const result =
      example.result === undefined ? undefined : this.follow({ value: example.result, pointer }).value;
    const error = example["x-error"];
    return {
      name: typeof example.name === "string" ? example.name : `example ${index}`,
      params,
      ...(isJsonObject(result) ? { result: result.value ?? null } : {}),
      ...(isJsonObject(error) && typeof error.code === "number"
        ? { error: { code: error.code, ...(error.data === undefined ? {} : { data: error.data }) } }
        : {}),
      presenceOnly: Array.isArray(example["x-match"])
        ? example["x-match"].filter((p): p is string => typeof p === "string")
        : [],
      uninitialized: example["x-connection"] === "uninitialized",
      replay: example["x-replay"] !== false,
      pointer,
    };
  }

  private findMethod(name: string): { value: JsonObject; pointer: string } | undefined {
    return this.methodLocations().find(({ value }) => value.name === name);
  }

  private methodLocations(): { value: JsonObject; pointer: string }[] {
    const methods = Array.isArray(this.document.methods) ? this.document.methods : [];
    return methods.flatMap((method, index) => {
      const located = this.follow({ value: method, pointer: `/methods/${index}` });
      return isJsonObject(located.value) ? [{ value: located.value, pointer: located.pointer }] : [];
    });
  }

  /** Follows local `$ref`s, keeping the pointer of where the value really lives (ajv needs it). */
  private follow(start: Located): Located {
    let current = start;
    for (let hop = 0; hop < MAX_REF_HOPS; hop++) {
      const ref = isJsonObject(current.value) ? current.value.$ref : undefined;
      if (typeof ref !== "string" || !ref.startsWith("#/")) return current;
      const pointer = ref.slice(1);
      current = { value: lookup(this.document, pointer) ?? null, pointer };
    }
    throw new Error(`$ref chain too long at ${start.pointer}`);
  }
}

/** ajv's own text repeats itself for every oneOf variant; a handful of distinct lines is enough to act on. */
function describeSchemaErrors(errors: readonly ErrorObject[]): string {
  const lines = [
    ...new Set(errors.map((error) => `${error.instancePath || "(root)"} ${error.message ?? "is invalid"}`)),
  ];
  const shown = lines.slice(0, MAX_SCHEMA_ERRORS_SHOWN).join("; ");
  return lines.length > MAX_SCHEMA_ERRORS_SHOWN ? `${shown}; …` : shown;
}

function lookup(document: JsonValue, pointer: string): JsonValue | undefined {
  let current: JsonValue | undefined = document;
  for (const raw of pointer.slice(1).split("/")) {
    const token = decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~");
    if (Array.isArray(current)) current = current[Number(token)];
    else if (isJsonObject(current) && Object.hasOwn(current, token)) current = current[token];
    else return undefined;
  }
  return current;
}

function escapeToken(token: string): string {
  return token.replaceAll("~", "~0").replaceAll("/", "~1");
}
