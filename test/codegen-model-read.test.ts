// codegen/model/read.ts on documents built to hit each hard case of OpenRPC and JSON Schema: refs into
// every components section, allOf, tagged and untagged unions, recursion, null in type arrays, const,
// mixed enums, additionalProperties, missing components, inline errors, names that are prototype
// members, names that clash once cased, inline objects named from their path, 64-bit integers. The
// hard document also has to come out of the TypeScript target as a package that builds.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readDocument, validateDocument } from "../codegen/model/index.js";
import type { Decl, Model, Type } from "../codegen/model/types.js";
import { createNames } from "../codegen/naming/namer.js";
import { typescriptNaming } from "../codegen/naming/tables/typescript.js";
import { typescriptTarget } from "../codegen/targets/typescript/index.js";
import { typescriptHarness } from "./helpers/codegen-corpus/typescript.js";

const doc = (extra: Record<string, unknown>): Record<string, unknown> => ({
  openrpc: "1.3.2",
  info: { title: "hard cases", version: "1.0.0" },
  methods: [],
  ...extra,
});
const decl = (m: Model, name: string): Decl => {
  const d = m.types.get(name);
  if (!d) throw new Error(`no declaration ${name}: ${[...m.types.keys()].join(", ")}`);
  return d;
};
const members = (m: Model, name: string): Record<string, { type: Type; required: boolean }> => {
  const d = decl(m, name);
  if (d.kind !== "object") throw new Error(`${name} is a ${d.kind}`);
  return Object.fromEntries(d.members.map((x) => [x.name, { type: x.type, required: x.required }]));
};
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** One document with every case below, so the TypeScript build covers them together. */
const HARD = doc({
  servers: [
    {
      // biome-ignore lint/suspicious/noTemplateCurlyInString: OpenRPC's server variable syntax, not a template
      url: "http://${host}:${port}/rpc",
      variables: { host: { default: "127.0.0.1" }, port: { default: "8545" } },
    },
  ],
  methods: [
    {
      name: "pets.get-by id",
      paramStructure: "by-position",
      params: [
        { $ref: "#/components/contentDescriptors/PetId" },
        { name: "verbose", schema: { type: "boolean" } },
      ],
      result: { $ref: "#/components/contentDescriptors/PetResult" },
      errors: [{ $ref: "#/components/errors/NotFound" }, { code: -32000, message: "pet store closed" }],
      examples: [{ $ref: "#/components/examplePairings/GetPet" }],
    },
    {
      name: "shapes/draw",
      paramStructure: "by-name",
      params: [
        { name: "shape", required: true, schema: ref("Shape") },
        { name: "style", schema: { type: "object", properties: { colour: { type: "string" } } } },
      ],
      result: {
        name: "drawn",
        schema: {
          type: "object",
          properties: { at: { type: "integer", format: "int64" } },
          required: ["at"],
        },
      },
      deprecated: true,
    },
    { name: "constructor", params: [], result: { name: "r", schema: ref("constructor") } },
    { name: "toString", params: [{ name: "__proto__", schema: ref("__proto__") }] },
    { name: "tree", params: [], result: { name: "root", schema: ref("Node") } },
    { name: "1st-call", params: [], result: { name: "r", schema: ref("Mixed") } },
  ],
  components: {
    contentDescriptors: {
      PetId: { name: "petId", required: true, schema: { type: "integer", minimum: 0, maximum: 4294967295 } },
      PetResult: { name: "pet", schema: ref("Pet") },
    },
    examples: { seven: { name: "seven", value: 7 } },
    examplePairings: {
      GetPet: {
        name: "get pet",
        params: [{ $ref: "#/components/examples/seven" }],
        result: { name: "pet", value: { id: 7, name: "fluffy" } },
      },
    },
    errors: { NotFound: { code: 404, message: "no such pet" } },
    schemas: {
      NewPet: {
        type: "object",
        required: ["name"],
        properties: { name: { type: "string" }, tag: { type: ["string", "null"] } },
      },
      Pet: {
        allOf: [
          ref("NewPet"),
          { required: ["id"], properties: { id: { type: "integer", format: "int64" } } },
        ],
      },
      Circle: {
        type: "object",
        required: ["kind", "r"],
        properties: { kind: { const: "circle" }, r: { type: "number" } },
      },
      Square: {
        type: "object",
        required: ["kind", "side"],
        properties: { kind: { enum: ["square"] }, side: { type: "number" } },
      },
      Shape: { oneOf: [ref("Circle"), ref("Square")] },
      IdOrName: { anyOf: [{ type: "integer" }, { type: "string" }] },
      Node: {
        type: "object",
        properties: {
          value: ref("IdOrName"),
          children: { type: "array", items: ref("Node") },
          parent: ref("Link"),
        },
      },
      Link: { type: "object", properties: { node: ref("Node") }, additionalProperties: false },
      Mixed: { enum: ["a", 1, true, null] },
      Dict: { type: "object", additionalProperties: { type: "integer" } },
      Open: { type: "object", properties: { a: { type: "string" } }, additionalProperties: true },
      Exact: { const: "exact" },
      MaybeNumber: { type: "number", nullable: true },
      // From JSON text: in an object literal `__proto__:` would set the prototype, not a key.
      ...JSON.parse(`{
        "constructor": { "type": "object", "properties": { "constructor": { "type": "string" }, "__proto__": { "type": "integer" } } },
        "__proto__": { "type": "object", "properties": { "toString": { "type": "boolean" } } }
      }`),
      uint: { type: "string", pattern: "^0x[0-9a-f]+$" },
      Uint: { type: "integer" },
      Tuple: { type: "array", items: [{ type: "string" }, { type: "integer" }] },
      External: { $ref: "https://example.com/schema.json" },
      ShapesDrawResult: { type: "boolean" },
    },
  },
});

describe("reading a document into the model", () => {
  const model = readDocument(HARD);

  it("is a valid document, and reading it leaves Object.prototype alone", () => {
    expect(validateDocument(HARD).map((p) => `${p.path}: ${p.message}`)).toEqual([]);
    expect(Object.hasOwn(Object.prototype, "toString")).toBe(true);
    expect(({} as Record<string, unknown>).constructor).toBe(Object);
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });

  it("follows $refs into contentDescriptors, examples, examplePairings and errors", () => {
    const m = model.methods.find((x) => x.name === "pets.get-by id")!;
    expect(m.params[0]).toMatchObject({
      name: "petId",
      required: true,
      type: { kind: "integer", range: "uint32", unsigned: true },
    });
    expect(m.result).toMatchObject({ name: "pet", type: { kind: "ref", name: "Pet" } });
    expect(m.examples[0]).toMatchObject({
      name: "get pet",
      params: [{ name: "seven", value: 7 }],
      result: { value: { id: 7, name: "fluffy" } },
    });
    expect(m.errors).toEqual(["NotFound", "PetStoreClosed"]);
    expect(model.errors.get("NotFound")).toMatchObject({ code: 404, message: "no such pet", variants: [] });
    expect(model.errors.get("NotFound")!.data).toBeUndefined(); // no x-data-schema: any JSON
    expect(model.errors.get("PetStoreClosed")).toMatchObject({ code: -32000, origin: { kind: "inline" } });
    expect(m.paramStructure).toBe("by-position");
  });

  it("merges allOf, keeping every member and the union of required", () => {
    const pet = members(model, "Pet");
    expect(Object.keys(pet)).toEqual(["name", "tag", "id"]);
    expect(pet.name!.required && pet.id!.required && !pet.tag!.required).toBe(true);
    expect(pet.tag!.type).toEqual({ kind: "nullable", type: { kind: "string" } });
    expect(pet.id!.type).toMatchObject({ kind: "integer", range: "int64" });
  });

  it("tells a tagged union (a shared required const or one-value enum) from an untagged one", () => {
    expect(decl(model, "Shape")).toMatchObject({
      kind: "tagged",
      tag: "kind",
      variants: [
        { value: "circle", type: { name: "Circle" } },
        { value: "square", type: { name: "Square" } },
      ],
    });
    expect(decl(model, "IdOrName")).toMatchObject({
      kind: "union",
      exclusive: false,
      variants: [{ kind: "integer" }, { kind: "string" }],
    });
  });

  it("reads recursive schemas as references to their own declaration", () => {
    const node = members(model, "Node");
    expect(node.children!.type).toEqual({ kind: "array", items: { kind: "ref", name: "Node" } });
    expect(members(model, "Link").node!.type).toEqual({ kind: "ref", name: "Node" });
    expect(decl(model, "Link")).toMatchObject({ additional: { kind: "closed" } });
  });

  it("reads const, mixed enums with null, nullable and additionalProperties", () => {
    expect(decl(model, "Exact")).toMatchObject({ kind: "alias", type: { kind: "literal", value: "exact" } });
    expect(decl(model, "Mixed")).toMatchObject({
      kind: "enum",
      valueType: "mixed",
      values: [{ value: "a" }, { value: 1 }, { value: true }],
    });
    const call = model.methods.find((x) => x.name === "1st-call")!;
    expect(call.result!.type).toEqual({ kind: "nullable", type: { kind: "ref", name: "Mixed" } });
    expect(decl(model, "MaybeNumber")).toMatchObject({ kind: "alias", type: { kind: "number" } });
    expect(decl(model, "Dict")).toMatchObject({
      kind: "alias",
      type: { kind: "map", values: { kind: "integer" } },
    });
    expect(decl(model, "Open")).toMatchObject({
      kind: "object",
      additional: { kind: "typed", values: { kind: "any" } },
    });
    expect(decl(model, "NewPet")).toMatchObject({ kind: "object", additional: { kind: "unspecified" } });
  });

  it("names inline schemas from their path, never over a component's name", () => {
    const draw = model.methods.find((x) => x.name === "shapes/draw")!;
    expect(draw.paramsObject).toEqual({ kind: "ref", name: "ShapesDrawParams" });
    expect(Object.keys(members(model, "ShapesDrawParams"))).toEqual(["shape", "style"]);
    expect(members(model, "ShapesDrawParams").style!.type).toEqual({
      kind: "ref",
      name: "ShapesDrawParamsStyle",
    });
    // A component already has <Method>Result: the inline result gets the next free name.
    expect(draw.result!.type).toEqual({ kind: "ref", name: "ShapesDrawResult2" });
    expect(draw.docs.deprecated).toBe(true);
  });

  it("types a tuple position by position (issue 27)", () => {
    expect(decl(model, "Tuple")).toMatchObject({
      kind: "alias",
      type: { kind: "tuple", items: [{ kind: "string" }, { kind: "integer" }] },
    });
    expect(model.notes.map((n) => n.pointer)).not.toContain("#/components/schemas/Tuple");
  });

  it("types what it cannot express as any JSON with a reason, noted with its pointer", () => {
    expect(decl(model, "External")).toMatchObject({
      kind: "alias",
      type: { kind: "any", reason: expect.stringMatching(/external/) },
    });
    expect(
      model.notes.filter((n) => n.severity === "error").map((n) => `${n.pointer}: ${n.message}`),
    ).toEqual([]);
  });

  it("keeps prototype-member names as data, and names them usably per language", () => {
    expect(Object.keys(members(model, "constructor"))).toEqual(["constructor", "__proto__"]);
    expect(Object.keys(members(model, "__proto__"))).toEqual(["toString"]);
    expect(model.methods.map((m) => m.name)).toContain("constructor");
    const names = createNames(model, typescriptNaming);
    const ctor = model.methods.find((m) => m.name === "constructor")!;
    expect(names.method(ctor)).toBe("constructor_");
    expect(names.type("constructor")).toBe("Constructor");
    expect(names.type("__proto__")).toBe("Proto");
  });

  it("gives names that clash once cased distinct identifiers, the same on every read", () => {
    const names = createNames(model, typescriptNaming);
    expect([names.type("uint"), names.type("Uint")]).toEqual(["Uint", "Uint2"]);
    const again = createNames(readDocument(HARD), typescriptNaming);
    for (const n of model.types.keys()) expect(again.type(n)).toBe(names.type(n));
    const call = model.methods.find((x) => x.name === "1st-call")!;
    expect(names.method(call)).toBe("_1stCall");
  });

  it("reads a document without components, and reports a $ref that points nowhere", () => {
    const bare = readDocument(
      doc({ methods: [{ name: "ping", params: [], result: { name: "pong", schema: { type: "string" } } }] }),
    );
    expect(bare.methods[0]!.result!.type).toEqual({ kind: "string" });
    expect(bare.errors.size).toBe(0);
    const broken = readDocument(
      doc({ methods: [{ name: "x", params: [], result: { name: "r", schema: ref("Missing") } }] }),
    );
    expect(broken.notes).toEqual([
      {
        pointer: "#/methods/0/result/schema/$ref",
        message: "unresolved $ref #/components/schemas/Missing",
        severity: "error",
      },
    ]);
  });
});

describe("the TypeScript package for the hard cases", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it("builds with tsc --strict, and its default URL is the first server with its variables' defaults", {
    timeout: 300_000,
  }, async () => {
    const model = readDocument(HARD);
    const dir = mkdtempSync(join(tmpdir(), "zc-hard-ts-"));
    dirs.push(dir);
    for (const f of typescriptTarget.emit!(model, { packageName: "hard-cases" })) {
      mkdirSync(dirname(join(dir, f.path)), { recursive: true });
      writeFileSync(join(dir, f.path), f.content);
    }
    const r = await typescriptHarness.build(dir);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const { readFileSync } = await import("node:fs");
    const client = readFileSync(join(dir, "src", "client.ts"), "utf8");
    expect(client).toContain('DEFAULT_URL: string | undefined = "http://127.0.0.1:8545/rpc"');
    expect(client).toContain("@deprecated");
    const types = readFileSync(join(dir, "src", "types.ts"), "utf8");
    expect(types).toMatch(/export type Tuple = \[string, number( \| bigint)?\];/);
  });
});
