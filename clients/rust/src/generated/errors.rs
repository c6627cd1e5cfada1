// Generated from openrpc.json by codegen/ — do not edit. Run `npm run generate`.
//! Every error the daemon declares, typed: its code, its message and its `data` decoded by `reason`.

use super::types::*;
use serde::de::DeserializeOwned;
use std::fmt;

/// The error codes, by name.
pub mod code {
    /// Parse error.
    pub const PARSE_ERROR: i64 = -32700;
    /// Invalid request.
    pub const INVALID_REQUEST: i64 = -32600;
    /// Method not found.
    pub const METHOD_NOT_FOUND: i64 = -32601;
    /// Invalid params.
    pub const INVALID_PARAMS: i64 = -32602;
    /// Internal error.
    pub const INTERNAL_ERROR: i64 = -32603;
    /// Session not found.
    pub const SESSION_NOT_FOUND: i64 = -32000;
    /// Session limit reached.
    pub const SESSION_LIMIT_REACHED: i64 = -32001;
    /// Session busy.
    pub const SESSION_BUSY: i64 = -32002;
    /// Session not owned.
    pub const SESSION_NOT_OWNED: i64 = -32003;
    /// Connection limit reached.
    pub const CONNECTION_LIMIT: i64 = -32004;
    /// Not initialized or not authenticated.
    pub const NOT_INITIALIZED: i64 = -32010;
    /// Unsupported protocol version.
    pub const VERSION_MISMATCH: i64 = -32011;
    /// Forbidden.
    pub const FORBIDDEN: i64 = -32012;
    /// Upload not found.
    pub const UPLOAD_NOT_FOUND: i64 = -32030;
    /// Upload limit reached.
    pub const UPLOAD_LIMIT: i64 = -32031;
    /// Upload offset mismatch.
    pub const UPLOAD_OFFSET_MISMATCH: i64 = -32032;
    /// Upload incomplete.
    pub const UPLOAD_INCOMPLETE: i64 = -32033;
    /// Upload hash mismatch.
    pub const UPLOAD_HASH_MISMATCH: i64 = -32034;
}

/// An error response from the daemon, typed by its code, with `data` decoded by `data.reason`.
#[derive(Debug, Clone, PartialEq)]
pub enum ZeroclawError {
    /// -32700 PARSE_ERROR: Parse error.
    ParseError {
        message: String,
        data: ParseErrorReason,
    },
    /// -32600 INVALID_REQUEST: Invalid request.
    InvalidRequest {
        message: String,
        data: InvalidRequestReason,
    },
    /// -32601 METHOD_NOT_FOUND: Method not found.
    MethodNotFound {
        message: String,
        data: MethodNotFoundReason,
    },
    /// -32602 INVALID_PARAMS: Invalid params.
    InvalidParams {
        message: String,
        data: InvalidParamsReason,
    },
    /// -32603 INTERNAL_ERROR: Internal error.
    InternalError {
        message: String,
        data: InternalErrorReason,
    },
    /// -32000 SESSION_NOT_FOUND: Session not found.
    SessionNotFound {
        message: String,
        data: SessionNotFoundReason,
    },
    /// -32001 SESSION_LIMIT_REACHED: Session limit reached.
    SessionLimitReached {
        message: String,
        data: SessionLimitReachedReason,
    },
    /// -32002 SESSION_BUSY: Session busy.
    SessionBusy {
        message: String,
        data: SessionBusyReason,
    },
    /// -32003 SESSION_NOT_OWNED: Session not owned.
    SessionNotOwned {
        message: String,
        data: SessionNotOwnedReason,
    },
    /// -32004 CONNECTION_LIMIT: Connection limit reached.
    ConnectionLimit {
        message: String,
        data: ConnectionLimitReason,
    },
    /// -32010 NOT_INITIALIZED: Not initialized or not authenticated.
    NotInitialized {
        message: String,
        data: NotInitializedReason,
    },
    /// -32011 VERSION_MISMATCH: Unsupported protocol version.
    VersionMismatch {
        message: String,
        data: VersionMismatchReason,
    },
    /// -32012 FORBIDDEN: Forbidden.
    Forbidden {
        message: String,
        data: ForbiddenReason,
    },
    /// -32030 UPLOAD_NOT_FOUND: Upload not found.
    UploadNotFound {
        message: String,
        data: UploadNotFoundReason,
    },
    /// -32031 UPLOAD_LIMIT: Upload limit reached.
    UploadLimit {
        message: String,
        data: UploadLimitReason,
    },
    /// -32032 UPLOAD_OFFSET_MISMATCH: Upload offset mismatch.
    UploadOffsetMismatch {
        message: String,
        data: UploadOffsetMismatchReason,
    },
    /// -32033 UPLOAD_INCOMPLETE: Upload incomplete.
    UploadIncomplete {
        message: String,
        data: UploadIncompleteReason,
    },
    /// -32034 UPLOAD_HASH_MISMATCH: Upload hash mismatch.
    UploadHashMismatch {
        message: String,
        data: UploadHashMismatchReason,
    },
    /// A code this client does not know, or `data` that does not decode as that code's shapes.
    Other {
        code: i64,
        message: String,
        data: Option<serde_json::Value>,
    },
}

impl ZeroclawError {
    /// Types an error object from the wire: a known code whose `data` decodes gives its variant.
    pub fn from_wire(code: i64, message: String, data: Option<serde_json::Value>) -> Self {
        match code {
            code::PARSE_ERROR => match decode(&data) {
                Some(data) => Self::ParseError { message, data },
                None => Self::Other {
                    code,
                    message,
                    data,
                },
            },
            code::INVALID_REQUEST => match decode(&data) {
                Some(data) => Self::InvalidRequest { message, data },
                None => Self::Other {
                    code,
                    message,
                    data,
                },
            },
            code::METHOD_NOT_FOUND => match decode(&data) {
                Some(data) => Self::MethodNotFound { message, data },
                None => Self::Other {
                    code,
                    message,
                    data,
                },
            },
            code::INVALID_PARAMS => match decode(&data) {
                Some(data) => Self::InvalidParams { message, data },
                None => Self::Other {
                    code,
                    message,
                    data,
                },
            },
            code::INTERNAL_ERROR => match decode(&data) {
                Some(data) => Self::InternalError { message, data },
                None => Self::Other {
                    code,
                    message,
                    data,
                },
            },
            code::SESSION_NOT_FOUND => match decode(&data) {
                Some(data) => Self::SessionNotFound { message, data },
                None => Self::Other {
                    code,
                    message,
                    data,
                },
            },
            code::SESSION_LIMIT_REACHED => match decode(&data) {
                Some(data) => Self::SessionLimitReached { message, data },
                None => Self::Other {
                    code,
                    message,
                    data,
                },
            },
            code::SESSION_BUSY => match decode(&data) {
                Some(data) => Self::SessionBusy { message, data },
                None => Self::Other {
                    code,
                    message,
                    data,
                },
            },
            code::SESSION_NOT_OWNED => match decode(&data) {
                Some(data) => Self::SessionNotOwned { message, data },
                None => Self::Other {
                    code,
                    message,
                    data,
                },
            },
            code::CONNECTION_LIMIT => match decode(&data) {
                Some(data) => Self::ConnectionLimit { message, data },
                None => Self::Other {
                    code,
                    message,
                    data,
                },
            },
            code::NOT_INITIALIZED => match decode(&data) {
                Some(data) => Self::NotInitialized { message, data },
                None => Self::Other {
                    code,
                    message,
                    data,
                },
            },
            code::VERSION_MISMATCH => match decode(&data) {
                Some(data) => Self::VersionMismatch { message, data },
                None => Self::Other {
                    code,
                    message,
                    data,
                },
            },
            code::FORBIDDEN => match decode(&data) {
                Some(data) => Self::Forbidden { message, data },
                None => Self::Other {
                    code,
                    message,
                    data,
                },
            },
            code::UPLOAD_NOT_FOUND => match decode(&data) {
                Some(data) => Self::UploadNotFound { message, data },
                None => Self::Other {
                    code,
                    message,
                    data,
                },
            },
            code::UPLOAD_LIMIT => match decode(&data) {
                Some(data) => Self::UploadLimit { message, data },
                None => Self::Other {
                    code,
                    message,
                    data,
                },
            },
            code::UPLOAD_OFFSET_MISMATCH => match decode(&data) {
                Some(data) => Self::UploadOffsetMismatch { message, data },
                None => Self::Other {
                    code,
                    message,
                    data,
                },
            },
            code::UPLOAD_INCOMPLETE => match decode(&data) {
                Some(data) => Self::UploadIncomplete { message, data },
                None => Self::Other {
                    code,
                    message,
                    data,
                },
            },
            code::UPLOAD_HASH_MISMATCH => match decode(&data) {
                Some(data) => Self::UploadHashMismatch { message, data },
                None => Self::Other {
                    code,
                    message,
                    data,
                },
            },
            _ => Self::Other {
                code,
                message,
                data,
            },
        }
    }

    /// The JSON-RPC error code.
    pub fn code(&self) -> i64 {
        match self {
            Self::ParseError { .. } => code::PARSE_ERROR,
            Self::InvalidRequest { .. } => code::INVALID_REQUEST,
            Self::MethodNotFound { .. } => code::METHOD_NOT_FOUND,
            Self::InvalidParams { .. } => code::INVALID_PARAMS,
            Self::InternalError { .. } => code::INTERNAL_ERROR,
            Self::SessionNotFound { .. } => code::SESSION_NOT_FOUND,
            Self::SessionLimitReached { .. } => code::SESSION_LIMIT_REACHED,
            Self::SessionBusy { .. } => code::SESSION_BUSY,
            Self::SessionNotOwned { .. } => code::SESSION_NOT_OWNED,
            Self::ConnectionLimit { .. } => code::CONNECTION_LIMIT,
            Self::NotInitialized { .. } => code::NOT_INITIALIZED,
            Self::VersionMismatch { .. } => code::VERSION_MISMATCH,
            Self::Forbidden { .. } => code::FORBIDDEN,
            Self::UploadNotFound { .. } => code::UPLOAD_NOT_FOUND,
            Self::UploadLimit { .. } => code::UPLOAD_LIMIT,
            Self::UploadOffsetMismatch { .. } => code::UPLOAD_OFFSET_MISMATCH,
            Self::UploadIncomplete { .. } => code::UPLOAD_INCOMPLETE,
            Self::UploadHashMismatch { .. } => code::UPLOAD_HASH_MISMATCH,
            Self::Other { code, .. } => *code,
        }
    }

    /// The error's message, as the daemon wrote it.
    pub fn message(&self) -> &str {
        match self {
            Self::ParseError { message, .. } => message,
            Self::InvalidRequest { message, .. } => message,
            Self::MethodNotFound { message, .. } => message,
            Self::InvalidParams { message, .. } => message,
            Self::InternalError { message, .. } => message,
            Self::SessionNotFound { message, .. } => message,
            Self::SessionLimitReached { message, .. } => message,
            Self::SessionBusy { message, .. } => message,
            Self::SessionNotOwned { message, .. } => message,
            Self::ConnectionLimit { message, .. } => message,
            Self::NotInitialized { message, .. } => message,
            Self::VersionMismatch { message, .. } => message,
            Self::Forbidden { message, .. } => message,
            Self::UploadNotFound { message, .. } => message,
            Self::UploadLimit { message, .. } => message,
            Self::UploadOffsetMismatch { message, .. } => message,
            Self::UploadIncomplete { message, .. } => message,
            Self::UploadHashMismatch { message, .. } => message,
            Self::Other { message, .. } => message,
        }
    }

    /// The typed `data.reason` (`None` for `Other`, whose raw `data` is kept as sent).
    pub fn reason(&self) -> Option<&'static str> {
        match self {
            Self::ParseError { data, .. } => Some(data.tag()),
            Self::InvalidRequest { data, .. } => Some(data.tag()),
            Self::MethodNotFound { data, .. } => Some(data.tag()),
            Self::InvalidParams { data, .. } => Some(data.tag()),
            Self::InternalError { data, .. } => Some(data.tag()),
            Self::SessionNotFound { data, .. } => Some(data.tag()),
            Self::SessionLimitReached { data, .. } => Some(data.tag()),
            Self::SessionBusy { data, .. } => Some(data.tag()),
            Self::SessionNotOwned { data, .. } => Some(data.tag()),
            Self::ConnectionLimit { data, .. } => Some(data.tag()),
            Self::NotInitialized { data, .. } => Some(data.tag()),
            Self::VersionMismatch { data, .. } => Some(data.tag()),
            Self::Forbidden { data, .. } => Some(data.tag()),
            Self::UploadNotFound { data, .. } => Some(data.tag()),
            Self::UploadLimit { data, .. } => Some(data.tag()),
            Self::UploadOffsetMismatch { data, .. } => Some(data.tag()),
            Self::UploadIncomplete { data, .. } => Some(data.tag()),
            Self::UploadHashMismatch { data, .. } => Some(data.tag()),
            Self::Other { .. } => None,
        }
    }
}

fn decode<T: DeserializeOwned>(data: &Option<serde_json::Value>) -> Option<T> {
    data.as_ref().and_then(|d| T::deserialize(d).ok())
}

impl fmt::Display for ZeroclawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message(), self.code())
    }
}

impl std::error::Error for ZeroclawError {}
