// Who one connection is and whether it may make a call: the credential initialize signed it in with,
// the principal it resolves to under the policy in force (resolved again whenever users, profiles,
// security or pairing tokens changed since), and the authorization step the dispatcher runs before
// every call after initialize (grant, then local-only).
import { RpcError, rpcErrors } from "../../generated/errors.js";
import type { MethodInfo } from "../../generated/methods.js";
import type { EventLog } from "../log.js";
import type { TransportKind } from "../transport/transport.js";
import type { Authority } from "./authority.js";
import type { Credential } from "./credentials.js";
import { hasGrant, type Principal } from "./principal.js";

export class ConnectionAuth {
  private cred: Credential | undefined;
  private resolved: Principal | undefined;
  private generation = 0;

  constructor(
    private readonly authority: Authority,
    private readonly kind: TransportKind,
    private readonly log: EventLog,
  ) {}

  /** What the peer authenticated with; undefined before initialize and after the credential is lost. */
  get credential(): Credential | undefined {
    return this.cred;
  }

  /** The principal as last resolved (by initialize or by the latest authorized call). */
  get principal(): Principal | undefined {
    return this.resolved;
  }

  get signedIn(): boolean {
    return this.cred !== undefined;
  }

  /** initialize: resolves `credential` under the policy in force now; throws -32010 when it has none. */
  signIn(credential: Credential): Principal {
    const generation = this.authority.generation;
    const principal = this.authority.resolve(credential);
    this.cred = credential;
    this.resolved = principal;
    this.generation = generation;
    return principal;
  }

  /**
   * Resolves the credential under the policy in force now, after a policy change (SPEC §17): the new
   * principal, or the -32010 its next call will get (that call signs it out, as a lazy re-resolution
   * would); undefined when the connection is not signed in.
   */
  recheck(): { principal: Principal } | { lost: RpcError } | undefined {
    if (!this.cred) return undefined;
    const generation = this.authority.generation;
    try {
      this.resolved = this.authority.resolve(this.cred);
      this.generation = generation;
      return { principal: this.resolved };
    } catch (err) {
      if (err instanceof RpcError) return { lost: err };
      throw err;
    }
  }

  private signOut(): void {
    this.cred = undefined;
    this.resolved = undefined;
  }

  /** The authorization step: throws not_granted, local_only, or (credential lost: signed out) -32010. */
  authorize(info: MethodInfo): void {
    const principal = this.current();
    if (info.grant !== null && !hasGrant(principal, info.grant)) {
      this.log.warn(
        { method: info.name, grant: info.grant, principal: principal.id },
        "forbidden: grant missing",
      );
      throw rpcErrors.notGranted({ grant: info.grant, method: info.name });
    }
    if (info.localOnly && this.kind !== "local") {
      this.log.warn({ method: info.name }, "forbidden: local-only method over the gateway");
      throw rpcErrors.localOnly({ method: info.name });
    }
  }

  /**
   * The principal under the policy in force. A credential that no longer resolves (revoked token,
   * unmapped uid) fails with -32010 and signs the connection out: it must initialize again.
   */
  private current(): Principal {
    const generation = this.authority.generation;
    if (this.generation === generation && this.resolved) return this.resolved;
    try {
      this.resolved = this.authority.resolve(this.cred!);
      this.generation = generation;
      return this.resolved;
    } catch (err) {
      this.log.warn({ principal: this.resolved?.id }, "credential no longer valid");
      this.signOut();
      throw err;
    }
  }
}
