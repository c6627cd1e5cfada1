// What a handler sees: the connection it serves and the daemon's services. Handlers never touch sockets.
import type { DaemonToClient } from "../../generated/daemon-to-client.js";
import type {
  ClientCapabilities,
  Dialect,
  HealthResult,
  Implementation,
  StatusResult,
} from "../../generated/types.js";
import type { AuthThrottle } from "../auth/auth-throttle.js";
import type { Authority } from "../auth/authority.js";
import type { Credential } from "../auth/credentials.js";
import type { LoginCodes } from "../auth/login-codes.js";
import type { Principal } from "../auth/principal.js";
import type { ConfigService } from "../config/config-service.js";
import type { FileStore } from "../files/file-store.js";
import type { UploadManager } from "../files/upload-manager.js";
import type { Peer } from "../jsonrpc/peer.js";
import type { SessionManager } from "../sessions/session-manager.js";
import type { SessionSubscriptions } from "../sessions/subscriptions.js";
import type { TurnService } from "../sessions/turn-service.js";
import type { PairingTokenStore } from "../storage/pairing-tokens.js";
import type { TransportKind } from "../transport/transport.js";

/**
 * The connection a call came in on, as handlers see it. Built and changed only by its owner,
 * `daemon/connection.ts`, and through its own methods: handlers read it and sign it in.
 */
export interface Connection {
  readonly id: number;
  readonly kind: TransportKind;
  readonly peerLabel: string;
  /** Local peer uid (SO_PEERCRED), when known. */
  readonly peerUid: number | undefined;
  /** A gateway peer's network address. */
  readonly remoteAddress: string | undefined;
  /** What the peer authenticated with (set by initialize). */
  readonly credential: Credential | undefined;
  /** The principal under the policy in force (resolved again before each call when it changed). */
  readonly principal: Principal | undefined;
  readonly clientCapabilities: ClientCapabilities;
  /** The wire dialect initialize chose (SPEC §13): what this connection is sent, never what it may send. */
  readonly dialect: Dialect;
  /** The connection's end of the wire (transport, pending outbound requests). */
  readonly peer: Peer;
  /** Typed daemon → client requests and notifications over `peer` (generated from openrpc.json). */
  readonly client: DaemonToClient;
  /** Aborted when the connection closes: turns it started are cancelled. */
  readonly closed: AbortSignal;
  /**
   * initialize: resolves `credential` (throws -32010 when it has no principal) and records the
   * capabilities and the dialect.
   */
  signIn(credential: Credential, capabilities: ClientCapabilities, dialect: Dialect): Principal;
}

export interface DaemonServices {
  readonly serverVersion: string;
  readonly implementation: Implementation;
  readonly startedAt: number;
  readonly endpoint: string;
  readonly dataDir: string;
  readonly configDir: string;
  readonly configFile: string;
  readonly maxLocalConnections: number;
  readonly config: ConfigService;
  readonly authority: Authority;
  readonly pairing: PairingTokenStore;
  readonly sessions: SessionManager;
  readonly turns: TurnService;
  readonly subscriptions: SessionSubscriptions;
  readonly files: FileStore;
  readonly uploads: UploadManager;
  readonly loginCodes: LoginCodes;
  connectionCounts(): { local: number; gateway: number };
  gatewayUrl(): string | null;
  /** http://…:port/ where the owner opens the dashboard; null without a gateway. */
  dashboardUrl(): string | null;
  /** The start-up-only settings ([rpc], [gateway]) as dotted props, as this daemon runs them. */
  inEffect(): Readonly<Record<string, unknown>>;
  /** Failed gateway authentications per remote address (SPEC §17). */
  readonly authThrottle: AuthThrottle;
  /** How local peers are identified (SPEC §17): SO_PEERCRED, or assumed to be the daemon's uid. */
  readonly peerIdentity: NonNullable<StatusResult["peer_identity"]>;
  /** Where bash runs now (SPEC §17). */
  bashSandbox(): NonNullable<StatusResult["tools"]>["bash_sandbox"];
  /** The component and process snapshot `health` answers (probes storage on each call). */
  health(): HealthResult;
}

/** What every call on a connection shares. */
export type ServiceContext = {
  readonly conn: Connection;
  readonly daemon: DaemonServices;
};

export type HandlerContext = ServiceContext & {
  /**
   * Aborted when this request can no longer be answered (its connection closed). Pass it on to what
   * the handler starts, nested daemon → client requests included, so they are withdrawn with it.
   */
  readonly signal: AbortSignal;
};
