// The command line as a new user meets it: help for every command, the version, one-line failures
// with distinct exit codes (never a stack trace), the gateway port busy, `call` exiting 1 on a failed
// turn, users and profiles without hand-written JSON, and the sessions table. Real child processes
// against a real daemon process.

import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeOpenAi, step } from "./helpers/fake-openai-server.js";
import {
  BIN,
  childEnv,
  type DaemonProcess,
  REPO_ROOT,
  requireBuild,
  runCli,
  spawnDaemon,
  startDaemon,
  tempDirs,
} from "./helpers/proc-daemon.js";

const dirs = tempDirs("zc-cli-");
let fake: FakeOpenAi;
let daemon: DaemonProcess;
let env: NodeJS.ProcessEnv;
let configDir: string;

beforeAll(async () => {
  requireBuild();
  fake = await FakeOpenAi.start();
  const home = dirs.make();
  configDir = join(home, "config");
  mkdirSync(configDir);
  writeFileSync(
    join(configDir, "config.toml"),
    `[providers.fake]\nkind = "openai"\nbase_url = "${fake.baseUrl}"\nmodel = "m1"\n\n[agents.coder]\nprovider = "fake"\n`,
  );
  const socket = join(home, "zc.sock");
  env = childEnv(home, { ZEROCLAW_CONFIG_DIR: configDir, ZEROCLAW_SOCKET: socket });
  daemon = await startDaemon(env, socket);
});

afterAll(async () => {
  await daemon?.kill();
  await fake?.close();
  dirs.cleanup();
});

const oneLine = (text: string): void => {
  expect(text.trim().split("\n"), text).toHaveLength(1);
  expect(text).not.toMatch(/\n\s+at |TypeError|ERR_PARSE_ARGS/);
};

const COMMANDS = [
  "daemon",
  "chat",
  "watch",
  "sessions",
  "call",
  "config",
  "dashboard",
  "user",
  "profile",
  "pair",
  "unpair",
  "upload",
  "conformance",
];

describe("help and version", () => {
  it.each(COMMANDS)("zeroclaw %s --help and -h print its usage and exit 0", async (command) => {
    for (const flag of ["--help", "-h"]) {
      const r = await runCli([command, flag], env);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^usage: /);
      expect(r.stdout).toContain(command);
      expect(r.stderr).toBe("");
    }
  });

  it("zeroclaw --help / -h / help list every command; no command at all is a usage error", async () => {
    for (const args of [["--help"], ["-h"], ["help"]]) {
      const r = await runCli(args, env);
      expect(r.code).toBe(0);
      for (const c of COMMANDS) expect(r.stdout).toContain(`  ${c}`);
      expect(r.stdout).toContain("Exit codes");
    }
    const bare = await runCli([], env);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain("usage: zeroclaw COMMAND");
  });

  it("--version and -V print package.json's version", async () => {
    const { version } = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
      version: string;
    };
    for (const flag of ["--version", "-V"]) {
      const r = await runCli([flag], env);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(`${version}\n`);
    }
  });
});

describe("failures are one line with a distinct exit code", () => {
  it("an unknown option is exit 2 with the command's usage line, not a stack trace", async () => {
    for (const command of ["daemon", "call", "pair", "upload", "chat"]) {
      const r = await runCli([command, "--bogus"], env);
      expect(r.code, command).toBe(2);
      oneLine(r.stderr);
      expect(r.stderr).toContain("unknown option --bogus");
      expect(r.stderr).toContain(`usage: zeroclaw ${command}`);
    }
  });

  it("an unknown command is exit 2", async () => {
    const r = await runCli(["frobnicate"], env);
    expect(r.code).toBe(2);
    oneLine(r.stderr);
  });

  it("no daemon is exit 3 for every client command, naming `zeroclaw daemon`", async () => {
    const away = { ...env, ZEROCLAW_SOCKET: join(REPO_ROOT, "no-daemon-here.sock") };
    for (const args of [
      ["call", "status"],
      ["sessions"],
      ["watch", "x"],
      ["user", "add", "u", "--profile", "p"],
      ["profile", "add", "p", "--grant", "sessions:read"],
      ["pair", "--user", "u"],
      ["upload", "s", "README.md"],
      ["chat"],
    ]) {
      const r = await runCli(args, away);
      expect(r.code, args.join(" ")).toBe(3);
      oneLine(r.stderr);
      expect(r.stderr).toContain("start one with `zeroclaw daemon`");
    }
  });

  it("a busy gateway port is exit 4 naming gateway.port and the config file", async () => {
    const blocker: Server = createServer();
    await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", r));
    const port = (blocker.address() as { port: number }).port;
    try {
      const home = dirs.make();
      const cfg = join(home, "cfg");
      mkdirSync(cfg);
      writeFileSync(join(cfg, "config.toml"), `[gateway]\nport = ${port}\n`);
      const d = spawnDaemon(childEnv(home, { ZEROCLAW_CONFIG_DIR: cfg }), ["--gateway"]);
      const exit = await d.waitExit();
      expect(exit.code).toBe(4);
      const lines = d.stderr.split("\n").filter((l) => l.startsWith("zeroclaw daemon:"));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`127.0.0.1:${port} is already in use`);
      expect(lines[0]).toContain("gateway.port");
      expect(lines[0]).toContain(join(cfg, "config.toml"));
      expect(d.stderr).not.toMatch(/\n\s+at /);
    } finally {
      blocker.close();
    }
  });

  it("an unknown --log-level is exit 2", async () => {
    const home = dirs.make();
    const d = spawnDaemon(childEnv(home), ["--log-level", "loud"]);
    expect((await d.waitExit()).code).toBe(2);
    expect(d.stderr).toContain('unknown log level "loud"');
  });
});

describe("chat and watch when things go wrong", () => {
  it("watch of an unknown session is one line and exit 1", async () => {
    const r = await runCli(["watch", "no-such-session"], env);
    expect(r.code).toBe(1);
    oneLine(r.stderr);
    expect(r.stderr).toContain("-32000 session_not_found");
  });

  it("a chat whose daemon stops says so in one line and exits 3", async () => {
    const home = dirs.make();
    const socket = join(home, "own.sock");
    const ownEnv = childEnv(home, { ZEROCLAW_SOCKET: socket });
    const own = await startDaemon(ownEnv, socket);
    const chat = spawn(process.execPath, [BIN, "chat"], { env: ownEnv, stdio: ["pipe", "pipe", "pipe"] });
    let err = "";
    chat.stderr.setEncoding("utf8").on("data", (t: string) => {
      err += t;
    });
    const exited = new Promise<number | null>((r) => chat.once("close", (code) => r(code)));
    const deadline = Date.now() + 10_000;
    while (!err.includes("[session]")) {
      if (Date.now() > deadline) throw new Error(`chat never opened a session: ${err}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    own.child.kill("SIGTERM");
    expect(await exited).toBe(3);
    expect(err).toContain("zeroclaw chat: the daemon closed the connection\n");
    expect(err).not.toMatch(/\n\s+at /);
    chat.stdin.destroy();
  });
});

describe("zeroclaw call on a turn", () => {
  it("exits 1 when the session/prompt result's outcome is failed (the result is still printed)", async () => {
    const created = await runCli(["call", "session/new", '{"agent":"coder","session_id":"fails"}'], env);
    expect(created.code, created.stderr).toBe(0);
    fake.enqueue([step.httpError(400, "bad request")]);
    const r = await runCli(["call", "session/prompt", '{"session_id":"fails","prompt":"x"}'], env);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ outcome: "failed", stop_reason: "error" });
    const ok = await runCli(["call", "session/new", '{"session_id":"works"}'], env);
    expect(ok.code).toBe(0);
    const done = await runCli(["call", "session/prompt", '{"session_id":"works","prompt":"fine"}'], env);
    expect(done.code, done.stderr).toBe(0);
    expect(JSON.parse(done.stdout)).toMatchObject({ outcome: "completed", content: "fine" });
  });
});

describe("users and profiles without hand-written JSON", () => {
  it("profile add, user add, then pair works; the config holds exactly what was asked", async () => {
    const profile = await runCli(
      [
        "profile",
        "add",
        "remote",
        "--grant",
        "sessions:*",
        "--grant",
        "system:read",
        "--agent",
        "default",
        "--tool",
        "ask_user",
      ],
      env,
    );
    expect(profile.code, profile.stderr).toBe(0);
    expect(profile.stdout).toContain("profile remote");
    const user = await runCli(["user", "add", "carol", "--profile", "remote", "--uid", "4242"], env);
    expect(user.code, user.stderr).toBe(0);
    const got = await runCli(["call", "config/get", '{"prop":"permission_profiles.remote"}'], env);
    expect(JSON.parse(got.stdout)).toMatchObject({
      value: {
        grants: { sessions: ["*"], system: ["read"] },
        allowed_agents: ["default"],
        allowed_tools: ["ask_user"],
      },
    });
    const u = await runCli(["call", "config/get", '{"prop":"users.carol"}'], env);
    expect(JSON.parse(u.stdout)).toMatchObject({ value: { uid: 4242, permission_profiles: ["remote"] } });
    const pair = await runCli(["pair", "--user", "carol"], env);
    expect(pair.code, pair.stderr).toBe(0);
    expect(JSON.parse(pair.stdout)).toMatchObject({
      token_id: expect.any(String),
      token: expect.any(String),
    });
  });

  it("a user naming a missing profile is refused by the daemon (exit 1, one line); bad grants are usage errors", async () => {
    const r = await runCli(["user", "add", "dave", "--profile", "nope"], env);
    expect(r.code).toBe(1);
    oneLine(r.stderr);
    expect(r.stderr).toContain("-32602");
    const bad = await runCli(["profile", "add", "x", "--grant", "sessions"], env);
    expect(bad.code).toBe(2);
    oneLine(bad.stderr);
    const noProfile = await runCli(["user", "add", "erin"], env);
    expect(noProfile.code).toBe(2);
  });
});

describe("zeroclaw sessions", () => {
  it("prints a table: id, agent, mode, state, messages, last activity, title (the first prompt, cut to fit)", async () => {
    await runCli(["call", "session/new", '{"session_id":"tabled"}'], env);
    await runCli(["call", "session/prompt", '{"session_id":"tabled","prompt":"row"}'], env);
    const long = `${"a very long first prompt ".repeat(20)}\nand a second line`;
    await runCli(["call", "session/new", '{"session_id":"titled"}'], env);
    await runCli(["call", "session/prompt", JSON.stringify({ session_id: "titled", prompt: long })], env);
    const r = await runCli(["sessions"], env);
    expect(r.code, r.stderr).toBe(0);
    const [header, ...rows] = r.stdout.trim().split("\n");
    expect(header?.split(/\s{2,}/)).toEqual([
      "ID",
      "AGENT",
      "MODE",
      "STATE",
      "MESSAGES",
      "LAST ACTIVITY",
      "TITLE",
    ]);
    const row = rows.find((l) => l.startsWith("tabled "))?.split(/\s{2,}/);
    expect(row?.slice(0, 5)).toEqual(["tabled", "default", "acp", "idle", "2"]);
    expect(row?.[5]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ$/);
    expect(row?.[6]).toBe("row");
    // Piped, the table fits 120 columns: the long title is cut there, with an ellipsis, on one line.
    const titled = rows.find((l) => l.startsWith("titled "));
    expect(titled?.length).toBeLessThanOrEqual(120);
    expect(titled).toMatch(/ a very long first prompt a very .*…$/);
  });
});
