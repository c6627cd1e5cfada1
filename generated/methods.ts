// Generated from openrpc.json by codegen/ — do not edit. Run `npm run generate`.
import type * as T from "./types.js";
import * as V from "./validators.js";

export type ValidationError = {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
};
export type Validator = ((data: unknown) => boolean) & { errors?: ValidationError[] | null };

export type Grant = T.Grant;
export const GRANTS: readonly Grant[] = ["system:read","config:read","config:update","sessions:create","sessions:read","sessions:update","sessions:delete","sessions:execute","files:create","pairing:manage"];
/** Every grant by name: `Grant.configUpdate` is "config:update". */
export const Grant = {
  systemRead: "system:read",
  configRead: "config:read",
  configUpdate: "config:update",
  sessionsCreate: "sessions:create",
  sessionsRead: "sessions:read",
  sessionsUpdate: "sessions:update",
  sessionsDelete: "sessions:delete",
  sessionsExecute: "sessions:execute",
  filesCreate: "files:create",
  pairingManage: "pairing:manage",
} as const satisfies Record<string, Grant>;

/** The protocol versions initialize accepts (InitializeResult.protocolVersion). */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly number[] = [1];
/** The newest protocol version: what a client of this contract asks for. */
export const PROTOCOL_VERSION = 1 as const;
/** The handshake method: the first call on every connection. */
export const HANDSHAKE_METHOD = "initialize" as const;

/** Client → daemon requests. */
export type DaemonRequestMethod = "initialize" | "status" | "health" | "agents/status" | "rpc.discover" | "config/get" | "config/set" | "config/set-many" | "pairing/create" | "pairing/revoke" | "pairing/list" | "dashboard/login" | "session/new" | "session/prompt" | "session/cancel" | "session/approve" | "session/list" | "session/messages" | "session/close" | "session/kill" | "session/delete" | "session/subscribe" | "session/unsubscribe" | "file/attach" | "file/upload/begin" | "file/upload/chunk" | "file/upload/commit";
/** Client → daemon notifications. */
export type DaemonNotificationMethod = never;
/** Daemon → client requests. */
export type ClientRequestMethod = "elicitation/create";
/** Daemon → client notifications. */
export type ClientNotificationMethod = "session/update";
export type MethodName = DaemonRequestMethod | DaemonNotificationMethod | ClientRequestMethod | ClientNotificationMethod;
/** Every method by name: `Method.configSet` is "config/set". */
export const Method = {
  initialize: "initialize",
  status: "status",
  health: "health",
  agentsStatus: "agents/status",
  rpcDiscover: "rpc.discover",
  configGet: "config/get",
  configSet: "config/set",
  configSetMany: "config/set-many",
  pairingCreate: "pairing/create",
  pairingRevoke: "pairing/revoke",
  pairingList: "pairing/list",
  dashboardLogin: "dashboard/login",
  sessionNew: "session/new",
  sessionPrompt: "session/prompt",
  sessionCancel: "session/cancel",
  sessionApprove: "session/approve",
  sessionList: "session/list",
  sessionMessages: "session/messages",
  sessionClose: "session/close",
  sessionKill: "session/kill",
  sessionDelete: "session/delete",
  sessionSubscribe: "session/subscribe",
  sessionUnsubscribe: "session/unsubscribe",
  fileAttach: "file/attach",
  fileUploadBegin: "file/upload/begin",
  fileUploadChunk: "file/upload/chunk",
  fileUploadCommit: "file/upload/commit",
  sessionUpdate: "session/update",
  elicitationCreate: "elicitation/create",
} as const satisfies Record<string, MethodName>;

export type MethodParams = {
  "initialize": T.InitializeParams;
  "status": T.StatusParams;
  "health": T.HealthParams;
  "agents/status": T.AgentsStatusParams;
  "rpc.discover": T.RpcDiscoverParams;
  "config/get": T.ConfigGetParams;
  "config/set": T.ConfigSetParams;
  "config/set-many": T.ConfigSetManyParams;
  "pairing/create": T.PairingCreateParams;
  "pairing/revoke": T.PairingRevokeParams;
  "pairing/list": T.PairingListParams;
  "dashboard/login": T.DashboardLoginParams;
  "session/new": T.SessionNewParams;
  "session/prompt": T.SessionPromptParams;
  "session/cancel": T.SessionCancelParams;
  "session/approve": T.SessionApproveParams;
  "session/list": T.SessionListParams;
  "session/messages": T.SessionMessagesParams;
  "session/close": T.SessionCloseParams;
  "session/kill": T.SessionKillParams;
  "session/delete": T.SessionDeleteParams;
  "session/subscribe": T.SessionSubscribeParams;
  "session/unsubscribe": T.SessionUnsubscribeParams;
  "file/attach": T.FileAttachParams;
  "file/upload/begin": T.FileUploadBeginParams;
  "file/upload/chunk": T.FileUploadChunkParams;
  "file/upload/commit": T.FileUploadCommitParams;
  "session/update": T.SessionUpdateParams;
  "elicitation/create": T.ElicitationCreateParams;
};
export type MethodResults = {
  "initialize": T.InitializeResult;
  "status": T.StatusResult;
  "health": T.HealthResult;
  "agents/status": T.AgentsStatusResult;
  "rpc.discover": T.RpcDiscoverResult;
  "config/get": T.ConfigGetResult;
  "config/set": T.ConfigSetResult;
  "config/set-many": T.ConfigSetManyResult;
  "pairing/create": T.PairingCreateResult;
  "pairing/revoke": T.PairingRevokeResult;
  "pairing/list": T.PairingListResult;
  "dashboard/login": T.DashboardLoginResult;
  "session/new": T.SessionNewResult;
  "session/prompt": T.SessionPromptResult;
  "session/cancel": T.SessionCancelResult;
  "session/approve": T.SessionApproveResult;
  "session/list": T.SessionListResult;
  "session/messages": T.SessionMessagesResult;
  "session/close": T.SessionCloseResult;
  "session/kill": T.SessionKillResult;
  "session/delete": T.SessionDeleteResult;
  "session/subscribe": T.SessionSubscribeResult;
  "session/unsubscribe": T.SessionUnsubscribeResult;
  "file/attach": T.FileAttachResult;
  "file/upload/begin": T.FileUploadBeginResult;
  "file/upload/chunk": T.FileUploadChunkResult;
  "file/upload/commit": T.FileUploadCommitResult;
  "session/update": void;
  "elicitation/create": T.ElicitationCreateResult;
};
/** A method's result on a connection of another dialect (x-dialects, SPEC §13); never when the same. */
export type DialectResults = {
  "initialize": T.ZeroclawInitializeResult;
  "status": T.ZeroclawStatusResult;
  "health": never;
  "agents/status": never;
  "rpc.discover": never;
  "config/get": never;
  "config/set": never;
  "config/set-many": never;
  "pairing/create": never;
  "pairing/revoke": never;
  "pairing/list": never;
  "dashboard/login": never;
  "session/new": T.ZeroclawSessionNewResult;
  "session/prompt": T.ZeroclawPromptResult;
  "session/cancel": never;
  "session/approve": T.ZeroclawSessionApproveResult;
  "session/list": T.ZeroclawSessionListResult;
  "session/messages": T.ZeroclawSessionMessagesResult;
  "session/close": never;
  "session/kill": never;
  "session/delete": never;
  "session/subscribe": T.ZeroclawSessionSubscribeResult;
  "session/unsubscribe": never;
  "file/attach": never;
  "file/upload/begin": never;
  "file/upload/chunk": never;
  "file/upload/commit": never;
  "session/update": never;
  "elicitation/create": never;
};

export type MethodInfo = {
  readonly name: MethodName;
  readonly implementedBy: "daemon" | "client";
  readonly notification: boolean;
  /** The grant the dispatcher requires before calling the handler; null for the handshake. */
  readonly grant: Grant | null;
  /** Served on the local socket only. */
  readonly localOnly: boolean;
  /** A request method that also runs when sent as a notification (x-notification-allowed). */
  readonly notificationAllowed: boolean;
  readonly validateParams: Validator;
  readonly validateResult: Validator | null;
};

export const methodTable: { readonly [M in MethodName]: MethodInfo } = {
  "initialize": {
    name: "initialize",
    implementedBy: "daemon",
    notification: false,
    grant: null,
    localOnly: false,
    notificationAllowed: false,
    validateParams: V.InitializeParams as Validator,
    validateResult: V.InitializeResult as Validator,
  },
  "status": {
    name: "status",
    implementedBy: "daemon",
    notification: false,
    grant: "system:read",
    localOnly: false,
    notificationAllowed: false,
    validateParams: V.StatusParams as Validator,
    validateResult: V.StatusResult as Validator,
  },
  "health": {
    name: "health",
    implementedBy: "daemon",
    notification: false,
    grant: "system:read",
    localOnly: false,
    notificationAllowed: false,
    validateParams: V.HealthParams as Validator,
    validateResult: V.HealthResult as Validator,
  },
  "agents/status": {
    name: "agents/status",
    implementedBy: "daemon",
    notification: false,
    grant: "system:read",
    localOnly: false,
    notificationAllowed: false,
    validateParams: V.AgentsStatusParams as Validator,
    validateResult: V.AgentsStatusResult as Validator,
  },
  "rpc.discover": {
    name: "rpc.discover",
    implementedBy: "daemon",
    notification: false,
    grant: "system:read",
    localOnly: false,
    notificationAllowed: false,
    validateParams: V.RpcDiscoverParams as Validator,
    validateResult: V.RpcDiscoverResult as Validator,
  },
  "config/get": {
    name: "config/get",
    implementedBy: "daemon",
    notification: false,
    grant: "config:read",
    localOnly: false,
    notificationAllowed: false,
    validateParams: V.ConfigGetParams as Validator,
    validateResult: V.ConfigGetResult as Validator,
  },
  "config/set": {
    name: "config/set",
    implementedBy: "daemon",
    notification: false,
    grant: "config:update",
    localOnly: false,
    notificationAllowed: false,
    validateParams: V.ConfigSetParams as Validator,
    validateResult: V.ConfigSetResult as Validator,
  },
  "config/set-many": {
    name: "config/set-many",
    implementedBy: "daemon",
    notification: false,
    grant: "config:update",
    localOnly: false,
    notificationAllowed: false,
    validateParams: V.ConfigSetManyParams as Validator,
    validateResult: V.ConfigSetManyResult as Validator,
  },
  "pairing/create": {
    name: "pairing/create",
    implementedBy: "daemon",
    notification: false,
    grant: "pairing:manage",
    localOnly: true,
    notificationAllowed: false,
    validateParams: V.PairingCreateParams as Validator,
    validateResult: V.PairingCreateResult as Validator,
  },
  "pairing/revoke": {
    name: "pairing/revoke",
    implementedBy: "daemon",
    notification: false,
    grant: "pairing:manage",
    localOnly: true,
    notificationAllowed: false,
    validateParams: V.PairingRevokeParams as Validator,
    validateResult: V.PairingRevokeResult as Validator,
  },
  "pairing/list": {
    name: "pairing/list",
    implementedBy: "daemon",
    notification: false,
    grant: "pairing:manage",
    localOnly: false,
    notificationAllowed: false,
    validateParams: V.PairingListParams as Validator,
    validateResult: V.PairingListResult as Validator,
  },
  "dashboard/login": {
    name: "dashboard/login",
    implementedBy: "daemon",
    notification: false,
    grant: "pairing:manage",
    localOnly: true,
    notificationAllowed: false,
    validateParams: V.DashboardLoginParams as Validator,
    validateResult: V.DashboardLoginResult as Validator,
  },
  "session/new": {
    name: "session/new",
    implementedBy: "daemon",
    notification: false,
    grant: "sessions:create",
    localOnly: false,
    notificationAllowed: false,
    validateParams: V.SessionNewParams as Validator,
    validateResult: V.SessionNewResult as Validator,
  },
  "session/prompt": {
    name: "session/prompt",
    implementedBy: "daemon",
    notification: false,
    grant: "sessions:execute",
    localOnly: false,
    notificationAllowed: true,
    validateParams: V.SessionPromptParams as Validator,
    validateResult: V.SessionPromptResult as Validator,
  },
  "session/cancel": {
    name: "session/cancel",
    implementedBy: "daemon",
    notification: false,
    grant: "sessions:update",
    localOnly: false,
    notificationAllowed: false,
    validateParams: V.SessionCancelParams as Validator,
    validateResult: V.SessionCancelResult as Validator,
  },
  "session/approve": {
    name: "session/approve",
    implementedBy: "daemon",
    notification: false,
    grant: "sessions:update",
    localOnly: false,
    notificationAllowed: false,
    validateParams: V.SessionApproveParams as Validator,
    validateResult: V.SessionApproveResult as Validator,
  },
  "session/list": {
    name: "session/list",
    implementedBy: "daemon",
    notification: false,
    grant: "sessions:read",
    localOnly: false,
    notificationAllowed: false,
    validateParams: V.SessionListParams as Validator,
    validateResult: V.SessionListResult as Validator,
  },
  "session/messages": {
    name: "session/messages",
    implementedBy: "daemon",
    notification: false,
    grant: "sessions:read",
    localOnly: false,
    notificationAllowed: false,
    validateParams: V.SessionMessagesParams as Validator,
    validateResult: V.SessionMessagesResult as Validator,
  },
  "session/close": {
    name: "session/close",
    implementedBy: "daemon",
    notification: false,
    grant: "sessions:update",
    localOnly: false,
    notificationAllowed: false,
    validateParams: V.SessionCloseParams as Validator,
    validateResult: V.SessionCloseResult as Validator,
  },
  "session/kill": {
    name: "session/kill",
    implementedBy: "daemon",
    notification: false,
    grant: "sessions:delete",
    localOnly: false,
    notificationAllowed: false,
    validateParams: V.SessionKillParams as Validator,
    validateResult: V.SessionKillResult as Validator,
  },
  "session/delete": {
    name: "session/delete",
    implementedBy: "daemon",
    notification: false,
    grant: "sessions:delete",
    localOnly: false,
    notificationAllowed: false,
    validateParams: V.SessionDeleteParams as Validator,
    validateResult: V.SessionDeleteResult as Validator,
  },
  "session/subscribe": {
    name: "session/subscribe",
    implementedBy: "daemon",
    notification: false,
    grant: "sessions:read",
    localOnly: false,
    notificationAllowed: false,
    validateParams: V.SessionSubscribeParams as Validator,
    validateResult: V.SessionSubscribeResult as Validator,
  },
  "session/unsubscribe": {
    name: "session/unsubscribe",
    implementedBy: "daemon",
    notification: false,
    grant: "sessions:read",
    localOnly: false,
    notificationAllowed: false,
    validateParams: V.SessionUnsubscribeParams as Validator,
    validateResult: V.SessionUnsubscribeResult as Validator,
  },
  "file/attach": {
    name: "file/attach",
    implementedBy: "daemon",
    notification: false,
    grant: "files:create",
    localOnly: false,
    notificationAllowed: false,
    validateParams: V.FileAttachParams as Validator,
    validateResult: V.FileAttachResult as Validator,
  },
  "file/upload/begin": {
    name: "file/upload/begin",
    implementedBy: "daemon",
    notification: false,
    grant: "files:create",
    localOnly: true,
    notificationAllowed: false,
    validateParams: V.FileUploadBeginParams as Validator,
    validateResult: V.FileUploadBeginResult as Validator,
  },
  "file/upload/chunk": {
    name: "file/upload/chunk",
    implementedBy: "daemon",
    notification: false,
    grant: "files:create",
    localOnly: true,
    notificationAllowed: false,
    validateParams: V.FileUploadChunkParams as Validator,
    validateResult: V.FileUploadChunkResult as Validator,
  },
  "file/upload/commit": {
    name: "file/upload/commit",
    implementedBy: "daemon",
    notification: false,
    grant: "files:create",
    localOnly: true,
    notificationAllowed: false,
    validateParams: V.FileUploadCommitParams as Validator,
    validateResult: V.FileUploadCommitResult as Validator,
  },
  "session/update": {
    name: "session/update",
    implementedBy: "client",
    notification: true,
    grant: null,
    localOnly: false,
    notificationAllowed: false,
    validateParams: V.SessionUpdateParams as Validator,
    validateResult: null,
  },
  "elicitation/create": {
    name: "elicitation/create",
    implementedBy: "client",
    notification: false,
    grant: null,
    localOnly: false,
    notificationAllowed: false,
    validateParams: V.ElicitationCreateParams as Validator,
    validateResult: V.ElicitationCreateResult as Validator,
  },
};

/** Own-property lookup, so a wire name like "__proto__" or "toString" can never reach a handler. */
export function lookupMethod(name: string): MethodInfo | undefined {
  return Object.hasOwn(methodTable, name) ? methodTable[name as MethodName] : undefined;
}

/** What the daemon must implement: one handler per client → daemon request (notifications optional). */
export type Handlers<Ctx> = {
  [M in DaemonRequestMethod]: (
    params: MethodParams[M],
    ctx: Ctx,
  ) => MethodResults[M] | DialectResults[M] | Promise<MethodResults[M] | DialectResults[M]>;
} & {
  [M in DaemonNotificationMethod]?: (params: MethodParams[M], ctx: Ctx) => void;
};

/** What a client may implement: answers to daemon → client requests and notifications. */
export type ClientHandlers = {
  [M in ClientRequestMethod]?: (params: MethodParams[M]) => MethodResults[M] | Promise<MethodResults[M]>;
} & {
  [M in ClientNotificationMethod]?: (params: MethodParams[M]) => void;
};
