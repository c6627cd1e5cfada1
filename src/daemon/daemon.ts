// Wiring and lifecycle: resolve paths, load config, open storage, take the endpoint, accept local and
// gateway connections, and stop cleanly (stop accepting, close connections so their turns cancel,
// close storage, unlink our socket).
import type { Socket } from "node:net";
import { homedir } from "node:os";
import document from "../../openrpc.json" with { type: "json" };
import { AuthThrottle, throttleLimits } from "../auth/auth-throttle.js";
import { Authority } from "../auth/authority.js";
import { LoginCodes } from "../auth/login-codes.js";
import { addonAvailable, peerCredentials, peerHungUp, peerLabel } from "../auth/peer-credentials.js";
import { configFilePath } from "../config/config-file.js";
import { ConfigService, type LiveConfig, loadLiveConfig } from "../config/config-service.js";
import { type DaemonPaths, resolvePaths } from "../config/paths.js";
import { FileStore } from "../files/file-store.js";
import { UploadManager } from "../files/upload-manager.js";
import type { DaemonServices } from "../handlers/context.js";
import { createLogger, type Logger } from "../log.js";
import { SessionManager } from "../sessions/session-manager.js";
import { SessionStore } from "../sessions/session-store.js";
import { SessionSubscriptions } from "../sessions/subscriptions.js";
import { BashSandbox, probeBwrap, type SandboxPaths } from "../sessions/tools/bash-sandbox.js";
import { TurnService } from "../sessions/turn-service.js";
import { openDatabase, type Storage } from "../storage/database.js";
import { PairingTokenStore } from "../storage/pairing-tokens.js";
import { type NdjsonLimits, NdjsonSocketTransport } from "../transport/ndjson-socket-transport.js";
import type { WsTransport } from "../transport/ws-transport.js";
import { DaemonConnection } from "./connection.js";
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock.js";
import { acquireEndpoint, type EndpointLock } from "./endpoint-lock.js";
import { EphemeralExit } from "./ephemeral.js";
import type { GatewayListener } from "./gateway-listener.js";
import { HealthMonitor } from "./health-monitor.js";
import { LocalListener, prepareDirectories } from "./local-listener.js";
import { IMPLEMENTATION, SERVER_VERSION } from "./version.js";

export type DaemonOptions = {
  configDir?: string;
  env?: NodeJS.ProcessEnv;
  ephemeral?: boolean;
  /**
   * --gateway: serve the WebSocket gateway whatever gateway.enabled says; --gateway=HOST:PORT also
   * overrides gateway.host / gateway.port (either may be left out).
   */
  gateway?: boolean | GatewayOverride;
  log?: Logger;
  /** Called when the daemon decides to stop by itself (ephemeral exit). */
  onSelfStop?: () => void;
};

export type GatewayOverride = { host?: string; port?: number };

export class Daemon {
  readonly startedAt = performance.now();
  private readonly connections = new Set<DaemonConnection>();
  private nextConnectionId = 1;
  private stopping: Promise<void> | undefined;
  private readonly listener: LocalListener;
  private gateway: GatewayListener | undefined;
  private gatewayUrl: string | null = null;
  private dashboardUrl: string | null = null;
  /** The start-up-only settings as this daemon runs them (status.in_effect). */
  private readonly inEffect: Record<string, unknown>;
  private readonly ephemeral: EphemeralExit | undefined;
  readonly services: DaemonServices;
  private readonly limits: NdjsonLimits;
  private readonly initializeTimeoutMs: number;
  private readonly revokedCloseMs: number;
  private readonly listenBacklog: number;
  /**
   * SPEC §17: without peer credentials (the native addon did not build, or ZEROCLAW_PEERCRED=off), a
   * local peer is taken to be the daemon's own uid: the 0600 socket in its 0700 directory admits no
   * other uid but root. Windows pipes carry no uid at all and keep theirs undefined.
   */
  private readonly peerIdentity: "peercred" | "assumed_owner" = addonAvailable()
    ? "peercred"
    : "assumed_owner";
  private readonly health: HealthMonitor;

  /** The connections open now, in accept order (tests and diagnostics read their state). */
  get openConnections(): readonly DaemonConnection[] {
    return [...this.connections];
  }

  private constructor(
    readonly paths: DaemonPaths,
    initial: LiveConfig,
    private readonly storage: Storage,
    private readonly lock: EndpointLock,
    private readonly dataDirLock: DataDirLock,
    sandbox: BashSandbox,
    readonly log: Logger,
    options: DaemonOptions,
  ) {
    const rpc = initial.effective.rpc;
    this.inEffect = startupSettings(initial, options.gateway);
    // [rpc] is read once, at start-up (SPEC §2): both listeners apply these to every connection.
    this.initializeTimeoutMs = rpc.initialize_timeout_ms;
    this.revokedCloseMs = initial.effective.gateway.revoked_close_ms;
    this.listenBacklog = rpc.listen_backlog;
    this.limits = {
      maxFrameBytes: rpc.max_frame_bytes,
      frameTimeoutMs: rpc.frame_timeout_ms,
      writeStallTimeoutMs: rpc.write_stall_timeout_ms,
      outputHighWaterBytes: rpc.output_high_water_bytes,
      fatalLingerMs: rpc.fatal_linger_ms,
    };
    const config = new ConfigService(paths.configDir, initial);
    const pairing = new PairingTokenStore(storage);
    const authority = new Authority(initial.effective, pairing);
    const sessions = new SessionManager(new SessionStore(storage), paths.dataDir, () => config.live, log);
    sessions.recoverOrphans();
    const files = new FileStore(storage);
    const uploads = new UploadManager(() => config.live.effective.files);
    uploads.startSweeping();
    const probe = storage.sqlite.prepare("SELECT count(*) FROM sqlite_master").pluck();
    this.health = new HealthMonitor(() => probe.get());
    this.health.starting("rpc");
    const subscriptions = new SessionSubscriptions(
      () => config.live.effective.sessions.max_watcher_buffer_bytes,
    );
    const turns = new TurnService(sessions, files, subscriptions, () => config.live, log, sandbox);
    config.onCommitted((live) => authority.configChanged(live.effective));
    // SPEC §17: live rights follow policy at once, not at each connection's next call.
    authority.onChange(() => {
      for (const c of this.connections) c.rightsChanged();
    });
    this.listener = new LocalListener({
      endpoint: paths.endpoint,
      maxConnections: rpc.max_local_connections,
      backlog: this.listenBacklog,
      lingerMs: rpc.fatal_linger_ms,
      log,
      accept: (socket) => this.acceptLocal(socket),
    });
    if (options.ephemeral) {
      this.ephemeral = new EphemeralExit(rpc.ephemeral_grace_ms, () => {
        log.info("last client left: ephemeral daemon exiting");
        options.onSelfStop?.();
      });
    }
    this.services = {
      serverVersion: SERVER_VERSION,
      implementation: IMPLEMENTATION,
      startedAt: this.startedAt,
      endpoint: paths.endpoint,
      dataDir: paths.dataDir,
      configDir: paths.configDir,
      configFile: configFilePath(paths.configDir),
      maxLocalConnections: rpc.max_local_connections,
      config,
      authority,
      pairing,
      sessions,
      turns,
      subscriptions,
      files,
      uploads,
      loginCodes: new LoginCodes(),
      connectionCounts: () => ({
        local: this.listener.openConnections,
        gateway: this.gateway?.openConnections ?? 0,
      }),
      gatewayUrl: () => this.gatewayUrl,
      dashboardUrl: () => this.dashboardUrl,
      inEffect: () => this.inEffect,
      authThrottle: new AuthThrottle(throttleLimits(initial.effective.gateway.auth_throttle)),
      peerIdentity: this.peerIdentity,
      bashSandbox: () => sandbox.mode(config.live.effective.tools.bash.sandbox),
      health: () => this.health.snapshot(),
    };
  }

  static async start(options: DaemonOptions = {}): Promise<Daemon> {
    const log = options.log ?? createLogger();
    const paths = resolvePaths(options.configDir, options.env ?? process.env);
    const initial = loadLiveConfig(paths.configDir);
    prepareDirectories(paths.dataDir, paths.endpoint);
    // The data dir first: a second daemon on it must not touch anything inside, its socket included.
    const dataDirLock = await acquireDataDirLock(paths.dataDir);
    let lock: EndpointLock;
    try {
      lock = await acquireEndpoint(paths.endpoint);
    } catch (err) {
      dataDirLock.release();
      throw err;
    }
    let storage: Storage | undefined;
    let daemon: Daemon | undefined;
    try {
      const st = initial.effective.storage;
      storage = openDatabase(paths.dataDir, {
        busyTimeoutMs: st.busy_timeout_ms,
        checkpoints: {
          idleMs: st.checkpoint_idle_ms,
          maxDelayMs: st.checkpoint_max_delay_ms,
          safetyPages: st.wal_autocheckpoint_pages,
        },
      });
      const env = options.env ?? process.env;
      const sandboxPaths: SandboxPaths = {
        configDir: paths.configDir,
        dataDir: paths.dataDir,
        endpoint: paths.endpoint,
        home: env.HOME ?? homedir(),
        runtimeDir: env.XDG_RUNTIME_DIR,
      };
      const sandbox = new BashSandbox(await probeBwrap(sandboxPaths, env.PATH), sandboxPaths);
      daemon = new Daemon(paths, initial, storage, lock, dataDirLock, sandbox, log, options);
      daemon.warnAtStart(sandbox);
      // The gateway first: once the local socket accepts, everything status reports is up.
      if (daemon.inEffect["gateway.enabled"] === true) await daemon.startGateway();
      await daemon.listener.listen();
      daemon.health.ok("rpc");
      lock.bound();
      log.info(
        {
          endpoint: paths.endpoint,
          data_dir: paths.dataDir,
          gateway: daemon.gatewayUrl,
          version: SERVER_VERSION,
        },
        "daemon listening",
      );
      return daemon;
    } catch (err) {
      await daemon?.gateway?.close();
      storage?.close();
      lock.release();
      dataDirLock.release();
      throw err;
    }
  }

  /** Stops accepting, closes every connection (cancelling what they started), unlinks our socket. */
  stop(reason = "shutdown"): Promise<void> {
    this.stopping ??= (async () => {
      this.log.info({ reason }, "daemon stopping");
      this.ephemeral?.dispose();
      const closing = [this.listener.close(), this.gateway?.close()];
      this.services.uploads.stop();
      await this.services.sessions.shutdown();
      for (const c of [...this.connections]) c.transport.close("daemon stopping");
      await Promise.all(closing);
      this.storage.close();
      this.lock.release();
      this.dataDirLock.release();
    })();
    return this.stopping;
  }

  /** What a user must know once: how local peers are identified, and a bash that is not sandboxed. */
  private warnAtStart(sandbox: BashSandbox): void {
    if (this.peerIdentity === "assumed_owner" && process.platform !== "win32")
      this.log.warn(
        { peer_identity: this.peerIdentity, uid: process.getuid?.() },
        "peer credentials are not available (native addon not built, or ZEROCLAW_PEERCRED=off): every local peer is taken to be the daemon's own uid",
      );
    const warning = sandbox.warning(this.services.config.live.effective.tools.bash.sandbox);
    if (warning) this.log.warn({ bash_sandbox: this.services.bashSandbox() }, warning);
  }

  private async startGateway(): Promise<void> {
    const { gateway } = this.services.config.live.effective;
    const host = this.inEffect["gateway.host"] as string;
    const port = this.inEffect["gateway.port"] as number;
    // Loaded only when the gateway is on: ws is ~30 ms of start-up a local-only daemon need not pay.
    const { GatewayListener } = await import("./gateway-listener.js");
    this.gateway = new GatewayListener({
      host,
      port,
      maxConnections: gateway.max_connections,
      maxPendingConnections: gateway.max_pending_connections,
      pendingTimeoutMs: gateway.pending_timeout_ms,
      headerTimeoutMs: gateway.header_timeout_ms,
      allowedOrigins: gateway.allowed_origins,
      backlog: this.listenBacklog,
      limits: this.limits,
      log: this.log,
      document,
      accept: (transport) => this.acceptGateway(transport),
    });
    this.health.starting("gateway");
    try {
      const { url, dashboardUrl, port: real } = await this.gateway.listen();
      this.gatewayUrl = url;
      this.dashboardUrl = dashboardUrl;
      this.inEffect["gateway.port"] = real;
      this.health.ok("gateway");
      this.log.info(
        { url: dashboardUrl },
        `dashboard at ${dashboardUrl} (\`zeroclaw dashboard\` prints it with a one-time login code)`,
      );
    } catch (err) {
      this.health.failed("gateway", err);
      throw err;
    }
  }

  private acceptLocal(socket: Socket): void {
    const creds = peerCredentials(socket);
    const transport = new NdjsonSocketTransport(socket, "local", peerLabel(socket, creds), this.limits, () =>
      peerHungUp(socket),
    );
    const uid = creds?.uid ?? (this.peerIdentity === "assumed_owner" ? process.getuid?.() : undefined);
    this.track(transport, uid, () => this.listener.released());
  }

  private acceptGateway(transport: WsTransport): void {
    this.track(
      transport,
      undefined,
      () => this.gateway?.released(transport),
      () => this.gateway?.initialized(transport),
    );
  }

  private track(
    transport: DaemonConnection["transport"],
    peerUid: number | undefined,
    release: () => void,
    initialized: () => void = () => {},
  ): void {
    const conn = new DaemonConnection({
      id: this.nextConnectionId++,
      transport,
      peerUid,
      services: this.services,
      initializeTimeoutMs: this.initializeTimeoutMs,
      revokedCloseMs: this.revokedCloseMs,
      log: this.log,
      onInitialized: initialized,
      onClosed: (c) => {
        this.services.uploads.discardConnection(c.id);
        this.connections.delete(c);
        release();
        this.ephemeral?.left(this.connections.size);
      },
    });
    this.connections.add(conn);
    this.ephemeral?.joined();
  }
}

/**
 * [rpc] and [gateway] as dotted props, as read at start-up, with the command line's gateway override
 * applied (SPEC §1 --gateway, §10): what status.in_effect reports and what the listeners use.
 */
function startupSettings(initial: LiveConfig, gateway: DaemonOptions["gateway"]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const { rpc, gateway: g } = initial.effective;
  for (const [key, value] of Object.entries(rpc)) out[`rpc.${key}`] = value;
  for (const [key, value] of Object.entries(g)) out[`gateway.${key}`] = value;
  if (gateway) {
    out["gateway.enabled"] = true;
    if (typeof gateway === "object") {
      if (gateway.host !== undefined) out["gateway.host"] = gateway.host;
      if (gateway.port !== undefined) out["gateway.port"] = gateway.port;
    }
  }
  return out;
}
