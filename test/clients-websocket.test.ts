// Issue 27.7: the generated Python, Go and Rust clients reach the daemon's gateway over ws:// with a pairing token
// (a real daemon, its real gateway), frames over 64 KiB both ways; and against a loopback WebSocket peer
// it answers pings, reassembles fragmented messages and reports a refused upgrade as ConnectFailedError.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocketServer } from "ws";
import { CARGO_CONFIG, CARGO_TARGET_DIR } from "./helpers/cargo.js";
import {
  childEnv,
  type DaemonProcess,
  REPO_ROOT,
  requireBuild,
  run,
  runCli,
  startDaemon,
  tempDirs,
} from "./helpers/proc-daemon.js";

const hasPython = spawnSync("python3", ["--version"]).status === 0;
const PY_ENV = {
  ...process.env,
  PYTHONPATH: join(REPO_ROOT, "clients", "python", "src"),
  PYTHONDONTWRITEBYTECODE: "1",
};
const dirs = tempDirs("zc-ws-");
let daemon: DaemonProcess;
let env: NodeJS.ProcessEnv;
let url: string;
let token: string;

beforeAll(async () => {
  requireBuild();
  const home = dirs.make();
  const config = join(home, "cfg");
  mkdirSync(config);
  writeFileSync(
    join(config, "config.toml"),
    '[gateway]\nenabled = true\nport = 0\n\n[permission_profiles.boss]\nadmin = true\n\n[users.phone]\npermission_profiles = ["boss"]\n',
  );
  const socket = join(home, "d.sock");
  env = childEnv(home, { ZEROCLAW_CONFIG_DIR: config, ZEROCLAW_SOCKET: socket });
  daemon = await startDaemon(env, socket);
  url = (JSON.parse((await runCli(["call", "status"], env)).stdout) as { gateway_url: string }).gateway_url;
  token = (JSON.parse((await runCli(["pair", "--user", "phone"], env)).stdout) as { token: string }).token;
});
afterAll(async () => {
  await daemon?.kill();
  dirs.cleanup();
  rmSync(BIN_DIR, { recursive: true, force: true });
});

/** A loopback WebSocket peer that pings, then answers any request with a 70 KB result in three fragments. */
async function fragmentingPeer(): Promise<{ url: string; ponged: () => boolean; close: () => void }> {
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  let ponged = false;
  server.on("connection", (ws) => {
    ws.on("pong", () => {
      ponged = true;
    });
    ws.ping("are you there");
    ws.on("message", (data) => {
      const req = JSON.parse(String(data)) as { id: string };
      const text = JSON.stringify({ jsonrpc: "2.0", id: req.id, result: { pad: "x".repeat(70_000) } });
      const third = Math.floor(text.length / 3);
      ws.send(text.slice(0, third), { fin: false });
      ws.send(text.slice(third, 2 * third), { fin: false });
      ws.send(text.slice(2 * third), { fin: true });
    });
  });
  await new Promise((r) => server.once("listening", r));
  const port = (server.address() as AddressInfo).port;
  return { url: `ws://127.0.0.1:${port}/`, ponged: () => ponged, close: () => server.close() };
}

const BIN_DIR = mkdtempSync(join(tmpdir(), "zc-ws-bin-"));
const hasGo = spawnSync("go", ["version"]).status === 0;
const GO_ENV = { ...process.env, GOFLAGS: "-mod=mod", GOPROXY: "off", GOTOOLCHAIN: "local" };
const goBuild = async (cmd: string): Promise<string> => {
  const out = join(BIN_DIR, cmd);
  const r = await run("go", ["build", "-o", out, `./cmd/${cmd}`], GO_ENV, {
    cwd: join(REPO_ROOT, "clients", "go"),
  });
  expect(r.code, r.stderr).toBe(0);
  return out;
};

const hasCargo = spawnSync("cargo", ["--version"]).status === 0;
const rustExample = async (name: string): Promise<string> => {
  const r = await run(
    "cargo",
    [
      "build",
      "--offline",
      "--config",
      CARGO_CONFIG,
      "--quiet",
      "--example",
      name,
      "--target-dir",
      CARGO_TARGET_DIR,
    ],
    process.env,
    { cwd: join(REPO_ROOT, "clients", "rust") },
  );
  expect(r.code, r.stderr).toBe(0);
  return join(CARGO_TARGET_DIR, "debug", "examples", name);
};

/**
 * The same two cases for each compiled language: `build(name)` builds its program of that name
 * (ws-check, ws-raw, connect-check) and returns the executable.
 */
function compiledLanguage(
  lang: string,
  available: boolean,
  build: (program: "ws-check" | "ws-raw" | "connect-check") => Promise<string>,
  refusal: string,
  timeout: number,
): void {
  describe.skipIf(!available)(`${lang} over ws://`, () => {
    it("signs in to the gateway with a pairing token and runs a turn with a 100 KB prompt", {
      timeout,
    }, async () => {
      const r = await run(await build("ws-check"), [url, token], process.env);
      expect(r.stderr).toBe("");
      expect(r.stdout.trim().split("\n")).toEqual([
        "principal phone",
        "gateway connections 1",
        "outcome completed",
        "messages 2",
      ]);
    });

    it(`answers a ping, reassembles a fragmented 70 KB answer; a refused upgrade is ${refusal}`, {
      timeout,
    }, async () => {
      const bin = await build("ws-raw");
      const peer = await fragmentingPeer();
      const r = await run(bin, [peer.url], process.env);
      peer.close();
      expect(r.stdout.trim(), r.stderr).toBe("70000");
      expect(peer.ponged()).toBe(true);
      const nope = url.replace("/rpc", "/nope");
      const refused = await run(await build("connect-check"), [nope], process.env);
      expect(refused.code).toBe(3);
      expect(refused.stderr).toContain(`cannot connect to ${nope}`);
      expect(refused.stderr).toContain("refused the WebSocket upgrade");
    });
  });
}

compiledLanguage(
  "rust",
  hasCargo,
  (p) => rustExample(p.replaceAll("-", "_")),
  "TransportError::Connect",
  900_000,
);
compiledLanguage("go", hasGo, goBuild, "a *ConnectError", 300_000);

describe.skipIf(!hasPython)("python over ws://", () => {
  it("signs in to the gateway with a pairing token and runs a turn with a 100 KB prompt", async () => {
    const r = await run(
      "python3",
      [join(REPO_ROOT, "clients/python/examples/ws_check.py"), url, token],
      PY_ENV,
    );
    expect(r.stderr).toBe("");
    expect(r.stdout.trim().split("\n")).toEqual([
      "principal phone",
      "gateway connections 1",
      "outcome completed",
      "messages 2",
    ]);
    expect(r.code).toBe(0);
  });

  it("a wrong token is the daemon's -32010; a refused upgrade is ConnectFailedError naming the URL", async () => {
    const script = `
import asyncio, sys
from zeroclaw_client import connect, RpcError, ConnectFailedError
async def main():
    try:
        async with connect(sys.argv[1]) as c:
            await c.initialize(protocol_version=1, auth_token="zc_wrong")
    except RpcError as e:
        print("rpc", e.code)
    try:
        await connect(sys.argv[1].replace("/rpc", "/nope"))
    except ConnectFailedError as e:
        print("refused", e.endpoint)
asyncio.run(main())
`;
    const r = await run("python3", ["-c", script, url], PY_ENV);
    expect(r.stdout.trim().split("\n"), r.stderr).toEqual([
      "rpc -32010",
      `refused ${url.replace("/rpc", "/nope")}`,
    ]);
  });

  it("answers a ping and reassembles a fragmented 70 KB answer from a loopback peer", async () => {
    const peer = await fragmentingPeer();
    const script = `
import asyncio, sys
from zeroclaw_client import connect
async def main():
    async with connect(sys.argv[1]) as c:
        result = await c.connection.request("anything", {})
        print(len(result["pad"]))
asyncio.run(main())
`;
    const r = await run("python3", ["-c", script, peer.url], PY_ENV);
    peer.close();
    expect(r.stdout.trim(), r.stderr).toBe("70000");
    expect(peer.ponged()).toBe(true);
  });
});
