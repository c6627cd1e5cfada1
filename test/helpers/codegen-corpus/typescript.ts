// The TypeScript harness: `tsc -p tsconfig.json` (the package's own strict settings) with the
// repository's node_modules linked in (typescript, ws, @types/node, @types/ws), and a probe program
// type-checked against the package before it runs under tsx.
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Method, Model } from "../../../codegen/model/types.js";
import { createNames } from "../../../codegen/naming/namer.js";
import { typescriptNaming } from "../../../codegen/naming/tables/typescript.js";
import { REPO_ROOT, run } from "../proc-daemon.js";
import type { Call, LanguageHarness, Run } from "./harness.js";

const TSC = join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");

function link(dir: string): void {
  const modules = join(dir, "node_modules");
  if (!existsSync(modules)) symlinkSync(join(REPO_ROOT, "node_modules"), modules, "dir");
}

/** A value as a TypeScript expression. */
const literal = (v: unknown): string => (v === undefined ? "undefined" : JSON.stringify(v));

/** JSON text as a TypeScript expression: integer literals beyond ±2^53 become bigint literals. */
const tsFromJson = (text: string): string =>
  text.replace(/"(?:[^"\\]|\\.)*"|(?<![\w.+-])-?\d{16,}(?![\w.])/g, (t) =>
    t.startsWith('"') || Number.isSafeInteger(Number(t)) ? t : `${t}n`,
  );

function args(m: Method, params: Call["params"]): string {
  if (m.paramStructure === "by-position") return m.params.map((_, i) => literal(params[i]?.value)).join(", ");
  const obj = Object.fromEntries(params.filter((p) => p.value !== undefined).map((p) => [p.name, p.value]));
  return JSON.stringify(obj);
}

export const typescriptHarness: LanguageHarness = {
  lang: "ts",
  missing: () => (existsSync(TSC) ? undefined : "typescript is not installed"),
  async build(dir) {
    link(dir);
    const r = await run(process.execPath, [TSC, "-p", "tsconfig.json"], process.env, { cwd: dir });
    return { code: r.code, stdout: r.stdout, stderr: r.stderr };
  },
  async calls(dir, model: Model, url, calls): Promise<Run> {
    link(dir);
    const names = createNames(model, typescriptNaming);
    const body = calls.map((c, i) => {
      const m = model.methods.find((x) => x.name === c.method);
      if (!m) throw new Error(`no method ${c.method}`);
      const call = `await client.${names.method(m)}(${args(m, c.params)})`;
      const error = c.expectError === undefined ? undefined : model.errors.get(c.expectError);
      if (c.expectError !== undefined && !error) throw new Error(`no error ${c.expectError}`);
      const catcher = error
        ? `if (e instanceof P.${names.errorType(error)}) console.log(JSON.stringify({ error: ${JSON.stringify(error.name)}, code: e.code }));\n  else throw e;`
        : "throw e;";
      const typed =
        c.resultLiteral === undefined
          ? ""
          : `export const expected${i}: Awaited<ReturnType<typeof client.${names.method(m)}>> = ${tsFromJson(c.resultLiteral)};\n`;
      return `${typed}try {\n  const result = ${call};\n  console.log(stringify({ result: result ?? null }));\n} catch (e) {\n  ${catcher}\n}`;
    });
    mkdirSync(join(dir, "probe"), { recursive: true });
    writeFileSync(
      join(dir, "probe", "probe.ts"),
      `import * as P from "../src/index.js";
import { stringify } from "../src/runtime/json.js";

const client = await P.connect(${JSON.stringify(url)});
${body.join("\n")}
client.close();
`,
    );
    writeFileSync(
      join(dir, "tsconfig.probe.json"),
      JSON.stringify({
        extends: "./tsconfig.json",
        compilerOptions: { noEmit: true, rootDir: "." },
        include: ["src", "probe"],
      }),
    );
    const check = await run(process.execPath, [TSC, "-p", "tsconfig.probe.json"], process.env, { cwd: dir });
    if (check.code !== 0)
      return {
        code: check.code,
        stdout: check.stdout,
        stderr: `probe does not type-check:\n${check.stdout}${check.stderr}`,
      };
    const r = await run(process.execPath, ["--import", "tsx", "probe/probe.ts"], process.env, { cwd: dir });
    return { code: r.code, stdout: r.stdout, stderr: r.stderr };
  },
};
