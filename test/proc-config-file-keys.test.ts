// SPEC §17: config.toml obeys config/set's key and depth rules (§12). A file with a map key
// __proto__, constructor or prototype anywhere, or nested deeper than 64 levels, stops a real
// `zeroclaw daemon` at start: exit 4, and one message naming the file, the key path and the reason.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadLiveConfig } from "../src/config/config-service.js";
import { childEnv, type DaemonProcess, requireBuild, spawnDaemon, tempDirs } from "./helpers/proc-daemon.js";

const dirs = tempDirs("zc-cfgkeys-");
const running: DaemonProcess[] = [];

beforeAll(() => requireBuild());
afterEach(async () => {
  await Promise.all(running.splice(0).map((d) => d.kill()));
  dirs.cleanup();
});
afterAll(() => dirs.cleanup());

const deep = (levels: number): string => `${"[".repeat(levels)}1${"]".repeat(levels)}`;

/** [toml, the key path the message must name, the reason]. */
const CASES: [string, string, string, RegExp][] = [
  [
    "[agents.__proto__]",
    '[agents.__proto__]\nprovider = "echo"\n',
    "agents.__proto__",
    /the key __proto__ is not allowed/,
  ],
  [
    "[agents.constructor]",
    '[agents.constructor]\nprovider = "echo"\n',
    "agents.constructor",
    /the key constructor is not allowed/,
  ],
  [
    "[permission_profiles.prototype]",
    "[permission_profiles.prototype]\nadmin = true\n",
    "permission_profiles.prototype",
    /the key prototype is not allowed/,
  ],
  [
    "a forbidden key inside an inline table",
    '[permission_profiles.ops]\ngrants = { constructor = ["read"] }\n',
    "permission_profiles.ops.grants.constructor",
    /the key constructor is not allowed/,
  ],
  [
    "nesting past 64 levels",
    `[agents.deep]\nprovider = "echo"\nallowed_tools = ${deep(70)}\n`,
    "agents.deep.allowed_tools",
    /nested deeper than 64 levels/,
  ],
];

function layout(toml: string): { home: string; configDir: string; file: string } {
  const home = dirs.make();
  const configDir = join(home, "config");
  mkdirSync(configDir);
  const file = join(configDir, "config.toml");
  writeFileSync(file, toml);
  return { home, configDir, file };
}

describe("config.toml key and depth rules", () => {
  for (const [what, toml, path, reason] of CASES) {
    it(`${what}: the daemon refuses to start (exit 4) naming the file, the key path and the reason`, async () => {
      const l = layout(toml);
      const d = spawnDaemon(childEnv(l.home, { ZEROCLAW_CONFIG_DIR: l.configDir }));
      running.push(d);
      const exit = await d.waitExit();
      expect(exit.code).toBe(4);
      expect(d.stderr).toContain(l.file);
      expect(d.stderr).toContain(`${path}${path.endsWith("allowed_tools") ? "[0]" : ""}`);
      expect(d.stderr).toMatch(reason);
      expect(existsSync(join(l.configDir, "data", "daemon.sock"))).toBe(false);
    });
  }

  it("the loader itself refuses them (whatever starts the daemon)", () => {
    for (const [, toml, path, reason] of CASES) {
      const l = layout(toml);
      expect(() => loadLiveConfig(l.configDir)).toThrow(reason);
      expect(() => loadLiveConfig(l.configDir)).toThrow(path);
    }
  });

  it("a file of ordinary keys, 64 levels deep at most, still loads", () => {
    const l = layout('[agents.fine]\nprovider = "echo"\nallowed_tools = ["bash"]\n');
    expect(loadLiveConfig(l.configDir).effective.agents.fine?.allowed_tools).toEqual(["bash"]);
  });
});
