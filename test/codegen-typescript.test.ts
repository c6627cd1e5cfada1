// The TypeScript target (codegen/targets/typescript/): its transports chosen by URL — WebSocket
// against a ws server on 127.0.0.1, and NDJSON over our Unix socket against the real daemon, whose
// own openrpc.json goes through the same target — the chunked upload helper only where the document
// has zeroclaw's upload methods, and the package's manifest and entry points.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readDocument } from "../codegen/model/index.js";
import type { Model } from "../codegen/model/types.js";
import { typescriptTarget } from "../codegen/targets/typescript/index.js";
import { typescriptHarness } from "./helpers/codegen-corpus/typescript.js";
import { startMockServer } from "./helpers/openrpc-mock-server.js";
import { loadOwnDocument } from "./helpers/own-document.js";
import { REPO_ROOT } from "./helpers/proc-daemon.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

const corpus = (name: string): Model =>
  readDocument(
    JSON.parse(
      readFileSync(join(REPO_ROOT, "test", "fixtures", "openrpc-corpus", name, "openrpc.json"), "utf8"),
    ),
  );

const temps: string[] = [];
let daemon: TestDaemon | undefined;
afterAll(async () => {
  await daemon?.stop();
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

function generate(model: Model, packageName: string): { dir: string; files: Map<string, string> } {
  const dir = mkdtempSync(join(tmpdir(), "zc-ts-target-"));
  temps.push(dir);
  const files = new Map(typescriptTarget.emit!(model, { packageName }).map((f) => [f.path, f.content]));
  for (const [path, content] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return { dir, files };
}

describe("the TypeScript target", () => {
  it("writes an npm package: manifest at the root, strict tsconfig, entry point, README", () => {
    const { files } = generate(corpus("petstore"), "petstore");
    const pkg = JSON.parse(files.get("package.json")!);
    expect(pkg).toMatchObject({ name: "petstore", type: "module", dependencies: { ws: expect.any(String) } });
    expect(JSON.parse(files.get("tsconfig.json")!).compilerOptions).toMatchObject({
      strict: true,
      noUnusedLocals: true,
    });
    expect([...files.keys()].sort()).toEqual([
      "README.md",
      "package.json",
      "src/client.ts",
      "src/errors.ts",
      "src/index.ts",
      "src/runtime/connection.ts",
      "src/runtime/json.ts",
      "src/runtime/transports.ts",
      "src/types.ts",
      "tsconfig.json",
    ]);
    expect(files.get("src/client.ts")).toContain('DEFAULT_URL: string | undefined = "http://localhost:8080"');
  });

  it("calls over WebSocket when the URL says ws://", { timeout: 300_000 }, async () => {
    const model = corpus("simple-math");
    const { dir } = generate(model, "simple-math");
    expect((await typescriptHarness.build(dir)).code).toBe(0);
    const server = await startMockServer(model);
    try {
      const example = model.methods[0]!.examples[0]!;
      const r = await typescriptHarness.calls(dir, model, server.wsUrl, [
        { method: model.methods[0]!.name, params: example.params },
      ]);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual({ result: example.result!.value });
      expect(server.received).toEqual([{ method: "addition", params: [2, 2], id: 1 }]);
    } finally {
      await server.close();
    }
  });

  it("builds our own openrpc.json with the upload helper, and talks to the daemon over its Unix socket", {
    timeout: 300_000,
  }, async () => {
    const model = readDocument(loadOwnDocument());
    const { dir, files } = generate(model, "zeroclaw-client");
    expect(files.has("src/runtime/upload.ts")).toBe(true);
    expect(files.get("src/client.ts")).toContain("upload(options: UploadOptions)");
    expect(files.get("src/client.ts")).toContain("onSessionUpdate(handler");
    const built = await typescriptHarness.build(dir);
    expect(built.code, built.stdout).toBe(0);

    daemon = await startTestDaemon();
    const init = (protocolVersion: number) => ({
      method: "initialize",
      params: [{ name: "protocolVersion", value: protocolVersion }],
    });
    const r = await typescriptHarness.calls(dir, model, `unix:${daemon.endpoint}`, [
      { ...init(99), expectError: "VERSION_MISMATCH" },
      init(1),
      { method: "session/list", params: [] },
    ]);
    expect(r.code, r.stderr).toBe(0);
    const [mismatch, initialized, list] = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(mismatch).toEqual({ error: "VERSION_MISMATCH", code: -32011 });
    expect(initialized.result).toMatchObject({ protocolVersion: 1 });
    expect(list.result).toMatchObject({ sessions: [] });
  });

  it("leaves the upload helper out of documents without zeroclaw's upload methods", () => {
    for (const name of ["petstore", "ethereum-execution-apis", "lotus-gateway"]) {
      const files = typescriptTarget.emit!(corpus(name), { packageName: name });
      expect(files.map((f) => f.path)).not.toContain("src/runtime/upload.ts");
      expect(files.find((f) => f.path === "src/client.ts")!.content).not.toContain("upload(");
    }
  });
});
