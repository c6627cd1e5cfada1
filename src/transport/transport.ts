// The seam between byte streams and JSON-RPC: a transport delivers whole text messages and takes whole
// serialized messages. NDJSON over a local socket and WebSocket text frames both implement it.

export type TransportKind = "local" | "gateway";

export interface TransportEvents {
  /** One complete message; `valid` is false when its bytes were not UTF-8. */
  message(text: string, valid: boolean): void;
  /**
   * The peer half-closed: no more messages will come. The owner finishes the connection once it has
   * answered what it was asked (without this handler the transport finishes right away).
   */
  ended?(): void;
  /** The connection is gone (either side, any reason). Called once. */
  closed(reason: string): void;
}

export interface RpcTransport {
  readonly kind: TransportKind;
  /** Audit label of the peer, e.g. `unix:pid=12,uid=1000`. */
  readonly peerLabel: string;
  /** The peer's network address (gateway connections; what auth failures are throttled by). */
  readonly remoteAddress?: string;
  readonly isClosed: boolean;
  /** Starts delivering events; nothing is read before this. */
  start(events: TransportEvents): void;
  /** Queues one serialized message (no newline). Dropped silently once closed. */
  send(message: string): void;
  /** Sends `message` (if any) after everything queued, then closes with `reason`. Reads nothing more. */
  finish(message?: string, reason?: string): void;
  /** Closes now, discarding queued output. */
  close(reason: string): void;
  /** Resolves once queued output is below the high-water mark (or the connection closed). */
  whenWritable(): Promise<void>;
  /** Queued output is above the high-water mark: whenWritable() would wait. A check without a promise. */
  readonly backedUp: boolean;
  /**
   * Output queued for the peer and not yet taken by the OS (characters until a write is flushed,
   * bytes after): what a watcher's budget is measured against (SPEC §17). A cheap read, no allocation.
   */
  readonly queuedBytes: number;
}
