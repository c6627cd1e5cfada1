// zeroclaw sessions, user add, profile add, pair, unpair: small commands over one call each. The user
// and profile commands are thin wrappers over config/set-many, so what they write is exactly what a
// hand-written batch would (and is validated, committed and applied the same way).
import { RpcError } from "../../generated/errors.js";
import type { ConfigSetManyParams, SessionInfo } from "../../generated/types.js";
import { openDaemon, rpcFailure, withDaemon } from "./daemon-client.js";
import { CliError, Exit, usageError } from "./exit-codes.js";

const when = (iso: string): string => iso.replace("T", " ").replace(/\.\d+Z$|Z$/, "Z");

/** `zeroclaw sessions`: a table of the caller's sessions (an admin sees all), most recent last. */
export async function sessionsCommand(configDir?: string): Promise<number> {
  const { sessions } = await withDaemon(configDir, (d) => d.client.sessionList({}));
  // On a terminal the title is cut to the window; in a pipe to a readable length.
  const width = process.stdout.isTTY ? (process.stdout.columns ?? 100) : 120;
  process.stdout.write(formatSessionTable(sessions, width));
  return Exit.ok;
}

/** The title column gets what the others leave of `width`, but never fewer than this. */
const MIN_TITLE = 12;

export function formatSessionTable(sessions: readonly SessionInfo[], width = 120): string {
  const sorted = [...sessions].sort((a, b) => a.updated_at.localeCompare(b.updated_at));
  const rows = sorted.map((s) => [
    s.session_id,
    s.agent,
    s.mode,
    s.state,
    String(s.message_count),
    when(s.updated_at),
  ]);
  const header = ["ID", "AGENT", "MODE", "STATE", "MESSAGES", "LAST ACTIVITY", "TITLE"];
  if (rows.length === 0) return "no sessions (start one with `zeroclaw chat`)\n";
  const widths = header
    .slice(0, -1)
    .map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const used = widths.reduce((a, b) => a + b + 2, 0);
  const titleWidth = Math.max(MIN_TITLE, width - used - 1);
  const titles = sorted.map((s) => cut(s.title ?? "", titleWidth));
  const line = (cells: string[]): string =>
    `${cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0))).join("  ")}\n`.replace(
      / +\n$/,
      "\n",
    );
  return [line(header), ...rows.map((r, i) => line([...r, titles[i] ?? ""]))].join("");
}

/** `text` in at most `max` characters, an ellipsis marking the cut. */
function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, Math.max(0, max - 1)).join("")}…`;
}

const NAME = /^[A-Za-z0-9_-]+$/;
function checkName(kind: string, name: string): void {
  if (!NAME.test(name))
    throw usageError(`${kind} name ${JSON.stringify(name)}: use letters, digits, _ and -`);
}

/** The generated type of `value` is `{}` (any JSON value); entries are built loosely and checked by the daemon. */
type Sets = { prop: string; value: unknown }[];

async function setMany(configDir: string | undefined, sets: Sets): Promise<void> {
  await withDaemon(configDir, (d) => d.client.configSetMany({ sets } as ConfigSetManyParams));
}

/** `zeroclaw user add NAME --profile P [--profile Q] [--uid N]`. */
export async function userAddCommand(
  name: string,
  profiles: string[],
  uid: string | undefined,
  configDir?: string,
): Promise<number> {
  checkName("user", name);
  if (profiles.length === 0)
    throw usageError("a user needs at least one --profile (create one with `zeroclaw profile add`)");
  const sets: Sets = [{ prop: `users.${name}.permission_profiles`, value: profiles }];
  if (uid !== undefined) {
    const n = Number(uid);
    if (!Number.isSafeInteger(n) || n < 0) throw usageError(`--uid ${uid}: expected a non-negative integer`);
    sets.unshift({ prop: `users.${name}.uid`, value: n });
  }
  await setMany(configDir, sets);
  process.stdout.write(
    `user ${name}: profiles ${profiles.join(", ")}${uid !== undefined ? `, uid ${uid}` : " (no uid: reachable through `zeroclaw pair` only)"}\n`,
  );
  return Exit.ok;
}

export type ProfileOptions = {
  grants: string[];
  admin: boolean;
  agents: string[];
  tools: string[];
  configPaths: string[];
};

/** `zeroclaw profile add NAME --grant sessions:* …`: grants as resource:verb, merged into the map. */
export async function profileAddCommand(
  name: string,
  o: ProfileOptions,
  configDir?: string,
): Promise<number> {
  checkName("profile", name);
  if (o.grants.length === 0 && !o.admin)
    throw usageError("give at least one --grant resource:verb (or --admin)");
  const grants: Record<string, string[]> = {};
  for (const g of o.grants) {
    const m = /^([a-z*]+):([a-z*]+)$/.exec(g);
    if (!m) throw usageError(`--grant ${g}: expected resource:verb, e.g. sessions:* or system:read`);
    const [, resource = "", verb = ""] = m;
    const verbs = grants[resource] ?? [];
    if (!verbs.includes(verb)) verbs.push(verb);
    grants[resource] = verbs;
  }
  const p = `permission_profiles.${name}`;
  const sets: Sets = [{ prop: `${p}.grants`, value: grants }];
  if (o.admin) sets.push({ prop: `${p}.admin`, value: true });
  if (o.agents.length > 0) sets.push({ prop: `${p}.allowed_agents`, value: o.agents });
  if (o.tools.length > 0) sets.push({ prop: `${p}.allowed_tools`, value: o.tools });
  if (o.configPaths.length > 0) sets.push({ prop: `${p}.config_write_paths`, value: o.configPaths });
  await setMany(configDir, sets);
  const parts = [
    o.grants.length > 0 ? `grants ${o.grants.join(", ")}` : "",
    o.admin ? "admin" : "",
    o.agents.length > 0 ? `agents ${o.agents.join(", ")}` : "",
    o.tools.length > 0 ? `tools ${o.tools.join(", ")}` : "",
  ].filter(Boolean);
  process.stdout.write(`profile ${name}: ${parts.join("; ")}\n`);
  return Exit.ok;
}

/** `zeroclaw pair --user NAME [--label TEXT]`: the token, shown once; a missing user says how to add it. */
export async function pairCommand(
  user: string,
  label: string | undefined,
  configDir?: string,
): Promise<number> {
  const d = await openDaemon(configDir);
  try {
    const created = await d.client.pairingCreate(label === undefined ? { user } : { user, label });
    process.stdout.write(`${JSON.stringify(created, null, 2)}\n`);
    process.stderr.write("The token is shown only this once; the daemon keeps only its hash.\n");
    return Exit.ok;
  } catch (err) {
    if (
      err instanceof RpcError &&
      err.code === -32602 &&
      /no such user/.test(err.message + JSON.stringify(err.data))
    )
      throw new CliError(
        `no user ${JSON.stringify(user)} in the daemon's config: create a profile and the user first, e.g. \`zeroclaw profile add remote --grant sessions:* --agent default\` then \`zeroclaw user add ${user} --profile remote\``,
        Exit.failed,
      );
    throw rpcFailure(err);
  } finally {
    d.connection.close();
  }
}

export async function unpairCommand(tokenId: string, configDir?: string): Promise<number> {
  const result = await withDaemon(configDir, (d) => d.client.pairingRevoke({ token_id: tokenId }));
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  return Exit.ok;
}
