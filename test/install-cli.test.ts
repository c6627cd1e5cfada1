// `npm run install-cli` (scripts/install-cli.mjs), the README's one command that puts `zeroclaw` on
// PATH: into npm's global bin folder when it is writable (root, nvm: where `npm link` would put it),
// else into ~/.local/bin (a normal user with a system Node, where `npm link` fails with EACCES). Real
// symlinks, and `zeroclaw --version` run through PATH; the normal user is `nobody` (needs root, and a
// checkout that user can read).
import { existsSync, lstatSync, mkdirSync, readlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, REPO_ROOT, run, tempDirs } from "./helpers/proc-daemon.js";
import { chownTree, NOBODY, runningAsRoot, unreadableBy } from "./helpers/proc-identity.js";

const SCRIPT = join(REPO_ROOT, "scripts", "install-cli.mjs");
const SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin";
const dirs = tempDirs("zc-install-cli-");
afterAll(() => dirs.cleanup());

const nobodyCanRun =
  runningAsRoot() &&
  (await unreadableBy(NOBODY, [SCRIPT, BIN, join(REPO_ROOT, "dist", ".build-stamp")])).length === 0;

describe("npm run install-cli", () => {
  it("links zeroclaw into npm's global bin folder when it is writable; a second run replaces the link", async () => {
    const home = dirs.make();
    const prefix = join(home, "npm-global");
    const env = { HOME: home, PATH: `${join(prefix, "bin")}:${SYSTEM_PATH}`, npm_config_prefix: prefix };
    const r = await run(process.execPath, [SCRIPT], env);
    expect(r.code, r.stderr).toBe(0);
    const link = join(prefix, "bin", "zeroclaw");
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(BIN);
    expect(r.stdout).toContain("zeroclaw is on your PATH");
    const version = await run("zeroclaw", ["--version"], env, { cwd: home });
    expect(version.code, version.stderr).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    const again = await run(process.execPath, [SCRIPT], env);
    expect(again.code, again.stderr).toBe(0);
    expect(readlinkSync(link)).toBe(BIN);
  });

  it("says how to put the folder on PATH when it is not there yet", async () => {
    const home = dirs.make();
    const prefix = join(home, "npm-global");
    const r = await run(process.execPath, [SCRIPT], {
      HOME: home,
      PATH: SYSTEM_PATH,
      npm_config_prefix: prefix,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`export PATH="${join(prefix, "bin")}:$PATH"`);
  });

  it("leaves a file it did not make alone, and says so", async () => {
    const home = dirs.make();
    const prefix = join(home, "npm-global");
    mkdirSync(join(prefix, "bin"), { recursive: true });
    writeFileSync(join(prefix, "bin", "zeroclaw"), "#!/bin/sh\necho mine\n");
    const env = { HOME: home, PATH: `${join(prefix, "bin")}:${SYSTEM_PATH}`, npm_config_prefix: prefix };
    const r = await run(process.execPath, [SCRIPT], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("exists and is not a link");
    expect(lstatSync(join(prefix, "bin", "zeroclaw")).isSymbolicLink()).toBe(false);
  });

  it.skipIf(!nobodyCanRun)(
    "a normal user with a system Node (npm's global folder is root's): ~/.local/bin instead",
    async () => {
      const home = dirs.make();
      mkdirSync(join(home, ".local", "bin"), { recursive: true });
      chownTree(home, NOBODY);
      // npm's prefix as root's install has it: a folder this user cannot write.
      const env = {
        HOME: home,
        PATH: `${join(home, ".local", "bin")}:${SYSTEM_PATH}`,
        npm_config_prefix: "/usr",
        npm_config_cache: join(home, ".npm"),
      };
      const r = await run(process.execPath, [SCRIPT], env, { ...NOBODY, cwd: home });
      expect(r.code, r.stderr).toBe(0);
      expect(readlinkSync(join(home, ".local", "bin", "zeroclaw"))).toBe(BIN);
      expect(existsSync("/usr/bin/zeroclaw") && readlinkSync("/usr/bin/zeroclaw") === BIN).toBe(false);
      const version = await run("zeroclaw", ["--version"], env, { ...NOBODY, cwd: home });
      expect(version.code, version.stderr).toBe(0);
    },
  );
});
