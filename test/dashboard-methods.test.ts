// The dashboard's Methods view in headless Chromium against the real daemon's gateway (issue 28.5): it
// lists the methods the signed-in principal may call (an admin's and a reader's lists differ; local-only
// ones are not offered over the gateway), builds a form from a method's params, and shows the result or
// the error as JSON. Without /usr/bin/chromium every test here reports skipped.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Browser, hasChromium, launchBrowser } from "./helpers/browser.js";
import { buildDashboard, type DashboardEnv, startDashboardEnv } from "./helpers/dashboard-env.js";

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

let env: DashboardEnv;
let browser: Browser;
const problems: string[] = [];

beforeAll(async () => {
  if (!hasChromium) return;
  buildDashboard();
  env = await startDashboardEnv();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

async function methodsOf(token: string): Promise<Page> {
  const page = await browser.context.newPage();
  page.on("pageerror", (err) => problems.push(err.message));
  await page.goto(`${env.origin}/`);
  await page.getByLabel("Pairing token").fill(token);
  await page.getByRole("button", { name: "Connect" }).click();
  await page.getByTestId("status").waitFor();
  await page.getByTestId("methods").locator("summary").click();
  await page.getByRole("navigation", { name: "methods" }).waitFor();
  return page;
}

const listed = (page: Page) =>
  page.getByRole("navigation", { name: "methods" }).locator("button code").allTextContents();

describe.skipIf(!hasChromium)("the dashboard's Methods view", () => {
  it("lists what an admin may call, calls status from its form, and shows a method's error", async () => {
    const page = await methodsOf(env.adminToken);
    const names = await listed(page);
    expect(names).toEqual(expect.arrayContaining(["status", "session/new", "config/set", "session/prompt"]));
    // Local-only methods cannot be called over the gateway, so they are not offered there.
    expect(names).not.toContain("pairing/create");
    expect(names).not.toContain("elicitation/create");
    expect(names).not.toContain("initialize");

    await page.getByRole("button", { name: /^status/ }).click();
    await page.getByTestId("method-form").getByRole("button", { name: "Call" }).click();
    await poll(async () =>
      JSON.parse((await page.getByTestId("call-result").textContent()) ?? "{}"),
    ).toMatchObject({
      protocol_version: 1,
      connections: { gateway: 1 },
    });

    // A param from the form: config/get of one prop.
    await page.getByRole("button", { name: /^config\/get/ }).click();
    await page.getByLabel("prop").fill("sessions.max_live");
    await page.getByTestId("method-form").getByRole("button", { name: "Call" }).click();
    await poll(async () => JSON.parse((await page.getByTestId("call-result").textContent()) ?? "{}")).toEqual(
      {
        prop: "sessions.max_live",
        value: 64,
      },
    );

    // A required param left empty is said on the page, nothing sent; an error reply is shown as JSON.
    await page.getByRole("button", { name: /^session\/messages/ }).click();
    await page.getByTestId("method-form").getByRole("button", { name: "Call" }).click();
    await poll(() => page.getByTestId("method-form").getByRole("alert").textContent()).toContain(
      "session_id is required",
    );
    await page.getByLabel("session_id").fill("no-such-session");
    await page.getByTestId("method-form").getByRole("button", { name: "Call" }).click();
    await poll(async () =>
      JSON.parse((await page.getByTestId("call-result").textContent()) ?? "{}"),
    ).toMatchObject({
      error: { code: -32000, data: { reason: "session_not_found" } },
    });
    await page.close();
    expect(problems).toEqual([]);
  });

  it("offers a reader only what its grants allow", async () => {
    const page = await methodsOf(env.readerToken);
    await poll(() => listed(page)).toContain("session/list");
    const names = await listed(page);
    expect(names).toEqual(expect.arrayContaining(["status", "config/get", "session/messages"]));
    expect(names).not.toContain("config/set");
    expect(names).not.toContain("session/new");
    expect(names).not.toContain("session/prompt");
    await page.close();
    expect(problems).toEqual([]);
  });
});
