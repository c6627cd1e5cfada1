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

  /** Component and process health (zerocode's Dashboard and status line poll it). */
  health(params: T.HealthParams = {}, options?: CallOptions): Promise<T.HealthResult> {
    return this.call("health", params, options);
  }

  /** The agents the caller may use, with their session counts (zerocode's Chat and Code panes start here). */
  agentsStatus(params: T.AgentsStatusParams = {}, options?: CallOptions): Promise<T.AgentsStatusResult> {
    return this.call("agents/status", params, options);
  }

  /** This OpenRPC document (OpenRPC service discovery). */
  rpcDiscover(params: T.RpcDiscoverParams = {}, options?: CallOptions): Promise<T.RpcDiscoverResult> {
    return this.call("rpc.discover", params, options);
  }

  /** Read the live config, or one prop of it; secrets are masked as ****. */
  configGet(params: T.ConfigGetParams = {}, options?: CallOptions): Promise<T.ConfigGetResult> {
    return this.call("config/get", params, options);
  }

  /** Set one prop: the same staging, validation, authorization and durable write as config/set-many with one entry. */
  configSet(params: T.ConfigSetParams, options?: CallOptions): Promise<T.ConfigSetResult> {
    return this.call("config/set", params, options);
  }

  /** Set 1–256 props atomically: staged into one candidate, validated as a whole, committed with one durable write. */
  configSetMany(params: T.ConfigSetManyParams, options?: CallOptions): Promise<T.ConfigSetManyResult> {
    return this.call("config/set-many", params, options);
  }

  /** Create a pairing token for a configured user; the token is shown once and stored hashed. */
  pairingCreate(params: T.PairingCreateParams, options?: CallOptions): Promise<T.PairingCreateResult> {
    return this.call("pairing/create", params, options);
  }

  /** Revoke a pairing token; a gateway connection using it fails its next call with -32010. */
  pairingRevoke(params: T.PairingRevokeParams, options?: CallOptions): Promise<T.PairingRevokeResult> {
    return this.call("pairing/revoke", params, options);
  }

  /** The active pairing tokens (never the tokens themselves). */
  pairingList(params: T.PairingListParams = {}, options?: CallOptions): Promise<T.PairingListResult> {
    return this.call("pairing/list", params, options);
  }

  /** Create a live agent session owned by the caller. */
  sessionNew(params: T.SessionNewParams = {}, options?: CallOptions): Promise<T.SessionNewResult> {
    return this.call("session/new", params, options);
  }

  /** Run one turn; session/update notifications stream its progress, the result comes at turn end. */
  sessionPrompt(params: T.SessionPromptParams, options?: CallOptions): Promise<T.SessionPromptResult> {
    return this.call("session/prompt", params, options);
  }

  /** Cancel the running turn; it ends with outcome cancelled. */
  sessionCancel(params: T.SessionCancelParams, options?: CallOptions): Promise<T.SessionCancelResult> {
    return this.call("session/cancel", params, options);
  }

  /** Answer an approval_request. */
  sessionApprove(params: T.SessionApproveParams, options?: CallOptions): Promise<T.SessionApproveResult> {
    return this.call("session/approve", params, options);
  }

  /** The caller's sessions, live and persisted (an admin sees all). */
  sessionList(params: T.SessionListParams = {}, options?: CallOptions): Promise<T.SessionListResult> {
    return this.call("session/list", params, options);
  }

  /** The display transcript, oldest first. */
  sessionMessages(params: T.SessionMessagesParams, options?: CallOptions): Promise<T.SessionMessagesResult> {
    return this.call("session/messages", params, options);
  }

  /** End the live session, keeping its history resumable (a later prompt rehydrates it). */
  sessionClose(params: T.SessionCloseParams, options?: CallOptions): Promise<T.SessionCloseResult> {
    return this.call("session/close", params, options);
  }

  /** Cancel, then mark the session a tombstone: history kept, never rehydrated (a later prompt gets -32000). */
  sessionKill(params: T.SessionKillParams, options?: CallOptions): Promise<T.SessionKillResult> {
    return this.call("session/kill", params, options);
  }

  /** Cancel, then delete the ACP session's rows and recoverable checkpoints, then remove the live session. */
  sessionDelete(params: T.SessionDeleteParams, options?: CallOptions): Promise<T.SessionDeleteResult> {
    return this.call("session/delete", params, options);
  }

  /** Watch a session: this connection also gets every session/update of it, whoever runs the turn. */
  sessionSubscribe(params: T.SessionSubscribeParams, options?: CallOptions): Promise<T.SessionSubscribeResult> {
    return this.call("session/subscribe", params, options);
  }

  /** Stop watching a session. */
  sessionUnsubscribe(params: T.SessionUnsubscribeParams, options?: CallOptions): Promise<T.SessionUnsubscribeResult> {
    return this.call("session/unsubscribe", params, options);
  }

  /** Store whole files (base64, one frame) in the session's workspace, deduplicated per session. */
  fileAttach(params: T.FileAttachParams, options?: CallOptions): Promise<T.FileAttachResult> {
    return this.call("file/attach", params, options);
  }

  /** Start a chunked upload bound to this connection and this live session. */
  fileUploadBegin(params: T.FileUploadBeginParams, options?: CallOptions): Promise<T.FileUploadBeginResult> {
    return this.call("file/upload/begin", params, options);
  }

  /** Send the next chunk; offset must equal the bytes received so far. */
  fileUploadChunk(params: T.FileUploadChunkParams, options?: CallOptions): Promise<T.FileUploadChunkResult> {
    return this.call("file/upload/chunk", params, options);
  }

  /** Store the upload once every declared byte arrived (and a declared sha256 matches). */
  fileUploadCommit(params: T.FileUploadCommitParams, options?: CallOptions): Promise<T.FileUploadCommitResult> {
    return this.call("file/upload/commit", params, options);
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
