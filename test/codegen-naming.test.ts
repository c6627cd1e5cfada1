// codegen/naming/: whatever names a document uses (any Unicode, keywords, digits first, names that
// clash once cased), every language's table gives identifiers that are valid in that language, are
// not keywords, are unique in their scope, and come out the same on every run.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readDocument } from "../codegen/model/index.js";
import { createNames } from "../codegen/naming/namer.js";
import type { NamingTable } from "../codegen/naming/table.js";
import { goNaming } from "../codegen/naming/tables/go.js";
import { pythonNaming } from "../codegen/naming/tables/python.js";
import { rustNaming } from "../codegen/naming/tables/rust.js";
import { typescriptNaming } from "../codegen/naming/tables/typescript.js";
import { camel, flat, kebab, pascal, snake, words } from "../codegen/naming/words.js";

const IDENT: Record<string, RegExp> = {
  ts: /^[A-Za-z_$][A-Za-z0-9_$]*$/,
  python: /^[A-Za-z_][A-Za-z0-9_]*$/,
  go: /^[A-Za-z_][A-Za-z0-9_]*$/,
  rust: /^(r#)?[A-Za-z_][A-Za-z0-9_]*$/,
};
const TABLES: NamingTable[] = [typescriptNaming, pythonNaming, goNaming, rustNaming];

/** Names a document might use: words, separators, digits, keywords, prototype members, any Unicode. */
const wire = fc.oneof(
  fc.string({ maxLength: 16 }),
  fc.string({ unit: "grapheme", maxLength: 8 }),
  fc.constantFrom(
    "class",
    "type",
    "self",
    "Self",
    "constructor",
    "__proto__",
    "toString",
    "then",
    "1st",
    "fn",
    "func",
    "None",
    "default",
    "Error",
    "Client",
    "_",
    "r#x",
    "a.b/c-d e",
  ),
  fc
    .array(fc.constantFrom("get", "HTTP", "pet", "ID", "v1", "2", "_", ".", "/", " ", "-"), { maxLength: 6 })
    .map((a) => a.join("")),
);

describe("naming tables", () => {
  it("split and join words into identifier characters only", () => {
    fc.assert(
      fc.property(wire, (w) => {
        for (const f of [pascal, camel, snake, flat]) expect(f(w)).toMatch(/^[A-Za-z0-9_]*$/);
        expect(kebab(w)).toMatch(/^[a-z0-9-]*$/);
        expect(words(w).join("")).toMatch(/^[A-Za-z0-9]*$/);
      }),
    );
    expect(words("getHTTPResponse")).toEqual(["get", "HTTP", "Response"]);
    // Issue 27: a plural acronym is one word ("Chain IDs" was chain_i_ds).
    expect([snake("Chain IDs"), snake("userIDs"), camel("URLs list"), pascal("chain IDs")]).toEqual([
      "chain_ids",
      "user_ids",
      "urlsList",
      "ChainIDs",
    ]);
    expect([
      pascal("session/prompt"),
      camel("eth_getBalance"),
      snake("Filecoin.ChainHead"),
      pascal("VERSION_MISMATCH"),
    ]).toEqual(["SessionPrompt", "ethGetBalance", "filecoin_chain_head", "VersionMismatch"]);
  });

  it("give every declaration, member, method and param a valid, unique, non-keyword identifier", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(wire, { minLength: 1, maxLength: 8 }),
        fc.uniqueArray(wire, { minLength: 1, maxLength: 8 }),
        fc.uniqueArray(wire, { minLength: 1, maxLength: 6 }),
        (schemaKeys, memberNames, methodNames) => {
          const properties = Object.fromEntries(memberNames.map((n) => [n, { type: "string" }]));
          // Keys are defined, not assigned, so "__proto__" stays a key (as JSON.parse leaves it).
          const schemas = Object.fromEntries(schemaKeys.map((k) => [k, { type: "object", properties }]));
          const doc = {
            openrpc: "1.3.2",
            info: { title: "names", version: "1" },
            methods: methodNames.map((name, i) => ({
              name,
              paramStructure: i % 2 === 0 ? "by-position" : "by-name",
              params: memberNames.map((n) => ({ name: n, schema: { type: "integer" } })),
              result: {
                name: "r",
                schema: {
                  $ref: `#/components/schemas/${encodeURIComponent(schemaKeys[0]!.replaceAll("~", "~0").replaceAll("/", "~1"))}`,
                },
              },
            })),
            components: { schemas },
          };
          const model = readDocument(doc);
          for (const table of TABLES) {
            const names = createNames(model, table);
            const ident = IDENT[table.language]!;
            const check = (all: string[], what: string): void => {
              for (const n of all) {
                expect(n, `${table.language} ${what}`).toMatch(ident);
                expect(table.keywords.has(n), `${table.language} ${what} ${n} is a keyword`).toBe(false);
              }
              expect(new Set(all).size, `${table.language} ${what} unique`).toBe(all.length);
            };
            check(
              [...model.types.keys()].map((t) => names.type(t)),
              "types",
            );
            check(
              model.methods.map((m) => names.method(m)),
              "methods",
            );
            for (const m of model.methods)
              check(
                m.params.map((p) => names.param(m, p.name)),
                "params",
              );
            if (table.cases.member !== "wire")
              for (const [key, d] of model.types)
                if (d.kind === "object")
                  check(
                    d.members.map((x) => names.member(key, x.name)),
                    "members",
                  );
            const model2 = readDocument(doc);
            const again = createNames(model2, table);
            expect(model2.methods.map((m) => again.method(m))).toEqual(
              model.methods.map((m) => names.method(m)),
            );
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it("normalise package names the way each language wants them", () => {
    expect(TABLES.map((t) => t.packageName("simple-math"))).toEqual([
      "simple-math",
      "simple_math",
      "simplemath",
      "simple-math",
    ]);
    expect(TABLES.map((t) => t.packageName("Lotus RPC API"))).toEqual([
      "lotus-rpc-api",
      "lotus_rpc_api",
      "lotusrpcapi",
      "lotus-rpc-api",
    ]);
    fc.assert(
      fc.property(wire, (w) => {
        expect(typescriptNaming.packageName(w)).toMatch(/^[a-z0-9][a-z0-9-]*$/);
        expect(pythonNaming.packageName(w)).toMatch(/^[a-z_][a-z0-9_]*$/);
        expect(goNaming.packageName(w)).toMatch(/^[a-z][a-z0-9]*$/);
        expect(rustNaming.packageName(w)).toMatch(/^[a-z][a-z0-9-]*$/);
      }),
    );
  });
});
