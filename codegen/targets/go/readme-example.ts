// The Go README's example: a whole program that dials the document's first server and calls its first
// method with the params of that method's first success example, so it runs as written against a
// server that honours its own examples (issue 27). Params by name are decoded from the example's JSON
// into the generated struct; a method whose params cannot be shown that way is called in a comment.
import { firstSuccess, paramsJson } from "../../model/first-example.js";
import type { Method, Model } from "../../model/types.js";
import { jsonText } from "../../quote/index.js";
import { params } from "./client.js";
import { type GoNames, goString } from "./names.js";
import type { GoTypes } from "./types.js";

/** `*InitializeParams` → `pkg.InitializeParams` (the pointer is taken where the call is written). */
const qualified = (pkg: string, t: string): string => `${pkg}.${t.replace(/^\*/, "")}`;

function call(
  m: Method,
  pkg: string,
  names: GoNames,
  types: GoTypes,
): { setup: string[]; args: string } | undefined {
  const example = firstSuccess(m);
  const { list } = params(m, names, types);
  if (list.length === 0) return { setup: [], args: "ctx" };
  if (m.paramStructure !== "by-name" || list.length !== 1 || example === undefined) return undefined;
  const [, type] = list[0] as [string, string];
  if (!type.startsWith("*")) return undefined;
  // JSON with every character it may hold raw escaped (quote/jsonText): it sits in a raw string.
  const json = jsonText(JSON.parse(paramsJson(example)));
  if (json.includes("`")) return undefined;
  return {
    setup: [
      `\tvar params ${qualified(pkg, type)}`,
      `\tif err := json.Unmarshal([]byte(\`${json}\`), &params); err != nil {`,
      "\t\tlog.Fatal(err)",
      "\t}",
    ],
    args: "ctx, &params",
  };
}

export function readmeExample(model: Model, pkg: string, names: GoNames, types: GoTypes): string {
  const url = model.servers[0]?.defaultUrl;
  // The URL itself stays out of the program: it is document text (quote/ keeps such text inert).
  const dial = url ? `"") // "": DefaultURL, the document's first server` : `"http://127.0.0.1:8545")`;
  const first = model.methods.find((m) => m.implementedBy === "server" && m.result !== undefined);
  const shown = first && call(first, pkg, names, types);
  const lines = [
    "package main",
    "",
    "import (",
    '\t"context"',
    ...(shown?.setup.length ? ['\t"encoding/json"'] : []),
    ...(shown ? ['\t"fmt"'] : []),
    '\t"log"',
    "",
    `\t"${pkg}"`,
    ")",
    "",
    "func main() {",
    "\tctx := context.Background()",
    `\tc, err := ${pkg}.Dial(ctx, ${dial}`,
    "\tif err != nil {",
    "\t\tlog.Fatal(err)",
    "\t}",
    "\tdefer c.Close()",
  ];
  if (first && shown) {
    const name = names.method(first);
    lines.push(...shown.setup);
    if (first.result?.type.kind === "null") {
      lines.push(
        `\tif err := c.${name}(${shown.args}); err != nil {`,
        "\t\tlog.Fatal(err)",
        "\t}",
        `\tfmt.Println(${goString(`${first.name}: ok`)})`,
      );
    } else {
      lines.push(
        `\tresult, err := c.${name}(${shown.args})`,
        "\tif err != nil {",
        "\t\tlog.Fatal(err)",
        "\t}",
        '\tfmt.Printf("%+v\\n", result)',
      );
    }
  } else if (first) {
    lines.push(`\t// c.${names.method(first)}(ctx, …) calls the document's first method`);
  }
  lines.push("}");
  return lines.join("\n");
}
