// generated/effective-config.ts: `EffectiveConfig`, the config as the daemon runs on it. The validator
// fills every schema `default` (Ajv useDefaults), so after validation a defaulted member is never
// absent; this type says so, and src/ reads `effective.rpc.max_frame_bytes` without a `!`.
// Only members with a `default` become required; the rest keep json-schema-to-typescript's optionality.
import { bareRef, type JsonSchema, type OpenRpcDocument } from "./document.js";

const ROOT = "Config";
const effectiveName = (component: string): string => `Effective${component}`;

export function emitEffectiveConfig(doc: OpenRpcDocument, banner: string): string {
  const schemas = doc.components.schemas;
  const declarations: string[] = [];
  const done = new Map<string, boolean>();

  /** The type of a member schema in the effective config, or undefined when it is the declared one. */
  const memberType = (s: JsonSchema): string | undefined => {
    const ref = bareRef({ $ref: s.$ref } as JsonSchema);
    if (typeof s.$ref === "string" && ref !== undefined)
      return component(ref) ? effectiveName(ref) : undefined;
    const values = s.additionalProperties as JsonSchema | undefined;
    if (values && typeof values === "object" && !s.properties) {
      const inner = memberType(values);
      return inner === undefined ? undefined : `{ [k: string]: ${inner} }`;
    }
    return undefined;
  };

  /** Declares Effective<name> when any member of the component is defaulted (at any depth). */
  function component(name: string): boolean {
    const known = done.get(name);
    if (known !== undefined) return known;
    done.set(name, false); // a cycle through a component is read as "unchanged"
    const props = (schemas[name]?.properties ?? {}) as Record<string, JsonSchema>;
    const changed: { key: string; optional: boolean; type: string }[] = [];
    const defaulted: string[] = [];
    for (const [key, s] of Object.entries(props)) {
      const type = memberType(s);
      if (type !== undefined) changed.push({ key, optional: s.default === undefined, type });
      else if (s.default !== undefined) defaulted.push(key);
    }
    if (changed.length === 0 && defaulted.length === 0) return false;
    const keys = (ks: string[]): string => ks.map((k) => JSON.stringify(k)).join(" | ");
    const parts = [`Omit<T.${name}, ${keys([...defaulted, ...changed.map((c) => c.key)])}>`];
    if (defaulted.length > 0) parts.push(`Required<Pick<T.${name}, ${keys(defaulted)}>>`);
    if (changed.length > 0) {
      const lines = changed.map((c) => `  ${JSON.stringify(c.key)}${c.optional ? "?" : ""}: ${c.type};`);
      parts.push(`{\n${lines.join("\n")}\n}`);
    }
    declarations.push(
      `/** ${name} with every defaulted member present. */\nexport type ${effectiveName(name)} = ${parts.join(" &\n  ")};`,
    );
    done.set(name, true);
    return true;
  }

  if (!component(ROOT)) throw new Error(`components.schemas.${ROOT} has no defaulted member`);
  declarations.sort((a, b) => a.localeCompare(b));
  return `${banner}
import type * as T from "./types.js";

${declarations.join("\n\n")}
`;
}
