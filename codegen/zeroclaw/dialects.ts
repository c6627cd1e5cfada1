// x-dialects (SPEC §13): a method's shapes on a connection of a dialect other than the seed's — its
// result, or a daemon → client notification's params — each a $ref to a named component. Read from the
// method's extensions, which the model keeps as written; only our own document uses the convention.
import type { Example, JsonSchema, Method, Model } from "../model/types.js";

export type DialectPart = "params" | "result";

export interface DialectShape {
  dialect: string;
  /** Component names (keys of components.schemas), when the shape is a bare $ref to one. */
  params: string | undefined;
  result: string | undefined;
  /** The shapes as written (for validators and the lint). */
  sources: Partial<Record<DialectPart, JsonSchema>>;
}

const COMPONENT = "#/components/schemas/";

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The component a schema names when it is only `{"$ref": "#/components/schemas/X"}`. */
export function componentRef(schema: unknown): string | undefined {
  if (!isObject(schema) || Object.keys(schema).length !== 1) return undefined;
  const ref = schema.$ref;
  return typeof ref === "string" && ref.startsWith(COMPONENT) ? ref.slice(COMPONENT.length) : undefined;
}

export function dialectShapes(m: Method): DialectShape[] {
  const raw = m.extensions["x-dialects"];
  if (!isObject(raw)) return [];
  return Object.entries(raw).map(([dialect, shapes]) => {
    const sources: Partial<Record<DialectPart, JsonSchema>> = {};
    if (isObject(shapes)) {
      if (isObject(shapes.params)) sources.params = shapes.params as JsonSchema;
      if (isObject(shapes.result)) sources.result = shapes.result as JsonSchema;
    }
    return {
      dialect,
      params: componentRef(sources.params),
      result: componentRef(sources.result),
      sources,
    };
  });
}

/** The dialect an example pairing belongs to (`x-dialect`, default seed). */
export const exampleDialect = (e: Example): string =>
  typeof e.extensions["x-dialect"] === "string" ? e.extensions["x-dialect"] : "seed";

/**
 * The schema of a method's params or result on a connection of `dialect`: its x-dialects entry when
 * there is one, else the seed's.
 */
export function dialectSource(m: Method, dialect: string, part: DialectPart): JsonSchema | undefined {
  const own = dialect === "seed" ? undefined : dialectShapes(m).find((d) => d.dialect === dialect);
  const shape = own?.sources[part];
  if (shape) return shape;
  return part === "params" ? m.paramsSource : m.result?.source;
}

/** x-dialects: each shape a $ref to a named component; params only on notifications, result only on requests. */
export function lintDialects(model: Model, m: Method, problems: string[]): void {
  for (const d of dialectShapes(m)) {
    for (const part of ["params", "result"] as const) {
      if (d.sources[part] === undefined) continue;
      const where = `${m.name}: x-dialects.${d.dialect}.${part}`;
      const target = d[part];
      if (target === undefined || !model.schemaSources.has(target))
        problems.push(`${where} must be a $ref to a named component`);
      if (part === "result" && m.result === undefined)
        problems.push(`${where}: a notification has no result`);
      if (part === "params" && m.implementedBy === "server")
        problems.push(`${where}: only what the daemon sends differs between dialects`);
    }
  }
}
