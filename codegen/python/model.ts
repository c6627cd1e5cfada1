// The Python view of openrpc.json: every named type a client needs (components, each method's params
// and result, each error's data), as dataclasses, aliases or tagged unions. Names come from the
// document's `$ref`s where it has them and are derived mechanically (`SessionUpdate` + `ToolCall`)
// where a schema is inline, so the same document always gives the same model.
import { bareRef, type JsonSchema, type OpenRpcDocument, paramsSchema } from "../legacy/document.js";
import { pascal } from "../legacy/names.js";
import { attributeNames } from "./py-names.js";

export type PyType =
  | { kind: "str" | "int" | "float" | "bool" | "none" | "any" | "object" }
  | { kind: "literal"; values: unknown[] }
  | { kind: "list"; item: PyType }
  | { kind: "dict"; value: PyType }
  | { kind: "ref"; name: string }
  | { kind: "union"; members: PyType[] };

export interface Field {
  wire: string;
  attr: string;
  type: PyType;
  required: boolean;
  /** A `const` member (a union's tag, `cancelled: true`): defaulted, never asked of the caller. */
  constValue?: unknown;
  doc?: string;
}

export type Def =
  | { kind: "class"; name: string; doc?: string; fields: Field[] }
  | { kind: "alias"; name: string; doc?: string; type: PyType }
  | { kind: "union"; name: string; doc?: string; tag: string; variants: { value: string; name: string }[] };

const COMPONENT = "#/components/schemas/";

export const paramsName = (method: string): string => `${pascal(method)}Params`;
export const resultName = (method: string): string => `${pascal(method)}Result`;
/** What a notification delivers: `session/update` → `SessionUpdate`. */
export const eventName = (method: string): string => pascal(method);
/** A reason's data: `invalid_entry` → `InvalidEntryData`. */
export const reasonDataName = (reason: string): string => `${pascal(reason)}Data`;
/** The data of an error with several reasons: `INVALID_PARAMS` → `InvalidParamsErrorData`. */
export const errorDataUnionName = (error: string): string => `${pascal(error.toLowerCase())}ErrorData`;

export class PyModel {
  readonly defs = new Map<string, Def>();
  /** What each error's `data` is: a variant's name, or the union of its variants. */
  readonly errorData = new Map<string, string>();
  private readonly pending = new Set<string>();

  constructor(readonly doc: OpenRpcDocument) {
    for (const name of Object.keys(doc.components.schemas)) this.component(name);
    for (const m of doc.methods) {
      this.named(paramsName(m.name), paramsSchema(m), `The params of \`\`${m.name}\`\`.`);
      if (m.result) this.named(resultName(m.name), m.result.schema, `The result of \`\`${m.name}\`\`.`);
    }
    // A notification's params are an event: `session/update` delivers `SessionUpdate`s.
    for (const m of doc.methods.filter((x) => !x.result)) {
      if (!this.defs.has(eventName(m.name))) {
        this.add({ kind: "alias", name: eventName(m.name), type: { kind: "ref", name: paramsName(m.name) } });
      }
    }
    for (const [name, err] of Object.entries(doc.components.errors)) {
      const variants = err["x-data-schema"].oneOf;
      const only = variants.length === 1 ? variants[0] : undefined;
      if (only) {
        const ref = bareRef(only);
        const tag = this.tagsOf([only], "reason")[0] ?? name.toLowerCase();
        const target = ref ?? reasonDataName(tag);
        if (ref) this.component(ref);
        else this.define(target, only);
        this.errorData.set(name, target);
      } else {
        const union = errorDataUnionName(name);
        this.union(
          union,
          { description: `The data of ${name} (${err.code}), by reason.`, oneOf: variants },
          (r) => reasonDataName(r),
        );
        this.errorData.set(name, union);
      }
    }
  }

  def(name: string): Def {
    const d = this.defs.get(name);
    if (!d) throw new Error(`python codegen: no type ${name}`);
    return d;
  }

  /** Follows `$ref`s to the schema they name. */
  resolve(schema: JsonSchema): JsonSchema {
    let s = schema;
    for (let hops = 0; typeof s.$ref === "string" && hops < 32; hops++) {
      const name = s.$ref.slice(COMPONENT.length);
      const target = this.doc.components.schemas[name];
      if (!s.$ref.startsWith(COMPONENT) || !target)
        throw new Error(`python codegen: dangling $ref ${s.$ref}`);
      s = target;
    }
    return s;
  }

  private component(name: string): void {
    if (this.defs.has(name) || this.pending.has(name)) return;
    const schema = this.doc.components.schemas[name];
    if (!schema) throw new Error(`python codegen: dangling $ref to ${name}`);
    this.pending.add(name);
    this.define(name, schema);
    this.pending.delete(name);
  }

  /** A method's params or result: an alias when the document points at a differently named component. */
  private named(name: string, schema: JsonSchema, fallbackDoc: string): void {
    const target = bareRef(schema);
    if (target === undefined) {
      this.define(name, schema, fallbackDoc);
      return;
    }
    this.component(target);
    if (target !== name) this.add({ kind: "alias", name, type: { kind: "ref", name: target } });
  }

  private add(def: Def): void {
    if (this.defs.has(def.name)) throw new Error(`python codegen: two types named ${def.name}`);
    this.defs.set(def.name, def);
  }

  /** Declares `name` for a schema: a dataclass, a tagged union or an alias. */
  private define(name: string, schema: JsonSchema, fallbackDoc?: string): void {
    const doc = typeof schema.description === "string" ? schema.description : fallbackDoc;
    if (this.tagOf(schema) !== undefined) {
      this.union(name, schema, (t) => `${name}${pascal(t)}`);
      return;
    }
    if (isObjectWithProperties(schema)) {
      this.object(name, schema, doc);
      return;
    }
    // Reserve the name first: an alias's own inline parts are named after it.
    this.defs.set(name, { kind: "alias", name, type: { kind: "any" } });
    const type = this.typeOf(schema, name);
    this.defs.set(name, { kind: "alias", name, type, ...(doc ? { doc } : {}) });
  }

  private object(name: string, schema: JsonSchema, doc: string | undefined): void {
    const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const def: Def = { kind: "class", name, fields: [], ...(doc ? { doc } : {}) };
    this.add(def);
    const attrs = attributeNames(Object.keys(props));
    for (const [wire, prop] of Object.entries(props)) {
      const field: Field = {
        wire,
        attr: attrs.get(wire) as string,
        type: this.typeOf(prop, `${name}${pascal(wire)}`, `The \`\`${wire}\`\` member of \`\`${name}\`\`.`),
        required: required.has(wire),
      };
      const resolved = this.resolve(prop);
      if ("const" in resolved) field.constValue = resolved.const;
      const pdoc = prop.description ?? (prop.$ref ? undefined : resolved.description);
      if (typeof pdoc === "string") field.doc = pdoc;
      def.fields.push(field);
    }
  }

  private union(name: string, schema: JsonSchema, variantName: (tag: string) => string): void {
    const branches = schema.oneOf as JsonSchema[];
    const tag = this.tagOf(schema) ?? "reason";
    const def: Def = { kind: "union", name, tag, variants: [], ...docOf(schema) };
    this.add(def);
    const values = this.tagsOf(branches, tag);
    branches.forEach((branch, i) => {
      const value = values[i] as string;
      const ref = bareRef(branch);
      const variant = ref ?? variantName(value);
      const doc =
        branch.description ?? `The \`\`${tag}: ${JSON.stringify(value)}\`\` variant of \`\`${name}\`\`.`;
      if (ref) {
        this.component(ref);
        const target = this.defs.get(ref);
        if (target && !target.doc) target.doc = String(doc);
      } else {
        this.object(variant, branch, String(doc));
      }
      def.variants.push({ value, name: variant });
    });
  }

  /** The member a `oneOf` is tagged by: one every branch requires and fixes with a string `const`. */
  private tagOf(schema: JsonSchema): string | undefined {
    const branches = schema.oneOf as JsonSchema[] | undefined;
    if (!Array.isArray(branches) || branches.length === 0) return undefined;
    const first = this.resolve(branches[0] as JsonSchema);
    const candidates = Object.keys((first.properties ?? {}) as object);
    return candidates.find((p) => {
      const tags = this.tagsOf(branches, p);
      return tags.length === branches.length && new Set(tags).size === tags.length;
    });
  }

  private tagsOf(branches: JsonSchema[], prop: string): string[] {
    const out: string[] = [];
    for (const b of branches) {
      const r = this.resolve(b);
      const c = ((r.properties ?? {}) as Record<string, JsonSchema>)[prop]?.const;
      const req = (r.required as string[] | undefined) ?? [];
      if (typeof c === "string" && req.includes(prop)) out.push(c);
    }
    return out;
  }

  /** The Python type of a schema in a position named `context` (which names any inline object in it). */
  typeOf(schema: JsonSchema, context: string, contextDoc?: string): PyType {
    if (typeof schema.$ref === "string") {
      const name = schema.$ref.slice(COMPONENT.length);
      this.component(name);
      return { kind: "ref", name };
    }
    if ("const" in schema) return { kind: "literal", values: [schema.const] };
    if (Array.isArray(schema.enum)) return { kind: "literal", values: schema.enum };
    if (this.tagOf(schema) !== undefined) {
      this.union(context, schema, (t) => `${context}${pascal(t)}`);
      return { kind: "ref", name: context };
    }
    if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) {
      const alts = (schema.oneOf ?? schema.anyOf) as JsonSchema[];
      if (!alts.every((a) => Object.keys(a).length === 1 && Array.isArray(a.required)))
        return { kind: "any" };
    }
    if (Array.isArray(schema.type)) {
      const members = (schema.type as string[]).map((t) => this.typeOf({ ...schema, type: t }, context));
      return { kind: "union", members };
    }
    switch (schema.type) {
      case "string":
        return { kind: "str" };
      case "integer":
        return { kind: "int" };
      case "number":
        return { kind: "float" };
      case "boolean":
        return { kind: "bool" };
      case "null":
        return { kind: "none" };
      case "array": {
        const items = schema.items as JsonSchema | undefined;
        return { kind: "list", item: items ? this.typeOf(items, `${context}Item`) : { kind: "any" } };
      }
      case "object":
      case undefined: {
        if (isObjectWithProperties(schema)) {
          this.object(
            context,
            schema,
            typeof schema.description === "string" ? schema.description : contextDoc,
          );
          return { kind: "ref", name: context };
        }
        const extra = schema.additionalProperties;
        if (extra && typeof extra === "object") {
          return { kind: "dict", value: this.typeOf(extra as JsonSchema, `${context}Value`) };
        }
        return schema.type === "object" ? { kind: "object" } : { kind: "any" };
      }
      default:
        return { kind: "any" };
    }
  }
}

function isObjectWithProperties(schema: JsonSchema): boolean {
  if (schema.$ref !== undefined || schema.oneOf !== undefined) return false;
  if (schema.type !== "object" && schema.type !== undefined) return false;
  // `{}` with additionalProperties false is an object with no members (a method without params).
  return schema.properties !== undefined || schema.additionalProperties === false;
}

const docOf = (s: JsonSchema): { doc?: string } =>
  typeof s.description === "string" ? { doc: s.description } : {};
