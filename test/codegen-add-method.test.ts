// Issue 10, item 5: the clients are generated, not hand-kept. A copy of openrpc.json gains a method
// (`session/rename {session_id, title}` → `{session_id, title}`), `codegen/main.ts --openrpc --out`
// regenerates into a temp copy of the tree, and the method is then typed in every client:
// TypeScript (tsc accepts a well-typed call through `zeroclaw-rpc/client`'s runtime and rejects a
// wrong one), Python (the method and its dataclasses, by `inspect`/`get_type_hints`), Go (`go vet` +
// `go build` of a program calling it), Rust (`cargo build --offline` of an example calling it).
// A language whose toolchain or codegen target is missing is reported skipped.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findTarget } from "../codegen/targets/index.js";
import { cargo } from "./helpers/cargo.js";
import type { OpenRpcDocument } from "./helpers/own-document.js";
import { REPO_ROOT, run } from "./helpers/proc-daemon.js";

const REF = "#/components/schemas/";
const SKIP_COPY = /[\\/](target|node_modules|\.venv|__pycache__)$/;

/** openrpc.json plus session/rename, written the way the document wants a new method written. */
function withRename(doc: OpenRpcDocument): OpenRpcDocument {
  const members = {
    type: "object",
    additionalProperties: false,
    required: ["session_id", "title"],
    properties: { session_id: { type: "string", minLength: 1 }, title: { type: "string", minLength: 1 } },
  };
  doc.components.schemas.SessionRenameParams = structuredClone(members);
  doc.components.schemas.SessionRenameResult = structuredClone(members);
  doc.methods.push({
    name: "session/rename",
    summary: "Give a session a title.",
    "x-grant": "sessions:update",
    paramStructure: "by-name",
    params: [
      { name: "session_id", required: true, schema: { type: "string", minLength: 1 } },
      { name: "title", required: true, schema: { type: "string", minLength: 1 } },
    ],
    "x-params-schema": { $ref: `${REF}SessionRenameParams` },
    result: { name: "SessionRenameResult", schema: { $ref: `${REF}SessionRenameResult` } },
    examples: [
      {
        name: "rename",
        "x-replay": false,
        params: [
          { name: "session_id", value: "s_01" },
          { name: "title", value: "Logo colours" },
        ],
        result: { name: "renamed", value: { session_id: "s_01", title: "Logo colours" } },
      } as never,
    ],
  });
  return doc;
}

const hasToolchain = (cmd: string): boolean => {
  const probe = spawnSync(cmd, [cmd === "go" ? "version" : "--version"], { stdio: "ignore" });
  return !probe.error && probe.status === 0;
};
// A target on the model (codegen/targets/<lang>/) writes clients/<lang>/.
const hasTarget = (lang: string): boolean => findTarget(lang)?.emit !== undefined;
const why = (lang: string, toolchain: string): string | undefined =>
  !hasTarget(lang)
    ? `no codegen/${lang} target on this branch`
    : !hasToolchain(toolchain)
      ? `toolchain \`${toolchain}\` not found`
      : undefined;

let root: string;
let generated: { code: number | null; stdout: string; stderr: string };

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "zc-add-method-"));
  for (const entry of ["clients", "src"])
    cpSync(join(REPO_ROOT, entry), join(root, entry), { recursive: true, filter: (s) => !SKIP_COPY.test(s) });
  symlinkSync(join(REPO_ROOT, "node_modules"), join(root, "node_modules"), "dir");
  writeFileSync(join(root, "package.json"), JSON.stringify({ name: "add-method-probe", type: "module" }));
  const doc = JSON.parse(readFileSync(join(REPO_ROOT, "openrpc.json"), "utf8")) as OpenRpcDocument;
  writeFileSync(join(root, "openrpc.json"), JSON.stringify(withRename(doc), null, 2));
  generated = await run(
    process.execPath,
    ["--import", "tsx", "codegen/main.ts", "--openrpc", join(root, "openrpc.json"), "--out", root],
    process.env,
  );
}, 120_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("a method added to openrpc.json is typed in every generated client", () => {
  it("regenerates from the changed copy into the temp tree (generated/ untouched here)", () => {
    expect(generated.code, generated.stderr).toBe(0);
    expect(readFileSync(join(root, "generated", "client.ts"), "utf8")).toContain("sessionRename(");
    expect(readFileSync(join(REPO_ROOT, "generated", "client.ts"), "utf8")).not.toContain("sessionRename(");
  });

  it("typescript: tsc accepts a well-typed sessionRename call and rejects a wrong one", async () => {
    const tsconfig = (file: string) => ({
      compilerOptions: {
        target: "ES2022",
        lib: ["ES2023"],
        module: "NodeNext",
        moduleResolution: "NodeNext",
        types: ["node"],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        resolveJsonModule: true,
        verbatimModuleSyntax: true,
      },
      files: [file],
    });
    const probe = (
      call: string,
    ) => `import { connect, type SessionRenameResult } from "./src/client/index.js";
const client = await connect();
const renamed: SessionRenameResult = await ${call};
export const title: string = renamed.title;
`;
    writeFileSync(
      join(root, "probe-ok.ts"),
      probe(`client.sessionRename({ session_id: "s_01", title: "Logo" })`),
    );
    writeFileSync(
      join(root, "probe-bad.ts"),
      probe(`client.sessionRename({ session_id: "s_01", title: 42 })`),
    );
    writeFileSync(join(root, "tsconfig.ok.json"), JSON.stringify(tsconfig("probe-ok.ts")));
    writeFileSync(join(root, "tsconfig.bad.json"), JSON.stringify(tsconfig("probe-bad.ts")));
    const tsc = join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
    const ok = await run(process.execPath, [tsc, "-p", "tsconfig.ok.json"], process.env, { cwd: root });
    expect(ok.code, ok.stdout).toBe(0);
    const bad = await run(process.execPath, [tsc, "-p", "tsconfig.bad.json"], process.env, { cwd: root });
    expect(bad.code).not.toBe(0);
    expect(bad.stdout).toMatch(/probe-bad\.ts\(3,.*TS2322: Type 'number' is not assignable to type 'string'/);
  }, 120_000);

  it("python: Client.session_rename and its dataclasses carry the types", async (ctx) => {
    const skip = why("python", "python3");
    if (skip) return ctx.skip(`python skipped: ${skip}`);
    const script = `
import dataclasses, inspect, typing
import zeroclaw_client as z
method = z.Client.session_rename
hints = typing.get_type_hints(method)
assert inspect.iscoroutinefunction(method) or callable(method), method
assert hints["session_id"] is str and hints["title"] is str, hints
assert hints["return"] is z.SessionRenameResult, hints
for cls in (z.SessionRenameParams, z.SessionRenameResult):
    assert dataclasses.is_dataclass(cls), cls
    fields = typing.get_type_hints(cls)
    assert fields["session_id"] is str and fields["title"] is str, (cls, fields)
print("typed")
`;
    const r = await run("python3", ["-c", script], {
      ...process.env,
      PYTHONPATH: join(root, "clients", "python", "src"),
      PYTHONDONTWRITEBYTECODE: "1",
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe("typed");
  }, 60_000);

  it("go: a program calling SessionRename vets and builds", async (ctx) => {
    const skip = why("go", "go");
    if (skip) return ctx.skip(`go skipped: ${skip}`);
    const dir = join(root, "clients", "go", "cmd", "addmethod");
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, "main.go"),
      `package main

import (
	"context"
	"fmt"

	"github.com/zeroclaw/zeroclaw-rpc/clients/go/zeroclaw"
)

func rename(c *zeroclaw.Client) (string, error) {
	r, err := c.SessionRename(context.Background(), &zeroclaw.SessionRenameParams{SessionID: "s_01", Title: "Logo"})
	if err != nil {
		return "", err
	}
	var title string = r.Title
	return r.SessionID + title, nil
}

func main() {
	var typed func(*zeroclaw.Client) (string, error) = rename
	fmt.Printf("%T", typed)
}
`,
    );
    const env = { ...process.env, GOFLAGS: "-mod=mod", GOPROXY: "off", GOTOOLCHAIN: "local" };
    const cwd = join(root, "clients", "go");
    const vet = await run("go", ["vet", "./cmd/addmethod"], env, { cwd });
    expect(vet.code, vet.stderr).toBe(0);
    const build = await run("go", ["build", "-o", join(root, "addmethod-go"), "./cmd/addmethod"], env, {
      cwd,
    });
    expect(build.code, build.stderr).toBe(0);
  }, 600_000);

  it("rust: an example calling session_rename builds offline", async (ctx) => {
    const skip = why("rust", "cargo");
    if (skip) return ctx.skip(`rust skipped: ${skip}`);
    writeFileSync(
      join(root, "clients", "rust", "examples", "add_method.rs"),
      `use zeroclaw_client::{Client, SessionRenameParams, SessionRenameResult};

fn rename(c: &Client) -> zeroclaw_client::Result<SessionRenameResult> {
    c.session_rename(&SessionRenameParams { session_id: "s_01".into(), title: "Logo".into() })
}

fn main() {
    let typed: fn(&Client) -> zeroclaw_client::Result<SessionRenameResult> = rename;
    let r = SessionRenameResult { session_id: String::new(), title: String::from("Logo") };
    let title: &String = &r.title;
    println!("{} {}", title, typed as usize != 0);
}
`,
    );
    const r = await cargo(["build", "--quiet", "--example", "add_method"], join(root, "clients", "rust"));
    expect(r.code, r.stderr).toBe(0);
  }, 600_000);
});
