// codegen/rust (SPEC §15): what the Rust emitter makes of openrpc.json, read from the document rather
// than from a list kept here, plus the awkward corners (a keyword member, a `*` enum value, nullable
// members, an inline tagged union, a name clash) in a document of our own, compiled with cargo.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  implementedBy,
  isNotification,
  loadDocument,
  type OpenRpcDocument,
} from "../codegen/legacy/document.js";
import { emitRust } from "../codegen/rust/index.js";
import { snake } from "../codegen/rust/rust-names.js";
import { REPO_ROOT, run } from "./helpers/proc-daemon.js";

const doc = loadDocument(join(REPO_ROOT, "openrpc.json"));
const files = (d: OpenRpcDocument): Record<string, string> =>
  Object.fromEntries(emitRust(d).map((f) => [f.path.replace("clients/rust/src/generated/", ""), f.content]));
const out = files(doc);
const REF = "#/components/schemas/";

describe("codegen/rust on openrpc.json", () => {
  it("is deterministic and bannered", () => {
    expect(files(structuredClone(doc))).toEqual(out);
    for (const text of Object.values(out)) {
      expect(text.split("\n")[0]).toBe(
        "// Generated from openrpc.json by codegen/ — do not edit. Run `npm run generate`.",
      );
    }
  });

  it("makes session/update a #[serde(tag)] enum with one variant per named variant of the document", () => {
    const update = doc.methods.find((m) => m.name === "session/update")!;
    const union = (update["x-params-schema"]!.$ref as string).slice(REF.length);
    const variants = doc.components.schemas[union]!.oneOf as { $ref: string }[];
    expect(out["types.rs"]).toContain(
      `#[serde(tag = "type", rename_all = "snake_case")]\npub enum ${union} {`,
    );
    for (const v of variants) {
      const name = v.$ref.slice(REF.length);
      const tag = (doc.components.schemas[name]!.properties as Record<string, { const: string }>).type!.const;
      const variant = tag.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase());
      expect(out["types.rs"]).toContain(`    ${variant}(${name}),`);
      // The tag lives on the enum, not in the variant's struct.
      const struct = out["types.rs"]!.split(`pub struct ${name} {`)[1]!.split("\n}")[0]!;
      expect(struct).not.toMatch(/pub r#type:/);
      // A nullable sessionId (turn_complete of a refused notification prompt) is an Option.
      const sessionId = (doc.components.schemas[name]!.properties as Record<string, { type?: unknown }>)
        .sessionId;
      const nullable = Array.isArray(sessionId?.type) && sessionId.type.includes("null");
      expect(struct).toContain(nullable ? "pub session_id: Option<String>," : "pub session_id: String,");
      expect(out["types.rs"]).toContain(`            Self::${variant}(_) => ${JSON.stringify(tag)},`);
    }
    expect(out["types.rs"]).toContain(
      `impl ${union} {\n    /// The \`type\` of this variant, as on the wire.`,
    );
  });

  it("gives every error code a typed variant whose data is decoded by reason", () => {
    for (const [key, err] of Object.entries(doc.components.errors)) {
      expect(out["errors.rs"]).toContain(`    pub const ${key}: i64 = ${err.code};`);
      const variant = key.toLowerCase().replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase());
      expect(out["errors.rs"]).toContain(
        `    ${variant} {\n        message: String,\n        data: ${variant}Reason,`,
      );
      const reasons = out["types.rs"]!.split(`pub enum ${variant}Reason {`)[1]!.split("\n}")[0]!;
      for (const v of err["x-data-schema"].oneOf) {
        const name = (v.$ref as string).slice(REF.length);
        const props = doc.components.schemas[name]!.properties as Record<string, { const?: string }>;
        const reason = props.reason!.const!;
        const pascal = reason.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase());
        const unit = Object.keys(props).length === 1;
        expect(reasons).toContain(unit ? `    ${pascal},` : `    ${pascal}(${name}),`);
      }
    }
  });

  it("has one typed method per client → daemon method and hooks for daemon → client traffic", () => {
    for (const m of doc.methods) {
      const fn = snake(m.name);
      if (implementedBy(m) === "daemon") {
        expect(out["methods.rs"]).toMatch(new RegExp(`pub fn ${fn}\\(\\s*&self`));
        expect(out["methods.rs"]).toContain(`self.call(${JSON.stringify(m.name)}, `);
        if (m["x-grant"]) expect(out["methods.rs"]).toContain(`(grant \`${m["x-grant"]}\``);
      } else if (isNotification(m)) {
        expect(out["methods.rs"]).toContain(`pub fn on_${fn}<F>(&self, handler: F)`);
        expect(out["methods.rs"]).toContain(`pub fn subscribe_${fn}(&self)`);
      } else {
        expect(out["methods.rs"]).toContain(`pub fn handle_${fn}<F>(&self, handler: F)`);
      }
    }
    expect(out["methods.rs"]).toContain("pub fn status(&self) -> Result<StatusResult> {");
  });
});

/** The real document plus a method whose schemas hit every awkward corner of the mapping. */
function awkwardDocument(): OpenRpcDocument {
  const d = structuredClone(doc);
  d.components.schemas.WidgetSpinParams = {
    type: "object",
    required: ["type", "label"],
    properties: {
      type: { type: "string", description: "A member named like a Rust keyword." },
      spinRate: { type: "number" },
      spin_rate: { type: "number", description: "An alias of spinRate, as initialize has." },
      mode: { type: "string", enum: ["*", "fast-ish", "slow"] },
      label: { type: ["string", "null"] },
      nested: { type: "object", properties: { depth: { type: "integer", minimum: 0 } } },
      tags: { type: "array", items: { type: "string" } },
      extra: { type: "object", additionalProperties: { type: "integer" } },
      self: { type: "boolean" },
    },
  };
  d.components.schemas.WidgetSpinResult = {
    type: "object",
    required: ["spun", "shape"],
    properties: {
      spun: { const: true },
      mark: {
        oneOf: [
          {
            type: "object",
            required: ["id"],
            properties: { kind: { const: "x" }, id: { type: "string" }, n: { type: "integer" } },
          },
          { type: "object", required: ["id"], properties: { kind: { const: "y" }, id: { type: "string" } } },
        ],
      },
      shape: {
        oneOf: [
          { type: "object", properties: { kind: { const: "round" }, radius: { type: "integer" } } },
          { type: "object", properties: { kind: { const: "flat" } } },
        ],
      },
    },
  };
  d.methods.push({
    name: "widget/spin",
    summary: "Spin a widget.",
    "x-grant": "system:read",
    paramStructure: "by-name",
    params: [{ name: "type", required: true, schema: { type: "string" } }],
    result: { name: "WidgetSpinResult", schema: { $ref: `${REF}WidgetSpinResult` } },
    "x-params-schema": { $ref: `${REF}WidgetSpinParams` },
  });
  return d;
}

describe("codegen/rust on awkward schemas", () => {
  const crate = mkdtempSync(join(tmpdir(), "zc-rust-codegen-"));
  afterAll(() => rmSync(crate, { recursive: true, force: true }));
  const awkward = files(awkwardDocument());

  it("maps keywords, symbols, nullables and inline unions to valid Rust names", () => {
    const types = awkward["types.rs"]!;
    // serde strips `r#` itself, so the keyword member needs no rename.
    expect(types).toContain("    /// A member named like a Rust keyword.\n    pub r#type: String,");
    expect(types).toContain("    pub self_: Option<bool>,");
    // Two wire names, one Rust name: the later one gets a suffix and says why.
    expect(types).toContain(
      '    #[serde(rename = "spinRate", skip_serializing_if = "Option::is_none")]\n    pub spin_rate: Option<f64>,',
    );
    expect(types).toContain(
      "    /// An alias of spinRate, as initialize has.\n    ///\n    /// The wire member `spin_rate` (`spinRate` has the plain Rust name).\n" +
        '    #[serde(rename = "spin_rate", skip_serializing_if = "Option::is_none")]\n    pub spin_rate_2: Option<f64>,',
    );
    expect(types).toContain("    pub label: Option<String>,"); // required but nullable: no skip
    expect(types).toContain('    #[serde(rename = "*")]\n    Any,');
    expect(types).toContain('    #[serde(rename = "fast-ish")]\n    FastIsh,');
    expect(types).toContain("pub extra: Option<BTreeMap<String, i64>>,");
    expect(types).toContain(
      '#[serde(tag = "kind", rename_all = "snake_case")]\npub enum WidgetSpinResultShape {',
    );
    expect(types).toContain("    Round(WidgetSpinResultShapeRound),\n    Flat,\n}");
    // tag() covers unit variants; no member getter when a variant carries nothing but its tag.
    expect(types).toContain('            Self::Round(_) => "round",\n            Self::Flat => "flat",');
    expect(types).not.toContain("pub fn radius(&self)");
    // A member every variant carries gets a getter on the enum.
    expect(types).toContain(
      "    pub fn id(&self) -> &str {\n        match self {\n            Self::X(v) => &v.id,\n            Self::Y(v) => &v.id,",
    );
    expect(awkward["methods.rs"]).toContain(
      "pub fn widget_spin(&self, params: &WidgetSpinParams) -> Result<WidgetSpinResult>",
    );
  });

  it("refuses two different types under one name instead of merging them", () => {
    const d = awkwardDocument();
    d.components.schemas.WidgetSpinResultShapeRound = { type: "string", enum: ["clash"] };
    expect(() => emitRust(d)).toThrow(/two different types named WidgetSpinResultShapeRound/);
  });

  it("compiles, and the new method is callable with its typed params", { timeout: 900_000 }, async (ctx) => {
    if (spawnSync("cargo", ["--version"], { stdio: "ignore" }).status !== 0) {
      ctx.skip("rust skipped: toolchain `cargo` not found");
      return;
    }
    const source = join(REPO_ROOT, "clients", "rust");
    for (const entry of ["Cargo.toml", "Cargo.lock", ".cargo", "src"]) {
      cpSync(join(source, entry), join(crate, entry), { recursive: true });
    }
    for (const [name, text] of Object.entries(awkward)) {
      const path = join(crate, "src", "generated", name);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    }
    mkdirSync(join(crate, "examples"));
    writeFileSync(
      join(crate, "examples", "spin.rs"),
      `use zeroclaw_client::*;
fn spin(client: &Client) -> Result<bool> {
    let params = WidgetSpinParams { r#type: "top".into(), label: None, mode: Some(WidgetSpinParamsMode::Any), ..Default::default() };
    let result = client.widget_spin(&params)?;
    let _id: Option<&str> = result.mark.as_ref().map(WidgetSpinResultMark::id);
    Ok(result.spun && matches!(result.shape, WidgetSpinResultShape::Round(WidgetSpinResultShapeRound { radius: Some(_) }) | WidgetSpinResultShape::Flat))
}
fn main() { let _ = spin; }
`,
    );
    const env = { ...process.env, CARGO_TARGET_DIR: join(source, "target", "codegen-test") };
    const result = await run("cargo", ["build", "--offline", "--examples"], env, { cwd: crate });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr, result.stderr).not.toMatch(/^warning/m);
  });
});
