// Principals: who is behind a connection and what they may do (SPEC §4). Deny by default; several
// profiles merge by union; an admin profile allows everything.
import { GRANTS, type Grant } from "../../generated/methods.js";
import type { Config } from "../../generated/types.js";

export type Principal = {
  /** "owner" for the owner, else the user's name. */
  readonly id: string;
  readonly admin: boolean;
  /** `resource:verb` strings as configured, `*` wildcards kept. */
  readonly grants: ReadonlySet<string>;
  readonly configWritePaths: readonly string[];
  readonly allowedAgents: readonly string[];
  readonly allowedTools: readonly string[];
  /** Directories a non-admin may name as session/new.cwd (SPEC §12), as configured. */
  readonly workspaceRoots: readonly string[];
};

export const OWNER_ID = "owner";

/** One shared, frozen owner: every local connection of a daemon without [users] holds this same object. */
const OWNER: Principal = Object.freeze({
  id: OWNER_ID,
  admin: true,
  grants: new Set(GRANTS) as ReadonlySet<string>,
  configWritePaths: Object.freeze(["*"]),
  allowedAgents: Object.freeze(["*"]),
  allowedTools: Object.freeze(["*"]),
  workspaceRoots: Object.freeze([]),
});

export const ownerPrincipal = (): Principal => OWNER;

/** The principal of a configured user: the union of its profiles (validated to exist). */
export function userPrincipal(config: Config, user: string): Principal {
  const profiles = config.permission_profiles ?? {};
  const grants = new Set<string>();
  const paths = new Set<string>();
  const agents = new Set<string>();
  const tools = new Set<string>();
  const roots = new Set<string>();
  let admin = false;
  for (const name of config.users?.[user]?.permission_profiles ?? []) {
    const p = profiles[name];
    if (!p) continue;
    admin ||= p.admin === true;
    for (const [resource, verbs] of Object.entries(p.grants ?? {}))
      for (const v of verbs ?? []) grants.add(`${resource}:${v}`);
    for (const x of p.config_write_paths ?? []) paths.add(x);
    for (const x of p.allowed_agents ?? []) agents.add(x);
    for (const x of p.allowed_tools ?? []) tools.add(x);
    for (const x of p.workspace_roots ?? []) roots.add(x);
  }
  return {
    id: user,
    admin,
    grants,
    configWritePaths: [...paths],
    allowedAgents: [...agents],
    allowedTools: [...tools],
    workspaceRoots: [...roots],
  };
}

export function hasGrant(p: Principal, grant: Grant): boolean {
  if (p.admin || p.grants.has(grant)) return true;
  const [resource, verb] = grant.split(":");
  return p.grants.has(`${resource}:*`) || p.grants.has(`*:${verb}`) || p.grants.has("*:*");
}

/** config_write_paths: an exact prop, `prefix.*` (anything below prefix), or `*`. */
export function mayWriteConfigPath(p: Principal, prop: string): boolean {
  if (p.admin) return true;
  return p.configWritePaths.some(
    (rule) => rule === "*" || rule === prop || (rule.endsWith(".*") && prop.startsWith(rule.slice(0, -1))),
  );
}

/** Owner or admin: who may act on a session (SPEC §5: non-admins only on sessions they own). */
export const owns = (p: Principal, owner: string): boolean => p.admin || p.id === owner;

export const mayUseAgent = (p: Principal, agent: string): boolean =>
  p.admin || p.allowedAgents.includes("*") || p.allowedAgents.includes(agent);

export const mayUseTool = (p: Principal, tool: string): boolean =>
  p.admin || p.allowedTools.includes("*") || p.allowedTools.includes(tool);
