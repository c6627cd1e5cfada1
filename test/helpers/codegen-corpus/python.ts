// The Python harness: a package builds when pyright (strict, the package's own pyproject.toml settings)
// reports nothing and every module compiles with warnings as errors. The probe program is checked by
// pyright the same way before it runs, so a call whose arguments the generated signatures refuse fails.
// Arguments are built from the example's JSON with the generated decoders (a dataclass param gets a
// dataclass), and each result is printed with the package's own encoder (`dumps(encode(result))`).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Json, Method, Model, Type } from "../../../codegen/model/types.js";
import { createNames } from "../../../codegen/naming/namer.js";
import { pythonNaming } from "../../../codegen/naming/tables/python.js";
import { PyTypes } from "../../../codegen/targets/python/render-types.js";
import { REPO_ROOT, run } from "../proc-daemon.js";
import type { Call, LanguageHarness, Run } from "./harness.js";

const PYRIGHT = join(REPO_ROOT, "node_modules", "pyright", "index.js");
const hasPython = (): boolean => {
  const r = spawnSync("python3", ["-c", "import sys; print(sys.version_info >= (3, 11))"], {
    encoding: "utf8",
  });
  return r.status === 0 && r.stdout.trim() === "True";
};

type Diagnostic = { file: string; severity: string; message: string; range: { start: { line: number } } };

/** pyright --outputjson over `files` (or the package's `include`), every diagnostic as one line. */
async function pyright(dir: string, files: string[] = []): Promise<Run> {
  const r = await run(process.execPath, [PYRIGHT, "--outputjson", ...files], process.env, { cwd: dir });
  let out: { generalDiagnostics?: Diagnostic[] };
  try {
    out = JSON.parse(r.stdout) as typeof out;
  } catch {
    return { code: r.code ?? 1, stdout: r.stdout, stderr: r.stderr };
  }
  const lines = (out.generalDiagnostics ?? []).map(
    (d) => `${d.file.replace(`${dir}/`, "")}:${d.range.start.line + 1}: ${d.severity}: ${d.message}`,
  );
  return { code: lines.length > 0 ? 1 : r.code, stdout: lines.join("\n"), stderr: "" };
}

/** The package directory under src/ (the target writes exactly one). */
const packageOf = (dir: string): string =>
  readdirSync(join(dir, "src")).find((f) => !f.endsWith(".egg-info"))!;

export const pythonHarness: LanguageHarness = {
  lang: "python",
  missing: () =>
    !hasPython()
      ? "python3 ≥ 3.11 is not installed"
      : existsSync(PYRIGHT)
        ? undefined
        : "pyright is not installed",
  async build(dir) {
    const checked = await pyright(dir);
    if (checked.code !== 0 || checked.stdout !== "") return checked;
    // Bytecode goes to a temp dir: the package tree stays as generated.
    const cache = mkdtempSync(join(tmpdir(), "zc-pyc-"));
    try {
      const env = { ...process.env, PYTHONPYCACHEPREFIX: cache };
      const r = await run("python3", ["-W", "error", "-m", "compileall", "-q", "src", "build_backend"], env, {
        cwd: dir,
      });
      return { code: r.code, stdout: r.stdout, stderr: r.stderr };
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  },
  async calls(dir, model: Model, url, calls): Promise<Run> {
    const names = createNames(model, pythonNaming);
    const py = new PyTypes(model, names);
    const uses = new Set<string>();
    /** `t`'s value from JSON, through the generated decoder (typed as the param's annotation). */
    const value = (t: Type, v: Json | undefined): string =>
      `${py.dec(t, uses)}(_c.loads(${JSON.stringify(JSON.stringify(v ?? null))}))`;
    const args = (m: Method, params: Call["params"]): string => {
      if (m.paramStructure === "by-position") {
        const given = m.params.map((p, i) =>
          params[i]?.value === undefined ? "None" : value(p.type, params[i]!.value),
        );
        while (given.at(-1) === "None") given.pop();
        return given.join(", ");
      }
      const decl = m.paramsObject ? model.types.get(m.paramsObject.name) : undefined;
      if (decl?.kind !== "object" || !py.isClass(decl)) {
        const obj = Object.fromEntries(
          params.filter((p) => p.value !== undefined).map((p) => [p.name, p.value!]),
        );
        return `params=${value(m.paramsObject ?? { kind: "any" }, obj)}`;
      }
      return params
        .filter((p) => p.value !== undefined)
        .map((p) => {
          const member = decl.members.find((x) => x.name === p.name)!;
          return `${names.member(decl.name, p.name)}=${value(member.type, p.value)}`;
        })
        .join(", ");
    };
    const body = calls.map((c) => {
      const m = model.methods.find((x) => x.name === c.method);
      if (!m) throw new Error(`no method ${c.method}`);
      const error = c.expectError === undefined ? undefined : model.errors.get(c.expectError);
      if (c.expectError !== undefined && !error) throw new Error(`no error ${c.expectError}`);
      const call = `await client.${names.method(m)}(${args(m, c.params)})`;
      const catcher = error
        ? `        except P.${names.errorType(error)} as e:\n            print(dumps({"error": ${JSON.stringify(error.name)}, "code": e.code}))\n`
        : "";
      const print = 'print(dumps({"result": encode(result)}))';
      return error
        ? `        try:\n            result = ${call}\n            ${print}\n${catcher}`
        : `        result = ${call}\n        ${print}`;
    });
    const pkg = packageOf(dir);
    const imported = [...uses].filter((u) => u !== "JsonValue" && u !== "_c").sort();
    writeFileSync(
      join(dir, "probe.py"),
      `import asyncio

import ${pkg} as P
${/_c\./.test(body.join("")) ? `from ${pkg}.runtime import codec as _c\n` : ""}from ${pkg}.runtime.codec import dumps, encode
${imported.length > 0 ? `from ${pkg}.types import ${imported.join(", ")}\n` : ""}

async def main() -> None:
    async with P.connect(${JSON.stringify(url)}) as client:
${body.join("\n") || "        pass"}


asyncio.run(main())
`,
    );
    const checked = await pyright(dir, ["probe.py"]);
    if (checked.code !== 0) return { ...checked, stderr: `probe does not type-check:\n${checked.stdout}` };
    const env = { ...process.env, PYTHONPATH: join(dir, "src"), PYTHONDONTWRITEBYTECODE: "1" };
    const r = await run("python3", ["-X", "dev", "probe.py"], env, { cwd: dir });
    return { code: r.code, stdout: r.stdout, stderr: r.stderr };
  },
};
