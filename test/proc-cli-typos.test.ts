// A person's typos at the command line, against a real daemon process: each is refused (exit non-zero)
// with the name that was probably meant; a negative number is a value; with no daemon, config get reads
// config.toml and methods lists the contract's methods, each saying so.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  childEnv,
  type DaemonProcess,
  requireBuild,
  runCli,
  spawnDaemon,
  startDaemon,
  tempDirs,
} from "./helpers/proc-daemon.js";

const dirs = tempDirs("zc-typo-");
let daemon: DaemonProcess;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  requireBuild();
  const home = dirs.make();
  const configDir = join(home, "config");
  mkdirSync(configDir);
  const socket = join(home, "zc.sock");
  env = childEnv(home, { ZEROCLAW_CONFIG_DIR: configDir, ZEROCLAW_SOCKET: socket });
  daemon = await startDaemon(env, socket);
});

/** A daemon started on a config.toml of `toml`, in a home of its own. */
function daemonWithConfig(toml: string) {
  const home = dirs.make();
  const configDir = join(home, "config");
  mkdirSync(configDir);
  writeFileSync(join(configDir, "config.toml"), toml);
  return spawnDaemon(
    childEnv(home, { ZEROCLAW_CONFIG_DIR: configDir, ZEROCLAW_SOCKET: join(home, "s.sock") }),
  );
}

afterAll(async () => {
  await daemon?.kill();
  dirs.cleanup();
});

describe("did you mean, with a daemon running", () => {
  it("config get of an agent nobody configured names the one meant, exit 1", async () => {
    const r = await runCli(["config", "get", "agents.defualt.system_prompt"], env);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(
      "agents.defualt is not in the config; did you mean agents.default.system_prompt?",
    );
  });

  it("config get and set of a key the config does not have suggest the key", async () => {
    const get = await runCli(["config", "get", "sessions.max_lvie"], env);
    expect(get.code).toBe(1);
    expect(get.stderr).toContain("did you mean sessions.max_live?");
    const set = await runCli(["config", "set", "sesions.max_live", "3"], env);
    expect(set.code).toBe(1);
    expect(set.stderr).toContain("did you mean sessions.max_live?");
  });

  it("config set of an agent nobody configured names the one meant, and writes nothing", async () => {
    const r = await runCli(["config", "set", "agents.defualt.system_prompt", "hi"], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("did you mean agents.default.system_prompt?");
    const after = await runCli(["config", "get", "agents"], env);
    expect(after.stdout).not.toContain("defualt");
  });

  it("an existing prop with no value is still null, exit 0", async () => {
    const r = await runCli(["config", "get", "agents.default.system_prompt"], env);
    expect(r.code, r.stderr).toBe(0);
  });

  it("a negative number is a value: config set reaches the daemon's validation", async () => {
    const r = await runCli(["config", "set", "sessions.max_live", "-5"], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("sessions");
    expect(r.stderr).not.toContain("usage:");
    expect(r.stderr).toMatch(/-32602|invalid_entry|>=/);
  });

  it("call of a misspelt method gets -32601 and the method meant", async () => {
    const r = await runCli(["call", "stauts"], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("-32601");
    expect(r.stderr).toContain("did you mean status?");
  });

  it("a misspelt config subcommand names the one meant; a usage error shows the typed subcommand's usage", async () => {
    const typo = await runCli(["config", "gte", "sessions"], env);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("did you mean config get?");
    const option = await runCli(["config", "set", "sessions.max_live", "-v"], env);
    expect(option.code).toBe(2);
    expect(option.stderr).toContain("usage: zeroclaw config set PROP VALUE");
    expect(option.stderr).not.toContain("config get [PROP]");
  });

  it("a misspelt command names the command meant", async () => {
    const r = await runCli(["metods"], env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("did you mean methods?");
  });

  it("methods lists every method the daemon serves, grouped, one line each", async () => {
    const r = await runCli(["methods"], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^session:$/m);
    expect(r.stdout).toMatch(/^ {2}status +Daemon health and counters\. +\[system:read\]$/m);
    expect(r.stdout).not.toContain("elicitation/create");
    const json = JSON.parse((await runCli(["methods", "--json"], env)).stdout) as { name: string }[];
    expect(json.map((m) => m.name)).toContain("session/prompt");
  });
});

describe("without a daemon", () => {
  it("config get with no config.toml says it shows the embedded defaults", async () => {
    const home = dirs.make();
    const offline = childEnv(home, {
      ZEROCLAW_CONFIG_DIR: join(home, "no-config"),
      ZEROCLAW_SOCKET: join(home, "none.sock"),
    });
    const r = await runCli(["config", "get", "sessions.max_live"], offline);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("no daemon is running and there is no");
    expect(r.stderr).toContain("the embedded defaults");
  });

  it("config get reads config.toml and says so; methods lists the contract's", async () => {
    const home = dirs.make();
    const configDir = join(home, "config");
    mkdirSync(configDir);
    writeFileSync(
      join(configDir, "config.toml"),
      '[agents.default]\nprovider = "echo"\nsystem_prompt = "Be brief"\n',
    );
    const offline = childEnv(home, {
      ZEROCLAW_CONFIG_DIR: configDir,
      ZEROCLAW_SOCKET: join(home, "none.sock"),
    });
    const r = await runCli(["config", "get", "agents.default.system_prompt"], offline);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("Be brief\n");
    expect(r.stderr).toContain("no daemon is running");
    const typo = await runCli(["config", "get", "agents.defualt.system_prompt"], offline);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain("did you mean agents.default.system_prompt?");
    const m = await runCli(["methods"], offline);
    expect(m.code).toBe(0);
    expect(m.stdout).toContain("session/new");
  });

  it("a misspelt config.toml table stops the daemon with its line and the table meant", async () => {
    const d = daemonWithConfig("[rpc]\nmax_frame_bytes = 100000\n\n[sesions]\nmax_live = 3\n");
    const exit = await d.exited;
    expect(exit.code).toBe(4);
    expect(d.stderr).toContain("config.toml:4: /sesions");
    expect(d.stderr).toContain("did you mean sessions?");
  });

  it("a config.toml table named like a built-in entry says what it replaced and the line that keeps it", async () => {
    const d = daemonWithConfig('[agents.default]\nsystem_prompt = "Be brief"\n');
    const exit = await d.exited;
    expect(exit.code).toBe(4);
    expect(d.stderr).toContain("config.toml:1: /agents/default: must have required property 'provider'");
    expect(d.stderr).toContain('add provider = "echo" to keep what it had');
  });
});
