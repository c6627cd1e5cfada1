// Principals: who is behind a connection and what they may do. Users, profiles and tokens arrive with
// the config layer; until then every local peer is the owner (SPEC §4: no [users] configured).
import { GRANTS, type Grant } from "../../generated/methods.js";

export type Principal = {
  readonly id: string;
  readonly admin: boolean;
  readonly grants: ReadonlySet<Grant>;
};

export const OWNER_ID = "owner";

export const ownerPrincipal = (): Principal => ({ id: OWNER_ID, admin: true, grants: new Set(GRANTS) });

export const hasGrant = (p: Principal, grant: Grant): boolean => p.admin || p.grants.has(grant);
