// The gateway endpoint (SPEC §10): one HTTP server with GET /health, GET /openrpc.json, the dashboard
// page at / (dashboard-assets.ts) and the WebSocket upgrade at /rpc, plus its own open-connection cap (SPEC §2 semantics, counted apart from
// the local listener's). Its HTTP side has deadlines (SPEC §19): every TCP connection is *pending* from
// the moment it is accepted until its request's headers arrive (or, for /rpc, its upgrade completes),
// and again while a kept-alive connection waits for its next request; a pending connection is closed
// at gateway.header_timeout_ms by a timer of its own (Node's headersTimeout is only checked every
// connectionsCheckingInterval, and never for a socket that sends no byte), and these connections
// count with the WebSockets before initialize toward gateway.max_pending_connections, the oldest of
// all closed to make room (§17). So idle or half-sent requests can neither stay open nor pile up to
// the process's file descriptor limit, where the local socket could no longer accept.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { Duplex } from "node:stream";
import { type WebSocket, WebSocketServer } from "ws";
import type { Logger } from "../log.js";
import { type TransportLimits, WsTransport } from "../transport/ws-transport.js";
import { ConnectionCap } from "./connection-cap.js";
import { DashboardAssets } from "./dashboard-assets.js";
import { admittedOrigins, dashboardBase, normalizeOrigin, urlHost } from "./gateway-origins.js";

export type GatewayOptions = {
  host: string;
  /** 0 picks a free port; listen() reports the real one. */
  port: number;
  maxConnections: number;
  /** Connections still before initialize: one more upgrade closes the oldest of them (SPEC §17). */
  maxPendingConnections: number;
  /** A connection still pending this long after its upgrade is closed (SPEC §17). */
  pendingTimeoutMs: number;
  /** A TCP connection's request headers, or its whole upgrade, must arrive within this long (SPEC §19). */
  headerTimeoutMs: number;
  /** Browser origins admitted besides the gateway's own (SPEC §12). */
  allowedOrigins: readonly string[];
  /** listen(2) backlog (the kernel caps it at its maximum). */
  backlog: number;
  limits: TransportLimits;
  log: Logger;
  /** Served as JSON at /openrpc.json. */
  document: unknown;
  /** The built dashboard page (default: this package's dist/dashboard/). */
  dashboardDir?: string;
  /** An accepted connection under the cap. Its owner calls released() when it closes. */
  accept(transport: WsTransport): void;
};

export type GatewayAddress = {
  host: string;
  port: number;
  /** ws://host:port/rpc */
  url: string;
  /** http://…:port/, where the owner opens the dashboard (a loopback name for a wildcard bind). */
  dashboardUrl: string;
};

const RPC_PATH = "/rpc";
/** RFC 6455 §7.4.1 "Try Again Later": the refusal is about capacity, not about this client. */
const TRY_AGAIN_LATER = 1013;

const pathOf = (url: string | undefined): string => {
  const raw = url ?? "/";
  const q = raw.indexOf("?");
  return q === -1 ? raw : raw.slice(0, q);
};

export class GatewayListener {
  private readonly server: Server;
  private readonly wss: WebSocketServer;
  private readonly resources: ReadonlyMap<string, string>;
  private readonly transports = new Set<WsTransport>();
  /**
   * Accepted connections that have not completed initialize yet, oldest first (a Map keeps insertion
   * order), each with the timer that closes it at gateway.pending_timeout_ms.
   */
  private readonly pending = new Map<WsTransport, { timer: NodeJS.Timeout; seq: number }>();
  /** TCP connections before their request or upgrade (SPEC §19), oldest first, with their deadline. */
  private readonly httpPending = new Map<Socket, { timer: NodeJS.Timeout; seq: number }>();
  /** Orders pending connections of both kinds, so "the oldest" is well defined across the two maps. */
  private seq = 0;
  /** One warning per stretch of evictions (reset when nothing is pending). */
  private evicting = false;
  private admittedOrigins = new Set<string>();
  private readonly dashboard: DashboardAssets;
  /** ws://host:port, where a page from the gateway's own origin connects (its CSP connect-src). */
  private wsOrigin = "";
  private dashboardUrl = "";
  private readonly cap: ConnectionCap;

  constructor(private readonly options: GatewayOptions) {
    this.cap = new ConnectionCap(options.maxConnections, options.log, { listener: "gateway" });
    this.resources = new Map([
      ["/health", JSON.stringify({ status: "ok" })],
      ["/openrpc.json", JSON.stringify(options.document)],
    ]);
    this.dashboard = new DashboardAssets(options.dashboardDir);
    this.wss = new WebSocketServer({
      noServer: true,
      // ws refuses an oversized message from its frame header (close 1009) without buffering it.
      maxPayload: options.limits.maxFrameBytes,
      // WsTransport's frame clock reads the receiver right after each chunk: it needs messages
      // emitted synchronously and never inflating (compression would also let a small frame expand).
      perMessageDeflate: false,
      allowSynchronousEvents: true,
    });
    const deadline = options.headerTimeoutMs;
    this.server = createServer(
      {
        // Node's own checks, for a request whose headers started but whose body never ends; the timer
        // of onConnection covers what these check lazily or not at all.
        headersTimeout: deadline,
        requestTimeout: deadline,
        connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(deadline / 2))),
      },
      (req, res) => this.onRequest(req, res),
    );
    this.server.on("connection", (socket: Socket) => this.onConnection(socket));
    this.server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) =>
      this.onUpgrade(req, socket, head),
    );
  }

  get openConnections(): number {
    return this.cap.openConnections;
  }

  listen(): Promise<GatewayAddress> {
    const { host, port } = this.options;
    return new Promise((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen({ port, host, backlog: this.options.backlog }, () => {
        this.server.off("error", reject);
        const real = (this.server.address() as AddressInfo).port;
        // A page the gateway itself serves may connect: its own origin (and, bound to loopback, every
        // loopback name of it) is always admitted.
        this.admittedOrigins = admittedOrigins(host, real, this.options.allowedOrigins);
        this.wsOrigin = `ws://${urlHost(host)}:${real}`;
        this.dashboardUrl = dashboardBase(host, real);
        resolve({ host, port: real, url: `${this.wsOrigin}${RPC_PATH}`, dashboardUrl: this.dashboardUrl });
      });
    });
  }

  /** Stops accepting, then ends every WebSocket (ours and refused ones still closing) and HTTP connection. */
  close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const t of [...this.transports]) t.close("gateway closing");
    for (const ws of this.wss.clients) ws.terminate();
    this.server.closeAllConnections();
    return closed;
  }

  /** Called by the owner of an accepted connection once it has completed initialize. */
  initialized(transport: WsTransport): void {
    this.settle(transport);
  }

  /** Called by the owner of an accepted connection when it ends. */
  released(transport: WsTransport): void {
    this.settle(transport);
    this.cap.released();
  }

  private settle(transport: WsTransport): void {
    clearTimeout(this.pending.get(transport)?.timer);
    this.pending.delete(transport);
  }

  /** Connections pending of both kinds: TCP before its request or upgrade, WebSocket before initialize. */
  get pendingConnections(): number {
    return this.pending.size + this.httpPending.size;
  }

  private onConnection(socket: Socket): void {
    socket.once("close", () => this.requestArrived(socket));
    this.awaitRequest(socket);
  }

  /** `socket` now waits for a request (new, or kept alive after a response): pending, with a deadline. */
  private awaitRequest(socket: Socket): void {
    this.requestArrived(socket);
    this.makeRoom();
    const timer = setTimeout(() => {
      this.httpPending.delete(socket);
      this.options.log.debug(
        { limit_ms: this.options.headerTimeoutMs, listener: "gateway", peer: socket.remoteAddress },
        "no request or upgrade in time: closing",
      );
      socket.destroy();
    }, this.options.headerTimeoutMs);
    timer.unref();
    this.httpPending.set(socket, { timer, seq: this.seq++ });
  }

  /** Its request arrived (or it closed): no longer pending. */
  private requestArrived(socket: Socket): void {
    const entry = this.httpPending.get(socket);
    if (entry === undefined) return;
    clearTimeout(entry.timer);
    this.httpPending.delete(socket);
  }

  /** Below max_pending_connections again, by closing the oldest pending connections of either kind. */
  private makeRoom(): void {
    while (this.pendingConnections >= this.options.maxPendingConnections) this.evictOldestPending();
    if (this.pendingConnections === 0) this.evicting = false;
  }

  /**
   * Makes room for one more pending connection by closing the oldest (SPEC §17): sockets that never
   * initialize cannot hold the slots, so a client that initializes promptly always gets in. Closing
   * is synchronous: its owner releases the slot (and its share of max_connections) before this returns.
   */
  private evictOldestPending(): void {
    const ws = this.pending.entries().next().value;
    const tcp = this.httpPending.entries().next().value;
    if (ws === undefined && tcp === undefined) return;
    if (!this.evicting) {
      this.evicting = true;
      this.options.log.warn(
        { limit: this.options.maxPendingConnections, listener: "gateway" },
        "too many connections before initialize: closing the oldest",
      );
    }
    if (tcp !== undefined && (ws === undefined || tcp[1].seq < ws[1].seq)) {
      this.requestArrived(tcp[0]);
      tcp[0].destroy();
      return;
    }
    const oldest = ws![0];
    this.settle(oldest);
    oldest.close("evicted: too many connections before initialize");
  }

  private onRequest(req: IncomingMessage, res: ServerResponse): void {
    const socket = req.socket;
    this.requestArrived(socket);
    // Kept alive, the connection waits for its next request: pending again, with a fresh deadline.
    res.once("finish", () => {
      if (!socket.destroyed && !res.getHeader("connection")?.toString().includes("close"))
        this.awaitRequest(socket);
    });
    const path = pathOf(req.url);
    const body = this.resources.get(path);
    if (path === RPC_PATH) {
      reply(res, 426, '{"error":"upgrade_required"}', { Upgrade: "websocket" });
    } else if (body === undefined) {
      const pageOrigin = this.pageOrigin(req);
      if (pageOrigin === undefined && this.dashboard.servesPage(path)) {
        this.dashboard.refuseOrigin(req, res, `http://${req.headers.host ?? ""}`, this.dashboardUrl);
        return;
      }
      if (this.dashboard.serve(req, res, path, pageOrigin ?? this.wsOrigin)) return;
      reply(res, 404, '{"error":"not_found"}');
    } else if (req.method !== "GET" && req.method !== "HEAD") {
      reply(res, 405, '{"error":"method_not_allowed"}', { Allow: "GET, HEAD" });
    } else {
      reply(res, 200, body);
    }
  }

  /**
   * ws://<Host> when the page's own address (its Host header) is an admitted origin, so a page opened
   * as http://localhost:PORT/ connects back to the name it was opened under; undefined otherwise (that
   * page could never open the WebSocket: it gets a page naming the address to open instead).
   */
  private pageOrigin(req: IncomingMessage): string | undefined {
    const host = req.headers.host;
    if (host === undefined || host === "") return this.wsOrigin;
    return this.admittedOrigins.has(normalizeOrigin(`http://${host}`)) ? `ws://${host}` : undefined;
  }

  private onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on("error", () => {}); // a reset during the handshake is the client's business
    if (pathOf(req.url) !== RPC_PATH) {
      refuseUpgrade(socket, "404 Not Found");
      return;
    }
    // Browsers always send Origin; any page could otherwise open sockets to a local daemon.
    const origin = req.headers.origin;
    if (origin !== undefined && !this.admittedOrigins.has(normalizeOrigin(origin))) {
      this.options.log.warn({ listener: "gateway" }, "upgrade refused: origin not allowed");
      refuseUpgrade(socket, "403 Forbidden");
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.onWebSocket(ws, req));
  }

  private onWebSocket(ws: WebSocket, req: IncomingMessage): void {
    const { log, limits } = this.options;
    // Unauthenticated sockets are capped apart, so they can never take the slots of paired peers. The
    // upgrade completed: the TCP connection's deadline ends, the WebSocket's own pending rules apply
    // (§17), in the same count.
    this.requestArrived(req.socket);
    this.makeRoom();
    if (this.cap.full()) {
      ws.on("error", () => {});
      ws.send(this.cap.refusal());
      ws.close(TRY_AGAIN_LATER, "connection limit"); // ws's close timer ends a peer that never answers
      return;
    }
    let transport: WsTransport;
    try {
      const address = req.socket.remoteAddress;
      transport = new WsTransport(ws, `ws:${address}:${req.socket.remotePort}`, limits, address);
    } catch (err) {
      // Only a ws upgrade that moved the internals the transport checks: refuse, do not crash the daemon.
      log.error({ err }, "gateway connection refused: cannot enforce limits with this ws version");
      ws.terminate();
      return;
    }
    this.cap.taken();
    this.transports.add(transport);
    const timer = setTimeout(() => {
      if (!this.pending.has(transport)) return;
      log.warn(
        { limit_ms: this.options.pendingTimeoutMs, peer: transport.peerLabel },
        "pending too long: closing",
      );
      this.settle(transport);
      transport.close("pending timeout");
    }, this.options.pendingTimeoutMs);
    timer.unref();
    this.pending.set(transport, { timer, seq: this.seq++ });
    ws.once("close", () => this.transports.delete(transport));
    this.options.accept(transport);
  }
}

/** Answers an upgrade request with a plain HTTP status and closes, before any WebSocket exists. */
function refuseUpgrade(socket: Duplex, status: string, extraHeaders = ""): void {
  socket.once("finish", () => socket.destroy());
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n${extraHeaders}Content-Length: 0\r\n\r\n`);
}

/** `body` is serialized JSON. */
function reply(
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    ...headers,
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(body),
  });
  res.end(body);
}
