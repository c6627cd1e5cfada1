// What a handler sees: the connection it serves and the daemon's services. Handlers never touch sockets.
import type { ClientCapabilities } from "../../generated/types.js";
import type { Principal } from "../auth/principal.js";
import type { Peer } from "../jsonrpc/peer.js";
import type { TransportKind } from "../transport/transport.js";

export type ConnectionState = {
  readonly id: number;
  readonly kind: TransportKind;
  readonly peerLabel: string;
  /** Set by initialize once the peer is authenticated. */
  principal: Principal | undefined;
  clientCapabilities: ClientCapabilities;
  /** For daemon → client requests and notifications. */
  readonly peer: Peer;
  /** Aborted when the connection closes: turns it started are cancelled. */
  readonly closed: AbortSignal;
};

export interface DaemonServices {
  readonly serverVersion: string;
  readonly startedAt: number;
  readonly endpoint: string;
  readonly dataDir: string;
  readonly maxLocalConnections: number;
  connectionCounts(): { local: number; gateway: number };
  gatewayUrl(): string | null;
  /** The principal of a freshly connected local peer (SPEC §4 principal resolution). */
  resolveLocalPrincipal(conn: ConnectionState): Principal;
}

export type HandlerContext = {
  readonly conn: ConnectionState;
  readonly daemon: DaemonServices;
};
