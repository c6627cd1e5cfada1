// `zeroclaw call METHOD [PARAMS_JSON]` as a real child process against a real daemon process: result
// JSON on stdout, error object on stderr with exit 1, usage errors exit 2, no daemon exit 3.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  childEnv,
  type DaemonProcess,
  REPO_ROOT,
  requireBuild,
  runCli,
  startDaemon,
  tempDirs,
} from "./helpers/proc-daemon.js";

const dirs = tempDirs("zc-call-");
let daemon: DaemonProcess;
let home: string;
let socket: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  requireBuild();
  home = dirs.make();
  socket = join(home, "zc.sock");
  env = childEnv(home, { ZEROCLAW_CONFIG_DIR: join(home, "config"), ZEROCLAW_SOCKET: socket });
  daemon = await startDaemon(env, socket);
});

afterAll(async () => {
  await daemon?.kill();
  dirs.cleanup();
});

type ErrorObject = { code: number; message: string; data?: { reason?: string; [k: string]: unknown } };

describe("zeroclaw call", () => {
  it("status prints the result as JSON with the daemon's pid and endpoint", async () => {
    const r = await runCli(["call", "status"], env);
    expect(r.code, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(result).toMatchObject({
      pid: daemon.pid,
      endpoint: socket,
      data_dir: join(home, "config", "data"),
      protocol_version: 1,
      gateway_url: null,
    });
    expect(typeof result.server_version).toBe("string");
  });

  it("finds the daemon through the config dir when ZEROCLAW_SOCKET is unset (default endpoint)", async () => {
    const own = dirs.make();
    const ownEnv = childEnv(own, { ZEROCLAW_CONFIG_DIR: join(own, "cfg") });
    const ownSocket = join(own, "cfg", "data", "daemon.sock");
    const d = await startDaemon(ownEnv, ownSocket);
    try {
      const r = await runCli(["call", "status"], ownEnv);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ pid: d.pid, endpoint: ownSocket });
    } finally {
      await d.kill();
    }
  });

  it("rpc.discover prints the OpenRPC document", async () => {
    const r = await runCli(["call", "rpc.discover"], env);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as { openrpc: string; methods: { name: string }[] };
    expect(doc.openrpc).toBe("1.3.2");
    expect(doc).toEqual(JSON.parse(readFileSync(join(REPO_ROOT, "openrpc.json"), "utf8")));
  });

  it("initialize prints the handshake result", async () => {
    const r = await runCli(["call", "initialize"], env);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ protocolVersion: 1, principal: { admin: true } });
  });

  it("invalid params exit 1 with the -32602 error object on stderr", async () => {
    const r = await runCli(["call", "status", '{"bogus":1}'], env);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    const err = JSON.parse(r.stderr) as ErrorObject;
    expect(err.code).toBe(-32602);
    expect(typeof err.message).toBe("string");
    expect(err.data?.reason).toBe("invalid_params");
    expect(Array.isArray(err.data?.errors)).toBe(true);
  });

  it("an unknown method exits 1 with the -32601 error object on stderr", async () => {
    const r = await runCli(["call", "nope"], env);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    const err = JSON.parse(r.stderr) as ErrorObject;
    expect(err.code).toBe(-32601);
    expect(err.data?.reason).toBe("method_not_found");
    expect((err as { hint?: string }).hint).toBe("`zeroclaw methods` lists the methods");
  });

  it("unparsable PARAMS_JSON exits 2 without output on stdout", async () => {
    const r = await runCli(["call", "status", "{not json"], env);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/PARAMS_JSON/);
  });

  it("a missing METHOD exits 2", async () => {
    const r = await runCli(["call"], env);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
  });

  it("no daemon listening exits 3 with one line naming the endpoint and `zeroclaw daemon`", async () => {
    const missing = join(home, "nobody-here.sock");
    const r = await runCli(["call", "status"], { ...env, ZEROCLAW_SOCKET: missing });
    expect(r.code).toBe(3);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(missing);
    expect(r.stderr).toContain("start one with `zeroclaw daemon`");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("no daemon at the default endpoint names ~/.zeroclaw/data/daemon.sock", async () => {
    const empty = dirs.make();
    const r = await runCli(["call", "status"], childEnv(empty));
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(join(empty, ".zeroclaw", "data", "daemon.sock"));
  });
});
