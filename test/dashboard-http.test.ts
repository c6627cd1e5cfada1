// The dashboard as the gateway serves it (SPEC §10, §12), over plain HTTP: GET / and its assets with
// the right content types and a strict CSP whose connect-src is the gateway's own ws origin, gzip when
// asked, nothing new besides the page's files, and a page that cannot be served until it is built.
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DashboardAssets } from "../src/daemon/dashboard-assets.js";
import { GatewayListener } from "../src/daemon/gateway-listener.js";
import { silentLogger } from "../src/log.js";
import { buildDashboard, type DashboardEnv, startDashboardEnv } from "./helpers/dashboard-env.js";

type Reply = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

function get(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/** The CSP as directive → sources. */
const csp = (header: unknown): Map<string, string[]> =>
  new Map(
    String(header)
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );

let env: DashboardEnv;
beforeAll(async () => {
  buildDashboard();
  env = await startDashboardEnv();
});
afterAll(() => env?.stop());

describe("GET / on the gateway", () => {
  it("serves the page and each asset with its content type", async () => {
    const cases: [string, RegExp, RegExp][] = [
      ["/", /^text\/html; charset=utf-8$/, /<script type="module" src="\/app\.js"><\/script>/],
      ["/index.html", /^text\/html/, /<div id="app">/],
      ["/app.js", /^text\/javascript; charset=utf-8$/, /session\/subscribe/],
      ["/app.css", /^text\/css; charset=utf-8$/, /--accent/],
      ["/favicon.svg", /^image\/svg\+xml$/, /<svg/],
    ];
    for (const [path, type, content] of cases) {
      const r = await get(env.origin + path);
      expect(r.status, path).toBe(200);
      expect(r.headers["content-type"], path).toMatch(type);
      expect(r.headers["x-content-type-options"]).toBe("nosniff");
      expect(r.body.toString("utf8"), path).toMatch(content);
      expect(Number(r.headers["content-length"])).toBe(r.body.byteLength);
    }
  });

  it("sends a strict CSP: default-src 'none', own script and style, connect-src only the gateway's ws origin", async () => {
    const r = await get(`${env.origin}/`);
    const policy = csp(r.headers["content-security-policy"]);
    expect(policy.get("default-src")).toEqual(["'none'"]);
    expect(policy.get("script-src")).toEqual(["'self'"]);
    expect(policy.get("style-src")).toEqual(["'self'"]);
    expect(policy.get("connect-src")).toEqual([env.wsUrl.replace(/\/rpc$/, "")]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    // Nothing lets inline or evaluated code run.
    expect(String(r.headers["content-security-policy"])).not.toMatch(/unsafe-inline|unsafe-eval|\*|https?:/);
    // The HTML itself has no inline script or style to need it.
    const html = r.body.toString("utf8");
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|style=/);
  });

  it("gzips text assets for clients that accept it, and HEAD sends no body", async () => {
    const plain = await get(`${env.origin}/app.js`);
    const zipped = await get(`${env.origin}/app.js`, { "Accept-Encoding": "gzip, deflate" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toBe("Accept-Encoding");
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect(zipped.body.byteLength).toBeLessThan(plain.body.byteLength);
    const head = await get(`${env.origin}/`, {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.byteLength).toBe(0);
    expect(head.headers["content-security-policy"]).toBeDefined();
  });

  it("adds no other HTTP surface: unknown paths 404, the page refuses POST, /health and /rpc unchanged", async () => {
    expect((await get(`${env.origin}/api/status`)).status).toBe(404);
    expect((await get(`${env.origin}/../package.json`)).status).toBe(404);
    expect((await get(`${env.origin}/app.js.map`)).status).toBe(404);
    const post = await get(`${env.origin}/`, {}, "POST");
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD");
    expect((await get(`${env.origin}/health`)).body.toString()).toBe('{"status":"ok"}');
    expect((await get(`${env.origin}/rpc`)).status).toBe(426);
  });
});

describe("a gateway without a built page", () => {
  it("answers GET / with 503 and how to build it, and still 404s anything else", async () => {
    const empty = mkdtempSync(join(tmpdir(), "zc-nodash-"));
    expect(new DashboardAssets(empty).built).toBe(false);
    const g = new GatewayListener({
      host: "127.0.0.1",
      port: 0,
      maxConnections: 4,
      maxPendingConnections: 4,
      pendingTimeoutMs: 600_000,
      headerTimeoutMs: 10_000,
      allowedOrigins: [],
      backlog: 16,
      limits: {
        maxFrameBytes: 1 << 20,
        frameTimeoutMs: 5000,
        writeStallTimeoutMs: 5000,
        outputHighWaterBytes: 1 << 20,
      },
      log: silentLogger(),
      document: {},
      dashboardDir: empty,
      accept: (t) => t.close("not under test"),
    });
    const { url } = await g.listen();
    try {
      const origin = url.replace(/^ws:/, "http:").replace(/\/rpc$/, "");
      const r = await get(`${origin}/`);
      expect(r.status).toBe(503);
      expect(r.body.toString()).toMatch(/npm run build/);
      expect((await get(`${origin}/app.js`)).status).toBe(404);
    } finally {
      await g.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
