// The Go harness: `gofmt -l`, `go build` and `go vet` over the package (any output fails it), and a
// probe program in the package's own module (probe/main.go) that dials the server with the
// generated Dial and calls the generated methods with typed arguments (each declared with the
// generated Go type and filled from the example's JSON), printing each result re-encoded. Offline,
// with the installed toolchain, sharing Go's build cache across packages.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Model } from "../../../codegen/model/types.js";
import { params } from "../../../codegen/targets/go/client.js";
import { generateGo } from "../../../codegen/targets/go/index.js";
import type { Call, LanguageHarness, Run } from "./harness.js";

export const GO_ENV = { ...process.env, GOFLAGS: "-mod=mod", GOPROXY: "off", GOTOOLCHAIN: "local" };

/** Runs a Go tool in `cwd` (stdin closed: the tools never read it). */
export function goRun(cmd: string, args: readonly string[], cwd: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env: GO_ENV, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (t: string) => (stdout += t));
    child.stderr.setEncoding("utf8").on("data", (t: string) => (stderr += t));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A type expression of the package, as written outside it (`*[]Pet` → `*[]p.Pet`). */
const qualify = (t: string): string => t.replace(/(?<![.\w])([A-Z]\w*)/g, "p.$1");
/** A Go raw string literal holding `text` (backquotes spliced in as interpreted strings). */
const raw = (text: string): string => `\`${text.replaceAll("`", '` + "`" + `')}\``;

/**
 * The package's union decoders by the type they return (`DecodeBlockNumberOrTag`): a union is a Go
 * interface, which `json.Unmarshal` cannot fill, so a user (and the probe) decodes one with these.
 */
function unionDecoders(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const f of readdirSync(dir).filter((n) => n.endsWith(".go")))
    for (const [, fn, type] of readFileSync(join(dir, f), "utf8").matchAll(
      /^func (Decode\w+)\(data \[\]byte\) \((\w+), error\)/gm,
    ))
      found.set(type!, fn!);
  return found;
}

function probe(model: Model, pkg: string, url: string, calls: Call[], decoders: Map<string, string>): string {
  const { names, types, model: goModel } = generateGo(model, pkg);
  const body = calls.map((c, i) => {
    const m = goModel.methods.find((x) => x.name === c.method);
    if (!m) throw new Error(`no method ${c.method}`);
    const list = params(m, names, types).list;
    const byName = m.paramStructure === "by-name";
    const value = (k: number): unknown =>
      byName
        ? Object.fromEntries(c.params.filter((p) => p.value !== undefined).map((p) => [p.name, p.value]))
        : c.params[k]?.value;
    const vars = list.map(([, t], k) => {
      const type = byName ? t.replace(/^\*/, "") : t;
      const v = value(k);
      const json = v === undefined ? "" : `[]byte(${raw(JSON.stringify(v))})`;
      const decoder = decoders.get(type);
      const fill =
        v === undefined
          ? ""
          : decoder
            ? `\tif v, err := p.${decoder}(${json}); err != nil {\n\t\tfail(err)\n\t} else {\n\t\ta${i}_${k} = v\n\t}\n`
            : `\tmust(json.Unmarshal(${json}, &a${i}_${k}))\n`;
      return `\tvar a${i}_${k} ${qualify(type)}\n${fill}`;
    });
    const args = ["ctx", ...list.map(([, t], k) => `${byName && t!.startsWith("*") ? "&" : ""}a${i}_${k}`)];
    const error = c.expectError === undefined ? undefined : model.errors.get(c.expectError);
    if (c.expectError !== undefined && !error) throw new Error(`no error ${c.expectError}`);
    const caught = error
      ? `var e *p.${names.errorType(error)}\n\t\tif !errors.As(err, &e) {\n\t\t\tfail(err)\n\t\t}\n\t\temit(map[string]any{"error": ${JSON.stringify(error.name)}, "code": e.Code})`
      : "fail(err)";
    // A result that is always null: the method returns only its error (codegen/README.md).
    if (m.result?.type.kind === "null")
      return `${vars.join("")}\tif err := c.${names.method(m)}(${args.join(", ")}); err != nil {\n\t\t${caught}\n\t} else {\n\t\temit(map[string]any{"result": nil})\n\t}\n`;
    return `${vars.join("")}\tif result, err := c.${names.method(m)}(${args.join(", ")}); err != nil {\n\t\t${caught}\n\t} else {\n\t\temit(map[string]any{"result": result})\n\t}\n`;
  });
  return `package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	p "${pkg}"
)

var _ = errors.As

func must(err error) {
	if err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}

func emit(v any) {
	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	must(enc.Encode(v))
}

func main() {
	ctx := context.Background()
	c, err := p.Dial(ctx, ${JSON.stringify(url)})
	must(err)
	defer c.Close()
${body.join("")}}
`;
}

export const goHarness: LanguageHarness = {
  lang: "go",
  missing: () =>
    spawnSync("go", ["version"], { stdio: "ignore" }).status === 0 ? undefined : "no `go` toolchain",
  async build(dir): Promise<Run> {
    const out: Run = { code: 0, stdout: "", stderr: "" };
    for (const [cmd, args] of [
      ["gofmt", ["-l", "-d", "."]],
      ["go", ["build", "./..."]],
      ["go", ["vet", "./..."]],
    ] as const) {
      const r = await goRun(cmd, args, dir);
      out.stdout += r.stdout;
      out.stderr += r.stderr;
      if (r.code !== 0) return { ...out, code: r.code };
    }
    return out;
  },
  async calls(dir, model, url, calls): Promise<Run> {
    const pkg = /^module (\S+)$/m.exec(readFileSync(join(dir, "go.mod"), "utf8"))![1]!;
    mkdirSync(join(dir, "probe"), { recursive: true });
    writeFileSync(join(dir, "probe", "main.go"), probe(model, pkg, url, calls, unionDecoders(dir)));
    return goRun("go", ["run", "./probe"], dir);
  },
};
