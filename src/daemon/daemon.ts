// Wiring and lifecycle: resolve paths, load config, take the endpoint, accept connections, and stop
// cleanly (stop accepting, close connections so their turns cancel, unlink our socket).
import type { Socket } from "node:net";
import { peerLabel } from "../auth/peer-credentials.js";
import type { Principal } from "../auth/principal.js";
import { ownerPrincipal } from "../auth/principal.js";
import { type LoadedConfig, loadConfig } from "../config/load-config.js";
import type { ConnectionState, DaemonServices } from "../handlers/context.js";
import { handlers } from "../handlers/index.js";
import { DaemonDispatcher } from "../jsonrpc/dispatcher.js";
import { Peer } from "../jsonrpc/peer.js";
import { createLogger, type Logger } from "../log.js";
import { NdjsonSocketTransport } from "../transport/ndjson-socket-transport.js";
import { acquireEndpoint, type EndpointLock } from "./endpoint-lock.js";
import { EphemeralExit } from "./ephemeral.js";
import { LocalListener, prepareDirectories } from "./local-listener.js";
import { type DaemonPaths, resolvePaths } from "./paths.js";
import { SERVER_VERSION } from "./version.js";

const LIMIT_REASONS = new Set(["frame too large", "frame timeout", "write stall", "initialize timeout"]);

export type DaemonOptions = {
  configDir?: string;
  env?: NodeJS.ProcessEnv;
  ephemeral?: boolean;
  log?: Logger;
  /** Called when the daemon decides to stop by itself (ephemeral exit). */
  onSelfStop?: () => void;
};

export class Daemon {
  readonly startedAt = performance.now();
  private readonly connections = new Set<{ state: ConnectionState; transport: NdjsonSocketTransport }>();
  private nextConnectionId = 1;
  private stopping: Promise<void> | undefined;
  private readonly listener: LocalListener;
  private readonly ephemeral: EphemeralExit | undefined;
  readonly services: DaemonServices;

  private constructor(
    readonly paths: DaemonPaths,
    readonly config: LoadedConfig,
    private readonly lock: EndpointLock,
    readonly log: Logger,
    options: DaemonOptions,
  ) {
    this.listener = new LocalListener({
      endpoint: paths.endpoint,
      maxConnections: config.rpc.max_local_connections,
      log,
      accept: (socket) => this.accept(socket),
    });
    if (options.ephemeral) {
      this.ephemeral = new EphemeralExit(config.rpc.ephemeral_grace_ms, () => {
        log.info("last client left: ephemeral daemon exiting");
        options.onSelfStop?.();
      });
    }
    this.services = {
      serverVersion: SERVER_VERSION,
      startedAt: this.startedAt,
      endpoint: paths.endpoint,
      dataDir: paths.dataDir,
      maxLocalConnections: config.rpc.max_local_connections,
      connectionCounts: () => ({ local: this.listener.openConnections, gateway: 0 }),
      gatewayUrl: () => null,
      resolveLocalPrincipal: (): Principal => ownerPrincipal(),
    };
  }

  static async start(options: DaemonOptions = {}): Promise<Daemon> {
    const log = options.log ?? createLogger();
    const paths = resolvePaths(options.configDir, options.env ?? process.env);
    const config = loadConfig(paths.configDir);
    prepareDirectories(paths.dataDir, paths.endpoint);
    const lock = await acquireEndpoint(paths.endpoint);
    const daemon = new Daemon(paths, config, lock, log, options);
    try {
      await daemon.listener.listen();
    } catch (err) {
      lock.release();
      throw err;
    }
    lock.bound();
    log.info(
      { endpoint: paths.endpoint, data_dir: paths.dataDir, version: SERVER_VERSION },
      "daemon listening",
    );
    return daemon;
  }

  /** Stops accepting, closes every connection (cancelling what they started), unlinks our socket. */
  stop(reason = "shutdown"): Promise<void> {
    this.stopping ??= (async () => {
      this.log.info({ reason }, "daemon stopping");
      this.ephemeral?.dispose();
      const closing = this.listener.close();
      for (const c of [...this.connections]) c.transport.close("daemon stopping");
      await closing;
      this.lock.release();
    })();
    return this.stopping;
  }

  private accept(socket: Socket): void {
    const { rpc } = this.config;
    const id = this.nextConnectionId++;
    const label = peerLabel(socket);
    const log = this.log.child({ conn: id, peer: label });
    const transport = new NdjsonSocketTransport(socket, "local", label, {
      maxFrameBytes: rpc.max_frame_bytes,
      frameTimeoutMs: rpc.frame_timeout_ms,
      writeStallTimeoutMs: rpc.write_stall_timeout_ms,
      outputHighWaterBytes: rpc.output_high_water_bytes,
    });
    const aborter = new AbortController();
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
      id,
      kind: "local",
      peerLabel: label,
      principal: undefined,
      clientCapabilities: {},
      peer,
      closed: aborter.signal,
    };
    const entry = { state, transport };
    const deadline = setTimeout(() => {
      if (!dispatcher!.initialized) {
        log.warn({ limit_ms: rpc.initialize_timeout_ms }, "initialize deadline passed: closing");
        transport.close("initialize timeout");
      }
    }, rpc.initialize_timeout_ms);
    deadline.unref();
    dispatcher = new DaemonDispatcher({ conn: state, daemon: this.services }, handlers, log, (reason) => {
      clearTimeout(deadline);
      aborter.abort();
      this.connections.delete(entry);
      this.listener.released();
      // Limit refusals are warnings; ordinary goodbyes are info. Neither logs payload contents.
      if (LIMIT_REASONS.has(reason)) log.warn({ reason }, "disconnected");
      else log.info({ reason }, "disconnected");
      this.ephemeral?.left(this.connections.size);
    });
    this.connections.add(entry);
    this.ephemeral?.joined();
    log.info("connected");
    peer.start();
  }
}
