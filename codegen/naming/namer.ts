// Applies one language's naming table to a model: every declaration, error class, member, method,
// param and enum constant gets an identifier that is in the language's case, is not a keyword, does
// not start with a digit and does not clash with another name in its scope. Deterministic: names are
// handed out in model order, so the same document always gives the same identifiers.
import type { ErrorDecl, Method, Model, Scalar } from "../model/types.js";
import type { CaseStyle, NameKind, NamingTable } from "./table.js";
import { camel, pascal, screamingSnake, snake, typeName, words } from "./words.js";

export interface Names {
  readonly table: NamingTable;
  /** The identifier of a declaration (`Model.types` key). */
  type(logical: string): string;
  /** The class (or type) of an error. */
  errorType(error: ErrorDecl): string;
  /** The identifier of an object member (`wire` style gives the wire name back unchanged). */
  member(decl: string, wire: string): string;
  method(method: Method): string;
  param(method: Method, param: string): string;
  enumMember(decl: string, value: Scalar): string;
  /** A further name in the type scope (a helper the target adds), made unique like the rest. */
  extraType(name: string): string;
  /** The package name: `raw` (`--name`) or the document's title, normalised. */
  packageName(raw?: string): string;
}

const FALLBACK: Record<NameKind, string> = {
  type: "Type",
  member: "field",
  method: "call",
  param: "arg",
  enumMember: "Value",
};

export function convert(name: string, style: CaseStyle, kind: NameKind): string {
  switch (style) {
    case "wire":
      return name;
    case "PascalCase":
      return kind === "type" ? typeName(name) : pascal(name);
    case "camelCase":
      return camel(name);
    case "snake_case":
      return snake(name);
    case "SCREAMING_SNAKE_CASE":
      return screamingSnake(name);
  }
}

/** One scope: names handed out once each. */
class Scope {
  private readonly used = new Set<string>();
  constructor(
    private readonly table: NamingTable,
    private readonly kind: NameKind,
    reserved: Iterable<string> = [],
  ) {
    for (const r of reserved) this.used.add(r);
  }

  take(raw: string): string {
    const { table, kind } = this;
    const style = table.cases[kind];
    if (style === "wire") return raw;
    let base = convert(raw, style, kind);
    if (base === "") base = convert(FALLBACK[kind], style, kind);
    if (/^[0-9]/.test(base)) base = `${table.digitPrefix(kind)}${base}`;
    const usable = (n: string): string =>
      table.keywords.has(n) || table.reserved[kind]?.has(n) ? table.escape(n, kind) : n;
    let name = usable(base);
    for (let n = 2; this.used.has(name); n++) name = usable(table.clash(base, n));
    this.used.add(name);
    return name;
  }
}

export function createNames(model: Model, table: NamingTable): Names {
  const types = new Scope(table, "type");
  const typeNames = new Map<string, string>();
  for (const name of model.types.keys()) typeNames.set(name, types.take(name));
  const errorNames = new Map<string, string>();
  for (const e of model.errors.values()) {
    const w = words(e.name);
    const stem = w.length > 1 && w.at(-1)!.toLowerCase() === "error" ? w.slice(0, -1).join(" ") : e.name;
    errorNames.set(e.name, types.take(table.errorType(stem)));
  }
  const methods = new Scope(table, "method");
  const methodNames = new Map<Method, string>();
  for (const m of model.methods) methodNames.set(m, methods.take(m.name));

  const members = new Map<string, Map<string, string>>();
  const params = new Map<Method, Map<string, string>>();
  const enums = new Map<string, Map<Scalar, string>>();
  const lookup = <K>(map: Map<K, string>, key: K, what: string): string => {
    const v = map.get(key);
    if (v === undefined) throw new Error(`naming: no ${what}`);
    return v;
  };

  return {
    table,
    type: (logical) => lookup(typeNames, logical, `declaration ${logical}`),
    errorType: (e) => lookup(errorNames, e.name, `error ${e.name}`),
    member(decl, wire) {
      let scope = members.get(decl);
      if (scope === undefined) {
        const d = model.types.get(decl);
        if (d?.kind !== "object") throw new Error(`naming: ${decl} is not an object declaration`);
        const s = new Scope(table, "member");
        scope = new Map(d.members.map((m) => [m.name, s.take(m.name)]));
        members.set(decl, scope);
      }
      return lookup(scope, wire, `member ${wire} of ${decl}`);
    },
    method: (m) => lookup(methodNames, m, `method ${m.name}`),
    param(m, name) {
      let scope = params.get(m);
      if (scope === undefined) {
        const s = new Scope(table, "param");
        scope = new Map(m.params.map((p) => [p.name, s.take(p.name)]));
        params.set(m, scope);
      }
      return lookup(scope, name, `param ${name} of ${m.name}`);
    },
    enumMember(decl, value) {
      let scope = enums.get(decl);
      if (scope === undefined) {
        const d = model.types.get(decl);
        if (d?.kind !== "enum") throw new Error(`naming: ${decl} is not an enum declaration`);
        const s = new Scope(table, "enumMember");
        scope = new Map(
          d.values.map((v) => [
            v.value,
            s.take(typeof v.value === "string" ? v.value : `${FALLBACK.enumMember} ${v.value}`),
          ]),
        );
        enums.set(decl, scope);
      }
      return lookup(scope, value, `value ${String(value)} of ${decl}`);
    },
    extraType: (name) => types.take(name),
    packageName: (raw) => table.packageName(raw ?? model.info.title),
  };
}
