// Issue 27.4 (one behaviour in four languages): a method whose result is always null returns nothing
// but its error — Go `error` (not `(json.RawMessage, error)`), Rust `Result<()>`, Python `None` — and
// the Go package builds.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { HARNESSES } from "./helpers/codegen-corpus/index.js";
import { BIN, requireBuild, run } from "./helpers/proc-daemon.js";

const root = mkdtempSync(join(tmpdir(), "zc-null-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const DOC = join(root, "nulls.json");
writeFileSync(
  DOC,
  JSON.stringify({
    openrpc: "1.3.2",
    info: { title: "nulls", version: "1.0.0" },
    methods: [
      { name: "reset", params: [], result: { name: "r", schema: { type: "null" } } },
      { name: "get", params: [], result: { name: "r", schema: { type: "string" } } },
    ],
  }),
);

const gen = async (lang: string): Promise<string> => {
  const out = join(root, lang);
  const r = await run(process.execPath, [BIN, "codegen", "--openrpc", DOC, "--lang", lang, "--out", out], {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: root,
  });
  expect(r.code, r.stderr).toBe(0);
  return out;
};

describe("a null result", () => {
  it("is only an error in Go, () in Rust, None in Python", { timeout: 300_000 }, async () => {
    requireBuild();
    const go = await gen("go");
    expect(readFileSync(join(go, "client_gen.go"), "utf8")).toMatch(
      /func \(c \*Client\) Reset\(ctx context\.Context\) error \{/,
    );
    expect(readFileSync(join(await gen("rust"), "src", "client.rs"), "utf8")).toMatch(
      /pub fn reset\(&self\) -> Result<\(\)>/,
    );
    expect(readFileSync(join(await gen("python"), "src", "nulls", "client.py"), "utf8")).toMatch(
      /async def reset\(self\) -> None:/,
    );
    if (!HARNESSES.go!.missing()) {
      const b = await HARNESSES.go!.build(go);
      expect(b.code, b.stdout + b.stderr).toBe(0);
    }
  });
});
