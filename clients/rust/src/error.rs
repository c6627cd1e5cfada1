//! What a call can fail with: the daemon's typed error, or the connection itself.

use crate::generated::errors::ZeroclawError;
use std::fmt;
use std::io;

/// The error of every [`Client`](crate::Client) call.
#[derive(Debug)]
pub enum Error {
    /// The daemon answered with an error: its code and its typed `data`.
    Rpc(ZeroclawError),
    /// The socket failed.
    Io(io::Error),
    /// Params that do not encode, or a result that does not decode as its declared type.
    Json(serde_json::Error),
    /// The connection closed before the answer arrived.
    Closed,
    /// No answer within the timeout set with [`Client::set_call_timeout`](crate::Client::set_call_timeout).
    Timeout,
}

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// The daemon's error, when the failure is one.
    pub fn rpc(&self) -> Option<&ZeroclawError> {
        match self {
            Error::Rpc(e) => Some(e),
            _ => None,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Rpc(e) => write!(f, "daemon error: {e}"),
            Error::Io(e) => write!(f, "socket: {e}"),
            Error::Json(e) => write!(f, "json: {e}"),
            Error::Closed => f.write_str("connection closed"),
            Error::Timeout => f.write_str("no answer within the call timeout"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Rpc(e) => Some(e),
            Error::Io(e) => Some(e),
            Error::Json(e) => Some(e),
            Error::Closed | Error::Timeout => None,
        }
    }
}

impl From<ZeroclawError> for Error {
    fn from(e: ZeroclawError) -> Self {
        Error::Rpc(e)
    }
}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Self {
        Error::Io(e)
    }
}

impl From<serde_json::Error> for Error {
    fn from(e: serde_json::Error) -> Self {
        Error::Json(e)
    }
}
