// Generated from openrpc.json by codegen/ — do not edit. Run `npm run generate`.
import type * as T from "./types.js";

export type SendOptions = { signal?: AbortSignal };

/** The daemon's end of one connection: correlation, ids and framing live behind it. */
export interface DaemonEndpoint {
  request(method: string, params: unknown, options?: SendOptions): Promise<unknown>;
  notify(method: string, params: unknown): void;
}

/** What the daemon may send to one client. */
export class DaemonToClient {
  constructor(readonly endpoint: DaemonEndpoint) {}

  /** Daemon → client notification: one incremental event of a running turn. */
  sessionUpdate(params: T.SessionUpdateParams | T.ZeroclawSessionUpdateParams): void {
    this.endpoint.notify("session/update", params);
  }

  /** Daemon → client request: ask the user a question (the ask_user tool). */
  elicitationCreate(params: T.ElicitationCreateParams, options?: SendOptions): Promise<T.ElicitationCreateResult> {
    return this.endpoint.request("elicitation/create", params, options) as Promise<T.ElicitationCreateResult>;
  }
}
