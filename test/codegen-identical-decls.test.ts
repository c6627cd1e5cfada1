// Issue 27: a declaration identical to another of the same name but for a clash number
// (`DownloadStartParams2` beside `DownloadStartParams`) is emitted once, under the document's own name;
// identical declarations of other names stay apart (their names say what they are for).
import { describe, expect, it } from "vitest";
import { readDocument } from "../codegen/model/index.js";
import { findTarget } from "../codegen/targets/index.js";

const url = {
  type: "object",
  properties: { url: { type: "string" } },
  required: ["url"],
  additionalProperties: false,
};
const doc = {
  openrpc: "1.3.2",
  info: { title: "downloads", version: "1" },
  methods: [
    {
      name: "download/start",
      paramStructure: "by-name",
      params: [{ name: "url", required: true, schema: { type: "string" } }],
      result: { name: "r", schema: { $ref: "#/components/schemas/DownloadStartParams" } },
    },
    {
      name: "download/stop",
      paramStructure: "by-name",
      params: [{ name: "url", required: true, schema: { type: "string" } }],
      result: { name: "r", schema: { type: "boolean" } },
    },
  ],
  components: { schemas: { DownloadStartParams: url } },
};

describe("identical declarations", () => {
  const model = readDocument(doc);
  it("the model as read has the clash-numbered duplicate", () => {
    expect([...model.types.keys()]).toEqual(
      expect.arrayContaining(["DownloadStartParams", "DownloadStartParams2", "DownloadStopParams"]),
    );
  });

  for (const lang of ["ts", "python", "go", "rust"]) {
    it(`${lang}: is emitted once, under the document's name; another name stays`, () => {
      const out = findTarget(lang)!.emit!(model, { packageName: "downloads" })
        .map((f) => f.content)
        .join("\n");
      expect(out).not.toContain("DownloadStartParams2");
      expect(out).toContain("DownloadStartParams");
      expect(out).toContain("DownloadStopParams");
    });
  }
});
