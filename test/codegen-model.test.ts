// codegen/model.ts: the one language-neutral reading of openrpc.json every target emits from. Names
// come from the document's `$ref`s (a renamed component is followed), schemas are resolved through
// them, and directions, grants, unions and error data variants are read, not assumed.
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadDocument } from "../codegen/document.js";
import { buildModel } from "../codegen/model.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const load = () => loadDocument(join(ROOT, "openrpc.json"));

describe("the shared codegen model", () => {
  const model = buildModel(load());
  const method = (name: string) => model.methods.find((m) => m.name === name)!;

  it("reads each method's direction, kind, grant, locality and component names", () => {
    expect(method("session/prompt")).toMatchObject({
      direction: "client→daemon",
      notification: false,
      grant: expect.any(String),
      params: { name: "SessionPromptParams", component: true },
      result: { name: "SessionPromptResult", component: true },
    });
    expect(method("session/update")).toMatchObject({
      direction: "daemon→client",
      notification: true,
      grant: null,
      result: undefined,
    });
    expect(method("elicitation/create")).toMatchObject({
      direction: "daemon→client",
      notification: false,
      result: { name: "ElicitationCreateResult" },
    });
    expect(method("initialize").grant).toBeNull();
    expect(method("initialize").paramsOptional).toBe(false);
    expect(method("status").paramsOptional).toBe(true);
    expect(method("config/set").localOnly).toBe(
      load().methods.find((m) => m.name === "config/set")!["x-local-only"] === true,
    );
    expect(method("session/prompt").paramMembers.map((p) => p.name)).toContain("session_id");
    expect(model.protocolVersions).toEqual([1]);
  });

  it("reads session/update as a tagged union of named variants", () => {
    const u = method("session/update").paramsUnion!;
    expect(u.name).toBe("SessionUpdateParams");
    expect(u.tagProperty).toBe("type");
    expect(u.variants.map((v) => [v.tag, v.name])).toContainEqual([
      "turn_complete",
      "SessionUpdateTurnComplete",
    ]);
    expect(u.variants).toHaveLength(8);
    expect(u.variants.map((v) => [v.tag, v.name])).toContainEqual([
      "subscription_ended",
      "SessionUpdateSubscriptionEnded",
    ]);
    expect(model.unions.map((x) => x.name)).toContain("SessionUpdateParams");
  });

  it("reads every error with its code and data variants by reason", () => {
    const vm = model.errors.find((e) => e.name === "VERSION_MISMATCH")!;
    expect(vm.code).toBe(-32011);
    expect(vm.variants.map((v) => [v.reason, v.name])).toEqual([["version_mismatch", "VersionMismatchData"]]);
    expect(Object.keys(vm.variants[0]!.schema.properties as object)).toEqual(
      expect.arrayContaining(["reason", "requested", "supported"]),
    );
    const params = model.errors.find((e) => e.code === -32602)!;
    expect(params.variants.map((v) => v.reason)).toContain("invalid_entry");
  });

  it("takes names from the $refs, not from the method name", () => {
    const doc = load();
    const s = doc.components.schemas;
    s.PromptArgs = s.SessionPromptParams!;
    delete s.SessionPromptParams;
    doc.methods.find((m) => m.name === "session/prompt")!["x-params-schema"] = {
      $ref: "#/components/schemas/PromptArgs",
    };
    const renamed = buildModel(doc).methods.find((m) => m.name === "session/prompt")!;
    expect(renamed.params).toMatchObject({ name: "PromptArgs", component: true });
    expect(renamed.params.schema.properties).toHaveProperty("session_id");
  });
});
