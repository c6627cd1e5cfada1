// SPEC §15: openrpc.json stays generator-friendly. The lint (codegen/lint-shape.ts) refuses a
// document that slips back: an inline params object or result, a tagged union without named variants
// or without a const tag, inline error data, an array without items, a params component that
// disagrees with the content descriptors.
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { lintDocument } from "../codegen/zeroclaw/lint.js";
import { type JsonSchema, loadOwnDocument, type OpenRpcDocument } from "./helpers/own-document.js";

const _ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const load = (): OpenRpcDocument => loadOwnDocument();
const lintWith = (mutate: (doc: OpenRpcDocument) => void): string => {
  const doc = structuredClone(load());
  mutate(doc);
  return lintDocument(doc).join("\n");
};
const method = (doc: OpenRpcDocument, name: string) => doc.methods.find((m) => m.name === name)!;

describe("openrpc.json's generator-friendly shape", () => {
  it("names every params object and result after its method", () => {
    const doc = load();
    for (const m of doc.methods) {
      const pascal = m.name
        .split(/[^A-Za-z0-9]+/)
        .map((w) => w[0]!.toUpperCase() + w.slice(1))
        .join("");
      expect(m["x-params-schema"]).toEqual({ $ref: `#/components/schemas/${pascal}Params` });
      if (m.result) expect(m.result.schema).toEqual({ $ref: `#/components/schemas/${pascal}Result` });
      expect(m.paramStructure).toBe("by-name");
    }
  });

  it("makes session/update a oneOf of named variants tagged by a const type", () => {
    const s = load().components.schemas;
    const variants = (s.SessionUpdateParams!.oneOf as { $ref: string }[]).map((r) =>
      r.$ref.replace("#/components/schemas/", ""),
    );
    expect(variants).toContain("SessionUpdateAgentMessageChunk");
    expect(variants).toContain("SessionUpdateToolCall");
    expect(variants).toContain("SessionUpdateTurnComplete");
    for (const v of variants) {
      const props = s[v]!.properties as Record<string, JsonSchema>;
      expect(typeof props.type?.const).toBe("string");
      expect(s[v]!.required).toEqual(expect.arrayContaining(["type", "sessionId"]));
    }
  });

  it("names every error data variant <Reason>Data with a const reason", () => {
    const doc = load();
    const frame = doc.components.schemas.FrameTooLargeData!;
    expect((frame.properties as Record<string, JsonSchema>).reason).toEqual({ const: "frame_too_large" });
    for (const err of Object.values(doc.components.errors))
      for (const v of err["x-data-schema"].oneOf) expect(Object.keys(v)).toEqual(["$ref"]);
  });

  it("reports an inline result", () => {
    const problems = lintWith((doc) => {
      const m = method(doc, "session/cancel");
      m.result!.schema = doc.components.schemas.SessionCancelResult!;
    });
    expect(problems).toMatch(
      /session\/cancel: result schema must be a \$ref to components\.schemas\.SessionCancelResult/,
    );
  });

  it("reports a params component named against the convention", () => {
    const problems = lintWith((doc) => {
      doc.components.schemas.StatusArgs = doc.components.schemas.StatusParams!;
      method(doc, "status")["x-params-schema"] = { $ref: "#/components/schemas/StatusArgs" };
    });
    expect(problems).toMatch(
      /status: x-params-schema: the component must be named StatusParams, not StatusArgs/,
    );
  });

  it("reports a params component that disagrees with the content descriptors", () => {
    const problems = lintWith((doc) => {
      method(doc, "session/cancel").params.push({ name: "reason", schema: { type: "string" } });
      (doc.components.schemas.SessionPromptParams!.properties as Record<string, unknown>).extra = {
        type: "string",
      };
    });
    expect(problems).toMatch(/session\/cancel: param reason is missing from the params component/);
    expect(problems).toMatch(/session\/prompt: params member extra has no content descriptor/);
  });

  it("reports inline error data and a variant named against its reason", () => {
    const problems = lintWith((doc) => {
      const oneOf = doc.components.errors.SESSION_BUSY!["x-data-schema"].oneOf;
      oneOf[0] = doc.components.schemas.SessionBusyData!;
      doc.components.schemas.UploadMissingData = doc.components.schemas.UploadNotFoundData!;
      doc.components.errors.UPLOAD_NOT_FOUND!["x-data-schema"].oneOf[0] = {
        $ref: "#/components/schemas/UploadMissingData",
      };
    });
    expect(problems).toMatch(/error SESSION_BUSY\/session_busy: data variant must be a \$ref/);
    expect(problems).toMatch(
      /error UPLOAD_NOT_FOUND\/upload_not_found: data component must be named UploadNotFoundData/,
    );
  });

  it("reports a tagged union with an inline variant or without a shared const tag", () => {
    const problems = lintWith((doc) => {
      const s = doc.components.schemas;
      (s.SessionUpdateParams!.oneOf as JsonSchema[]).push({
        type: "object",
        properties: { sessionId: { type: "string" }, type: { type: "string" } },
        required: ["sessionId", "type"],
      });
    });
    expect(problems).toMatch(/SessionUpdateParams: every oneOf variant must be a \$ref to a named component/);
    expect(problems).toMatch(/SessionUpdateParams: oneOf variants share no const tag property/);
  });

  it("reports an array schema without items", () => {
    const problems = lintWith((doc) => {
      const props = doc.components.schemas.RpcDiscoverResult!.properties as Record<string, JsonSchema>;
      delete props.methods!.items;
    });
    expect(problems).toMatch(
      /#\/components\/schemas\/RpcDiscoverResult\/properties\/methods: an array schema needs items/,
    );
  });
});
