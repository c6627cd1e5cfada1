// The methods and errors of openrpc.json as the Go client sees them: codegen/model.ts (the model every
// target shares: directions, grants, names from `$ref`s, error variants by reason) with Go types on top.
import type { JsonSchema, OpenRpcDocument } from "../legacy/document.js";
import { buildModel, type NamedSchema } from "../legacy/model.js";
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
  const shared = buildModel(doc);
  const model = new GoModel(doc);
  for (const key of Object.keys(doc.components.schemas)) model.component(key);
  const typeOf = (s: NamedSchema): GoType =>
    s.component ? model.component(s.name) : model.resolve(s.schema, goName(s.name));

  const methods = shared.methods.map((m): GoMethod => {
    const members = Object.keys((m.params.schema.properties as JsonSchema | undefined) ?? {});
    const params = members.length > 0 || m.paramsUnion ? typeOf(m.params) : undefined;
    const result = m.result ? typeOf(m.result) : undefined;
    // Components got their descriptions first, so these reach synthesized types only.
    const declared = params ?? (m.params.component ? model.component(m.params.name) : undefined);
    if (declared) model.describe(declared, `is the params object of ${m.name}.`);
    if (result) model.describe(result, `is the result of ${m.name}.`);
    return {
      wire: m.name,
      name: goName(m.name),
      direction: m.direction === "client→daemon" ? "daemon" : "client",
      notification: m.notification,
      params,
      result,
      grant: m.grant ?? undefined,
      localOnly: m.localOnly,
      summary: m.summary,
      description: m.description,
    };
  });

  const errors = shared.errors.map((e): GoError => {
    const typeName = errorTypeName(e.name);
    const union = e.variants.length === 1 ? undefined : `${typeName}Data`;
    if (union !== undefined) model.declareUnionOf(union, "reason");
    const variants = e.variants.map((v) =>
      model.tagVariant(
        v.name in doc.components.schemas ? model.component(v.name) : model.resolve(v.schema, goName(v.name)),
        { key: "reason", value: v.reason },
        union,
      ),
    );
    const only = variants[0];
    return {
      key: e.name,
      code: e.code,
      message: e.message,
      typeName,
      codeConst: `Code${goName(e.name)}`,
      data:
        union === undefined && only
          ? { kind: "single", type: only, tag: e.variants[0]!.reason }
          : { kind: "union", type: union ?? `${typeName}Data` },
    };
  });

  return { model, methods, errors };
}
