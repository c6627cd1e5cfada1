// The Config schema as declared in openrpc.json, walked by prop path: which props exist, what type a
// value must have (for coercion), and which fields are secrets (`writeOnly`).
import document from "../../openrpc.json" with { type: "json" };
import { closest } from "../did-you-mean.js";

export type SchemaNode = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  additionalProperties?: boolean | SchemaNode;
  items?: SchemaNode;
  writeOnly?: boolean;
  default?: unknown;
};

const schemas = (document as unknown as { components: { schemas: Record<string, SchemaNode> } }).components
  .schemas;
const REF = "#/components/schemas/";

function deref(node: SchemaNode): SchemaNode {
  let cur = node;
  while (cur.$ref?.startsWith(REF)) cur = schemas[cur.$ref.slice(REF.length)] ?? {};
  return cur;
}

export const configRoot = (): SchemaNode => deref({ $ref: `${REF}Config` });

/** The schema of the value at `segments`, or undefined when the config has no such prop. */
export function schemaAt(segments: readonly string[]): SchemaNode | undefined {
  let node = configRoot();
  for (const s of segments) {
    const props = node.properties;
    if (props && Object.hasOwn(props, s)) node = deref(props[s]!);
    else if (typeof node.additionalProperties === "object") node = deref(node.additionalProperties);
    else return undefined;
  }
  return node;
}

/** Calls `visit` with the path of every secret field present in `value` (matched against the schema). */
export function forEachSecret(
  value: unknown,
  visit: (path: string[]) => void,
  node = configRoot(),
  path: string[] = [],
): void {
  if (node.writeOnly) {
    visit(path);
    return;
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return;
  for (const [key, child] of Object.entries(value)) {
    const props = node.properties;
    const sub =
      props && Object.hasOwn(props, key)
        ? deref(props[key]!)
        : typeof node.additionalProperties === "object"
          ? deref(node.additionalProperties)
          : undefined;
    if (sub) forEachSecret(child, visit, sub, [...path, key]);
  }
}

/**
 * What the user most likely meant by `segments`: each segment that names nothing — not a property of
 * the schema there, nor an existing key of a map there (`agents.defualt`) — replaced by the closest
 * name that does, if one is close. Undefined when nothing needed correcting or no correction fits.
 */
export function correctProp(segments: readonly string[], effective: unknown): string[] | undefined {
  let node: SchemaNode | undefined = configRoot();
  let value: unknown = effective;
  let changed = false;
  const out: string[] = [];
  for (const typed of segments) {
    if (!node) return undefined;
    const props: Record<string, SchemaNode> = node.properties ?? {};
    const existing =
      value !== null && typeof value === "object" && !Array.isArray(value) ? Object.keys(value) : [];
    const isMap: boolean = typeof node.additionalProperties === "object";
    let s = typed;
    const known = Object.hasOwn(props, s) || (isMap && existing.includes(s));
    if (!known) {
      const fix = closest(s, [...Object.keys(props), ...(isMap ? existing : [])]);
      if (fix === undefined) {
        if (!isMap) return undefined;
      } else {
        s = fix;
        changed = true;
      }
    }
    out.push(s);
    node = Object.hasOwn(props, s)
      ? deref(props[s]!)
      : isMap
        ? deref(node.additionalProperties as SchemaNode)
        : undefined;
    value = value !== null && typeof value === "object" ? (value as Record<string, unknown>)[s] : undefined;
  }
  return changed && node ? out : undefined;
}

/** "; did you mean a.b.c?" for a prop that names nothing, or "". */
export function propSuggestion(prop: string, effective: unknown): string {
  const fixed = correctProp(prop.split("."), effective);
  return fixed ? `; did you mean ${fixed.join(".")}?` : "";
}

/**
 * The index of the first segment that names an entry of a map (agents, providers, users…) that the
 * config does not have, or undefined: `agents.nobody.system_prompt` → 1. An absent optional field of an
 * entry that exists is not one: it simply has no value.
 */
export function unconfiguredEntry(segments: readonly string[], effective: unknown): number | undefined {
  let node: SchemaNode | undefined = configRoot();
  let value: unknown = effective;
  for (const [i, s] of segments.entries()) {
    if (!node) return undefined;
    const props: Record<string, SchemaNode> = node.properties ?? {};
    const here = value !== null && typeof value === "object" ? (value as Record<string, unknown>) : undefined;
    if (Object.hasOwn(props, s)) node = deref(props[s]!);
    else if (typeof node.additionalProperties === "object") {
      if (!here || !Object.hasOwn(here, s)) return i;
      node = deref(node.additionalProperties);
    } else return undefined;
    value = here?.[s];
  }
  return undefined;
}
