// The methods and errors of openrpc.json as the Go client sees them, on top of the type model.
import {
  bareRef,
  implementedBy,
  isNotification,
  type JsonSchema,
  type OpenRpcDocument,
  paramsSchema,
} from "../document.js";
import { GoModel, type GoType } from "./model.js";
import { errorTypeName, goName } from "./names.js";

export interface GoMethod {
  wire: string;
  /** `session/prompt` → `SessionPrompt`. */
  name: string;
  direction: "daemon" | "client";
  notification: boolean;
  /** Undefined when the params object has no members: the Go method then takes none. */
  params?: GoType;
  result?: GoType;
  grant?: string;
  localOnly: boolean;
  summary?: string;
  description?: string;
}

export interface GoError {
  key: string;
  code: number;
  message: string;
  /** `INVALID_PARAMS` → `InvalidParamsError`. */
  typeName: string;
  /** `INVALID_PARAMS` → `CodeInvalidParams`. */
  codeConst: string;
  /** One variant: that struct; several: a union of them. */
  data: { kind: "single"; type: string; tag: string } | { kind: "union"; type: string };
}

export interface GoApi {
  model: GoModel;
  methods: GoMethod[];
  errors: GoError[];
}

export function buildApi(doc: OpenRpcDocument): GoApi {
  const model = new GoModel(doc);
  for (const key of Object.keys(doc.components.schemas)) model.component(key);

  const methods = doc.methods.map((m): GoMethod => {
    const name = goName(m.name);
    const schema = paramsSchema(m);
    const members = Object.keys((model.deref(schema).properties as JsonSchema | undefined) ?? {});
    const isUnion = Array.isArray(model.deref(schema).oneOf);
    const params =
      members.length > 0 || isUnion || bareRef(schema) !== undefined
        ? model.resolve(schema, `${name}Params`)
        : undefined;
    const result = m.result ? model.resolve(m.result.schema, `${name}Result`) : undefined;
    // Component describes run first (the components loop above), so these only reach synthesized types.
    if (params) model.describe(params, `is the params object of ${m.name}.`);
    if (result) model.describe(result, `is the result of ${m.name}.`);
    return {
      wire: m.name,
      name,
      direction: implementedBy(m),
      notification: isNotification(m),
      params: params && (members.length > 0 || isUnion) ? params : undefined,
      result,
      grant: m["x-grant"],
      localOnly: m["x-local-only"] === true,
      summary: m.summary,
      description: m.description,
    };
  });

  const errors = Object.entries(doc.components.errors).map(([key, e]): GoError => {
    const typeName = errorTypeName(key);
    const variants = e["x-data-schema"].oneOf;
    const inlineName = (v: JsonSchema): string => `${goName(model.constTag(v, "reason"))}Data`;
    let data: GoError["data"];
    if (variants.length === 1 && variants[0]) {
      const v = model.declareVariant(variants[0], "reason", undefined, inlineName);
      data = { kind: "single", type: v.type, tag: v.tag };
    } else {
      const union = `${typeName}Data`;
      model.declareUnion(union, { ...e["x-data-schema"], description: undefined }, "reason", inlineName);
      data = { kind: "union", type: union };
    }
    return { key, code: e.code, message: e.message, typeName, codeConst: `Code${goName(key)}`, data };
  });

  return { model, methods, errors };
}
