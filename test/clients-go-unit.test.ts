// clients/go: the Go runtime's own tests (framing, id routing, typed errors, daemon → client requests,
// the upload helper, against an in-process fake daemon over net.Pipe and a temp Unix socket), plus
// `go vet` and `gofmt -l` over the module, which covers the generated *_gen.go files. Skipped, with
// the reason, when no Go toolchain is installed.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, run } from "./helpers/proc-daemon.js";

const MODULE = join(REPO_ROOT, "clients", "go");
/** Offline and with the installed toolchain only, as the scenario harness runs Go. */
const GO_ENV = { ...process.env, GOFLAGS: "-mod=mod", GOPROXY: "off", GOTOOLCHAIN: "local" };
const goMissing = spawnSync("go", ["version"], { stdio: "ignore" }).status !== 0;

const go = async (args: string[], command = "go") => {
  const r = await run(command, args, GO_ENV, { cwd: MODULE });
  return { ...r, report: `${command} ${args.join(" ")} exited ${r.code}\n${r.stdout}\n${r.stderr}` };
};

describe.skipIf(goMissing)("clients/go (skipped: no `go` toolchain)", () => {
  it("go test ./... passes", { timeout: 600_000 }, async () => {
    const r = await go(["test", "-count=1", "./..."]);
    expect(r.code, r.report).toBe(0);
    expect(r.stdout, r.report).toMatch(/^ok\s+\S+\/zeroclaw\s/m);
  });

  it("go vet ./... is clean", { timeout: 600_000 }, async () => {
    const r = await go(["vet", "./..."]);
    expect(r.code, r.report).toBe(0);
  });

  it("gofmt -l lists no file (generated ones included)", { timeout: 120_000 }, async () => {
    const r = await go(["-l", "."], "gofmt");
    expect(r.code, r.report).toBe(0);
    expect(r.stdout, r.report).toBe("");
  });
});
