// Generated from openrpc.json by codegen/ — do not edit. Run `npm run generate`.
import type * as T from "./types.js";
import type { DaemonRequestMethod, MethodParams, MethodResults } from "./methods.js";

export type CallOptions = { signal?: AbortSignal };

/** The connection a client runs over: correlation, ids and framing live behind it. */
export interface RpcEndpoint {
  request(method: string, params: unknown, options?: CallOptions): Promise<unknown>;
  notify(method: string, params: unknown): void;
  setRequestHandler(method: string, handler: (params: unknown) => unknown): void;
  setNotificationHandler(method: string, handler: (params: unknown) => void): void;
}

export class ZeroclawClient {
  constructor(readonly endpoint: RpcEndpoint) {}

  /** Calls any client → daemon request by its wire name. */
  call<M extends DaemonRequestMethod>(method: M, params: MethodParams[M], options?: CallOptions): Promise<MethodResults[M]> {
    return this.endpoint.request(method, params, options) as Promise<MethodResults[M]>;
  }

  /** Open the session: negotiate the protocol version and authenticate the peer. */
  initialize(params: T.InitializeParams, options?: CallOptions): Promise<T.InitializeResult> {
    return this.call("initialize", params, options);
  }

  /** Daemon health and counters. */
  status(params: T.StatusParams = {}, options?: CallOptions): Promise<T.StatusResult> {
    return this.call("status", params, options);
  }

  /** This OpenRPC document (OpenRPC service discovery). */
  rpcDiscover(params: T.RpcDiscoverParams = {}, options?: CallOptions): Promise<T.RpcDiscoverResult> {
    return this.call("rpc.discover", params, options);
  }

  /** Daemon → client notification: one incremental event of a running turn. */
  onSessionUpdate(handler: (params: T.SessionUpdateParams) => void): void {
    this.endpoint.setNotificationHandler("session/update", handler as (params: unknown) => void);
  }

  /** Daemon → client request: ask the user a question (the ask_user tool). */
  handleElicitationCreate(handler: (params: T.ElicitationCreateParams) => T.ElicitationCreateResult | Promise<T.ElicitationCreateResult>): void {
    this.endpoint.setRequestHandler("elicitation/create", handler as (params: unknown) => unknown);
  }
}
