// The example pairings of a third-party document that a generated client can be held to: those whose
// params and result fit the document's own schemas. Public documents carry many examples that do
// not (Avalanche: a string where its schema says number, a required param left out; Ethereum's
// execution API: `validationError: null` where it says string), and a typed client rightly refuses
// those, so they say nothing about the client. The lint's Ajv, lenient about the document itself
// (createAjv's `lenient`) and strict about the values.

import { isDeepStrictEqual } from "node:util";
import { Ajv, type ValidateFunction } from "ajv";
import type { ExampleValue, Json, JsonSchema, Model } from "../../codegen/model/types.js";
import { COMPONENTS_ID, toComponentsRef } from "../../codegen/zeroclaw/ajv.js";

export type FittingCall = { method: string; params: ExampleValue[]; result: Json };

export function fittingExamples(model: Model): { calls: FittingCall[]; dropped: number } {
  const ajv = new Ajv({ strict: false, allowUnionTypes: true, validateFormats: false });
  ajv.addSchema({
    $id: COMPONENTS_ID,
    definitions: toComponentsRef(Object.fromEntries(model.schemaSources)),
  });
  const compiled = new Map<JsonSchema, ValidateFunction>();
  const fits = (schema: JsonSchema, value: unknown): boolean => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(toComponentsRef(schema as object));
      compiled.set(schema, validate);
    }
    return validate(value);
  };
  const calls: FittingCall[] = [];
  let dropped = 0;
  for (const m of model.methods) {
    if (m.implementedBy !== "server" || !m.result) continue;
    const result = m.result;
    const seen: ExampleValue[][] = [];
    for (const e of m.examples) {
      if (!e.result) continue;
      // The mock server answers a call with the first example whose params match: a later example
      // with the same params is never the answer.
      const first = !seen.some((p) =>
        isDeepStrictEqual(
          p.map((x) => x.value),
          e.params.map((x) => x.value),
        ),
      );
      seen.push(e.params);
      const paramsFit =
        m.paramStructure === "by-name"
          ? fits(m.paramsSource, Object.fromEntries(e.params.map((p) => [p.name, p.value])))
          : e.params.every((p, i) => m.params[i] !== undefined && fits(m.params[i]!.source, p.value)) &&
            m.params.every((p, i) => !p.required || e.params[i] !== undefined);
      if (first && paramsFit && fits(result.source, e.result.value)) {
        calls.push({ method: m.name, params: e.params, result: e.result.value ?? null });
        break; // one example per method
      }
      dropped++;
    }
  }
  return { calls, dropped };
}
