// One accepted connection, whatever the transport, and the only owner of its state: who it is
// (ConnectionAuth), what the client can do, its Peer and dispatcher, the initialize deadline, and the
// bookkeeping when it ends. Handlers see it as `Connection` (handlers/context.ts) and change it only
// through signIn.
import { DaemonToClient } from "../../generated/daemon-to-client.js";
import type { RpcError } from "../../generated/errors.js";
import { Method, type MethodInfo, methodTable } from "../../generated/methods.js";
import type { ClientCapabilities, Dialect } from "../../generated/types.js";
import { ConnectionAuth } from "../auth/connection-auth.js";
import type { Credential } from "../auth/credentials.js";
import type { Principal } from "../auth/principal.js";
import type { Connection, DaemonServices, HandlerContext } from "../handlers/context.js";
import { handlers } from "../handlers/index.js";
import { Dispatcher } from "../jsonrpc/dispatcher.js";
import { Peer } from "../jsonrpc/peer.js";
import { boundLog, type EventLog, type Logger } from "../log.js";
import { refusedPromptUpdate } from "../sessions/update-lines.js";
import type { RpcTransport, TransportKind } from "../transport/transport.js";

const LIMIT_REASONS = new Set(["frame too large", "frame timeout", "write stall", "initialize timeout"]);

export type ConnectionOptions = {
  id: number;
  transport: RpcTransport;
  peerUid: number | undefined;
  services: DaemonServices;
  initializeTimeoutMs: number;
  /** A connection whose pairing token was revoked is closed this long after (SPEC §17). */
  revokedCloseMs: number;
  log: Logger;
  /** initialize completed (the gateway stops counting the connection as pending). */
  onInitialized?(): void;
  onClosed(conn: DaemonConnection): void;
};

export class DaemonConnection implements Connection {
  readonly id: number;
  readonly kind: TransportKind;
  readonly peerLabel: string;
  readonly peerUid: number | undefined;
  readonly remoteAddress: string | undefined;
  readonly transport: RpcTransport;
  readonly peer: Peer;
  readonly client: DaemonToClient;
  private capabilities: ClientCapabilities = {};
  private spoken: Dialect = "seed";
  private readonly auth: ConnectionAuth;
  private readonly dispatcher: Dispatcher<HandlerContext>;
  private readonly log: EventLog;
  private readonly deadline: NodeJS.Timeout;
  /** Created when something first listens (a turn), so an idle connection does not carry one. */
  private aborter: AbortController | undefined;
  private ended = false;
  private revokedTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: ConnectionOptions) {
    const { transport, services } = options;
    this.id = options.id;
    this.kind = transport.kind;
    this.peerLabel = transport.peerLabel;
    this.peerUid = options.peerUid;
    this.remoteAddress = transport.remoteAddress;
    this.transport = transport;
    this.log = boundLog(options.log, { conn: options.id, peer: transport.peerLabel });
    this.auth = new ConnectionAuth(services.authority, transport.kind, this.log);
    this.dispatcher = new Dispatcher<HandlerContext>({
      handlers,
      context: (scope) => ({
        conn: this,
        daemon: services,
        get signal() {
          return scope.signal;
        },
      }),
      authenticated: () => this.auth.signedIn,
      authorize: (info) => this.auth.authorize(info),
      log: this.log,
      initialized: () => this.initialized(),
      notificationRefused: (info, params, error) => this.notificationRefused(info, params, error),
      closed: (reason) => this.closedWith(reason),
    });
    this.peer = new Peer(transport, this.dispatcher, this.log);
    this.client = new DaemonToClient(this.peer);
    // SPEC §2: initialize (authentication included) must complete in time; never accepted late.
    this.deadline = setTimeout(() => {
      if (!this.dispatcher.initialized) {
        this.log.warn({ limit_ms: options.initializeTimeoutMs }, "initialize deadline passed: closing");
        transport.close("initialize timeout");
      }
    }, options.initializeTimeoutMs);
    this.deadline.unref();
    this.log.info("connected");
    this.peer.start();
  }

  get credential(): Credential | undefined {
    return this.auth.credential;
  }

  get principal(): Principal | undefined {
    return this.auth.principal;
  }

  get clientCapabilities(): ClientCapabilities {
    return this.capabilities;
  }

  get dialect(): Dialect {
    return this.spoken;
  }

  get closed(): AbortSignal {
    if (!this.aborter) {
      this.aborter = new AbortController();
      if (this.ended) this.aborter.abort();
    }
    return this.aborter.signal;
  }

  /**
   * The policy changed (SPEC §17): subscriptions this connection's principal may no longer hold end now
   * (one subscription_ended each). A credential that no longer resolves ends them all and withdraws
   * its staged uploads; a revoked pairing token also stops the connection's turns at once, answers
   * -32010 to any call, and closes the connection after gateway.revoked_close_ms.
   */
  rightsChanged(): void {
    if (this.ended) return;
    const outcome = this.auth.recheck();
    if (outcome === undefined) return;
    const { subscriptions, uploads, sessions } = this.options.services;
    if ("principal" in outcome) {
      subscriptions.revise(this.id, outcome.principal, (id) => sessions.ownerOf(id));
      return;
    }
    const revoked = this.auth.credential?.kind === "token";
    subscriptions.endAll(this.id, revoked ? "token_revoked" : "not_granted");
    uploads.discardConnection(this.id);
    if (!revoked || this.revokedTimer) return;
    this.log.warn({ limit_ms: this.options.revokedCloseMs }, "pairing token revoked: closing");
    this.dispatcher.abortCalls("credential revoked");
    this.revokedTimer = setTimeout(
      () => this.transport.finish(undefined, "credential revoked"),
      this.options.revokedCloseMs,
    );
    this.revokedTimer.unref();
  }

  signIn(credential: Credential, capabilities: ClientCapabilities, dialect: Dialect): Principal {
    const principal = this.auth.signIn(credential);
    this.capabilities = capabilities;
    this.spoken = dialect;
    return principal;
  }

  private initialized(): void {
    clearTimeout(this.deadline);
    this.log.info({ principal: this.auth.principal?.id }, "initialized");
    this.options.onInitialized?.();
  }

  /**
   * A notification prompt refused before its turn started still ends with a turn_complete update
   * (outcome failed, the error's message), in this connection's dialect, so a client that sent it never
   * waits forever (SPEC §13).
   */
  private notificationRefused(_info: MethodInfo, params: unknown, error: RpcError): void {
    const id = (params as { session_id?: unknown } | undefined)?.session_id;
    // "A valid session_id" is one session/new would accept (SPEC §12: never "." or ".."); asked of the
    // generated validator, so the rule is openrpc.json's, not a copy of it.
    const valid = typeof id === "string" && methodTable[Method.sessionNew].validateParams({ session_id: id });
    this.client.sessionUpdate(refusedPromptUpdate(this.spoken, id, valid, error));
  }

  /** The transport → Peer → dispatcher → here: every request's signal is aborted by now. */
  private closedWith(reason: string): void {
    clearTimeout(this.deadline);
    clearTimeout(this.revokedTimer);
    this.ended = true;
    this.aborter?.abort();
    // Limit refusals are warnings; ordinary goodbyes are info. Neither logs payload contents.
    if (LIMIT_REASONS.has(reason)) this.log.warn({ reason }, "disconnected");
    else this.log.info({ reason }, "disconnected");
    this.options.onClosed(this);
  }
}
