// The Rust target (codegen/targets/rust/) on a document written to be awkward: keyword and reserved
// names (`type`, `self`, a schema called `Result`, a method called `close`), method names with dots,
// slashes and spaces, a server method whose name is a hook's (`on_thing` beside the notification
// `thing`), recursive types, a mixed enum, a tagged union whose variant is also used on its own,
// two errors sharing a code, a deprecated method, prose with Go code, a bare CR and a bidi control.
// The crate must build, pass clippy and rustdoc without a word, run no doctest, and a program written
// against it must reach a real HTTP server with params shaped as the document says and get typed
// results and errors back; `ws://` and unknown schemes fail with a clear transport error.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readDocument, validateDocument } from "../codegen/model/index.js";
import { rustTarget } from "../codegen/targets/rust/index.js";
import { cargo, hasCargo, hasClippy } from "./helpers/cargo.js";
import { startMockServer } from "./helpers/openrpc-mock-server.js";

const REF = "#/components/schemas/";
const PROSE =
  'Say hi.\n```\nfunc main() {\n\tfmt.Println("hi")\n}\n```\r\nA <b>[link]</b> https://example.org \u202e.';
const doc = {
  openrpc: "1.3.2",
  info: { title: "awkward api", version: "1.2.3", description: PROSE },
  // biome-ignore lint/suspicious/noTemplateCurlyInString: an OpenRPC server variable, not a template
  servers: [{ url: "http://localhost:${port}/rpc", variables: { port: { default: "8545" } } }],
  methods: [
    {
      name: "Filecoin.ChainHead",
      description: PROSE,
      params: [],
      result: { name: "r", schema: { $ref: `${REF}Node` } },
    },
    {
      name: "a/b c",
      params: [
        { name: "type", required: true, schema: { type: "string" } },
        { name: "self", schema: { type: "integer", format: "int32" } },
        { name: "tags", required: true, schema: { type: "array", items: { type: "string" } } },
      ],
      result: { name: "r", schema: { type: "integer" } },
    },
    {
      name: "close",
      paramStructure: "by-name",
      params: [
        { name: "type", required: true, schema: { type: "string" } },
        { name: "Self", schema: { oneOf: [{ type: "null" }, { type: "integer", format: "uint64" }] } },
      ],
      result: { name: "r", schema: { $ref: `${REF}Result` } },
    },
    { name: "legacy", deprecated: true, params: [], result: { name: "r", schema: { type: "boolean" } } },
    { name: "thing", "x-implemented-by": ["client"], params: [{ name: "n", schema: { type: "integer" } }] },
    {
      name: "ask",
      "x-implemented-by": ["client"],
      paramStructure: "by-name",
      params: [],
      result: { name: "r", schema: { type: "string" } },
    },
    { name: "on_thing", params: [], result: { name: "r", schema: { $ref: `${REF}Mixed` } } },
    {
      name: "pets",
      params: [],
      result: { name: "r", schema: { type: "array", items: { $ref: `${REF}Pet` } } },
    },
    { name: "cat", params: [], result: { name: "r", schema: { $ref: `${REF}Cat` } } },
    {
      name: "pick",
      params: [],
      result: { name: "r", schema: { type: "null" } },
      errors: [{ $ref: "#/components/errors/First" }, { $ref: "#/components/errors/Second" }],
    },
    { name: "notify", params: [{ name: "text", required: true, schema: { type: "string" } }] },
  ],
  components: {
    schemas: {
      Node: { type: "object", properties: { next: { $ref: `${REF}Node` }, kids: { $ref: `${REF}Tree` } } },
      Tree: { type: "array", items: { $ref: `${REF}Tree` } },
      Result: {
        type: "object",
        required: ["type"],
        properties: { type: { type: "string" }, self: { type: "null" } },
      },
      Mixed: { enum: ["*", "a-b", 1, true, 1.5] },
      Cat: {
        type: "object",
        required: ["kind", "lives"],
        properties: { kind: { const: "cat" }, lives: { type: "integer" } },
      },
      Dog: {
        type: "object",
        required: ["kind"],
        properties: { kind: { const: "dog" }, good: { type: "boolean" } },
      },
      Pet: { oneOf: [{ $ref: `${REF}Cat` }, { $ref: `${REF}Dog` }] },
    },
    errors: { First: { code: -1, message: "first" }, Second: { code: -1, message: "second" } },
  },
};

const PROBE = `#![allow(deprecated)]
use awkward_api::*;

fn main() {
    let c = Client::connect(&std::env::args().nth(1).unwrap()).unwrap();
    println!("{}", c.a_b_c("x", None, &["t".to_owned()]).unwrap());
    let closed: ResultType = c.close_(&CloseParams { r#type: "y".into(), self_: Some(None) }).unwrap();
    println!("{}", runtime::json::to_string(&closed).unwrap());
    println!("{}", runtime::json::to_string(&c.pets().unwrap()).unwrap());
    println!("{}", runtime::json::to_string(&c.cat().unwrap()).unwrap());
    println!("{:?} {}", c.on_thing().unwrap(), c.legacy().unwrap());
    match c.pick() {
        Err(Error::Second(e)) => println!("second {} {}", SecondError::CODE, e.message),
        other => println!("{other:?}"),
    }
    c.notify_("hello").unwrap();
    for url in ["wss://127.0.0.1:1/", "ftp://x/"] {
        match Client::connect(url) {
            Err(Error::Transport(TransportError::Unsupported(why))) => println!("refused {}", why.contains("WebSocket")),
            Err(e) => println!("other error {e}"),
            Ok(_) => println!("connected?"),
        }
    }
    // ws:// is a transport: nothing listening there is a Connect error naming the URL.
    match Client::connect("ws://127.0.0.1:1/") {
        Err(Error::Transport(TransportError::Connect { endpoint, .. })) => println!("connect {endpoint}"),
        Err(e) => println!("other error {e}"),
        Ok(_) => println!("connected?"),
    }
    // Hooks exist under names that do not clash (HTTP never calls them).
    c.on_thing_2(|_n: (Option<i128>,)| {});
    c.handle_ask(|| Ok("yes".to_owned()));
}
`;

let dir: string;
const files = (): Map<string, string> =>
  new Map(
    rustTarget.emit!(readDocument(doc), { packageName: "awkward-api" }).map((f) => [f.path, f.content]),
  );

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "zc-rust-target-"));
  for (const [path, content] of files()) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  mkdirSync(join(dir, "examples"), { recursive: true });
  writeFileSync(join(dir, "examples", "probe.rs"), PROBE);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the Rust target on an awkward document", () => {
  it("is valid OpenRPC, and the crate comes out the same on every run", () => {
    expect(validateDocument(doc)).toEqual([]);
    expect(files()).toEqual(files());
    const client = readFileSync(join(dir, "src", "client.rs"), "utf8");
    for (const fn of ["filecoin_chain_head(&self)", "close_(&self, params: &CloseParams)", "on_thing(&self)"])
      expect(client).toContain(`pub fn ${fn}`);
    expect(client).toContain("pub fn a_b_c(&self, r#type: &str, self_: Option<i32>, tags: &[String])");
    expect(client).toMatch(/#\[deprecated\]\n {4}pub fn legacy/);
    expect(client).toContain('pub const DEFAULT_URL: &str = "http://localhost:8545/rpc";');
    const types = readFileSync(join(dir, "src", "types.rs"), "utf8");
    expect(types).toContain("pub struct ResultType {");
    expect(types).toContain("pub next: Option<Box<Node>>,");
    expect(types).toContain("pub struct Tree(pub Vec<Tree>);");
    expect(types).toContain('#[serde(tag = "kind")]\npub enum Pet {');
    expect(types).not.toMatch(/```\n/); // every fence became ```text
  });

  it("builds, passes clippy and rustdoc without a word, and runs no doctest", {
    timeout: 900_000,
  }, async (ctx) => {
    if (!hasCargo()) return ctx.skip("rust skipped: toolchain `cargo` not found");
    for (const args of [
      ["build", "--quiet", "--examples"],
      ["doc", "--quiet", "--no-deps"],
    ]) {
      const r = await cargo(args, dir);
      expect(r.code, r.stderr).toBe(0);
      expect(`${r.stdout}${r.stderr}`.trim(), args[0]).toBe("");
    }
    if (hasClippy()) {
      const r = await cargo(["clippy", "--quiet", "--all-targets"], dir);
      expect(`${r.stdout}${r.stderr}`.trim(), "clippy").toBe("");
    }
    const tests = await cargo(["test", "--lib"], dir);
    expect(tests.code, tests.stderr).toBe(0);
    expect(`${tests.stdout}${tests.stderr}`).not.toMatch(/Doc-tests/);
  });

  it("a program against it gets typed results and errors over HTTP, params on the wire as declared", {
    timeout: 900_000,
  }, async (ctx) => {
    if (!hasCargo()) return ctx.skip("rust skipped: toolchain `cargo` not found");
    const model = readDocument(doc);
    const server = await startMockServer(model);
    try {
      server.answer("a/b c", "18446744073709551615");
      server.answer("close", '{"type":"t","self":null}');
      server.answer("pets", '[{"kind":"cat","lives":9},{"kind":"dog"},{"kind":"dog","good":true}]');
      server.answer("cat", '{"kind":"cat","lives":7}');
      server.answer("on_thing", "1.5");
      server.answer("legacy", "true");
      server.failWith("pick", { code: -1, message: "second" });
      const r = await cargo(["run", "--quiet", "--example", "probe", "--", server.url], dir);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout.trim().split("\n")).toEqual([
        "18446744073709551615",
        '{"type":"t","self":null}',
        '[{"kind":"cat","lives":9},{"kind":"dog"},{"kind":"dog","good":true}]',
        '{"kind":"cat","lives":7}',
        "Value15 true",
        "second -1 second",
        "refused true",
        "refused false",
        "connect ws://127.0.0.1:1/",
      ]);
      expect(server.received.map((m) => [m.method, m.params, m.id === undefined])).toEqual([
        ["a/b c", ["x", null, ["t"]], false],
        ["close", { type: "y", Self: null }, false],
        ["pets", [], false],
        ["cat", [], false],
        ["on_thing", [], false],
        ["legacy", [], false],
        ["pick", [], false],
        ["notify", ["hello"], true],
      ]);
    } finally {
      await server.close();
    }
  });
});
