// codegen/targets/go: deterministic, bannered output that matches the committed clients/go/zeroclaw/
// files; every method, error and session/update variant of openrpc.json has its Go counterpart,
// named from the document's $refs; a method added to openrpc.json comes out typed and works; the
// runtime folder builds and vets on its own; the hard-cases document builds and behaves (its Go
// test, test/fixtures/codegen-go/behaviour_test.go, runs inside the generated package); and documents
// of arbitrary names, texts and shapes (fast-check) come out gofmt-clean, building and vetting.
// The Go parts are skipped, with the reason, where no Go toolchain is installed.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { readDocument, validateDocument } from "../codegen/model/index.js";
import { emitGo, emitOwnGo } from "../codegen/targets/go/index.js";
import { goHarness, goRun } from "./helpers/codegen-corpus/go.js";
import { loadOwnDocument, type OpenRpcDocument } from "./helpers/own-document.js";
import { REPO_ROOT } from "./helpers/proc-daemon.js";

// zeroclaw's x-implemented-by and x-data-schema, declared the way openrpc.json declares them.
const EXTENSIONS = (loadOwnDocument() as unknown as { "x-extensions": { name: string }[] })[
  "x-extensions"
].filter((e) => e.name === "x-implemented-by" || e.name === "x-data-schema");
const goMissing = spawnSync("go", ["version"], { stdio: "ignore" }).status !== 0;
const own = (doc: OpenRpcDocument = loadOwnDocument()) => emitOwnGo(readDocument(doc));
const text = (doc?: OpenRpcDocument): string =>
  own(doc)
    .map((f) => f.content)
    .join("\n");

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});
const temp = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
};
function write(dir: string, files: { path: string; content: string }[]): string {
  for (const f of files) {
    mkdirSync(dirname(join(dir, f.path)), { recursive: true });
    writeFileSync(join(dir, f.path), f.content);
  }
  return dir;
}

describe("the Go target on our own document", () => {
  it("is byte-identical across runs and matches the committed files, each marked as generated", () => {
    const first = own();
    expect(own()).toEqual(first);
    expect(first.map((f) => f.path)).toContain("clients/go/zeroclaw/rpc_upload.go");
    for (const f of first) {
      expect(f.path).toMatch(/^clients\/go\/zeroclaw\/[a-z_]+\.go$/);
      const lines = f.content.split("\n");
      expect(lines[0]).toMatch(/^\/\/ Code generated .* DO NOT EDIT\.$/);
      expect(lines[1]).toMatch(/generated from openrpc\.json by codegen\//i);
      expect(readFileSync(join(REPO_ROOT, f.path), "utf8") === f.content, `${f.path} differs`).toBe(true);
    }
  });

  it("has a method or hook per method, a type per error, a variant struct per session/update type", () => {
    const doc = loadOwnDocument();
    const out = text(doc);
    for (const m of doc.methods) expect(out).toContain(`${JSON.stringify(m.name)}, `);
    expect(out).toContain("func (c *Client) SessionPrompt(ctx context.Context, params *SessionPromptParams)");
    expect(out).toContain("func (c *Client) Status(ctx context.Context) (*StatusResult, error)");
    expect(out).toContain(
      "func (c *Client) HandleElicitationCreate(h func(context.Context, *ElicitationCreateParams) (*ElicitationCreateResult, error))",
    );
    expect(out).toContain("func (c *Client) OnSessionUpdate(h func(SessionUpdateParams))");
    const errors = Object.keys(doc.components.errors ?? {});
    expect(errors.length).toBeGreaterThanOrEqual(15);
    expect(out.match(/^var spec\w+Error = errorSpec\{-?\d+, /gm)?.length).toBe(errors.length);
    expect(out).toContain("type VersionMismatchError struct {\n\t*RPCError\n\tData *VersionMismatchData\n}");
    expect(out).toContain("type InvalidParamsError struct {\n\t*RPCError\n\tData InvalidParamsErrorData\n}");
    const variants = (doc.components.schemas.SessionUpdateParams?.oneOf ?? []) as { $ref: string }[];
    expect(variants.length).toBeGreaterThanOrEqual(7);
    for (const v of variants)
      expect(out).toContain(`func (*${v.$ref.split("/").pop()}) isSessionUpdateParams() {}`);
  });

  it("takes names from the document's $refs, not from assumptions", () => {
    const doc = loadOwnDocument();
    const raw = JSON.stringify(doc).replaceAll(
      '"#/components/schemas/SessionPromptResult"',
      '"#/components/schemas/TurnEnd"',
    );
    const renamed = JSON.parse(raw) as OpenRpcDocument;
    const { SessionPromptResult, ...rest } = renamed.components.schemas;
    renamed.components.schemas = { ...rest, TurnEnd: SessionPromptResult! };
    const out = text(renamed);
    expect(out).toContain("(*TurnEnd, error)");
    expect(out).not.toContain("SessionPromptResult");
  });

  it("gives any set of member names distinct fields tagged with the exact wire name, or any JSON with the reason", () => {
    const member = fc.string({ unit: "grapheme", minLength: 1, maxLength: 10 });
    const kinds = fc.constantFrom<object>({ type: "string" }, { type: "integer" }, { type: "boolean" }, {});
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(member, kinds), { selector: ([n]) => n, maxLength: 8 }),
        (members) => {
          const doc = loadOwnDocument();
          const properties = Object.fromEntries(members);
          doc.components.schemas.PropertyProbe = { type: "object", properties };
          const out = text(doc);
          const body = out.split("type PropertyProbe ")[1]!.split("\n}\n")[0]!;
          if (body.startsWith("= json.RawMessage")) {
            expect(out).toMatch(
              /\/\/ Any JSON: (member .* cannot be a Go json tag name|an object that declares no members)\./,
            );
            return;
          }
          const fields = [...body.matchAll(/^\t(\S+) +\S+ +`json:"(.*?)(,omitempty)?"`$/gm)];
          expect(fields.map((f) => (f[2] === "-," ? "-" : f[2]))).toEqual(Object.keys(properties));
          const names = fields.map((f) => f[1]!);
          expect(new Set(names).size).toBe(names.length);
          for (const n of names) expect(n).toMatch(/^[A-Z][A-Za-z0-9_]*$/);
        },
      ),
      { numRuns: 60 },
    );
  });

  it.skipIf(goMissing)(
    "gives a method added to openrpc.json a typed Go method that works",
    { timeout: 600_000 },
    async () => {
      const doc = loadOwnDocument();
      doc.components.schemas.SessionRenameParams = {
        type: "object",
        properties: {
          session_id: { type: "string" },
          title: { type: "string" },
          pinned: { type: "boolean" },
        },
        required: ["session_id", "title"],
        additionalProperties: false,
      };
      doc.components.schemas.SessionRenameResult = {
        type: "object",
        properties: { session_id: { type: "string" }, renamed: { const: true } },
        required: ["session_id", "renamed"],
      };
      doc.methods.push({
        name: "session/rename",
        summary: "Give a session a title.",
        "x-grant": "sessions:update",
        paramStructure: "by-name",
        params: [{ name: "session_id", required: true, schema: { type: "string" } }],
        "x-params-schema": { $ref: "#/components/schemas/SessionRenameParams" },
        result: { name: "SessionRenameResult", schema: { $ref: "#/components/schemas/SessionRenameResult" } },
      });
      const out = text(doc);
      expect(out).toContain(
        "func (c *Client) SessionRename(ctx context.Context, params *SessionRenameParams) (*SessionRenameResult, error) {",
      );
      const root = temp("zc-codegen-go-");
      cpSync(join(REPO_ROOT, "clients", "go"), join(root, "clients", "go"), { recursive: true });
      write(root, own(doc));
      const dir = join(root, "clients", "go");
      writeFileSync(
        join(dir, "zeroclaw", "rename_use_test.go"),
        `package zeroclaw_test

import (
	"context"
	"testing"

	"github.com/zeroclaw/zeroclaw-rpc/clients/go/zeroclaw"
)

func TestRenameIsTyped(t *testing.T) {
	c, f := newPair(t)
	done := async(func() (*zeroclaw.SessionRenameResult, error) {
		return c.SessionRename(context.Background(), &zeroclaw.SessionRenameParams{SessionID: "s", Title: "t", Pinned: zeroclaw.Ptr(true)})
	})
	m := f.read()
	if m.Method != "session/rename" || string(m.Params) != \`{"session_id":"s","title":"t","pinned":true}\` {
		t.Fatalf("frame %q", m.line)
	}
	f.reply(m, \`{"session_id":"s","renamed":true}\`)
	if r, err := wait(t, done); err != nil || !r.Renamed {
		t.Fatalf("%+v, %v", r, err)
	}
}
`,
      );
      const test = await goRun("go", ["test", "-count=1", "-run", "TestRenameIsTyped", "./zeroclaw"], dir);
      expect(test.code, `${test.stdout}\n${test.stderr}`).toBe(0);
      const fmt = await goRun("gofmt", ["-l", "zeroclaw"], dir);
      expect(fmt.stdout, fmt.stderr).toBe("");
    },
  );
});

describe.skipIf(goMissing)("Go packages for any document (skipped: no `go` toolchain)", () => {
  it("the runtime folder is gofmt-clean and builds and vets on its own", { timeout: 300_000 }, async () => {
    const r = await goHarness.build(join(REPO_ROOT, "codegen", "targets", "go", "runtime"));
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(`${r.stdout}${r.stderr}`.trim()).toBe("");
  });

  it("the hard-cases document builds, and its values and calls behave (go test)", {
    timeout: 300_000,
  }, async () => {
    const fixtures = join(REPO_ROOT, "test", "fixtures", "codegen-go");
    const doc = JSON.parse(readFileSync(join(fixtures, "hard.openrpc.json"), "utf8"));
    expect(validateDocument(doc)).toEqual([]);
    const dir = write(temp("zc-go-hard-"), emitGo(readDocument(doc), { packageName: "hard" }));
    const built = await goHarness.build(dir);
    expect(built.code, built.stdout + built.stderr).toBe(0);
    expect(`${built.stdout}${built.stderr}`.trim()).toBe("");
    cpSync(join(fixtures, "behaviour_test.go"), join(dir, "behaviour_test.go"));
    const r = await goRun("go", ["test", "-count=1", "."], dir);
    expect(r.code, r.stdout + r.stderr).toBe(0);
  });

  it("imports follow the code: prose naming a package, or a schema named `json`, adds none; `` and '' stay as gofmt makes them", {
    timeout: 300_000,
  }, async () => {
    const prose = "see json.Marshal and context.Background(); it''s ``quoted`` ''twice''";
    const doc = {
      openrpc: "1.2.6",
      info: { title: "imports", version: "1.0.0", description: prose },
      methods: [
        {
          name: "m",
          description: prose,
          params: [{ name: "j", schema: { $ref: "#/components/schemas/json" } }],
          result: { name: "r", schema: { $ref: "#/components/schemas/Pet" } },
        },
      ],
      components: {
        schemas: {
          Pet: {
            type: "object",
            description: prose,
            properties: { name: { type: "string", description: prose } },
          },
          json: { type: "object", description: "schema json.", properties: { v: { type: "string" } } },
        },
      },
    };
    const files = emitGo(readDocument(doc as never), { packageName: "imports" });
    const types = files.find((f) => f.path === "types_gen.go")!.content;
    expect(types).not.toContain('"encoding/json"');
    const dir = write(temp("zc-go-imports-"), files);
    const built = await goHarness.build(dir);
    expect(built.code, built.stdout + built.stderr).toBe(0);
    expect(`${built.stdout}${built.stderr}`.trim()).toBe("");
  });

  it("documents of arbitrary names, texts and shapes build, vet and are gofmt-clean", {
    timeout: 900_000,
  }, async () => {
    const name = fc.oneof(
      fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }),
      fc.constantFrom(
        "type",
        "Client",
        "close",
        "Format",
        "Map",
        "session_id",
        "sessionId",
        "-",
        "ctx",
        "1st",
        "a b",
        "json",
        "context",
      ),
    );
    const prose = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 60 }),
      fc.constantFrom(
        "Title\n\nSub Heading\n\nText.",
        "  indented\n- item\n1. one\n# head\n\n[x]: https://e.example",
        "*/ ``` \u2028 \ufeff \r\n tab\there",
        "see json.Marshal, context.Background(); it''s ``quoted''",
      ),
    );
    const schema: fc.Arbitrary<object> = fc.letrec<{ s: object }>((tie) => ({
      s: fc.oneof(
        { depthSize: "small" },
        fc.constantFrom<object>(
          { type: "string" },
          { type: "integer", format: "int64" },
          { type: "number" },
          { type: ["boolean", "null"] },
          {},
          { enum: ["a", "b c", 1] },
          { enum: [1, 2] },
          { const: "k" },
          { const: 3 },
          { const: true },
          { type: "integer", format: "uint64" },
          { type: "integer", minimum: 0, maximum: 10 },
          { type: "integer" },
          { type: ["string", "integer"] },
          { type: "array", items: [{ type: "string" }, { type: "integer" }] },
          { $ref: "#/components/schemas/Named" },
          { oneOf: [{ $ref: "#/components/schemas/Named" }, { type: "null" }] },
          { allOf: [{ $ref: "#/components/schemas/Named" }, { properties: { extra: { type: "string" } } }] },
        ),
        tie("s").map((items) => ({ type: "array", items })),
        tie("s").map((additionalProperties) => ({ type: "object", additionalProperties })),
        fc.tuple(tie("s"), tie("s")).map(([a, b]) => ({ anyOf: [a, b] })),
        fc
          .uniqueArray(fc.tuple(name, tie("s"), fc.boolean(), prose), { selector: ([n]) => n, maxLength: 4 })
          .map((ms) => ({
            type: "object",
            properties: Object.fromEntries(ms.map(([n, s, , d]) => [n, { ...s, description: d }])),
            required: ms.filter(([, , r]) => r).map(([n]) => n),
          })),
        fc.tuple(name, name, tie("s")).map(([a, b, body]) => ({
          oneOf: [a, b === a ? `${b}2` : b].map((k) => ({
            type: "object",
            required: ["kind"],
            properties: { kind: { const: k }, body },
          })),
        })),
      ),
    })).s;
    const method = fc.record({
      name,
      description: prose,
      deprecated: fc.boolean(),
      paramStructure: fc.constantFrom("by-name", "by-position", "either"),
      params: fc.uniqueArray(fc.record({ name, required: fc.boolean(), schema, description: prose }), {
        selector: (p) => p.name,
        maxLength: 3,
      }),
      result: fc.option(fc.record({ name, schema }), { nil: undefined }),
      errors: fc.array(fc.record({ code: fc.integer(), message: name }), { maxLength: 2 }),
      "x-implemented-by": fc.constantFrom(["daemon"], ["client"]),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(method, { selector: (m) => m.name, maxLength: 6 }),
        schema,
        prose,
        async (methods, named, title) => {
          const doc = {
            openrpc: "1.3.2",
            "x-extensions": EXTENSIONS,
            info: { title, version: "1", description: title },
            methods: methods.map((m) => ({ ...m, result: m.result ?? undefined })),
            components: {
              schemas: {
                Named: { type: "object", properties: { self: { $ref: "#/components/schemas/Named" } } },
                Other: named,
              },
              errors: { E: { code: 1, message: title, "x-data-schema": named } },
            },
          };
          expect(validateDocument(doc)).toEqual([]);
          const model = readDocument(doc);
          expect(model.notes.filter((n) => n.severity === "error")).toEqual([]);
          const dir = write(temp("zc-go-fuzz-"), emitGo(model, { packageName: title }));
          const r = await goHarness.build(dir);
          expect(r.code, `${JSON.stringify(doc)}\n${r.stdout}${r.stderr}`).toBe(0);
          expect(`${r.stdout}${r.stderr}`.trim(), JSON.stringify(doc)).toBe("");
        },
      ),
      // Each run builds a package: a few per CI run, each a fresh set of names and shapes.
      { numRuns: 4, endOnFailure: true },
    );
  });
});
