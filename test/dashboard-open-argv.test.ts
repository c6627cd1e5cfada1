// SPEC §19 "no secret on a command line", issue 25 attack 2: `zeroclaw dashboard --open` against a real
// daemon, with a stub browser ($BROWSER) and, in another process, a poller reading every
// /proc/*/cmdline as fast as it can (what another local user can do). No `zcl_` login code ever
// appears in any argv; the browser gets file:// of a 0600 page in the daemon's runtime dir that
// forwards to the link (meta refresh and location.replace); the page is removed once the code expired
// (gateway.login_code_ttl_ms, short here), and the code still signs in once.
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  childEnv,
  type DaemonProcess,
  requireBuild,
  runCli,
  startDaemon,
  tempDirs,
} from "./helpers/proc-daemon.js";
import { WsRpcClient } from "./helpers/proc-ws-client.js";

const dirs = tempDirs("zc-dash-open-");
const running: DaemonProcess[] = [];
const children: ChildProcess[] = [];
beforeAll(() => requireBuild());
afterEach(async () => {
  for (const c of children.splice(0)) c.kill("SIGKILL");
  await Promise.all(running.splice(0).map((d) => d.kill()));
  dirs.cleanup();
});

/** Polls every process's argv; prints each one holding `zcl_` or `dashboard-login-`, and "ready" once. */
const POLLER = `
const fs = require("node:fs");
const seen = new Set();
let first = true;
setInterval(() => {
  for (const pid of fs.readdirSync("/proc")) {
    if (!/^\\d+$/.test(pid) || pid === String(process.pid)) continue;
    let argv;
    try { argv = fs.readFileSync("/proc/" + pid + "/cmdline", "latin1"); } catch { continue; }
    if ((argv.includes("zcl_") || argv.includes("dashboard-login-")) && !seen.has(pid + argv)) {
      seen.add(pid + argv);
      process.stdout.write(JSON.stringify(argv.split("\\0").join(" ")) + "\\n");
    }
  }
  if (first) { first = false; process.stdout.write("ready\\n"); }
}, 1);
`;

function startPoller(): { lines: () => string[] } {
  let out = "";
  const p = spawn(process.execPath, ["-e", POLLER], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(p);
  p.stdout?.setEncoding("utf8").on("data", (t: string) => {
    out += t;
  });
  return { lines: () => out.split("\n").filter(Boolean) };
}

describe("zeroclaw dashboard --open (SPEC §19)", () => {
  it("never puts the login code in any argv: the browser gets a 0600 redirect page, removed after the code expires", async () => {
    const home = dirs.make();
    const configDir = join(home, "config");
    mkdirSync(configDir);
    writeFileSync(join(configDir, "config.toml"), "[gateway]\nport = 0\nlogin_code_ttl_ms = 4000\n");
    const env = childEnv(home, { ZEROCLAW_CONFIG_DIR: configDir });
    const socket = join(configDir, "data", "daemon.sock");
    running.push(await startDaemon(env, socket, ["--gateway"]));

    // The stub browser records what it was given, the page's mode and content, and lingers a moment
    // so the poller sees its argv too (proof the poller watches the opener).
    const record = join(home, "browser-record.txt");
    const browser = join(home, "stub-browser.sh");
    writeFileSync(
      browser,
      `#!/bin/sh\npage="\${1#file://}"\n{ printf '%s\\n' "$1"; stat -c %a "$page"; cat "$page"; } > "${record}.part"\nmv "${record}.part" "${record}"\nsleep 1\n`,
    );
    chmodSync(browser, 0o755);

    const poller = startPoller();
    await expect.poll(() => poller.lines().includes("ready"), { timeout: 10_000 }).toBe(true);
    const r = await runCli(["dashboard", "--open"], { ...env, BROWSER: browser });
    expect(r.code, r.stderr).toBe(0);
    const link = r.stdout.trim();
    expect(link).toMatch(/#login=zcl_/);

    await expect.poll(() => existsSync(record), { timeout: 10_000 }).toBe(true);
    const [arg, mode, ...page] = readFileSync(record, "utf8").split("\n");
    expect(arg).toMatch(/^file:\/\/.*\/run\/dashboard-login-[0-9a-f]+\.html$/);
    expect(arg).not.toContain("zcl_");
    expect(mode).toBe("600");
    const html = page.join("\n");
    expect(html).toContain(`<meta http-equiv="refresh" content="0;url=${link}">`);
    expect(html).toContain(`window.location.replace(${JSON.stringify(link)})`);
    const pagePath = fileURLToPath(arg!);
    expect(pagePath.startsWith(join(configDir, "data", "run"))).toBe(true);

    // Removed once the code has expired (the remover is detached: the CLI already exited).
    await expect.poll(() => existsSync(pagePath), { timeout: 15_000, interval: 100 }).toBe(false);

    // The poller saw the opener's argv (the page's path) and never a login code.
    const seen = poller.lines().filter((l) => l !== "ready");
    expect(seen.some((l) => l.includes("dashboard-login-"))).toBe(true);
    expect(seen.filter((l) => l.includes("zcl_"))).toEqual([]);
  });

  it("the link in the page still signs in (once)", async () => {
    const home = dirs.make();
    const configDir = join(home, "config");
    mkdirSync(configDir);
    writeFileSync(join(configDir, "config.toml"), "[gateway]\nport = 0\n");
    const env = childEnv(home, { ZEROCLAW_CONFIG_DIR: configDir });
    running.push(await startDaemon(env, join(configDir, "data", "daemon.sock"), ["--gateway"]));
    const record = join(home, "page.html");
    const browser = join(home, "stub-browser.sh");
    writeFileSync(
      browser,
      `#!/bin/sh\ncat "\${1#file://}" > "${record}.part" && mv "${record}.part" "${record}"\n`,
    );
    chmodSync(browser, 0o755);
    const r = await runCli(["dashboard", "--open"], { ...env, BROWSER: browser });
    expect(r.code, r.stderr).toBe(0);
    await expect.poll(() => existsSync(record), { timeout: 10_000 }).toBe(true);
    const url = /content="0;url=([^"]+)"/.exec(readFileSync(record, "utf8"))?.[1];
    expect(url).toBe(r.stdout.trim());
    const ws = await WsRpcClient.open(`ws://${new URL(url!).host}/rpc`);
    try {
      const code = decodeURIComponent(url!.split("#login=")[1]!);
      const ok = await ws.request("initialize", { protocolVersion: 1, login_code: code });
      expect(ok.result).toMatchObject({ principal: { id: "owner" } });
    } finally {
      ws.close();
    }
  });
});
