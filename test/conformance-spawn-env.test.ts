// --spawn passes the caller's environment through to the daemon under test (issue 28.7), except the
// contract's three variables, which it sets to the case's own dirs — or removes, for a case that
// tests their defaults, even when the caller's shell has them.
import { afterEach, describe, expect, it } from "vitest";
import { DaemonSandbox } from "../conformance/runner/spawn.js";
import { BIN, requireBuild, run } from "./helpers/proc-daemon.js";

const saved = { ...process.env };
afterEach(() => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
});

describe("the spawned daemon's environment", () => {
  it("is the caller's, with the contract's variables set to the case's dirs", () => {
    process.env.ZC_CALLERS_OWN = "licence-123";
    process.env.ZEROCLAW_SOCKET = "/home/me/.zeroclaw/real.sock";
    process.env.ZEROCLAW_CONFIG_DIR = "/home/me/.zeroclaw";
    const sandbox = new DaemonSandbox("/tmp/zc-case");
    const env = sandbox.environment();
    expect(env.ZC_CALLERS_OWN).toBe("licence-123");
    expect(env.PATH).toBe(process.env.PATH);
    expect(env.ZEROCLAW_SOCKET).toBe("/tmp/zc-case/data/daemon.sock");
    expect(env.ZEROCLAW_CONFIG_DIR).toBe("/tmp/zc-case/config");
    expect(env.ZEROCLAW_DATA_DIR).toBe("/tmp/zc-case/data");
  });

  it("leaves out a variable whose default a case tests, even one the caller's shell set", () => {
    process.env.ZEROCLAW_DATA_DIR = "/home/me/.zeroclaw/data";
    const sandbox = new DaemonSandbox("/tmp/zc-case");
    sandbox.unsetVariables = ["ZEROCLAW_DATA_DIR", "ZEROCLAW_SOCKET"];
    const env = sandbox.environment();
    expect(env).not.toHaveProperty("ZEROCLAW_DATA_DIR");
    expect(env).not.toHaveProperty("ZEROCLAW_SOCKET");
    expect(env.ZEROCLAW_CONFIG_DIR).toBe("/tmp/zc-case/config");
  });

  it("is what --help says (it once said only PATH and HOME were passed)", async () => {
    requireBuild();
    const r = await run(process.execPath, [BIN, "conformance", "--help"], { PATH: process.env.PATH });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.replace(/\s+/g, " ")).toContain(
      "with the caller's environment and its own ZEROCLAW_CONFIG_DIR, ZEROCLAW_DATA_DIR and ZEROCLAW_SOCKET",
    );
  });
});
