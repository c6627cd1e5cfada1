// EffectiveConfig (generated/effective-config.ts) says every defaulted member of the live config is
// present, so src/ reads them without `!`. This checks the claim against what evaluate() really builds:
// walking the Config schema from openrpc.json, every member with a `default` is there, at every depth
// (inside map entries too), for the empty config and for configs with open-ended map entries.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluate } from "../src/config/config-service.js";

type Schema = {
  $ref?: string;
  default?: unknown;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
};
const doc = (await import("../openrpc.json", { with: { type: "json" } })).default as unknown as {
  components: { schemas: Record<string, Schema> };
};
const deref = (s: Schema): Schema =>
  s.$ref ? deref(doc.components.schemas[s.$ref.replace("#/components/schemas/", "")]!) : s;

/** Pointers of defaulted members missing from `value`, checked wherever `value` has the object. */
function missingDefaults(schema: Schema, value: unknown, at = ""): string[] {
  const s = deref(schema);
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [];
  const obj = value as Record<string, unknown>;
  const missing: string[] = [];
  for (const [key, member] of Object.entries(s.properties ?? {})) {
    if (member.default !== undefined && !Object.hasOwn(obj, key)) missing.push(`${at}/${key}`);
    if (Object.hasOwn(obj, key)) missing.push(...missingDefaults(member, obj[key], `${at}/${key}`));
  }
  if (!s.properties && typeof s.additionalProperties === "object") {
    for (const [key, entry] of Object.entries(obj))
      missing.push(...missingDefaults(s.additionalProperties, entry, `${at}/${key}`));
  }
  return missing;
}

const config = doc.components.schemas.Config!;
const name = fc.stringMatching(/^[a-z][a-z0-9_-]{0,7}$/);

describe("EffectiveConfig", () => {
  it("the default config has every defaulted member", () => {
    // The walk itself finds absent defaults (so an empty result below means something).
    expect(missingDefaults(config, { rpc: {} })).toContain("/rpc/max_frame_bytes");
    const { live } = evaluate({});
    expect(live).toBeDefined();
    expect(missingDefaults(config, live!.effective)).toEqual([]);
  });

  it("property: so does any valid config with map entries, at every depth", () => {
    fc.assert(
      fc.property(name, name, name, (profile, agent, user) => {
        const { live, problems } = evaluate({
          permission_profiles: { [profile]: { admin: false } },
          agents: { [agent]: { provider: "echo" } },
          users: { [user]: { permission_profiles: [profile] } },
          sessions: { max_live: 3 },
        });
        expect(problems).toEqual([]);
        expect(missingDefaults(config, live!.effective)).toEqual([]);
        // The walk reaches inside map entries: a profile's own defaults are checked too.
        expect(live!.effective.permission_profiles[profile]?.allowed_tools).toEqual([]);
      }),
      { numRuns: 50 },
    );
  });
});
