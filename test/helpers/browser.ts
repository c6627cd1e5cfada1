// Headless Chromium for the dashboard tests: Debian's own `chromium` package (CI installs it), driven by
// playwright-core, which never downloads a browser. A fresh profile per launch, and no background
// traffic (the only network is the loopback gateway under test).
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";

export const CHROMIUM = process.env.ZEROCLAW_CHROMIUM ?? "/usr/bin/chromium";
export const hasChromium = existsSync(CHROMIUM);

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export type Browser = { context: BrowserContext; close(): Promise<void> };

/** `extraArgs`: more Chromium flags (e.g. --host-resolver-rules to reach the gateway under another name). */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), "zc-chromium-")); // playwright passes it as --user-data-dir
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...FLAGS, ...extraArgs],
    viewport: { width: 1360, height: 860 },
    deviceScaleFactor: 1,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
