// One accepted connection, whatever the transport: its state, its Peer and dispatcher, the initialize
// deadline, and the bookkeeping when it ends.
import { DaemonToClient } from "../../generated/daemon-to-client.js";
import type { ConnectionState, DaemonServices } from "../handlers/context.js";
import { handlers } from "../handlers/index.js";
import { DaemonDispatcher } from "../jsonrpc/dispatcher.js";
import { Peer } from "../jsonrpc/peer.js";
import { boundLog, type Logger } from "../log.js";
import type { RpcTransport } from "../transport/transport.js";

const LIMIT_REASONS = new Set(["frame too large", "frame timeout", "write stall", "initialize timeout"]);

export type OpenConnection = { readonly state: ConnectionState; readonly transport: RpcTransport };

export function openConnection(options: {
  id: number;
  transport: RpcTransport;
  peerUid: number | undefined;
  services: DaemonServices;
  initializeTimeoutMs: number;
  log: Logger;
  /** initialize completed (the gateway stops counting the connection as pending). */
  onInitialized?(): void;
  onClosed(conn: OpenConnection): void;
}): OpenConnection {
  const { transport, services, initializeTimeoutMs } = options;
  const log = boundLog(options.log, { conn: options.id, peer: transport.peerLabel });
  // Created when something first listens (a turn), so an idle connection does not carry one.
  let aborter: AbortController | undefined;
  let ended = false;
  let dispatcher: DaemonDispatcher | undefined;
  const peer = new Peer(
    transport,
    {
      request: (req) => dispatcher!.request(req),
      notification: (method, params) => dispatcher!.notification(method, params),
      closed: (reason) => dispatcher!.closed(reason),
    },
    log,
  );
  const state: ConnectionState = {
    id: options.id,
    kind: transport.kind,
    peerLabel: transport.peerLabel,
    peerUid: options.peerUid,
    credential: undefined,
    principal: undefined,
    policyGeneration: 0,
    clientCapabilities: {},
    peer,
    client: new DaemonToClient(peer),
    get closed(): AbortSignal {
      if (!aborter) {
        aborter = new AbortController();
        if (ended) aborter.abort();
      }
      return aborter.signal;
    },
  };
  const conn: OpenConnection = { state, transport };
  // SPEC §2: initialize (authentication included) must complete in time; never accepted late.
  const deadline = setTimeout(() => {
    if (!dispatcher!.initialized) {
      log.warn({ limit_ms: initializeTimeoutMs }, "initialize deadline passed: closing");
      transport.close("initialize timeout");
    }
  }, initializeTimeoutMs);
  deadline.unref();
  dispatcher = new DaemonDispatcher(
    { conn: state, daemon: services },
    handlers,
    log,
    (reason) => {
      clearTimeout(deadline);
      ended = true;
      aborter?.abort();
      // Limit refusals are warnings; ordinary goodbyes are info. Neither logs payload contents.
      if (LIMIT_REASONS.has(reason)) log.warn({ reason }, "disconnected");
      else log.info({ reason }, "disconnected");
      options.onClosed(conn);
    },
    () => {
      clearTimeout(deadline);
      options.onInitialized?.();
    },
  );
  log.info("connected");
  peer.start();
  return conn;
}
