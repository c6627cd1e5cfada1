// The dashboard page on the gateway (GET /): the files `npm run build` puts in dist/dashboard/
// (scripts/build-dashboard.mjs), read once into memory, served with their content types, gzipped for
// clients that accept it, under a strict Content-Security-Policy. The page talks to the daemon only
// through JSON-RPC over the gateway's own WebSocket, so `connect-src` names that origin and nothing else.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { dirname, extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};

type Asset = { type: string; body: Buffer; gzip: Buffer | undefined };

/**
 * dist/dashboard/ of this package, found from this module's place: src/daemon/ (tsx), dist/src/daemon/
 * (tsc) or dist/bundle/ (the esbuild bundle) are two or three levels under the package root. (Not "the
 * nearest package.json": tsc copies package.json into dist/.)
 */
export function defaultDashboardDir(from: string = fileURLToPath(import.meta.url)): string | undefined {
  let dir = dirname(from);
  for (let up = 0; up < 4 && dir !== dirname(dir); up++, dir = dirname(dir)) {
    const candidate = join(dir, "dist", "dashboard");
    if (existsSync(join(candidate, "index.html"))) return candidate;
  }
  return undefined;
}

/** `default-src 'none'` and only what the page uses: its own script, style and icon, and the gateway's ws. */
export function contentSecurityPolicy(wsOrigin: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    `connect-src ${wsOrigin}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export class DashboardAssets {
  private readonly assets = new Map<string, Asset>();

  /** Without a built page, GET / says how to build it instead of failing silently. */
  constructor(dir: string | undefined = defaultDashboardDir()) {
    if (dir === undefined || !existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const type = CONTENT_TYPES[extname(name)];
      if (type === undefined) continue;
      const body = readFileSync(join(dir, name));
      // Images are compressed already; text shrinks by about two thirds.
      const gzip = type === "image/png" ? undefined : gzipSync(body, { level: 9 });
      this.assets.set(name === "index.html" ? "/" : `/${name}`, { type, body, gzip });
    }
  }

  get built(): boolean {
    return this.assets.has("/");
  }

  /** `path` is the page itself (not one of its assets). */
  servesPage(path: string): boolean {
    return path === "/" || path === "/index.html";
  }

  /**
   * The page asked for under an address whose origin the gateway would refuse at the WebSocket
   * upgrade (say http://my-host:42617/ for a gateway on 127.0.0.1): instead of a page that can only
   * fail with "cannot connect", a short one that says which address to open, or what to configure.
   */
  refuseOrigin(req: IncomingMessage, res: ServerResponse, origin: string, openInstead: string): void {
    const html = refusedOriginPage(origin, openInstead);
    res.writeHead(403, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": Buffer.byteLength(html),
      "Cache-Control": "no-cache",
      "Content-Security-Policy": contentSecurityPolicy("'none'"),
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
    });
    res.end(req.method === "HEAD" ? undefined : html);
  }

  /** Serves `path` if it is one of the page's files; false lets the gateway answer 404. */
  serve(req: IncomingMessage, res: ServerResponse, path: string, wsOrigin: string): boolean {
    const asset = this.assets.get(path === "/index.html" ? "/" : path);
    if (asset === undefined) {
      if (path !== "/") return false;
      const text = "The dashboard is not built: run `npm run build`.\n";
      res.writeHead(503, {
        "Content-Type": "text/plain; charset=utf-8",
        "Content-Length": Buffer.byteLength(text),
      });
      res.end(text);
      return true;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD", "Content-Length": 0 });
      res.end();
      return true;
    }
    const gzip = asset.gzip !== undefined && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    const body = gzip ? asset.gzip! : asset.body;
    res.writeHead(200, {
      "Content-Type": asset.type,
      "Content-Length": body.byteLength,
      ...(gzip ? { "Content-Encoding": "gzip" } : {}),
      Vary: "Accept-Encoding",
      // Rebuilt assets keep their names: revalidate rather than cache stale code.
      "Cache-Control": "no-cache",
      "Content-Security-Policy": contentSecurityPolicy(wsOrigin),
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
      "Cross-Origin-Opener-Policy": "same-origin",
    });
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  }
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function refusedOriginPage(origin: string, openInstead: string): string {
  const o = escapeHtml(origin);
  const open = escapeHtml(openInstead);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>zeroclaw dashboard: open another address</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="stylesheet" href="/app.css"></head>
<body><div class="pairing"><div class="card pairing-card" data-testid="refused-origin">
<h1><span class="logo">\u25c6</span> zeroclaw</h1>
<p>This gateway does not accept connections from pages at <code>${o}</code>, so the dashboard cannot work here.</p>
<p>Open <a href="${open}">${open}</a> instead (on the daemon's machine, <code>zeroclaw dashboard</code> prints it with a login code).</p>
<p class="muted">To use this address, add <code>"${o}"</code> to <code>gateway.allowed_origins</code> and restart the daemon.</p>
</div></div></body></html>
`;
}
