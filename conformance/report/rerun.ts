/**
 * The command line that runs one case again, exactly as this run ran it, printed under every
 * failure (with --verbose, so the rerun shows the wire transcript and the daemon's stderr).
 */

export interface RerunTarget {
  /** How the suite was started, e.g. `zeroclaw-conformance` or `node /path/dist/cli.js`. */
  invocation?: string | undefined;
  socket: string | undefined;
  spawn: string | undefined;
  openrpc?: string | undefined;
  dialect?: string | undefined;
  allowWrites?: boolean | undefined;
  timeoutMs: number;
  defaultTimeoutMs: number;
}

export function rerunCommand(target: RerunTarget, caseName: string, requiredArea?: string): string {
  const words = [target.invocation ?? "zeroclaw-conformance"];
  if (target.spawn !== undefined) words.push("--spawn", shellQuote(target.spawn));
  if (target.socket !== undefined) words.push("--socket", shellQuote(target.socket));
  if (target.allowWrites) words.push("--allow-writes");
  if (target.openrpc !== undefined) words.push("--openrpc", shellQuote(target.openrpc));
  if (target.dialect !== undefined && target.dialect !== "seed") words.push("--dialect", target.dialect);
  if (target.timeoutMs !== target.defaultTimeoutMs) words.push("--timeout-ms", String(target.timeoutMs));
  if (requiredArea !== undefined) words.push("--require", shellQuote(requiredArea));
  words.push("--case", shellQuote(caseName), "--verbose");
  return words.join(" ");
}

/** POSIX shell quoting: bare when safe, else single quotes (an embedded quote as '\''). */
export function shellQuote(word: string): string {
  if (/^[\w@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}
