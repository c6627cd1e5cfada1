// The dashboard in a real browser (headless Debian Chromium via playwright-core) against the real
// daemon and its gateway: pairing, status, a turn run from the page, an approval and an ask_user
// question answered from the page against the fake OpenAI-compatible server, a turn started by another
// client seen live through session/subscribe, and the read-only config. Measures page weight and time
// to first render; screenshots go to test-artifacts/dashboard/ (gitignored). With
// UPDATE_DOCS_SCREENSHOT=1 the live-turn screenshot is also copied to docs/dashboard.png.
// Without /usr/bin/chromium every test here reports skipped.
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type ZeroclawClient } from "../src/client/index.js";
import { type Browser, hasChromium, launchBrowser } from "./helpers/browser.js";
import { buildDashboard, type DashboardEnv, startDashboardEnv } from "./helpers/dashboard-env.js";
import { step, textReply } from "./helpers/fake-openai-server.js";
import { REPO_ROOT } from "./helpers/proc-daemon.js";

const ARTIFACTS = join(REPO_ROOT, "test-artifacts", "dashboard");
const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

/** Waits for what the page shows (status and the session list are polled every 2 s). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

let env: DashboardEnv;
let browser: Browser;
/** Errors the page threw or logged, and CSP violations: any of them fails the test that caused it. */
const pageProblems: string[] = [];

async function openPage(): Promise<Page> {
  const page = await browser.context.newPage();
  page.on("pageerror", (err) => pageProblems.push(`pageerror: ${err.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") pageProblems.push(`console: ${m.text()}`);
  });
  return page;
}

/** Loads the page and pairs with a token through the form. */
async function paired(token: string): Promise<Page> {
  const page = await openPage();
  await page.goto(`${env.origin}/`);
  await page.getByLabel("Pairing token").fill(token);
  await page.getByRole("button", { name: "Connect" }).click();
  await page.getByTestId("status").waitFor();
  return page;
}

async function newSession(page: Page, agent: string): Promise<string> {
  const view = page.getByTestId("session-view");
  // The id shown before, if a session is open already: the new one is the heading once it changes.
  const before = (await view.count()) > 0 ? await view.locator("h2").textContent() : null;
  await page.getByLabel("agent").selectOption(agent);
  await page.getByRole("button", { name: "New session" }).click();
  await view.waitFor();
  await poll(() => view.locator("h2").textContent()).not.toBe(before);
  return (await view.locator("h2").textContent()) ?? "";
}

async function send(page: Page, prompt: string): Promise<void> {
  await page.getByLabel("prompt").fill(prompt);
  await page.getByRole("button", { name: "Send" }).click();
}

/** A model turn that calls one tool (arguments streamed in pieces) after some text. */
const toolTurn = (id: string, name: string, args: unknown, before: string) => [
  step.text(before),
  ...step.toolCallSplit(0, id, name, JSON.stringify(args), 3),
  step.finish("tool_calls"),
];

beforeAll(async () => {
  if (!hasChromium) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  buildDashboard();
  env = await startDashboardEnv();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

describe.skipIf(!hasChromium)("the dashboard in headless Chromium", () => {
  it("loads, asks for a token, pairs, and shows status; measures weight and first render", async () => {
    const page = await openPage();
    const transferred = new Map<string, number>();
    page.on("requestfinished", async (req) => {
      const sizes = await req.sizes();
      transferred.set(new URL(req.url()).pathname, sizes.responseBodySize + sizes.responseHeadersSize);
    });
    await page.goto(`${env.origin}/`, { waitUntil: "load" });
    await page.getByLabel("Pairing token").waitFor();
    // Read in the page (a string: this project's tsconfig has no DOM types). The mark is main.tsx's,
    // set right after Preact's first render; FCP is Chromium's first contentful paint.
    await poll(() =>
      page.evaluate<number>('performance.getEntriesByName("first-contentful-paint").length'),
    ).toBe(1);
    const timing = await page.evaluate<{ render?: number; fcp?: number; load: number }>(`({
      render: performance.getEntriesByName("zeroclaw:first-render")[0]?.startTime,
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      load: performance.getEntriesByType("navigation")[0].loadEventEnd,
    })`);
    await shot(page, "1-pairing");

    // A wrong token stays on the prompt with the daemon's refusal, and is not kept.
    await page.getByLabel("Pairing token").fill("zc_wrong");
    await page.getByRole("button", { name: "Connect" }).click();
    await poll(() => page.getByRole("alert").textContent()).toMatch(/Pairing failed/);
    expect(await page.evaluate<number>("sessionStorage.length")).toBe(0);

    await page.getByLabel("Pairing token").fill(env.adminToken);
    await page.getByRole("button", { name: "Connect" }).click();
    const version = ((await env.owner.request("status", {})).result as { server_version: string })
      .server_version;
    await poll(() => page.getByTestId("version").textContent()).toBe(version);
    await poll(() => page.getByTestId("connections").textContent()).toMatch(/^1 local · 1 gateway \/ \d+$/);
    await poll(() => page.getByTestId("uptime").textContent()).toMatch(/^\d+[smhd]/);
    await poll(() => page.getByTestId("status").textContent()).toMatch(/live sessions max\s*64/);
    expect(await page.evaluate<string | null>('sessionStorage.getItem("zeroclaw.dashboard.token")')).toBe(
      env.adminToken,
    );

    // The token is kept for the tab: a reload pairs again without asking.
    await page.reload();
    await poll(() => page.getByTestId("version").textContent()).toBe(version);
    await shot(page, "2-status");

    const kib = [...transferred.values()].reduce((a, b) => a + b, 0) / 1024;
    const metrics = {
      pageWeightKiB: Number(kib.toFixed(1)),
      perAssetBytes: Object.fromEntries(transferred),
      firstRenderMs: timing.render && Number(timing.render.toFixed(1)),
      firstContentfulPaintMs: timing.fcp && Number(timing.fcp.toFixed(1)),
      loadEventMs: Number(timing.load.toFixed(1)),
    };
    writeFileSync(join(ARTIFACTS, "metrics.json"), `${JSON.stringify(metrics, null, 2)}\n`);
    console.log(`dashboard metrics: ${JSON.stringify(metrics)}`);
    expect([...transferred.keys()].sort()).toEqual(["/", "/app.css", "/app.js", "/favicon.svg"]);
    expect(timing.render).toBeGreaterThan(0);
    await page.close();
    expect(pageProblems).toEqual([]);
  });

  it("runs a turn from the page and shows the streamed echo text", async () => {
    const page = await paired(env.adminToken);
    const sid = await newSession(page, "default");
    await send(page, "hello from the browser");
    await poll(() => page.getByTestId("transcript").textContent()).toContain("hello from the browser");
    // The echo reply (the concatenated chunks) arrives as the assistant's text, then the turn ends.
    await page.locator(".role-assistant", { hasText: "hello from the browser" }).first().waitFor();
    await poll(() => page.getByTestId("page").textContent()).toMatch(/2 messages/);
    await poll(() => page.locator(`tr[data-session="${sid}"] td.num`).textContent()).toBe("2");
    await shot(page, "3-echo-turn");
    await page.close();
    expect(pageProblems).toEqual([]);
  });

  it("approves a tool call from the page while the turn waits (Allow once), then sees its result", async () => {
    env.fake.enqueue(toolTurn("call_1", "bash", { command: "echo hi-from-the-page" }, "Let me run that. "));
    env.fake.enqueue(textReply("The command printed hi-from-the-page."));
    const page = await paired(env.adminToken);
    await newSession(page, "coder");
    await send(page, "please run the command");

    const card = page.getByTestId("approval");
    await card.waitFor();
    expect(await card.textContent()).toContain("echo hi-from-the-page");
    // The turn is live and paused: text streamed so far and the tool call are on screen.
    await poll(() => page.getByTestId("live-text").first().textContent()).toContain("Let me run that.");
    await page.getByTestId("live-tool-call").waitFor();
    expect(await page.locator(".state-running").count()).toBeGreaterThan(0);
    await shot(page, "4-approval-live-turn");
    await page.screenshot({ path: join(ARTIFACTS, "readme-live-turn.png") }); // the viewport, for the README
    if (process.env.UPDATE_DOCS_SCREENSHOT === "1")
      copyFileSync(join(ARTIFACTS, "readme-live-turn.png"), join(REPO_ROOT, "docs", "dashboard.png"));

    await card.getByRole("button", { name: "Allow once" }).click();
    await poll(() => page.getByTestId("transcript").textContent()).toContain(
      "The command printed hi-from-the-page.",
    );
    expect(await card.count()).toBe(0);
    // The model got the real bash output back as the tool result.
    const toolMsg = env.fake.requests.at(-1)?.body?.messages?.find((m) => m.role === "tool");
    expect(String(toolMsg?.content)).toContain("hi-from-the-page");
    await shot(page, "5-approved");
    await page.close();
    expect(pageProblems).toEqual([]);
  });

  it("answers an ask_user question from the page (elicitation)", async () => {
    env.fake.enqueue(
      toolTurn("call_q", "ask_user", { question: "Which colour?", choices: ["red", "blue"] }, ""),
    );
    env.fake.enqueue(textReply("Blue it is."));
    const page = await paired(env.adminToken);
    await newSession(page, "coder");
    await send(page, "ask me something");
    const card = page.getByTestId("question");
    await card.waitFor();
    expect(await card.textContent()).toContain("Which colour?");
    await shot(page, "6-question");
    await card.getByRole("button", { name: "blue" }).click();
    await poll(() => page.getByTestId("transcript").textContent()).toContain("Blue it is.");
    const toolMsg = env.fake.requests.at(-1)?.body?.messages?.find((m) => m.role === "tool");
    expect(String(toolMsg?.content)).toMatch(/accept[\s\S]*blue/);
    await page.close();
    expect(pageProblems).toEqual([]);
  });

  it("a session the page made and never prompted is deleted when the page opens another or closes", async () => {
    const page = await paired(env.adminToken);
    const other: ZeroclawClient = await connect({ socket: env.d.endpoint });
    try {
      await other.initialize({ protocolVersion: 1 });
      const ids = async () => (await other.sessionList({})).sessions.map((x) => x.session_id);
      const first = await newSession(page, "default");
      expect(await ids()).toContain(first);
      const second = await newSession(page, "default");
      await poll(ids).not.toContain(first);
      const prompted = await newSession(page, "default");
      await poll(ids).not.toContain(second);
      await send(page, "keep this one");
      await poll(() => page.getByTestId("transcript").textContent()).toContain("keep this one");
      const last = await newSession(page, "default");
      expect(await ids()).toEqual(expect.arrayContaining([prompted, last]));
      await page.close();
      await poll(ids).not.toContain(last);
      expect(await ids()).toContain(prompted);
    } finally {
      other.close();
    }
    expect(pageProblems).toEqual([]);
  });

  it("shows a turn started by another client live (session/subscribe) and lets the page approve it", async () => {
    const page = await paired(env.adminToken);
    const other: ZeroclawClient = await connect({ socket: env.d.endpoint });
    try {
      await other.initialize({ protocolVersion: 1 });
      const { session_id } = await other.sessionNew({ agent: "coder", session_id: "watched-from-elsewhere" });
      // The session list is polled: the new session appears without a reload; opening it subscribes.
      const row = page.locator(`tr[data-session="${session_id}"]`);
      await row.click();
      await poll(() => page.getByTestId("page").textContent()).toMatch(/0 messages/);

      env.fake.enqueue(toolTurn("call_w", "bash", { command: "echo watched" }, "Streaming from elsewhere. "));
      env.fake.enqueue(textReply("Done elsewhere."));
      const turn = other.sessionPrompt({ session_id, prompt: "run it from the terminal" });
      await poll(() => page.getByTestId("live-text").first().textContent()).toContain(
        "Streaming from elsewhere.",
      );
      const card = page.getByTestId("approval");
      await card.waitFor();
      await shot(page, "7-watched-live");
      await card.getByRole("button", { name: "Always" }).click();
      const result = await turn;
      expect(result.outcome).toBe("completed");
      await poll(() => page.getByTestId("transcript").textContent()).toContain("Done elsewhere.");
    } finally {
      other.close();
    }
    await page.close();
    expect(pageProblems).toEqual([]);
  });

  it("enforces its CSP in the browser: no inline script, no socket anywhere but the gateway's own origin", async () => {
    const page = await paired(env.adminToken);
    const elsewhere = env.origin.replace(/:(\d+)$/, (_, p) => `:${Number(p) === 65535 ? 1 : Number(p) + 1}`);
    const outcome = await page.evaluate<{
      violations: string[];
      inlineRan: boolean;
    }>(`new Promise((resolve) => {
      const violations = [];
      document.addEventListener("securitypolicyviolation", (e) => violations.push(e.effectiveDirective));
      const s = document.createElement("script");
      s.textContent = "window.__inlineRan = true";
      document.body.append(s);
      try { new WebSocket(${JSON.stringify(elsewhere.replace(/^http:/, "ws:"))} + "/rpc"); } catch {}
      setTimeout(() => resolve({ violations, inlineRan: window.__inlineRan === true }), 300);
    })`);
    expect(outcome.inlineRan).toBe(false);
    expect(outcome.violations.sort()).toEqual(["connect-src", "script-src-elem"]);
    await page.close();
    pageProblems.length = 0; // the two refusals above are logged as console errors, by design
  });

  it("the gateway refuses a WebSocket from a page of another origin (gateway.allowed_origins default)", async () => {
    const foreign = createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end("<!doctype html><title>elsewhere</title>");
    });
    await new Promise<void>((resolve) => foreign.listen(0, "127.0.0.1", resolve));
    const page = await openPage();
    try {
      await page.goto(`http://127.0.0.1:${(foreign.address() as AddressInfo).port}/`);
      const result = await page.evaluate<string>(`new Promise((resolve) => {
        const ws = new WebSocket(${JSON.stringify(env.wsUrl)});
        ws.onopen = () => resolve("open");
        ws.onclose = (e) => resolve("closed " + e.code);
      })`);
      expect(result).toBe("closed 1006"); // refused before the upgrade (HTTP 403)
      await poll(() => env.d.logs.some((l) => l.msg === "upgrade refused: origin not allowed")).toBe(true);
    } finally {
      await page.close();
      foreign.close();
      pageProblems.length = 0; // the refused handshake is logged as a console error, by design
    }
  });

  it("shows the config with secrets masked, editable for an admin and read-only without config:update", async () => {
    const admin = await paired(env.adminToken);
    const key = admin.locator('tr[data-prop="providers.fake.api_key"]');
    await poll(() => key.textContent()).toMatch(/secret/);
    expect(await admin.content()).not.toContain("sk-dashboard-secret");
    const prompt = admin.locator('tr[data-prop="agents.coder.provider"]');
    await prompt.getByRole("button", { name: "Edit" }).click();
    await prompt.getByLabel("agents.coder.provider").fill("echo");
    await prompt.getByRole("button", { name: "Save" }).click();
    await poll(
      async () => (await env.owner.request("config/get", { prop: "agents.coder.provider" })).result,
    ).toEqual({
      prop: "agents.coder.provider",
      value: "echo",
    });
    await admin.close();

    const reader = await paired(env.readerToken);
    await reader.getByTestId("config-readonly").waitFor();
    await poll(() => reader.locator('tr[data-prop="providers.fake.api_key"]').textContent()).toMatch(
      /secret/,
    );
    expect(await reader.getByRole("button", { name: "Edit" }).count()).toBe(0);
    expect(await reader.content()).not.toContain("sk-dashboard-secret");
    await shot(reader, "8-reader-config");
    await reader.close();
    expect(pageProblems).toEqual([]);
  });
});
