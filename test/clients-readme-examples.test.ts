// Issue 27.5: the first example of a generated client's README runs as written against its server —
// for our own document, the Python package's and the Rust crate's, against the real daemon (the
// example's call carries the params of the method's first example, so the daemon accepts it); for a
// public document whose server is the mock of its examples, the Go package's.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withAliasesMerged } from "../codegen/model/alias-members.js";
import { readDocument } from "../codegen/model/index.js";
import { findTarget } from "../codegen/targets/index.js";
import { cargo, hasCargo } from "./helpers/cargo.js";
import { goRun } from "./helpers/codegen-corpus/go.js";
import { startMockServer } from "./helpers/openrpc-mock-server.js";
import {
  childEnv,
  type DaemonProcess,
  REPO_ROOT,
  requireBuild,
  run,
  startDaemon,
  tempDirs,
} from "./helpers/proc-daemon.js";

const dirs = tempDirs("zc-readme-ex-");
let home: string;
let socket: string;
let daemon: DaemonProcess;

beforeAll(async () => {
  requireBuild();
  home = dirs.make();
  socket = join(home, "d.sock");
  daemon = await startDaemon(
    childEnv(home, { ZEROCLAW_SOCKET: socket, ZEROCLAW_CONFIG_DIR: join(home, "cfg") }),
    socket,
  );
});
afterAll(async () => {
  await daemon?.kill();
  dirs.cleanup();
});

/** The first fenced block of `lang` in a README. */
function firstBlock(readme: string, lang: string): string {
  const m = new RegExp(`^\`\`\`${lang}\\n([\\s\\S]*?)^\`\`\`$`, "m").exec(readme);
  if (!m) throw new Error(`no \`\`\`${lang} block`);
  return m[1]!;
}

describe("generated READMEs' first examples, as written", () => {
  it("python: clients/python/README.md's example initializes against the daemon", async (ctx) => {
    if (spawnSync("python3", ["--version"]).status !== 0) {
      ctx.skip("python skipped: python3 not found");
      return;
    }
    const code = firstBlock(
      readFileSync(join(REPO_ROOT, "clients", "python", "README.md"), "utf8"),
      "python",
    );
    const file = join(home, "example.py");
    writeFileSync(file, code);
    const r = await run(
      "python3",
      [file],
      {
        ...process.env,
        PYTHONPATH: join(REPO_ROOT, "clients", "python", "src"),
        PYTHONDONTWRITEBYTECODE: "1",
        ZEROCLAW_SOCKET: socket,
      },
      { cwd: home },
    );
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^InitializeResult\(/);
    expect(r.stdout).toContain("protocol_version=1");
  });

  it("rust: clients/rust/README.md's program (examples/first.rs, the same text) initializes against the daemon", async (ctx) => {
    if (!hasCargo()) return ctx.skip("rust skipped: toolchain `cargo` not found");
    const crate = join(REPO_ROOT, "clients", "rust");
    const code = firstBlock(readFileSync(join(crate, "README.md"), "utf8"), "rust,ignore");
    expect(readFileSync(join(crate, "examples", "first.rs"), "utf8")).toContain(code);
    const r = await cargo(["run", "--quiet", "--example", "first"], crate, {
      ...process.env,
      ZEROCLAW_SOCKET: socket,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^InitializeResult \{/);
    expect(r.stdout).toContain("protocol_version: 1");
  }, 180_000);

  it("go: a generated package's README program (example/main.go) calls its server as written", async (ctx) => {
    if (spawnSync("go", ["version"]).status !== 0) return ctx.skip("go skipped: toolchain `go` not found");
    const doc = JSON.parse(
      readFileSync(
        join(REPO_ROOT, "test", "fixtures", "openrpc-corpus", "params-by-name-petstore", "openrpc.json"),
        "utf8",
      ),
    ) as { servers?: { url: string }[] };
    const mock = await startMockServer(readDocument(doc));
    try {
      doc.servers = [{ url: mock.url }];
      const out = join(home, "go-pkg");
      for (const f of findTarget("go")!.emit!(withAliasesMerged(readDocument(doc)), {
        packageName: "petstore",
      })) {
        mkdirSync(join(out, f.path, ".."), { recursive: true });
        writeFileSync(join(out, f.path), f.content);
      }
      const code = firstBlock(readFileSync(join(out, "README.md"), "utf8"), "go");
      expect(readFileSync(join(out, "example", "main.go"), "utf8")).toContain(code);
      const r = await goRun("go", ["run", "./example"], out);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain("fluffy");
      expect(mock.received.map((m) => m.method)).toEqual(["list_pets"]);
    } finally {
      await mock.close();
    }
  }, 180_000);
});
