// Turns credentials into principals against the policy in force: users, permission profiles and
// security from the live config, plus the active pairing tokens. Every change to any of them bumps
// the policy generation; a connection whose principal was resolved under an older generation is
// resolved again before its next call is authorized.
import { rpcErrors } from "../../generated/errors.js";
import type { Config } from "../../generated/types.js";
import type { PairingTokenStore } from "../storage/pairing-tokens.js";
import type { Credential } from "./credentials.js";
import { ownerPrincipal, type Principal, userPrincipal } from "./principal.js";

type PolicySlice = Pick<Config, "users" | "permission_profiles" | "security">;

const sliceOf = (c: Config): string =>
  JSON.stringify({
    users: c.users,
    permission_profiles: c.permission_profiles,
    security: c.security,
  } satisfies PolicySlice);

export class Authority {
  private gen = 1;
  private config: Config;
  private slice: string;
  private readonly listeners: (() => void)[] = [];

  constructor(
    config: Config,
    private readonly tokens: PairingTokenStore,
    private readonly daemonUid: number | undefined = process.getuid?.(),
  ) {
    this.config = config;
    this.slice = sliceOf(config);
  }

  get generation(): number {
    return this.gen;
  }

  /**
   * Called synchronously on every policy change, after the new policy is in force: live rights (a
   * watcher's subscriptions, a revoked connection) are re-checked at once, not at the next call (SPEC §17).
   */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  private bump(): void {
    this.gen++;
    for (const listener of this.listeners) listener();
  }

  /** Installs a newly committed config; bumps the generation if users, profiles or security changed. */
  configChanged(config: Config): void {
    this.config = config;
    const next = sliceOf(config);
    if (next !== this.slice) {
      this.slice = next;
      this.bump();
    }
  }

  /** A pairing token was created or revoked. */
  tokensChanged(): void {
    this.bump();
  }

  /** The credential for a gateway `auth_token`, or an RpcError (-32010) for a missing or unknown one. */
  tokenCredential(token: string | undefined): Credential {
    if (token === undefined) throw rpcErrors.authRequired();
    const found = this.tokens.findActive(token);
    if (!found) throw rpcErrors.invalidToken();
    return { kind: "token", tokenId: found.token_id };
  }

  /** The principal `credential` has under the policy in force now; throws -32010 when it has none. */
  resolve(credential: Credential): Principal {
    const users = this.config.users ?? {};
    if (credential.kind === "token") {
      const user = this.tokens.userOfActive(credential.tokenId);
      if (user === undefined || !Object.hasOwn(users, user)) throw rpcErrors.invalidToken();
      return userPrincipal(this.config, user);
    }
    if (Object.keys(users).length === 0) return ownerPrincipal();
    const uid = credential.uid;
    if (uid !== undefined && uid === this.daemonUid && this.config.security?.trust_daemon_uid !== false)
      return ownerPrincipal();
    const match = uid === undefined ? undefined : Object.entries(users).find(([, u]) => u.uid === uid);
    if (!match) throw rpcErrors.unknownPeer();
    return userPrincipal(this.config, match[0]);
  }
}
