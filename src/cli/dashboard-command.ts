// zeroclaw dashboard [--open]: the owner's dashboard in one step. Asks the local daemon for a one-time
// login code (dashboard/login: local socket, owner or admin) and prints the URL that carries it in its
// fragment; --open hands it to the desktop's opener ($BROWSER, else xdg-open / open / start). Without a
// running gateway it says how to start one.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import { withDaemon } from "./daemon-client.js";
import { CliError, Exit } from "./exit-codes.js";

export async function dashboardCommand(o: { open: boolean; configDir?: string }): Promise<number> {
  const login = await withDaemon(o.configDir, (d) => d.client.dashboardLogin({}));
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
    const child = spawn(opener.command, [...opener.args, login.url], { detached: true, stdio: "ignore" });
    child.on("error", () => undefined); // a failed opener leaves the printed link, which still works
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
