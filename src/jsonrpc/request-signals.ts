// One AbortSignal per incoming request, aborted when the connection closes (SPEC §7: a turn whose
// connection goes away is cancelled). A handler passes its request's signal on to what it starts,
// nested outbound requests included, so work for a request that can no longer be answered stops and
// a daemon → client request it made is withdrawn (removed from the Peer's pending map).
//
// The controller is made only when a handler first reads the signal: most requests (status,
// config/get, file chunks) never do, and pay one small object, not an AbortController. A request
// drops out of the live set once it is answered; what it started has ended with it by then.
//
// Owned by the generic Dispatcher (one per connection), which opens a scope per call.
import { ConnectionClosedError } from "./peer.js";

export class RequestSignals {
  private live: Set<AbortController> | undefined;
  private closedReason: string | undefined;

  /** A scope for one incoming request; call `release` once its answer is sent. */
  open(): RequestScope {
    return new RequestScope(this);
  }

  /** The connection ended: abort every request still being answered, and any opened from now on. */
  abortAll(reason: string): void {
    this.closedReason = reason;
    const live = [...(this.live ?? [])];
    this.live?.clear();
    for (const c of live) c.abort(new ConnectionClosedError(reason));
  }

  /** Requests whose signal was read and which are not answered yet (tests). */
  get size(): number {
    return this.live?.size ?? 0;
  }

  /** @internal */
  track(controller: AbortController): void {
    if (this.closedReason !== undefined) {
      controller.abort(new ConnectionClosedError(this.closedReason));
      return;
    }
    this.live ??= new Set();
    this.live.add(controller);
  }

  /** @internal */
  untrack(controller: AbortController): void {
    this.live?.delete(controller);
  }
}

export class RequestScope {
  private controller: AbortController | undefined;
  private released = false;

  constructor(private readonly owner: RequestSignals) {}

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (!this.released) this.owner.track(this.controller);
    }
    return this.controller.signal;
  }

  release(): void {
    this.released = true;
    if (this.controller) this.owner.untrack(this.controller);
  }
}
