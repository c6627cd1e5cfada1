// zeroclaw dashboard [--open]: the owner's dashboard in one step. Asks the local daemon for a one-time
// login code (dashboard/login: local socket, owner or admin) and prints the URL that carries it in its
// fragment; --open hands it to the desktop's opener ($BROWSER, else xdg-open / open / start) through a
// 0600 redirect page (login-redirect-file.ts): the code never appears in any process's argv (SPEC §19).
// Without a running gateway it says how to start one.
import { spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { delimiter, join } from "node:path";
import { withDaemon } from "./daemon-client.js";
import { CliError, Exit } from "./exit-codes.js";
import { writeRedirectPage } from "./login-redirect-file.js";

export async function dashboardCommand(o: { open: boolean; configDir?: string }): Promise<number> {
  const { login, endpoint } = await withDaemon(o.configDir, async (d) => ({
    login: await d.client.dashboardLogin({}),
    endpoint: d.endpoint,
  }));
  if (login.url === null)
    throw new CliError(
      "the daemon's gateway is not running, and the dashboard is served by it: restart the daemon with `zeroclaw daemon --gateway` (or `zeroclaw config set gateway.enabled true`, then restart it)",
      Exit.failed,
    );
  process.stdout.write(`${login.url}\n`);
  const seconds = Math.max(1, Math.round((Date.parse(login.expires_at) - Date.now()) / 1000));
  process.stderr.write(
    `Signs in as you; the link works once, within ${seconds} s (run this again for a new one).\n`,
  );
  if (o.open) {
    const opener = findOpener();
    if (!opener) {
      process.stderr.write(
        "No browser opener found ($BROWSER, xdg-open, open): open the link above yourself.\n",
      );
      return Exit.ok;
    }
    // The opener gets file:// of a page that forwards to the link, never the link: an argument is
    // readable by every local user in /proc/<pid>/cmdline.
    let page: { path: string; fileUrl: string };
    try {
      page = writeRedirectPage(
        endpoint,
        login.url,
        Math.max(1000, Date.parse(login.expires_at) - Date.now()),
      );
    } catch (err) {
      throw new CliError(
        `cannot write the sign-in page for the browser: ${(err as Error).message} (open the link above yourself)`,
        Exit.failed,
      );
    }
    const child = spawn(opener.command, [...opener.args, page.fileUrl], { detached: true, stdio: "ignore" });
    // A failed opener leaves the printed link, which still works; the page is of no use then.
    child.on("error", () => rmSync(page.path, { force: true }));
    child.unref();
  }
  return Exit.ok;
}

/** $BROWSER (the convention terminals and tools share), else the platform's own opener on PATH. */
function findOpener(env: NodeJS.ProcessEnv = process.env): { command: string; args: string[] } | undefined {
  const browser = env.BROWSER?.split(":")[0]?.trim();
  if (browser) return { command: browser, args: [] };
  if (process.platform === "win32") return { command: "cmd", args: ["/c", "start", '""'] };
  const name = process.platform === "darwin" ? "open" : "xdg-open";
  const found = (env.PATH ?? "").split(delimiter).some((dir) => dir !== "" && existsSync(join(dir, name)));
  return found ? { command: name, args: [] } : undefined;
}
