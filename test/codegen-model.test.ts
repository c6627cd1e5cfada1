// codegen/model/ on our own openrpc.json: the one reading of the document every emitter and target
// uses. Names come from the document's `$ref`s (a renamed component is followed); directions, grants,
// tagged unions and error data variants by reason are read, not assumed.
import { describe, expect, it } from "vitest";
import { readDocument } from "../codegen/model/index.js";
import type { Model } from "../codegen/model/types.js";
import { loadOwnDocument } from "./helpers/own-document.js";

const load = loadOwnDocument;

describe("the model of openrpc.json", () => {
  const model = readDocument(load());
  const method = (name: string) => model.methods.find((m) => m.name === name)!;
  const decl = (m: Model, name: string) => m.types.get(name)!;

  it("reads each method's direction, kind, grant, locality and component names", () => {
    expect(method("session/prompt")).toMatchObject({
      implementedBy: "server",
      paramStructure: "by-name",
      annotations: { grant: expect.any(String) },
      paramsObject: { kind: "ref", name: "SessionPromptParams" },
      result: { type: { kind: "ref", name: "SessionPromptResult" } },
    });
    expect(method("session/update").implementedBy).toBe("client");
    expect(method("session/update").result).toBeUndefined();
    expect(method("session/update").annotations.grant).toBeUndefined();
    expect(method("elicitation/create")).toMatchObject({
      implementedBy: "client",
      result: { type: { kind: "ref", name: "ElicitationCreateResult" } },
    });
    expect(method("initialize").annotations.grant).toBeUndefined();
    expect(method("initialize").paramsOptional).toBe(false); // one of two aliases is required
    expect(method("status").paramsOptional).toBe(true);
    expect(method("config/set").annotations.localOnly).toBe(
      load().methods.find((m) => m.name === "config/set")!["x-local-only"],
    );
    expect(method("session/prompt").params.map((p) => p.name)).toContain("session_id");
    expect(model.notes).toEqual([]);
  });

  it("reads session/update's params as a tagged union of named variants", () => {
    const u = decl(model, "SessionUpdateParams");
    expect(u.kind).toBe("tagged");
    if (u.kind !== "tagged") return;
    expect(u.tag).toBe("type");
    expect(u.variants.map((v) => [v.value, v.type.name])).toContainEqual([
      "turn_complete",
      "SessionUpdateTurnComplete",
    ]);
    expect(u.variants).toHaveLength(8);
    expect(u.variants.map((v) => [v.value, v.type.name])).toContainEqual([
      "subscription_ended",
      "SessionUpdateSubscriptionEnded",
    ]);
    expect(method("session/update").paramsObject).toEqual({ kind: "ref", name: "SessionUpdateParams" });
  });

  it("reads every error with its code and data variants by reason", () => {
    const vm = model.errors.get("VERSION_MISMATCH")!;
    expect(vm.code).toBe(-32011);
    expect(vm.variants.map((v) => [v.reason, v.type.name])).toEqual([
      ["version_mismatch", "VersionMismatchData"],
    ]);
    const data = decl(model, "VersionMismatchData");
    expect(data.kind === "object" && data.members.map((m) => m.name)).toEqual(
      expect.arrayContaining(["reason", "requested", "supported"]),
    );
    const params = [...model.errors.values()].find((e) => e.code === -32602)!;
    expect(params.variants.map((v) => v.reason)).toContain("invalid_entry");
    expect(params.dataName).toBe("InvalidParamsErrorData");
    expect(decl(model, "InvalidParamsErrorData")).toMatchObject({ kind: "tagged", tag: "reason" });
  });

  it("keeps each member's default and the integer ranges the schema allows", () => {
    const rpc = decl(model, "RpcConfig");
    expect(rpc.kind).toBe("object");
    if (rpc.kind !== "object") return;
    const withDefault = rpc.members.filter((m) => "default" in m);
    expect(withDefault.length).toBeGreaterThan(0);
    const integer = rpc.members.map((m) => m.type).find((t) => t.kind === "integer");
    expect(integer).toMatchObject({ kind: "integer", unsigned: true });
  });

  it("takes names from the $refs, not from the method name", () => {
    const doc = load();
    const s = doc.components.schemas;
    s.PromptArgs = s.SessionPromptParams!;
    delete s.SessionPromptParams;
    doc.methods.find((m) => m.name === "session/prompt")!["x-params-schema"] = {
      $ref: "#/components/schemas/PromptArgs",
    };
    const renamed = readDocument(doc);
    const m = renamed.methods.find((x) => x.name === "session/prompt")!;
    expect(m.paramsObject).toEqual({ kind: "ref", name: "PromptArgs" });
    const args = decl(renamed, "PromptArgs");
    expect(args.kind === "object" && args.members.map((x) => x.name)).toContain("session_id");
    expect(renamed.types.has("SessionPromptParams")).toBe(false);
  });

  it("is the same model on every read, and reading leaves the document as it was", () => {
    const doc = load();
    const before = JSON.stringify(doc);
    const a = readDocument(doc);
    const b = readDocument(doc);
    expect(JSON.stringify(doc)).toBe(before);
    expect(JSON.stringify([...a.types])).toBe(JSON.stringify([...b.types]));
    expect(JSON.stringify(a.methods)).toBe(JSON.stringify(b.methods));
  });
});
