// The owner's dashboard in a real browser (headless Debian Chromium via playwright-core) against the
// real daemon, whose gateway was turned on from the command line (--gateway) while the config says
// gateway.enabled = false: sign-in by the URL dashboard/login gives (no profile, user or token), the code
// gone from the address bar and good once; both loopback names; an address the gateway would refuse
// gets a page naming the one to open; a turn joined midway shown from its prompt; tool blocks; cancelled
// and failed turns marked; values in effect in the config panel; and a 390 px wide phone screen with
// no sideways scroll. Screenshots go to test-artifacts/dashboard/. Without chromium, skipped.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Browser, hasChromium, launchBrowser } from "./helpers/browser.js";
import { buildDashboard } from "./helpers/dashboard-env.js";
import { FakeOpenAi, step, textReply } from "./helpers/fake-openai-server.js";
import { REPO_ROOT } from "./helpers/proc-daemon.js";
import { RawClient } from "./helpers/raw-client.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";
import { TurnClient } from "./helpers/turn-client.js";

const ARTIFACTS = join(REPO_ROOT, "test-artifacts", "dashboard");
const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });
/** A host name Chromium resolves to 127.0.0.1 (--host-resolver-rules): an address the gateway does not admit. */
const OTHER_NAME = "zeroclaw-elsewhere.test";

let d: TestDaemon;
let fake: FakeOpenAi;
let owner: RawClient;
let browser: Browser;
let port: number;
const problems: string[] = [];

async function loginUrl(): Promise<string> {
  const r = await owner.request("dashboard/login", {});
  const url = (r.result as { url: string | null } | undefined)?.url;
  if (!url) throw new Error(`dashboard/login: ${JSON.stringify(r)}`);
  return url;
}

async function openPage(width?: number): Promise<Page> {
  const page = await browser.context.newPage();
  if (width) await page.setViewportSize({ width, height: 844 });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console: ${m.text()}`);
  });
  return page;
}

/** Opens the login URL and waits until the page is signed in. */
async function signedIn(width?: number): Promise<Page> {
  const page = await openPage(width);
  await page.goto(await loginUrl());
  await page.getByTestId("status").waitFor();
  return page;
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const { scroll, inner } = await page.evaluate<{ scroll: number; inner: number }>(
    "({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth })",
  );
  expect(scroll, `page is ${scroll}px wide in a ${inner}px window`).toBeLessThanOrEqual(inner);
}

beforeAll(async () => {
  if (!hasChromium) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  buildDashboard();
  fake = await FakeOpenAi.start();
  d = await startTestDaemon(
    `
[gateway]
port = 0

[providers.fake]
kind = "openai"
base_url = "${fake.baseUrl}"
model = "m1"

[agents.coder]
provider = "fake"
allowed_tools = ["bash", "ask_user"]
`,
    { gateway: true },
  );
  port = Number(new URL(d.daemon.services.gatewayUrl()!.replace(/^ws:/, "http:")).port);
  owner = await RawClient.connect(d.endpoint);
  await owner.initialize();
  browser = await launchBrowser([`--host-resolver-rules=MAP ${OTHER_NAME} 127.0.0.1`]);
});
afterAll(async () => {
  await browser?.close();
  owner?.close();
  await d?.stop();
  await fake?.close();
});

describe.skipIf(!hasChromium)("the owner's dashboard in headless Chromium", () => {
  it("signs in from the dashboard/login URL: as the owner, the code out of the address bar, good once", async () => {
    const url = await loginUrl();
    expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/#login=zcl_`));
    const page = await openPage();
    await page.goto(url);
    await poll(() => page.locator(".who .badge").textContent()).toBe("owner · admin");
    expect(page.url()).toBe(`http://127.0.0.1:${port}/`);
    expect(await page.evaluate<number>("sessionStorage.length")).toBe(0);
    await shot(page, "owner-1-signed-in");

    // The same link again: used up. The page says what to do.
    const again = await openPage();
    await again.goto(url);
    await poll(() => again.getByRole("alert").textContent()).toMatch(/zeroclaw dashboard. again/);
    expect(again.url()).toBe(`http://127.0.0.1:${port}/`);
    await shot(again, "owner-2-link-used");
    await Promise.all([page.close(), again.close()]);
    problems.length = 0; // the refused sign-in is logged by the browser as a failed request, by design
  });

  it("works at http://localhost:PORT too; an address the gateway refuses gets a page saying what to open", async () => {
    const url = (await loginUrl()).replace("127.0.0.1", "localhost");
    const page = await openPage();
    await page.goto(url);
    await poll(() => page.locator(".who .badge").textContent()).toBe("owner · admin");
    expect(page.url()).toBe(`http://localhost:${port}/`);
    await page.close();

    const elsewhere = await openPage();
    const response = await elsewhere.goto(`http://${OTHER_NAME}:${port}/`);
    expect(response?.status()).toBe(403);
    const card = elsewhere.getByTestId("refused-origin");
    await card.waitFor();
    expect(await card.textContent()).toContain(`http://${OTHER_NAME}:${port}`);
    expect(await card.getByRole("link").getAttribute("href")).toBe(`http://127.0.0.1:${port}/`);
    await shot(elsewhere, "owner-3-refused-origin");
    await elsewhere.close();
    // The 403 of that page is the browser's only complaint, by design.
    expect(problems.filter((p) => !/status of 403/.test(p))).toEqual([]);
    problems.length = 0;
  });

  it("joins a turn another client runs midway: its prompt and the text so far at once, then cancels it (marked)", async () => {
    const other = await TurnClient.connect(d.endpoint);
    try {
      await other.call("session/new", { agent: "coder", session_id: "joined-midway" });
      fake.enqueue([
        step.text("Counting: 1, 2, 3, "),
        step.delay(60_000),
        step.text("never"),
        step.finish("stop"),
      ]);
      const turn = other.prompt("joined-midway", "count slowly for me", 90_000);
      await other.update("joined-midway", "agent_message_chunk");
      // The page opens after the first chunk was sent: before running_turn it would show nothing of it.
      const page = await signedIn();
      await page.locator('tr[data-session="joined-midway"]').click();
      await poll(() => page.getByTestId("transcript").textContent()).toContain("count slowly for me");
      await poll(() => page.getByTestId("live-text").first().textContent()).toContain("Counting: 1, 2, 3,");
      expect(await page.locator(".live.running").count()).toBe(1);
      await shot(page, "owner-4-joined-midway");
      await page.getByRole("button", { name: "Cancel turn" }).click();
      expect((await turn.result()).outcome).toBe("cancelled");
      await poll(() => page.getByTestId("turn-marker").last().textContent()).toContain("turn cancelled");
      await shot(page, "owner-5-cancelled");
      await page.close();
    } finally {
      other.close();
    }
    expect(problems).toEqual([]);
  });

  it("shows tool input and output readable and collapsible, and marks a failed turn", async () => {
    const page = await signedIn();
    await page.getByLabel("agent").selectOption("coder");
    await page.getByRole("button", { name: "New session" }).click();
    await page.getByTestId("session-view").waitFor();
    fake.enqueue([
      ...step.toolCallSplit(
        0,
        "call_t",
        "bash",
        JSON.stringify({ command: "printf 'alpha\\nbeta\\ngamma\\n'" }),
        3,
      ),
      step.finish("tool_calls"),
    ]);
    fake.enqueue(textReply("Three lines."));
    await page.getByLabel("prompt").fill("print three lines");
    await page.getByRole("button", { name: "Send" }).click();
    await poll(() => page.getByTestId("transcript").textContent()).toContain("Three lines.");
    const result = page.locator("details.tool_result").last();
    expect(await result.locator("summary").textContent()).toContain("exit 0 · 3 lines");
    // The output as lines under its name, not one escaped JSON string.
    expect(await result.locator("pre").textContent()).toMatch(/stdout:\n {2}alpha\n {2}beta\n {2}gamma/);
    const call = page.locator("details.tool_call").last();
    expect(await call.locator("summary").textContent()).toContain("$ printf");
    const isOpen = (e: unknown): boolean => (e as { open: boolean }).open;
    expect(await result.evaluate(isOpen)).toBe(true);
    await result.locator("summary").click();
    expect(await result.evaluate(isOpen)).toBe(false);

    fake.enqueue([step.httpError(500, "the model is down")]);
    await page.getByLabel("prompt").fill("this one fails");
    await page.getByRole("button", { name: "Send" }).click();
    await poll(() => page.locator(".transcript .outcome-failed").last().textContent()).toMatch(/turn failed/);
    await shot(page, "owner-6-tools-and-failure");
    await page.close();
    problems.length = 0; // the failed turn's session/prompt is shown on the page's error line, by design
  });

  it("labels settings in effect that differ from the config: gateway.enabled is true while the page is served", async () => {
    const page = await signedIn();
    const enabled = page.locator('tr[data-prop="gateway.enabled"]');
    await poll(() => enabled.getByTestId("in-effect").textContent()).toBe("true");
    expect(await enabled.textContent()).toContain("configured false, applies at next start");
    const portRow = page.locator('tr[data-prop="gateway.port"]');
    await poll(() => portRow.getByTestId("in-effect").textContent()).toBe(String(port));
    // A value in effect as configured carries no label.
    expect(await page.locator('tr[data-prop="gateway.host"]').getByTestId("in-effect").count()).toBe(0);
    await page.close();
    expect(problems).toEqual([]);
  });

  it("is usable on a 390 px wide phone screen without sideways scrolling", async () => {
    const pairing = await openPage(390);
    await pairing.goto(`http://127.0.0.1:${port}/`);
    await pairing.getByLabel("Pairing token").waitFor();
    await noSidewaysScroll(pairing);
    await shot(pairing, "phone-1-pairing");
    await pairing.close();

    const page = await signedIn(390);
    await noSidewaysScroll(page);
    // A session with long lines, tool blocks and a marker: the heaviest transcript there is here.
    const other = await TurnClient.connect(d.endpoint);
    try {
      await other.call("session/new", {
        agent: "coder",
        session_id: "phone-with-a-rather-long-session-id-0123456789",
      });
      fake.enqueue([
        ...step.toolCallSplit(0, "call_p", "bash", JSON.stringify({ command: `echo ${"x".repeat(300)}` }), 2),
        step.finish("tool_calls"),
      ]);
      fake.enqueue(textReply(`A long unbroken word: ${"y".repeat(200)} and the rest.`));
      await other.prompt("phone-with-a-rather-long-session-id-0123456789", "z".repeat(500)).result();
    } finally {
      other.close();
    }
    await page.locator('tr[data-session="phone-with-a-rather-long-session-id-0123456789"]').click();
    await poll(() => page.getByTestId("transcript").textContent()).toContain("and the rest.");
    await noSidewaysScroll(page);
    await shot(page, "phone-2-session");
    await page.getByTestId("config").scrollIntoViewIfNeeded();
    await noSidewaysScroll(page);
    await shot(page, "phone-3-config");
    await page.close();
    expect(problems).toEqual([]);
  });
});
