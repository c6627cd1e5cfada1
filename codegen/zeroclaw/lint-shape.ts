// The generator-friendly shape SPEC §15 asks of openrpc.json, so generic generators (quicktype,
// @open-rpc/generator) get a name for every type they need, read off the model's declarations and
// where each comes from (a component, or an inline schema):
// - every method's params object and result is a `$ref` to a named component (`<Method>Params`,
//   `<Method>Result`); the params component agrees with the by-name content descriptors;
// - a tagged union is a `oneOf` of `$ref`s to named variants, each fixing the tag with `const`;
// - every error's `x-data-schema` is a `oneOf` of `$ref`s to `<Reason>Data` components;
// - every array schema says what its items are.
import type { Method, Model, RefType, Type } from "../model/types.js";
import { pascal } from "../naming/words.js";

export function lintGeneratorShape(model: Model): string[] {
  const problems: string[] = [];
  const component = (t: Type | undefined): string | undefined => {
    const d = t?.kind === "ref" ? model.types.get(t.name) : undefined;
    return d?.origin.kind === "component" ? d.origin.key : undefined;
  };
  const named = (where: string, t: Type | undefined, expected: string): string | undefined => {
    const target = component(t);
    if (target === undefined) problems.push(`${where} must be a $ref to components.schemas.${expected}`);
    else if (target !== expected)
      problems.push(`${where}: the component must be named ${expected}, not ${target}`);
    return target;
  };

  for (const m of model.methods) {
    if (named(`${m.name}: x-params-schema`, m.paramsObject, `${pascal(m.name)}Params`) !== undefined)
      lintParamsAgree(model, m, m.paramsObject!, problems);
    if (m.result) named(`${m.name}: result schema`, m.result.type, `${pascal(m.name)}Result`);
  }
  for (const d of model.types.values()) {
    if (d.origin.kind !== "component" || (d.kind !== "union" && d.kind !== "tagged")) continue;
    const variants: Type[] = d.kind === "tagged" ? d.variants.map((v) => v.type) : d.variants;
    const objects = variants.map((v) => (v.kind === "ref" ? model.types.get(v.name) : undefined));
    if (!objects.every((o) => o?.kind === "object")) continue; // a union of scalars needs no tag
    if (!objects.every((o) => o!.origin.kind === "component"))
      problems.push(`${d.name}: every oneOf variant must be a $ref to a named component`);
    if (d.kind === "union") problems.push(`${d.name}: oneOf variants share no const tag property`);
  }
  for (const e of model.errors.values()) {
    for (const v of e.variants) {
      const target = component(v.type);
      if (target === undefined) problems.push(`error ${e.name}/${v.reason}: data variant must be a $ref`);
      else if (target !== `${pascal(v.reason)}Data`)
        problems.push(`error ${e.name}/${v.reason}: data component must be named ${pascal(v.reason)}Data`);
    }
  }
  for (const n of model.notes)
    if (n.message === "an array schema without items")
      problems.push(`${n.pointer}: an array schema needs items`);
  return problems;
}

/** The params component must say what the content descriptors say: same members, same required set. */
function lintParamsAgree(model: Model, m: Method, params: RefType, problems: string[]): void {
  const descriptors = new Set(m.params.map((d) => d.name));
  const d = model.types.get(params.name);
  if (d?.kind === "tagged" || d?.kind === "union") {
    const variants: Type[] = d.kind === "tagged" ? d.variants.map((v) => v.type) : d.variants;
    for (const v of variants) {
      const o = v.kind === "ref" ? model.types.get(v.name) : undefined;
      for (const k of o?.kind === "object" ? o.members : [])
        if (!descriptors.has(k.name))
          problems.push(`${m.name}: params variant member ${k.name} has no content descriptor`);
    }
    return;
  }
  const members = d?.kind === "object" ? d.members : [];
  for (const k of members)
    if (!descriptors.has(k.name))
      problems.push(`${m.name}: params member ${k.name} has no content descriptor`);
  for (const name of descriptors)
    if (!members.some((k) => k.name === name))
      problems.push(`${m.name}: param ${name} is missing from the params component`);
  for (const p of m.params) {
    const member = members.find((k) => k.name === p.name);
    if (member !== undefined && member.required !== p.required)
      problems.push(
        `${m.name}: param ${p.name} is ${p.required ? "" : "not "}required in its descriptor only`,
      );
  }
}
