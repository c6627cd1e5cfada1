// Generated from openrpc.json by codegen/ — do not edit. Run `npm run generate`.
import type * as T from "./types.js";

export const ErrorCode = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  SESSION_NOT_FOUND: -32000,
  SESSION_LIMIT_REACHED: -32001,
  SESSION_BUSY: -32002,
  SESSION_NOT_OWNED: -32003,
  CONNECTION_LIMIT: -32004,
  NOT_INITIALIZED: -32010,
  VERSION_MISMATCH: -32011,
  FORBIDDEN: -32012,
  UPLOAD_NOT_FOUND: -32030,
  UPLOAD_LIMIT: -32031,
  UPLOAD_OFFSET_MISMATCH: -32032,
  UPLOAD_INCOMPLETE: -32033,
  UPLOAD_HASH_MISMATCH: -32034,
} as const;
export type ErrorName = keyof typeof ErrorCode;

/** The data member each error carries, by error name. */
export type ErrorDataByName = {
  PARSE_ERROR: T.ParseErrorErrorData;
  INVALID_REQUEST: T.InvalidRequestErrorData;
  METHOD_NOT_FOUND: T.MethodNotFoundErrorData;
  INVALID_PARAMS: T.InvalidParamsErrorData;
  INTERNAL_ERROR: T.InternalErrorErrorData;
  SESSION_NOT_FOUND: T.SessionNotFoundErrorData;
  SESSION_LIMIT_REACHED: T.SessionLimitReachedErrorData;
  SESSION_BUSY: T.SessionBusyErrorData;
  SESSION_NOT_OWNED: T.SessionNotOwnedErrorData;
  CONNECTION_LIMIT: T.ConnectionLimitErrorData;
  NOT_INITIALIZED: T.NotInitializedErrorData;
  VERSION_MISMATCH: T.VersionMismatchErrorData;
  FORBIDDEN: T.ForbiddenErrorData;
  UPLOAD_NOT_FOUND: T.UploadNotFoundErrorData;
  UPLOAD_LIMIT: T.UploadLimitErrorData;
  UPLOAD_OFFSET_MISMATCH: T.UploadOffsetMismatchErrorData;
  UPLOAD_INCOMPLETE: T.UploadIncompleteErrorData;
  UPLOAD_HASH_MISMATCH: T.UploadHashMismatchErrorData;
};

/** A JSON-RPC error object as it travels on the wire. */
export type WireError = { code: number; message: string; data?: unknown };

/** A JSON-RPC error raised by a handler or the transport; serialized as the response's error member. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "RpcError";
  }

  toWire(): WireError {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }
}

/** One constructor per data.reason declared in openrpc.json. */
export const rpcErrors = {
  /** PARSE_ERROR (-32700): Invalid JSON */
  parseError: (message: string = "Invalid JSON"): RpcError =>
    new RpcError(ErrorCode.PARSE_ERROR, message, { reason: "parse_error" } satisfies T.ParseErrorData),
  /** INVALID_REQUEST (-32600): Invalid request envelope */
  invalidRequest: (message: string = "Invalid request envelope"): RpcError =>
    new RpcError(ErrorCode.INVALID_REQUEST, message, { reason: "invalid_request" } satisfies T.InvalidRequestData),
  /** INVALID_REQUEST (-32600): Frame too large */
  frameTooLarge: (figures: Omit<T.FrameTooLargeData, "reason">, message: string = "Frame too large"): RpcError =>
    new RpcError(ErrorCode.INVALID_REQUEST, message, { reason: "frame_too_large", ...figures } satisfies T.FrameTooLargeData),
  /** INVALID_REQUEST (-32600): Frame not completed in time */
  frameTimeout: (figures: Omit<T.FrameTimeoutData, "reason">, message: string = "Frame not completed in time"): RpcError =>
    new RpcError(ErrorCode.INVALID_REQUEST, message, { reason: "frame_timeout", ...figures } satisfies T.FrameTimeoutData),
  /** INVALID_REQUEST (-32600): Already initialized */
  alreadyInitialized: (message: string = "Already initialized"): RpcError =>
    new RpcError(ErrorCode.INVALID_REQUEST, message, { reason: "already_initialized" } satisfies T.AlreadyInitializedData),
  /** METHOD_NOT_FOUND (-32601): Method not found */
  methodNotFound: (figures: Omit<T.MethodNotFoundData, "reason">, message: string = "Method not found"): RpcError =>
    new RpcError(ErrorCode.METHOD_NOT_FOUND, message, { reason: "method_not_found", ...figures } satisfies T.MethodNotFoundData),
  /** INVALID_PARAMS (-32602): Invalid params */
  invalidParams: (figures: Omit<T.InvalidParamsData, "reason">, message: string = "Invalid params"): RpcError =>
    new RpcError(ErrorCode.INVALID_PARAMS, message, { reason: "invalid_params", ...figures } satisfies T.InvalidParamsData),
  /** INVALID_PARAMS (-32602): Invalid config entry */
  invalidEntry: (figures: Omit<T.InvalidEntryData, "reason">, message: string = "Invalid config entry"): RpcError =>
    new RpcError(ErrorCode.INVALID_PARAMS, message, { reason: "invalid_entry", ...figures } satisfies T.InvalidEntryData),
  /** INVALID_PARAMS (-32602): The resulting config is invalid */
  invalidConfig: (figures: Omit<T.InvalidConfigData, "reason">, message: string = "The resulting config is invalid"): RpcError =>
    new RpcError(ErrorCode.INVALID_PARAMS, message, { reason: "invalid_config", ...figures } satisfies T.InvalidConfigData),
  /** INVALID_PARAMS (-32602): File too large */
  fileTooLarge: (figures: Omit<T.FileTooLargeData, "reason">, message: string = "File too large"): RpcError =>
    new RpcError(ErrorCode.INVALID_PARAMS, message, { reason: "file_too_large", ...figures } satisfies T.FileTooLargeData),
  /** INVALID_PARAMS (-32602): Filename too long */
  filenameTooLong: (figures: Omit<T.FilenameTooLongData, "reason">, message: string = "Filename too long"): RpcError =>
    new RpcError(ErrorCode.INVALID_PARAMS, message, { reason: "filename_too_long", ...figures } satisfies T.FilenameTooLongData),
  /** INVALID_PARAMS (-32602): Chunk too large */
  chunkTooLarge: (figures: Omit<T.ChunkTooLargeData, "reason">, message: string = "Chunk too large"): RpcError =>
    new RpcError(ErrorCode.INVALID_PARAMS, message, { reason: "chunk_too_large", ...figures } satisfies T.ChunkTooLargeData),
  /** INVALID_PARAMS (-32602): Chunk goes past the declared size */
  exceedsDeclaredSize: (figures: Omit<T.ExceedsDeclaredSizeData, "reason">, message: string = "Chunk goes past the declared size"): RpcError =>
    new RpcError(ErrorCode.INVALID_PARAMS, message, { reason: "exceeds_declared_size", ...figures } satisfies T.ExceedsDeclaredSizeData),
  /** INTERNAL_ERROR (-32603): Internal error */
  internalError: (message: string = "Internal error"): RpcError =>
    new RpcError(ErrorCode.INTERNAL_ERROR, message, { reason: "internal_error" } satisfies T.InternalErrorData),
  /** SESSION_NOT_FOUND (-32000): Session not found */
  sessionNotFound: (figures: Omit<T.SessionNotFoundData, "reason">, message: string = "Session not found"): RpcError =>
    new RpcError(ErrorCode.SESSION_NOT_FOUND, message, { reason: "session_not_found", ...figures } satisfies T.SessionNotFoundData),
  /** SESSION_NOT_FOUND (-32000): No turn is running */
  noRunningTurn: (figures: Omit<T.NoRunningTurnData, "reason">, message: string = "No turn is running"): RpcError =>
    new RpcError(ErrorCode.SESSION_NOT_FOUND, message, { reason: "no_running_turn", ...figures } satisfies T.NoRunningTurnData),
  /** SESSION_NOT_FOUND (-32000): The session was killed: its history is kept but it cannot be prompted */
  sessionKilled: (figures: Omit<T.SessionKilledData, "reason">, message: string = "The session was killed: its history is kept but it cannot be prompted"): RpcError =>
    new RpcError(ErrorCode.SESSION_NOT_FOUND, message, { reason: "session_killed", ...figures } satisfies T.SessionKilledData),
  /** SESSION_LIMIT_REACHED (-32001): Session limit reached */
  sessionLimit: (figures: Omit<T.SessionLimitData, "reason">, message: string = "Session limit reached"): RpcError =>
    new RpcError(ErrorCode.SESSION_LIMIT_REACHED, message, { reason: "session_limit", ...figures } satisfies T.SessionLimitData),
  /** SESSION_BUSY (-32002): A turn is already running on this session */
  sessionBusy: (figures: Omit<T.SessionBusyData, "reason">, message: string = "A turn is already running on this session"): RpcError =>
    new RpcError(ErrorCode.SESSION_BUSY, message, { reason: "session_busy", ...figures } satisfies T.SessionBusyData),
  /** SESSION_NOT_OWNED (-32003): Session owned by another principal */
  sessionNotOwned: (figures: Omit<T.SessionNotOwnedData, "reason">, message: string = "Session owned by another principal"): RpcError =>
    new RpcError(ErrorCode.SESSION_NOT_OWNED, message, { reason: "session_not_owned", ...figures } satisfies T.SessionNotOwnedData),
  /** CONNECTION_LIMIT (-32004): Connection limit reached */
  connectionLimit: (figures: Omit<T.ConnectionLimitData, "reason">, message: string = "Connection limit reached"): RpcError =>
    new RpcError(ErrorCode.CONNECTION_LIMIT, message, { reason: "connection_limit", ...figures } satisfies T.ConnectionLimitData),
  /** NOT_INITIALIZED (-32010): Call initialize first */
  notInitialized: (message: string = "Call initialize first"): RpcError =>
    new RpcError(ErrorCode.NOT_INITIALIZED, message, { reason: "not_initialized" } satisfies T.NotInitializedData),
  /** NOT_INITIALIZED (-32010): A pairing token is required */
  authRequired: (message: string = "A pairing token is required"): RpcError =>
    new RpcError(ErrorCode.NOT_INITIALIZED, message, { reason: "auth_required" } satisfies T.AuthRequiredData),
  /** NOT_INITIALIZED (-32010): Unknown or revoked pairing token */
  invalidToken: (message: string = "Unknown or revoked pairing token"): RpcError =>
    new RpcError(ErrorCode.NOT_INITIALIZED, message, { reason: "invalid_token" } satisfies T.InvalidTokenData),
  /** NOT_INITIALIZED (-32010): The peer's uid maps to no configured user */
  unknownPeer: (message: string = "The peer's uid maps to no configured user"): RpcError =>
    new RpcError(ErrorCode.NOT_INITIALIZED, message, { reason: "unknown_peer" } satisfies T.UnknownPeerData),
  /** NOT_INITIALIZED (-32010): Unknown, expired or already used dashboard login code (run `zeroclaw dashboard` again) */
  invalidLoginCode: (message: string = "Unknown, expired or already used dashboard login code (run `zeroclaw dashboard` again)"): RpcError =>
    new RpcError(ErrorCode.NOT_INITIALIZED, message, { reason: "invalid_login_code" } satisfies T.InvalidLoginCodeData),
  /** NOT_INITIALIZED (-32010): Too many failed authentications from this address (gateway.auth_throttle); retry_after_ms: when one more attempt would be answered normally again */
  throttled: (figures: Omit<T.ThrottledData, "reason">, message: string = "Too many failed authentications from this address (gateway.auth_throttle); retry_after_ms: when one more attempt would be answered normally again"): RpcError =>
    new RpcError(ErrorCode.NOT_INITIALIZED, message, { reason: "throttled", ...figures } satisfies T.ThrottledData),
  /** VERSION_MISMATCH (-32011): Unsupported protocol version */
  versionMismatch: (figures: Omit<T.VersionMismatchData, "reason">, message: string = "Unsupported protocol version"): RpcError =>
    new RpcError(ErrorCode.VERSION_MISMATCH, message, { reason: "version_mismatch", ...figures } satisfies T.VersionMismatchData),
  /** FORBIDDEN (-32012): The principal lacks the method's grant */
  notGranted: (figures: Omit<T.NotGrantedData, "reason">, message: string = "The principal lacks the method's grant"): RpcError =>
    new RpcError(ErrorCode.FORBIDDEN, message, { reason: "not_granted", ...figures } satisfies T.NotGrantedData),
  /** FORBIDDEN (-32012): Config path not writable by this principal */
  configPathForbidden: (figures: Omit<T.ConfigPathForbiddenData, "reason">, message: string = "Config path not writable by this principal"): RpcError =>
    new RpcError(ErrorCode.FORBIDDEN, message, { reason: "config_path_forbidden", ...figures } satisfies T.ConfigPathForbiddenData),
  /** FORBIDDEN (-32012): Method served on the local socket only */
  localOnly: (figures: Omit<T.LocalOnlyData, "reason">, message: string = "Method served on the local socket only"): RpcError =>
    new RpcError(ErrorCode.FORBIDDEN, message, { reason: "local_only", ...figures } satisfies T.LocalOnlyData),
  /** FORBIDDEN (-32012): The principal may not use this agent */
  agentNotAllowed: (figures: Omit<T.AgentNotAllowedData, "reason">, message: string = "The principal may not use this agent"): RpcError =>
    new RpcError(ErrorCode.FORBIDDEN, message, { reason: "agent_not_allowed", ...figures } satisfies T.AgentNotAllowedData),
  /** FORBIDDEN (-32012): session/new.cwd names a directory this principal may not use */
  cwdForbidden: (figures: Omit<T.CwdForbiddenData, "reason">, message: string = "session/new.cwd names a directory this principal may not use"): RpcError =>
    new RpcError(ErrorCode.FORBIDDEN, message, { reason: "cwd_forbidden", ...figures } satisfies T.CwdForbiddenData),
  /** FORBIDDEN (-32012): Only the owner or an admin may call this method */
  adminRequired: (figures: Omit<T.AdminRequiredData, "reason">, message: string = "Only the owner or an admin may call this method"): RpcError =>
    new RpcError(ErrorCode.FORBIDDEN, message, { reason: "admin_required", ...figures } satisfies T.AdminRequiredData),
  /** UPLOAD_NOT_FOUND (-32030): Unknown, expired, discarded or another connection's upload */
  uploadNotFound: (figures: Omit<T.UploadNotFoundData, "reason">, message: string = "Unknown, expired, discarded or another connection's upload"): RpcError =>
    new RpcError(ErrorCode.UPLOAD_NOT_FOUND, message, { reason: "upload_not_found", ...figures } satisfies T.UploadNotFoundData),
  /** UPLOAD_LIMIT (-32031): Too many staged uploads on this connection */
  connectionUploads: (figures: Omit<T.ConnectionUploadsData, "reason">, message: string = "Too many staged uploads on this connection"): RpcError =>
    new RpcError(ErrorCode.UPLOAD_LIMIT, message, { reason: "connection_uploads", ...figures } satisfies T.ConnectionUploadsData),
  /** UPLOAD_LIMIT (-32031): The staging budget is exhausted */
  budget: (figures: Omit<T.BudgetData, "reason">, message: string = "The staging budget is exhausted"): RpcError =>
    new RpcError(ErrorCode.UPLOAD_LIMIT, message, { reason: "budget", ...figures } satisfies T.BudgetData),
  /** UPLOAD_OFFSET_MISMATCH (-32032): Offset does not equal the bytes received so far */
  offsetMismatch: (figures: Omit<T.OffsetMismatchData, "reason">, message: string = "Offset does not equal the bytes received so far"): RpcError =>
    new RpcError(ErrorCode.UPLOAD_OFFSET_MISMATCH, message, { reason: "offset_mismatch", ...figures } satisfies T.OffsetMismatchData),
  /** UPLOAD_INCOMPLETE (-32033): Not all declared bytes arrived */
  uploadIncomplete: (figures: Omit<T.UploadIncompleteData, "reason">, message: string = "Not all declared bytes arrived"): RpcError =>
    new RpcError(ErrorCode.UPLOAD_INCOMPLETE, message, { reason: "upload_incomplete", ...figures } satisfies T.UploadIncompleteData),
  /** UPLOAD_HASH_MISMATCH (-32034): The bytes do not match the declared sha256 */
  hashMismatch: (figures: Omit<T.HashMismatchData, "reason">, message: string = "The bytes do not match the declared sha256"): RpcError =>
    new RpcError(ErrorCode.UPLOAD_HASH_MISMATCH, message, { reason: "hash_mismatch", ...figures } satisfies T.HashMismatchData),
} as const;
