// Generated from openrpc.json by codegen/ — do not edit. Run `npm run generate`.
import { RpcError } from "./errors.js";
import type * as T from "./types.js";

/** Every error the daemon declares (SPEC §11), as a class per code; `data` is typed per `reason`. */
export abstract class ZeroclawError extends RpcError {}

/** -32700 PARSE_ERROR: Parse error. `data.reason` is one of `parse_error`. */
export class ParseError extends ZeroclawError {
  static readonly code = -32700;
  static readonly errorName = "PARSE_ERROR";
  declare readonly code: -32700;
  declare readonly data: T.ParseErrorErrorData;
  constructor(message: string, data: T.ParseErrorErrorData) {
    super(-32700, message, data);
    this.name = "ParseError";
  }
}

/** -32600 INVALID_REQUEST: Invalid request. `data.reason` is one of `invalid_request`, `frame_too_large`, `frame_timeout`, `already_initialized`. */
export class InvalidRequestError extends ZeroclawError {
  static readonly code = -32600;
  static readonly errorName = "INVALID_REQUEST";
  declare readonly code: -32600;
  declare readonly data: T.InvalidRequestErrorData;
  constructor(message: string, data: T.InvalidRequestErrorData) {
    super(-32600, message, data);
    this.name = "InvalidRequestError";
  }
}

/** -32601 METHOD_NOT_FOUND: Method not found. `data.reason` is one of `method_not_found`. */
export class MethodNotFoundError extends ZeroclawError {
  static readonly code = -32601;
  static readonly errorName = "METHOD_NOT_FOUND";
  declare readonly code: -32601;
  declare readonly data: T.MethodNotFoundErrorData;
  constructor(message: string, data: T.MethodNotFoundErrorData) {
    super(-32601, message, data);
    this.name = "MethodNotFoundError";
  }
}

/** -32602 INVALID_PARAMS: Invalid params. `data.reason` is one of `invalid_params`, `invalid_entry`, `invalid_config`, `file_too_large`, `filename_too_long`, `chunk_too_large`, `exceeds_declared_size`. */
export class InvalidParamsError extends ZeroclawError {
  static readonly code = -32602;
  static readonly errorName = "INVALID_PARAMS";
  declare readonly code: -32602;
  declare readonly data: T.InvalidParamsErrorData;
  constructor(message: string, data: T.InvalidParamsErrorData) {
    super(-32602, message, data);
    this.name = "InvalidParamsError";
  }
}

/** -32603 INTERNAL_ERROR: Internal error. `data.reason` is one of `internal_error`. */
export class InternalError extends ZeroclawError {
  static readonly code = -32603;
  static readonly errorName = "INTERNAL_ERROR";
  declare readonly code: -32603;
  declare readonly data: T.InternalErrorErrorData;
  constructor(message: string, data: T.InternalErrorErrorData) {
    super(-32603, message, data);
    this.name = "InternalError";
  }
}

/** -32000 SESSION_NOT_FOUND: Session not found. `data.reason` is one of `session_not_found`, `no_running_turn`, `session_killed`. */
export class SessionNotFoundError extends ZeroclawError {
  static readonly code = -32000;
  static readonly errorName = "SESSION_NOT_FOUND";
  declare readonly code: -32000;
  declare readonly data: T.SessionNotFoundErrorData;
  constructor(message: string, data: T.SessionNotFoundErrorData) {
    super(-32000, message, data);
    this.name = "SessionNotFoundError";
  }
}

/** -32001 SESSION_LIMIT_REACHED: Session limit reached. `data.reason` is one of `session_limit`. */
export class SessionLimitReachedError extends ZeroclawError {
  static readonly code = -32001;
  static readonly errorName = "SESSION_LIMIT_REACHED";
  declare readonly code: -32001;
  declare readonly data: T.SessionLimitReachedErrorData;
  constructor(message: string, data: T.SessionLimitReachedErrorData) {
    super(-32001, message, data);
    this.name = "SessionLimitReachedError";
  }
}

/** -32002 SESSION_BUSY: Session busy. `data.reason` is one of `session_busy`. */
export class SessionBusyError extends ZeroclawError {
  static readonly code = -32002;
  static readonly errorName = "SESSION_BUSY";
  declare readonly code: -32002;
  declare readonly data: T.SessionBusyErrorData;
  constructor(message: string, data: T.SessionBusyErrorData) {
    super(-32002, message, data);
    this.name = "SessionBusyError";
  }
}

/** -32003 SESSION_NOT_OWNED: Session not owned. `data.reason` is one of `session_not_owned`. */
export class SessionNotOwnedError extends ZeroclawError {
  static readonly code = -32003;
  static readonly errorName = "SESSION_NOT_OWNED";
  declare readonly code: -32003;
  declare readonly data: T.SessionNotOwnedErrorData;
  constructor(message: string, data: T.SessionNotOwnedErrorData) {
    super(-32003, message, data);
    this.name = "SessionNotOwnedError";
  }
}

/** -32004 CONNECTION_LIMIT: Connection limit reached. `data.reason` is one of `connection_limit`. */
export class ConnectionLimitError extends ZeroclawError {
  static readonly code = -32004;
  static readonly errorName = "CONNECTION_LIMIT";
  declare readonly code: -32004;
  declare readonly data: T.ConnectionLimitErrorData;
  constructor(message: string, data: T.ConnectionLimitErrorData) {
    super(-32004, message, data);
    this.name = "ConnectionLimitError";
  }
}

/** -32010 NOT_INITIALIZED: Not initialized or not authenticated. `data.reason` is one of `not_initialized`, `auth_required`, `invalid_token`, `unknown_peer`, `invalid_login_code`, `throttled`. */
export class NotInitializedError extends ZeroclawError {
  static readonly code = -32010;
  static readonly errorName = "NOT_INITIALIZED";
  declare readonly code: -32010;
  declare readonly data: T.NotInitializedErrorData;
  constructor(message: string, data: T.NotInitializedErrorData) {
    super(-32010, message, data);
    this.name = "NotInitializedError";
  }
}

/** -32011 VERSION_MISMATCH: Unsupported protocol version. `data.reason` is one of `version_mismatch`. */
export class VersionMismatchError extends ZeroclawError {
  static readonly code = -32011;
  static readonly errorName = "VERSION_MISMATCH";
  declare readonly code: -32011;
  declare readonly data: T.VersionMismatchErrorData;
  constructor(message: string, data: T.VersionMismatchErrorData) {
    super(-32011, message, data);
    this.name = "VersionMismatchError";
  }
}

/** -32012 FORBIDDEN: Forbidden. `data.reason` is one of `not_granted`, `config_path_forbidden`, `local_only`, `agent_not_allowed`, `cwd_forbidden`, `admin_required`. */
export class ForbiddenError extends ZeroclawError {
  static readonly code = -32012;
  static readonly errorName = "FORBIDDEN";
  declare readonly code: -32012;
  declare readonly data: T.ForbiddenErrorData;
  constructor(message: string, data: T.ForbiddenErrorData) {
    super(-32012, message, data);
    this.name = "ForbiddenError";
  }
}

/** -32030 UPLOAD_NOT_FOUND: Upload not found. `data.reason` is one of `upload_not_found`. */
export class UploadNotFoundError extends ZeroclawError {
  static readonly code = -32030;
  static readonly errorName = "UPLOAD_NOT_FOUND";
  declare readonly code: -32030;
  declare readonly data: T.UploadNotFoundErrorData;
  constructor(message: string, data: T.UploadNotFoundErrorData) {
    super(-32030, message, data);
    this.name = "UploadNotFoundError";
  }
}

/** -32031 UPLOAD_LIMIT: Upload limit reached. `data.reason` is one of `connection_uploads`, `budget`. */
export class UploadLimitError extends ZeroclawError {
  static readonly code = -32031;
  static readonly errorName = "UPLOAD_LIMIT";
  declare readonly code: -32031;
  declare readonly data: T.UploadLimitErrorData;
  constructor(message: string, data: T.UploadLimitErrorData) {
    super(-32031, message, data);
    this.name = "UploadLimitError";
  }
}

/** -32032 UPLOAD_OFFSET_MISMATCH: Upload offset mismatch. `data.reason` is one of `offset_mismatch`. */
export class UploadOffsetMismatchError extends ZeroclawError {
  static readonly code = -32032;
  static readonly errorName = "UPLOAD_OFFSET_MISMATCH";
  declare readonly code: -32032;
  declare readonly data: T.UploadOffsetMismatchErrorData;
  constructor(message: string, data: T.UploadOffsetMismatchErrorData) {
    super(-32032, message, data);
    this.name = "UploadOffsetMismatchError";
  }
}

/** -32033 UPLOAD_INCOMPLETE: Upload incomplete. `data.reason` is one of `upload_incomplete`. */
export class UploadIncompleteError extends ZeroclawError {
  static readonly code = -32033;
  static readonly errorName = "UPLOAD_INCOMPLETE";
  declare readonly code: -32033;
  declare readonly data: T.UploadIncompleteErrorData;
  constructor(message: string, data: T.UploadIncompleteErrorData) {
    super(-32033, message, data);
    this.name = "UploadIncompleteError";
  }
}

/** -32034 UPLOAD_HASH_MISMATCH: Upload hash mismatch. `data.reason` is one of `hash_mismatch`. */
export class UploadHashMismatchError extends ZeroclawError {
  static readonly code = -32034;
  static readonly errorName = "UPLOAD_HASH_MISMATCH";
  declare readonly code: -32034;
  declare readonly data: T.UploadHashMismatchErrorData;
  constructor(message: string, data: T.UploadHashMismatchErrorData) {
    super(-32034, message, data);
    this.name = "UploadHashMismatchError";
  }
}

/** Any of the declared errors: narrow with `instanceof`, then on `data.reason`. */
export type DeclaredError =
  | ParseError
  | InvalidRequestError
  | MethodNotFoundError
  | InvalidParamsError
  | InternalError
  | SessionNotFoundError
  | SessionLimitReachedError
  | SessionBusyError
  | SessionNotOwnedError
  | ConnectionLimitError
  | NotInitializedError
  | VersionMismatchError
  | ForbiddenError
  | UploadNotFoundError
  | UploadLimitError
  | UploadOffsetMismatchError
  | UploadIncompleteError
  | UploadHashMismatchError;

/** The class for each declared code. */
export const errorClassByCode: { readonly [code: number]: new (message: string, data: never) => DeclaredError } = {
  [-32700]: ParseError,
  [-32600]: InvalidRequestError,
  [-32601]: MethodNotFoundError,
  [-32602]: InvalidParamsError,
  [-32603]: InternalError,
  [-32000]: SessionNotFoundError,
  [-32001]: SessionLimitReachedError,
  [-32002]: SessionBusyError,
  [-32003]: SessionNotOwnedError,
  [-32004]: ConnectionLimitError,
  [-32010]: NotInitializedError,
  [-32011]: VersionMismatchError,
  [-32012]: ForbiddenError,
  [-32030]: UploadNotFoundError,
  [-32031]: UploadLimitError,
  [-32032]: UploadOffsetMismatchError,
  [-32033]: UploadIncompleteError,
  [-32034]: UploadHashMismatchError,
};
