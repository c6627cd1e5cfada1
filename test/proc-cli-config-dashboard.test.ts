// Issue 22's command line, as a person types it, against real daemon processes: `zeroclaw config
// get/set/set-many` (values as JSON or plain text, the RPC's errors on one line), global options
// before the command, `daemon --gateway[=HOST:PORT]`, `zeroclaw dashboard` (a one-time link that signs
// a gateway connection in as the owner; --open; no gateway), and `sessions` after a restart (last
// activity is the last message, not the shutdown).
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  childEnv,
  type DaemonProcess,
  requireBuild,
  run,
  runCli,
  spawnDaemon,
  startDaemon,
  tempDirs,
} from "./helpers/proc-daemon.js";
import { WsRpcClient } from "./helpers/proc-ws-client.js";

const dirs = tempDirs("zc-cfg-");
let daemon: DaemonProcess;
let env: NodeJS.ProcessEnv;
let configDir: string;
let home: string;

beforeAll(async () => {
  requireBuild();
  home = dirs.make();
  configDir = join(home, "config");
  mkdirSync(configDir);
  writeFileSync(join(configDir, "config.toml"), "[gateway]\nport = 0\n");
  const socket = join(home, "zc.sock");
  env = childEnv(home, { ZEROCLAW_CONFIG_DIR: configDir, ZEROCLAW_SOCKET: socket });
  daemon = await startDaemon(env, socket, ["--gateway"]);
});

afterAll(async () => {
  await daemon?.kill();
  dirs.cleanup();
});

const oneLine = (text: string): void => {
  expect(text.trim().split("\n"), text).toHaveLength(1);
  expect(text).not.toMatch(/\n\s+at |TypeError/);
};

describe("zeroclaw config", () => {
  it('config set PROP "plain text" stores the text; get prints it back as it is', async () => {
    const set = await runCli(["config", "set", "agents.default.system_prompt", "Be brief"], env);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toBe('agents.default.system_prompt = "Be brief"\n');
    const get = await runCli(["config", "get", "agents.default.system_prompt"], env);
    expect(get.stdout).toBe("Be brief\n");
    expect((await runCli(["config", "get", "agents.default.system_prompt", "--json"], env)).stdout).toBe(
      '"Be brief"\n',
    );
    expect(readFileSync(join(configDir, "config.toml"), "utf8")).toContain('system_prompt = "Be brief"');
  });

  it("a VALUE that parses as JSON is JSON (numbers, booleans, lists); quoted JSON keeps a string", async () => {
    expect((await runCli(["config", "set", "sessions.max_live", "8"], env)).code).toBe(0);
    const got = JSON.parse((await runCli(["config", "get", "sessions"], env)).stdout) as {
      max_live: unknown;
    };
    expect(got.max_live).toBe(8);
    const tools = await runCli(["config", "set", "agents.default.allowed_tools", '["ask_user","bash"]'], env);
    expect(tools.code, tools.stderr).toBe(0);
    expect(JSON.parse((await runCli(["config", "get", "agents.default.allowed_tools"], env)).stdout)).toEqual(
      ["ask_user", "bash"],
    );
    expect((await runCli(["config", "set", "agents.default.system_prompt", '"true"'], env)).code).toBe(0);
    expect((await runCli(["config", "get", "agents.default.system_prompt", "--json"], env)).stdout).toBe(
      '"true"\n',
    );
  });

  it("the daemon's refusals are the RPC's, on one line, exit 1; a malformed command line is exit 2", async () => {
    const bad = await runCli(["config", "set", "sessions.max_live", "lots"], env);
    expect(bad.code).toBe(1);
    oneLine(bad.stderr);
    expect(bad.stderr).toMatch(/^zeroclaw config: .*\(-32602 invalid_entry; index=0\)/);
    expect(bad.stderr).toContain("sessions.max_live");
    const unknown = await runCli(["config", "set", "nope.nothing", "1"], env);
    expect(unknown.code).toBe(1);
    oneLine(unknown.stderr);
    expect(unknown.stderr).toContain("-32602");
    for (const args of [
      ["config", "set", "only-a-prop"],
      ["config", "frobnicate"],
      ["config", "set-many", "x"],
    ]) {
      const r = await runCli(args, env);
      expect(r.code, args.join(" ")).toBe(2);
      oneLine(r.stderr);
      expect(r.stderr).toContain("usage: zeroclaw config");
    }
  });

  it("set-many takes PROP=VALUE pairs, one JSON document, or either from stdin; all or nothing", async () => {
    const pairs = await runCli(
      [
        "config",
        "set-many",
        "providers.local.kind=openai",
        "providers.local.base_url=http://127.0.0.1:9/v1",
        "providers.local.model=m",
        "agents.coder.provider=local",
      ],
      env,
    );
    expect(pairs.code, pairs.stderr).toBe(0);
    expect(pairs.stdout.split("\n")).toContain('agents.coder.provider = "local"');
    const json = await runCli(
      ["config", "set-many", '{"sets":[{"prop":"agents.coder.system_prompt","value":"Terse."}]}'],
      env,
    );
    expect(json.code, json.stderr).toBe(0);
    const stdin = await run(
      process.execPath,
      [join(process.cwd(), "bin", "zeroclaw.js"), "config", "set-many", "-"],
      env,
      {
        input: '# comments and blank lines are skipped\n\nagents.coder.allowed_tools=["ask_user"]\n',
      },
    );
    expect(stdin.code, stdin.stderr).toBe(0);
    const coder = JSON.parse((await runCli(["config", "get", "agents.coder"], env)).stdout) as Record<
      string,
      unknown
    >;
    expect(coder).toMatchObject({ provider: "local", system_prompt: "Terse.", allowed_tools: ["ask_user"] });
    // One bad entry: nothing of the batch is written.
    const mixed = await runCli(
      ["config", "set-many", "agents.coder.system_prompt=Changed", "sessions.max_live=lots"],
      env,
    );
    expect(mixed.code).toBe(1);
    oneLine(mixed.stderr);
    expect((await runCli(["config", "get", "agents.coder.system_prompt"], env)).stdout).toBe("Terse.\n");
  });
});

describe("global options and the gateway flag", () => {
  it("--config-dir works before the command as after it", async () => {
    const other = dirs.make();
    const before = await runCli(["--config-dir", other, "call", "status"], { ...env, ZEROCLAW_SOCKET: "" });
    const after = await runCli(["call", "status", "--config-dir", other], { ...env, ZEROCLAW_SOCKET: "" });
    // Neither is "unknown command": both look for a daemon under the other config dir, which has none.
    for (const r of [before, after]) {
      expect(r.code, r.stderr).toBe(3);
      expect(r.stderr).toContain(join(other, "data", "daemon.sock"));
    }
    const eq = await runCli([`--config-dir=${configDir}`, "config", "get", "gateway.port"], env);
    expect(eq.code, eq.stderr).toBe(0);
    expect(eq.stdout).toBe("0\n");
  });

  it("daemon --gateway=HOST:PORT serves there; a malformed address is a usage error", async () => {
    const h = dirs.make();
    const socket = join(h, "zc.sock");
    const e = childEnv(h, { ZEROCLAW_CONFIG_DIR: join(h, "c"), ZEROCLAW_SOCKET: socket });
    const d = await startDaemon(e, socket, ["--gateway=127.0.0.1:0"]);
    try {
      const status = JSON.parse((await runCli(["call", "status"], e)).stdout) as {
        gateway_url: string;
        in_effect: Record<string, unknown>;
      };
      expect(status.gateway_url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/rpc$/);
      expect(status.in_effect["gateway.enabled"]).toBe(true);
      expect(status.in_effect["gateway.port"]).toBe(Number(/:(\d+)\//.exec(status.gateway_url)?.[1]));
      // The dashboard's address is in the log as the gateway starts.
      const line = await d.waitForLog((l) => typeof l.msg === "string" && l.msg.startsWith("dashboard at "));
      expect(line.url).toBe(status.gateway_url.replace(/^ws:/, "http:").replace(/rpc$/, ""));
    } finally {
      await d.kill();
    }
    for (const bad of ["--gateway=localhost:99999", "--gateway=:", "--gateway=a:b:c"]) {
      const r = await runCli(["daemon", bad], e);
      expect(r.code, bad).toBe(2);
      oneLine(r.stderr);
      expect(r.stderr).toContain("expected HOST:PORT");
    }
  });
});

describe("zeroclaw dashboard", () => {
  it("prints a one-time link that signs a gateway connection in as the owner, once", async () => {
    const r = await runCli(["dashboard"], env);
    expect(r.code, r.stderr).toBe(0);
    const url = r.stdout.trim();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#login=zcl_[A-Za-z0-9_-]+$/);
    expect(r.stderr).toMatch(/works once, within \d+ s/);
    const code = decodeURIComponent(url.split("#login=")[1]!);
    const ws = `ws://${new URL(url).host}/rpc`;
    const first = await WsRpcClient.open(ws);
    const ok = await first.request("initialize", { protocolVersion: 1, login_code: code });
    expect(ok.result).toMatchObject({ principal: { id: "owner", admin: true } });
    // Signed in as the owner, but still a gateway peer: local-only methods stay local.
    const local = await first.request("dashboard/login", {});
    expect(local.error).toMatchObject({ code: -32012, data: { reason: "local_only" } });
    first.close();
    const second = await WsRpcClient.open(ws);
    const again = await second.request("initialize", { protocolVersion: 1, login_code: code });
    expect(again.error).toMatchObject({ code: -32010, data: { reason: "invalid_login_code" } });
    second.close();
    // The code never reaches the daemon's log.
    expect(daemon.stderr).not.toContain(code);
  });

  it("--open hands $BROWSER a page that forwards to the link (never the link itself: SPEC §19)", async () => {
    const opened = join(home, "opened.txt");
    const browser = join(home, "fake-browser.sh");
    writeFileSync(
      browser,
      `#!/bin/sh\nprintf '%s\\n' "$1" > "${opened}.part"; cat "\${1#file://}" >> "${opened}.part"; mv "${opened}.part" "${opened}"\n`,
    );
    chmodSync(browser, 0o755);
    const r = await runCli(["dashboard", "--open"], { ...env, BROWSER: browser });
    expect(r.code, r.stderr).toBe(0);
    await expect.poll(() => existsSync(opened), { timeout: 10_000 }).toBe(true);
    const [arg, ...page] = readFileSync(opened, "utf8").split("\n");
    expect(arg).toMatch(/^file:\/\/.*\.html$/);
    expect(page.join("\n")).toContain(`content="0;url=${r.stdout.trim()}"`);
  });

  it("without a gateway it says how to start one (one line, exit 1)", async () => {
    const h = dirs.make();
    const socket = join(h, "zc.sock");
    const e = childEnv(h, { ZEROCLAW_CONFIG_DIR: join(h, "c"), ZEROCLAW_SOCKET: socket });
    const d = await startDaemon(e, socket);
    try {
      const r = await runCli(["dashboard"], e);
      expect(r.code).toBe(1);
      oneLine(r.stderr);
      expect(r.stderr).toContain("zeroclaw daemon --gateway");
      expect(r.stdout).toBe("");
    } finally {
      await d.kill();
    }
  });
});

describe("zeroclaw sessions across a restart", () => {
  it("last activity stays the last message's time; the shutdown does not touch it", async () => {
    const h = dirs.make();
    const socket = join(h, "zc.sock");
    const e = childEnv(h, { ZEROCLAW_CONFIG_DIR: join(h, "c"), ZEROCLAW_SOCKET: socket });
    let d = await startDaemon(e, socket);
    await runCli(["call", "session/new", '{"session_id":"before-restart"}'], e);
    await runCli(["call", "session/prompt", '{"session_id":"before-restart","prompt":"remember this"}'], e);
    const page = JSON.parse(
      (await runCli(["call", "session/messages", '{"session_id":"before-restart"}'], e)).stdout,
    ) as { messages: { created_at: string }[] };
    const lastMessage = page.messages.at(-1)!.created_at;
    // A clean stop closes every session (that used to become everyone's "last activity").
    await new Promise((r) => setTimeout(r, 1100));
    d.child.kill("SIGTERM");
    expect((await d.waitExit()).code).toBe(0);
    d = spawnDaemon(e);
    try {
      await d.waitForLog((l) => l.msg === "daemon listening");
      const list = JSON.parse((await runCli(["call", "session/list"], e)).stdout) as {
        sessions: { session_id: string; state: string; updated_at: string; title: string | null }[];
      };
      const s = list.sessions.find((x) => x.session_id === "before-restart");
      expect(s).toMatchObject({ state: "closed", updated_at: lastMessage, title: "remember this" });
      const table = await runCli(["sessions"], e);
      expect(table.stdout).toContain(lastMessage.replace("T", " ").replace(/\.\d+Z$/, "Z"));
    } finally {
      await d.kill();
    }
  });

  it("a second daemon on the same endpoint exits 4 naming the live one's pid (as the README says)", async () => {
    const second = spawnDaemon(env);
    const exit = await second.waitExit();
    expect(exit.code).toBe(4);
    expect(second.stderr).toContain(String(daemon.pid));
    oneLine(second.stderr);
  });
});
