// clients/python (written by the Python target, codegen/targets/python/, from openrpc.json): the
// package's own unittest suite (runtime over real Unix sockets, every openrpc.json example replayed
// through the generated methods), pyright strict and compiling with warnings as errors, deterministic
// target output, and `pip install ./clients/python` (plain and editable) into a fresh venv with pip's
// index off: the in-tree backend needs nothing from PyPI. Without python3 every test here reports
// itself skipped.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { readDocument } from "../codegen/model/index.js";
import { pythonTarget } from "../codegen/targets/python/index.js";
import { pythonHarness } from "./helpers/codegen-corpus/python.js";
import { loadOwnDocument, type OpenRpcDocument } from "./helpers/own-document.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const PKG = join(ROOT, "clients", "python");
const SRC = join(PKG, "src");

const python = spawnSync("python3", ["-c", "import sys; print(sys.version_info >= (3, 11))"], {
  encoding: "utf8",
});
const hasPython = python.status === 0 && python.stdout.trim() === "True";
/** "3.11": the venv's site-packages directory is lib/python<this>/. */
const pyVersion = spawnSync("python3", ["-c", "import sys; print('%d.%d' % sys.version_info[:2])"], {
  encoding: "utf8",
}).stdout?.trim();

const temps: string[] = [];
const tempDir = (prefix: string): string => {
  const d = mkdtempSync(join(tmpdir(), prefix));
  temps.push(d);
  return d;
};
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

const pipFree = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("PIP_")));

function py(args: string[], options: { cwd?: string; env?: Record<string, string>; bin?: string } = {}) {
  const r = spawnSync(options.bin ?? "python3", args, {
    cwd: options.cwd ?? ROOT,
    encoding: "utf8",
    // No pip config from this machine (its config files, PIP_FIND_LINKS, extra indexes) and no index:
    // what a machine without PyPI has, so nothing can be downloaded or picked up from a local wheel.
    env: {
      ...pipFree,
      PIP_CONFIG_FILE: "/dev/null",
      PIP_NO_INDEX: "1",
      PYTHONDONTWRITEBYTECODE: "1",
      ...options.env,
    },
    timeout: 180_000,
  });
  return { status: r.status, out: `${r.stdout ?? ""}${r.stderr ?? ""}` };
}

describe.skipIf(!hasPython)("clients/python (python3 ≥ 3.11)", () => {
  it("passes its unittest suite (python3 -m unittest discover clients/python/tests)", () => {
    const r = py(["-X", "dev", "-m", "unittest", "discover", "clients/python/tests"], {
      env: { PYTHONPATH: SRC },
    });
    expect(r.status, r.out).toBe(0);
    const ran = Number(/Ran (\d+) tests?/.exec(r.out)?.[1] ?? 0);
    expect(ran, r.out).toBeGreaterThanOrEqual(42); // 36 + the build backend's 6
    expect(r.out).toMatch(/\nOK\b/);
    expect(r.out).not.toMatch(/skipped/); // the examples test needs openrpc.json, which is right here
  }, 120_000);

  it("is pyright strict clean, compiles with warnings as errors and imports", async () => {
    const built = await pythonHarness.build(PKG);
    expect(`${built.stdout}${built.stderr}`.trim(), "pyright / compileall output").toBe("");
    expect(built.code).toBe(0);
    const imported = py(["-W", "error", "-c", "import zeroclaw_client as z; print(len(z.__all__))"], {
      env: { PYTHONPATH: SRC },
    });
    expect(imported.status, imported.out).toBe(0);
    expect(Number(imported.out.trim())).toBeGreaterThan(150);
  }, 120_000);

  it("installs into a fresh venv with no package index: pip install ./clients/python, then pip install -e", () => {
    const work = tempDir("zc-pip-");
    const copy = join(work, "python");
    cpSync(PKG, copy, { recursive: true, filter: (p) => !p.endsWith("__pycache__") });
    const venv = join(work, "venv");
    const made = py(["-m", "venv", venv]);
    expect(made.status, made.out).toBe(0);
    const vpy = join(venv, "bin", "python");
    const probe = (code: string) => py(["-W", "error", "-c", code], { bin: vpy, cwd: work });
    const where =
      "import zeroclaw_client, importlib.resources as r; print(zeroclaw_client.__file__); print(r.files('zeroclaw_client').joinpath('py.typed').is_file())";

    // Plain install: pip builds the wheel with the in-tree backend (requires = []) in its isolated env.
    const install = py(["-m", "pip", "install", "--no-index", copy], { bin: vpy });
    expect(install.status, install.out).toBe(0);
    expect(install.out).toMatch(/Successfully installed zeroclaw-client-0\.1\.0/);
    const installed = probe(where);
    expect(installed.status, installed.out).toBe(0);
    expect(installed.out.trim().split("\n")).toEqual([
      join(venv, "lib", `python${pyVersion}`, "site-packages", "zeroclaw_client", "__init__.py"),
      "True",
    ]);
    const uninstall = py(["-m", "pip", "uninstall", "-y", "zeroclaw-client"], { bin: vpy });
    expect(uninstall.status, uninstall.out).toBe(0);

    // Editable (PEP 660): the package is imported from the copy's src/, so a new module there shows up.
    const editable = py(["-m", "pip", "install", "--no-index", "-e", copy], { bin: vpy });
    expect(editable.status, editable.out).toBe(0);
    writeFileSync(join(copy, "src", "zeroclaw_client", "_probe.py"), "EDITED = True\n");
    const edited = probe(`${where}\nfrom zeroclaw_client._probe import EDITED; print(EDITED)`);
    expect(edited.status, edited.out).toBe(0);
    expect(edited.out.trim().split("\n")).toEqual([
      join(copy, "src", "zeroclaw_client", "__init__.py"),
      "True",
      "True",
    ]);
  }, 180_000);
});

const own = (): OpenRpcDocument => loadOwnDocument();
const emit = (doc: unknown) => pythonTarget.emit!(readDocument(doc), { packageName: "zeroclaw_client" });

describe("codegen/targets/python on openrpc.json", () => {
  it("emits byte-identical, bannered files for the same document, all of clients/python's generated part", () => {
    const first = emit(own());
    expect(emit(own())).toEqual(first);
    for (const f of first) {
      expect(f.content.slice(0, 120)).toMatch(/Generated by `zeroclaw codegen` from an OpenRPC document/);
      expect(readFileSync(join(PKG, f.path), "utf8"), f.path).toBe(f.content);
    }
    expect(first.map((f) => f.path)).toEqual(
      expect.arrayContaining([
        "pyproject.toml",
        "src/zeroclaw_client/client.py",
        "src/zeroclaw_client/runtime/upload.py",
      ]),
    );
  });
});

describe.skipIf(!hasPython)("codegen/targets/python on a document with one more method", () => {
  it("types the new method's params, result and errors in the regenerated package", () => {
    const doc = own();
    doc.components.schemas.WidgetSpinResult = {
      type: "object",
      additionalProperties: false,
      required: ["spun", "rpm"],
      properties: { spun: { const: true }, rpm: { type: "integer" } },
    };
    doc.methods.push({
      name: "widget/spin",
      summary: "Spin a widget.",
      paramStructure: "by-name",
      params: [
        { name: "widgetId", required: true, schema: { type: "string" } },
        { name: "speed", schema: { type: "integer" } },
      ],
      result: { name: "WidgetSpinResult", schema: { $ref: "#/components/schemas/WidgetSpinResult" } },
      errors: [{ $ref: "#/components/errors/SESSION_BUSY" }],
      "x-grant": "sessions:execute",
    });
    const copy = tempDir("zc-pyadd-");
    for (const f of emit(doc)) {
      mkdirSync(dirname(join(copy, f.path)), { recursive: true });
      writeFileSync(join(copy, f.path), f.content);
    }
    const probe = [
      "import inspect, zeroclaw_client as z",
      "sig = inspect.signature(z.Client.widget_spin)",
      "print([(n, str(p.annotation), p.kind.name) for n, p in sig.parameters.items() if n != 'self'])",
      "print(sig.return_annotation)",
      "print(z.WidgetSpinResult.from_json({'spun': True, 'rpm': 3, 'extra': 1}))",
      "print(z.WidgetSpinParams(widget_id='w').to_json())",
      "doc = z.Client.widget_spin.__doc__",
      "print('sessions:execute' in doc, 'SessionBusyError' in doc)",
    ].join("\n");
    const r = py(["-W", "error", "-c", probe], { env: { PYTHONPATH: join(copy, "src") } });
    expect(r.status, r.out).toBe(0);
    expect(r.out.trim().split("\n")).toEqual([
      "[('widget_id', 'str', 'KEYWORD_ONLY'), ('speed', 'int | None', 'KEYWORD_ONLY')]",
      "WidgetSpinResult",
      "WidgetSpinResult(spun=True, rpm=3)",
      "{'widgetId': 'w'}",
      "True True",
    ]);
  });
});
