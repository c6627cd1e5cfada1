// The dashboard from the built command line (`npm run build`: dist/bundle/ and dist/dashboard/): a real
// `zeroclaw daemon --gateway` process finds the page it was built with and serves it at GET /, so the
// lookup works from the bundle, not only from src/ under tsx (tsc copies a package.json into dist/,
// which a "nearest package.json" lookup would stop at).
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, expect, it } from "vitest";
import {
  childEnv,
  type DaemonProcess,
  REPO_ROOT,
  spawnDaemon,
  tempDirs,
  waitConnectable,
} from "./helpers/proc-daemon.js";
import { RawClient } from "./helpers/raw-client.js";

const dirs = tempDirs("zc-dash-");
let daemon: DaemonProcess | undefined;
let local: RawClient | undefined;
afterEach(async () => {
  local?.close();
  await daemon?.kill();
  dirs.cleanup();
});
beforeAll(() => {
  if (
    !existsSync(join(REPO_ROOT, "dist", "bundle", "zeroclaw.js")) ||
    !existsSync(join(REPO_ROOT, "dist", "dashboard"))
  )
    throw new Error("dist/ is not built: run `npm run build` first (npm test does)");
});

it("`zeroclaw daemon --gateway` serves the built page at / with its CSP", async () => {
  const home = dirs.make();
  const configDir = join(home, "config");
  mkdirSync(configDir);
  writeFileSync(join(configDir, "config.toml"), "[gateway]\nport = 0\n");
  const socket = join(configDir, "data", "daemon.sock");
  daemon = spawnDaemon(childEnv(home, { ZEROCLAW_CONFIG_DIR: configDir }), ["--gateway"]);
  await waitConnectable(daemon, socket);
  local = await RawClient.connect(socket);
  await local.initialize();
  const url = ((await local.request("status", {})).result as { gateway_url: string }).gateway_url;
  const origin = url.replace(/^ws:/, "http:").replace(/\/rpc$/, "");
  const page = await fetch(`${origin}/`);
  expect(page.status).toBe(200);
  expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(page.headers.get("content-security-policy")).toContain(`connect-src ${url.replace(/\/rpc$/, "")}`);
  expect(await page.text()).toContain('<script type="module" src="/app.js">');
  const script = await fetch(`${origin}/app.js`);
  expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
  expect((await script.text()).length).toBeGreaterThan(1000);
});
