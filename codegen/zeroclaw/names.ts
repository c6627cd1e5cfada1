// The TypeScript names of our own generated/ modules: the TypeScript target's naming table applied to
// the model, plus the conventional names src/ and dashboard/ import whatever the document calls the
// components: `<Method>Params`, `<Method>Result` (also the validators' names) and `<Error>ErrorData`.
import type { ErrorDecl, Method, Model, Type } from "../model/types.js";
import { createNames, type Names } from "../naming/namer.js";
import { typescriptNaming } from "../naming/tables/typescript.js";
import { pascal } from "../naming/words.js";
import { renderType } from "../targets/typescript/render-types.js";

export interface OwnNames {
  names: Names;
  /** `T.X` for a type in generated/types.ts (imported as `T`). */
  ts(t: Type): string;
  params(m: Method): string;
  result(m: Method): string;
  errorData(e: ErrorDecl): string;
  /** `export type <conventional> = <declared>;` for each conventional name the declarations lack. */
  aliases: string[];
}

const cache = new WeakMap<Model, OwnNames>();

export function ownNames(model: Model): OwnNames {
  const known = cache.get(model);
  if (known) return known;
  const names = createNames(model, typescriptNaming);
  const declared = new Set([...model.types.keys()].map((n) => names.type(n)));
  const aliases: string[] = [];
  /** The conventional name for `t`: itself when a declaration has that name, else an alias of it. */
  const conventional = (wanted: string, t: Type | undefined): string => {
    const rendered = t === undefined ? "unknown" : renderType(t, names, { integers: "number" });
    if (rendered === wanted && declared.has(wanted)) return wanted;
    const name = names.extraType(wanted);
    aliases.push(`export type ${name} = ${rendered};`);
    return name;
  };
  const params = new Map(
    model.methods.map((m) => [m, conventional(`${pascal(m.name)}Params`, m.paramsObject)]),
  );
  const results = new Map(
    model.methods
      .filter((m) => m.result)
      .map((m) => [m, conventional(`${pascal(m.name)}Result`, m.result!.type)]),
  );
  const errorData = new Map(
    [...model.errors.values()].map((e) => [e.name, conventional(e.dataName, e.data)]),
  );
  const get = <K>(map: Map<K, string>, key: K, what: string): string => {
    const v = map.get(key);
    if (v === undefined) throw new Error(`no ${what}`);
    return v;
  };
  const own: OwnNames = {
    names,
    ts: (t) => renderType(t, names, { integers: "number", prefix: "T." }),
    params: (m) => get(params, m, `params of ${m.name}`),
    result: (m) => get(results, m, `result of ${m.name}`),
    errorData: (e) => get(errorData, e.name, `data of ${e.name}`),
    aliases,
  };
  cache.set(model, own);
  return own;
}
