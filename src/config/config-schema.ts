// The Config schema as declared in openrpc.json, walked by prop path: which props exist, what type a
// value must have (for coercion), and which fields are secrets (`writeOnly`).
import document from "../../openrpc.json" with { type: "json" };

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
