// codegen/go: deterministic, bannered output that matches the committed clients/go/zeroclaw/*_gen.go;
// every method, error and session/update variant of the document has its Go counterpart; names come
// from the document's $refs; and a method added to a copy of openrpc.json comes out typed and compiles
// (that last part, and gofmt on the output, skipped without a Go toolchain).
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { emitGo } from "../codegen/go/index.js";
import { errorTypeName, goName } from "../codegen/go/names.js";
import {
  implementedBy,
  loadDocument,
  type OpenRpcDocument,
  rewriteRefs,
} from "../codegen/legacy/document.js";
import { REPO_ROOT, run } from "./helpers/proc-daemon.js";

const BANNER = "// Generated from openrpc.json by codegen/ — do not edit. Run `npm run generate`.";
const load = (): OpenRpcDocument => loadDocument(join(REPO_ROOT, "openrpc.json"));
const goMissing = spawnSync("go", ["version"], { stdio: "ignore" }).status !== 0;
const GO_ENV = { ...process.env, GOFLAGS: "-mod=mod", GOPROXY: "off", GOTOOLCHAIN: "local" };
const text = (doc: OpenRpcDocument): string =>
  emitGo(doc)
    .map((f) => f.content)
    .join("\n");

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

/** A copy of clients/go with the generated files replaced by emitGo(doc)'s. */
function moduleFrom(doc: OpenRpcDocument): string {
  const root = mkdtempSync(join(tmpdir(), "zc-codegen-go-"));
  temps.push(root);
  cpSync(join(REPO_ROOT, "clients", "go"), join(root, "clients", "go"), { recursive: true });
  for (const f of emitGo(doc)) writeFileSync(join(root, f.path), f.content);
  return join(root, "clients", "go");
}

describe("codegen/go", () => {
  it("is byte-identical across runs and leaves the document as it was", () => {
    const doc = load();
    const before = JSON.stringify(doc);
    const first = emitGo(doc);
    expect(emitGo(doc)).toEqual(first);
    expect(JSON.stringify(doc)).toBe(before);
  });

  it("matches the committed *_gen.go files, each bannered and marked as generated for Go tools", () => {
    for (const f of emitGo(load())) {
      expect(f.path).toMatch(/^clients\/go\/zeroclaw\/[a-z]+_gen\.go$/);
      const lines = f.content.split("\n");
      expect(lines[0]).toMatch(/^\/\/ Code generated .* DO NOT EDIT\.$/);
      expect(lines.slice(0, 2)).toContain(BANNER);
      expect(readFileSync(join(REPO_ROOT, f.path), "utf8") === f.content, `${f.path} differs`).toBe(true);
    }
  });

  it("has a method or hook per method, a type per error, a struct per session/update variant", () => {
    const doc = load();
    const out = text(doc);
    for (const m of doc.methods) {
      const name = goName(m.name);
      if (implementedBy(m) === "daemon")
        expect(out).toContain(`func (c *Client) ${name}(ctx context.Context`);
      else if (m.result) expect(out).toContain(`func (c *Client) Handle${name}(h ${name}Handler)`);
      else expect(out).toContain(`func (c *Client) On${name}(fn func(`);
      if (m["x-grant"]) expect(out).toContain(`// Grant: ${m["x-grant"]}.`);
    }
    for (const [key, e] of Object.entries(doc.components.errors)) {
      expect(out).toContain(`type ${errorTypeName(key)} struct {`);
      expect(out).toMatch(new RegExp(`\\tCode${goName(key)} += ${e.code}\\n`));
    }
    const variants = (doc.components.schemas.SessionUpdateParams?.oneOf ?? []) as { $ref: string }[];
    expect(variants.length).toBeGreaterThanOrEqual(7);
    for (const v of variants) {
      const name = goName(v.$ref.split("/").pop()!);
      expect(out).toContain(`func (*${name}) isSessionUpdateParams() {}`);
    }
  });

  it("names every Go identifier validly, whatever the wire names", () => {
    fc.assert(
      fc.property(fc.string(), (wire) => {
        expect(goName(wire)).toMatch(/^([A-Z][A-Za-z0-9]*)?$/);
      }),
    );
  });

  it("gives any set of member names distinct fields tagged with the exact wire name, or refuses the name", () => {
    const member = fc.string({ minLength: 1, maxLength: 12 });
    const kinds = fc.constantFrom<object>({ type: "string" }, { type: "integer" }, { type: "boolean" }, {});
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(member, kinds), { selector: ([n]) => n, maxLength: 8 }),
        (members) => {
          const doc = load();
          const properties = Object.fromEntries(members);
          doc.components.schemas.PropertyProbe = { type: "object", properties };
          let out: string;
          try {
            out = text(doc);
          } catch (err) {
            expect(String(err)).toMatch(/cannot be a json tag name/);
            return;
          }
          const body = out.split("type PropertyProbe struct")[1]?.split("\n}\n")[0] ?? "";
          const fields = [...body.matchAll(/^\t([A-Za-z0-9]+) +\S+ +`json:"(.*?)(,omitempty)?"`$/gm)];
          expect(fields.map((f) => f[2])).toEqual(Object.keys(properties)); // JS key order, as JSON.parse gives
          const names = fields.map((f) => f[1]!);
          expect(new Set(names).size).toBe(names.length);
          for (const n of names) expect(n).toMatch(/^[A-Z][A-Za-z0-9]*$/);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("takes names from the document's $refs, not from assumptions", () => {
    const doc = rewriteRefs(
      load(),
      (n) => `#/components/schemas/${n === "SessionPromptResult" ? "TurnEnd" : n}`,
    );
    const { SessionPromptResult, ...rest } = doc.components.schemas;
    doc.components.schemas = { ...rest, TurnEnd: SessionPromptResult! };
    const out = text(doc);
    expect(out).toContain("(*TurnEnd, error)");
    expect(out).not.toContain("SessionPromptResult");
  });

  it.skipIf(goMissing)(
    "gives a method added to openrpc.json a typed Go method that compiles and is gofmt-clean",
    { timeout: 600_000 },
    async () => {
      const doc = load();
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
      // The other shapes a method can take compile too: a client → daemon notification, a union result,
      // a daemon → client notification with struct params and a daemon → client request without params.
      const params = [{ name: "session_id", required: true, schema: { type: "string" } }];
      doc.methods.push(
        { name: "session/touch", "x-grant": "sessions:update", params },
        {
          name: "session/last-update",
          "x-grant": "sessions:read",
          params,
          result: { name: "U", schema: { $ref: "#/components/schemas/SessionUpdateParams" } },
        },
        { name: "client/notice", "x-implemented-by": ["client"], params },
        {
          name: "client/ping",
          "x-implemented-by": ["client"],
          params: [],
          result: { name: "Pong", schema: { type: "boolean" } },
        },
      );
      const out = text(doc);
      expect(out).toContain(
        "func (c *Client) SessionRename(ctx context.Context, params *SessionRenameParams) (*SessionRenameResult, error) {",
      );
      expect(out).toContain(
        "func (c *Client) SessionTouch(ctx context.Context, params *SessionTouchParams) error {",
      );
      expect(out).toContain("(SessionUpdateParams, error) {");
      expect(out).toContain("func (c *Client) OnClientNotice(fn func(*ClientNoticeParams)) {");
      expect(out).toContain("type ClientPingHandler func(ctx context.Context) (bool, error)");
      const dir = moduleFrom(doc);
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
      const test = await run("go", ["test", "-count=1", "-run", "TestRenameIsTyped", "./zeroclaw"], GO_ENV, {
        cwd: dir,
      });
      expect(test.code, `${test.stdout}\n${test.stderr}`).toBe(0);
      const fmt = await run("gofmt", ["-l", "zeroclaw"], GO_ENV, { cwd: dir });
      expect(fmt.stdout, fmt.stderr).toBe("");
    },
  );
});
