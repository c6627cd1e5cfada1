// generated/effective-config.ts: `EffectiveConfig`, the config as the daemon runs on it. The validator
// fills every schema `default` (Ajv useDefaults), so after validation a defaulted member is never
// absent; this type says so, and src/ reads `effective.rpc.max_frame_bytes` without a `!`.
// Only members with a `default` become required; the rest keep their declared optionality.
import type { Model, Type } from "../model/types.js";
import { ownNames } from "./names.js";

const ROOT = "Config";
const effectiveName = (component: string): string => `Effective${component}`;

export function emitEffectiveConfig(model: Model, banner: string): string {
  const { names } = ownNames(model);
  const declarations: string[] = [];
  const done = new Map<string, boolean>();

  /** The type of a member in the effective config, or undefined when it is the declared one. */
  const memberType = (t: Type): string | undefined => {
    if (t.kind === "ref") return component(t.name) ? effectiveName(names.type(t.name)) : undefined;
    if (t.kind === "map") {
      const inner = memberType(t.values);
      return inner === undefined ? undefined : `{ [k: string]: ${inner} }`;
    }
    return undefined;
  };

  /** Declares Effective<name> when any member of the declaration is defaulted (at any depth). */
  function component(name: string): boolean {
    const known = done.get(name);
    if (known !== undefined) return known;
    done.set(name, false); // a cycle through a declaration is read as "unchanged"
    const decl = model.types.get(name);
    const members = decl?.kind === "object" ? decl.members : [];
    const changed: { key: string; optional: boolean; type: string }[] = [];
    const defaulted: string[] = [];
    for (const m of members) {
      const type = memberType(m.type);
      if (type !== undefined) changed.push({ key: m.name, optional: !("default" in m), type });
      else if ("default" in m) defaulted.push(m.name);
    }
    if (changed.length === 0 && defaulted.length === 0) return false;
    const ts = names.type(name);
    const keys = (ks: string[]): string => ks.map((k) => JSON.stringify(k)).join(" | ");
    const parts = [`Omit<T.${ts}, ${keys([...defaulted, ...changed.map((c) => c.key)])}>`];
    if (defaulted.length > 0) parts.push(`Required<Pick<T.${ts}, ${keys(defaulted)}>>`);
    if (changed.length > 0) {
      const lines = changed.map((c) => `  ${JSON.stringify(c.key)}${c.optional ? "?" : ""}: ${c.type};`);
      parts.push(`{\n${lines.join("\n")}\n}`);
    }
    declarations.push(
      `/** ${ts} with every defaulted member present. */\nexport type ${effectiveName(ts)} = ${parts.join(" &\n  ")};`,
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
