// Issue 27: two spellings of one member (protocolVersion and protocol_version, the same type) are one
// member in every client package, under the required spelling, never `protocol_version_2` or
// `ProtocolVersion2`; the document's own views (generated/types.ts) keep both spellings.
import { describe, expect, it } from "vitest";
import { withAliasesMerged } from "../codegen/model/alias-members.js";
import { readDocument } from "../codegen/model/index.js";
import { findTarget } from "../codegen/targets/index.js";

const doc = {
  openrpc: "1.3.2",
  info: { title: "aliases", version: "1" },
  methods: [
    {
      name: "hello",
      paramStructure: "by-name",
      params: [
        { name: "protocolVersion", schema: { type: "integer" } },
        { name: "protocol_version", schema: { type: "integer" } },
        { name: "client_name", schema: { type: "string" } },
      ],
      result: { name: "r", schema: { $ref: "#/components/schemas/Hello" } },
    },
  ],
  components: {
    schemas: {
      Hello: {
        type: "object",
        required: ["serverVersion"],
        properties: { serverVersion: { type: "string" }, server_version: { type: "string" } },
      },
    },
  },
};

const files = (lang: string): string =>
  findTarget(lang)!.emit!(withAliasesMerged(readDocument(doc)), { packageName: "aliases" })
    .map((f) => f.content)
    .join("\n");

describe("alias members", () => {
  it("are one member in each language, under the required spelling", () => {
    for (const lang of ["python", "go", "rust", "ts"]) {
      const out = files(lang);
      expect(out, lang).not.toMatch(
        /protocol_version_2|ProtocolVersion2|protocolVersion2|server_version_2|ServerVersion2/,
      );
    }
    expect(files("python")).toMatch(/def hello\(self, \*, protocol_version: int \| None = None, client_name/);
  });

  it("keep the other spellings as aliases and leave the model they came from alone", () => {
    const model = readDocument(doc);
    const merged = withAliasesMerged(model);
    const hello = merged.types.get("Hello");
    expect(hello?.kind === "object" && hello.members.map((m) => [m.name, m.aliases])).toEqual([
      ["serverVersion", ["server_version"]],
    ]);
    const original = model.types.get("Hello");
    expect(original?.kind === "object" && original.members.map((m) => m.name)).toEqual([
      "serverVersion",
      "server_version",
    ]);
  });
});
