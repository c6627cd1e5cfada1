// SPEC §19 "no secret on a command line": `zeroclaw dashboard --open` must not hand the
// `#login=zcl_…` URL to the opener as an argument, where every local user can read it in
// /proc/<pid>/cmdline (issue 25: another uid redeemed it ~100 ms later). Instead, as Jupyter does with
// its redirect file, the URL goes into a 0600 HTML page in the daemon's runtime dir (`run/` next to the
// daemon's socket, 0700) that forwards to it, and the opener gets `file://…` of that page. The page is
// removed once the login code has expired (a detached remover, so the CLI returns at once; the path is
// not a secret), and every run sweeps pages left by a remover that was killed.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { lstatSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { LinkInTheWayError, writeFileAtomicSync } from "../storage/atomic-write.js";

const PREFIX = "dashboard-login-";
const SUFFIX = ".html";

/** The runtime dir for the daemon at `endpoint`: `run/` beside its socket, private to the owner. */
export function runtimeDir(endpoint: string): string {
  return join(dirname(endpoint), "run");
}

const htmlEscape = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page: meta refresh and location.replace (no history entry keeps the code), and a plain link. */
export function redirectPage(url: string): string {
  // In a <script>, JSON.stringify's string is closed against "</script>" by escaping "<".
  const js = JSON.stringify(url).replace(/</g, "\\u003c");
  const attr = htmlEscape(url);
  return `<!doctype html>
<html><head><meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<meta http-equiv="refresh" content="0;url=${attr}">
<title>zeroclaw dashboard</title>
<script>window.location.replace(${js});</script>
</head><body><p>Opening the <a href="${attr}">zeroclaw dashboard</a>…</p></body></html>
`;
}

/** Removes redirect pages older than `maxAgeMs` (a remover that never ran: killed, rebooted). */
export function sweepRedirectPages(dir: string, maxAgeMs: number, now = Date.now()): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(PREFIX) || !name.endsWith(SUFFIX)) continue;
    const path = join(dir, name);
    try {
      const st = lstatSync(path);
      if (now - st.mtimeMs > maxAgeMs) rmSync(path, { force: true });
    } catch {
      // gone meanwhile
    }
  }
}

/**
 * Writes the redirect page for `url` (0600, O_EXCL | O_NOFOLLOW through the atomic writer) and starts
 * its remover; returns the page's path and its file:// URL.
 */
export function writeRedirectPage(
  endpoint: string,
  url: string,
  removeAfterMs: number,
): { path: string; fileUrl: string } {
  const dir = runtimeDir(endpoint);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // A link or a file planted at run/ is refused, never followed (SPEC §19).
  const st = lstatSync(dir);
  if (!st.isDirectory())
    throw new LinkInTheWayError(dir, st.isSymbolicLink() ? "a symbolic link" : "not a directory");
  sweepRedirectPages(dir, Math.max(removeAfterMs, 60_000));
  const path = join(dir, `${PREFIX}${randomBytes(12).toString("hex")}${SUFFIX}`);
  writeFileAtomicSync(path, redirectPage(url));
  scheduleRemoval(path, removeAfterMs);
  return { path, fileUrl: pathToFileURL(path).href };
}

/** A detached Node process that removes `path` after `ms`: the CLI itself exits at once. */
function scheduleRemoval(path: string, ms: number): void {
  const script = `setTimeout(() => { try { require("node:fs").rmSync(process.env.ZC_REDIRECT_PAGE, { force: true }); } catch {} }, ${Math.max(0, Math.round(ms))});`;
  const child = spawn(process.execPath, ["-e", script], {
    detached: true,
    stdio: "ignore",
    env: { ZC_REDIRECT_PAGE: path },
  });
  child.on("error", () => undefined); // the next run's sweep removes it instead
  child.unref();
}
