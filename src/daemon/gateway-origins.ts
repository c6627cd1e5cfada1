// Which browser origins the gateway admits (SPEC §12, §18), and the address the dashboard is opened
// at. A gateway on a loopback address is reached by a local browser under any loopback name, so it
// admits http://127.0.0.1:<port>, http://localhost:<port> and http://[::1]:<port> besides its own
// origin; so does a wildcard bind (0.0.0.0, ::), which loopback reaches too. Origins compare exactly,
// scheme and host lower-cased, without a trailing slash.
import { isIP } from "node:net";

export const normalizeOrigin = (origin: string): string => origin.trim().replace(/\/$/, "").toLowerCase();

const WILDCARDS = new Set(["0.0.0.0", "::", "[::]"]);

const bare = (host: string): string => host.replace(/^\[(.*)\]$/, "$1").toLowerCase();

export function isLoopbackHost(host: string): boolean {
  const h = bare(host);
  if (h === "localhost" || h === "::1") return true;
  if (isIP(h) === 4) return h.startsWith("127.");
  return /^::ffff:127\./.test(h);
}

export const isWildcardHost = (host: string): boolean => WILDCARDS.has(bare(host));

/** `host` as it appears in a URL: IPv6 literals in brackets. */
export const urlHost = (host: string): string => (bare(host).includes(":") ? `[${bare(host)}]` : host);

/** Every origin whose pages may open the gateway's WebSocket. */
export function admittedOrigins(host: string, port: number, allowed: readonly string[]): Set<string> {
  const origins = [`http://${urlHost(host)}:${port}`, ...allowed];
  if (isLoopbackHost(host) || isWildcardHost(host))
    origins.push(`http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://[::1]:${port}`);
  return new Set(origins.map(normalizeOrigin));
}

/**
 * Where the owner opens the dashboard: the bound address, except that a wildcard bind is opened on
 * the loopback address of its family (a browser cannot open 0.0.0.0 everywhere).
 */
export function dashboardBase(host: string, port: number): string {
  const h = bare(host);
  const shown = h === "0.0.0.0" ? "127.0.0.1" : h === "::" ? "[::1]" : urlHost(host);
  return `http://${shown}:${port}/`;
}
