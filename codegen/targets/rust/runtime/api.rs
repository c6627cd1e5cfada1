//! What every generated crate's [`Client`] and [`Error`] have, whatever the document: connecting,
//! the raw call the typed methods are made of, and the error's conversions, code and message.

use crate::client::Client;
use crate::errors::Error;
use crate::runtime::rpc::{Connection, Declared, RpcError, TransportError};
use serde::de::DeserializeOwned;
use std::fmt;
use std::time::Duration;

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Client {
    /// Connects to `url`: `http(s)://` (JSON-RPC over HTTP POST), `unix:PATH` or a socket path
    /// (newline-delimited JSON over a Unix socket). `ws(s)://` is refused: see the README.
    pub fn connect(url: &str) -> Result<Client> {
        Ok(Client {
            connection: Connection::open(url)?,
        })
    }

    /// The connection under the client, for calls by method name.
    pub fn connection(&self) -> &Connection {
        &self.connection
    }

    /// Bounds how long each later call waits for its answer (`None`, the default: as long as it
    /// takes).
    pub fn set_call_timeout(&self, timeout: Option<Duration>) {
        self.connection.set_timeout(timeout);
    }

    /// Ends the connection: pending and later calls fail.
    pub fn close(&self) {
        self.connection.close();
    }

    /// One request: `params` as JSON text, the result decoded, a declared error typed.
    #[allow(dead_code)] // a document may have notifications only
    pub(crate) fn call<R: DeserializeOwned>(
        &self,
        method: &str,
        params: String,
        declared: &[Declared<Error>],
    ) -> Result<R> {
        let result = self.connection.call(method, Some(&params));
        let result = result.map_err(|e| e.typed(declared))?;
        Ok(serde_json::from_str(result.get())?)
    }

    /// One notification: `params` as JSON text.
    #[allow(dead_code)] // used when the document has notifications
    pub(crate) fn notify(&self, method: &str, params: String) -> Result<()> {
        let sent = self.connection.notify(method, Some(&params));
        sent.map_err(|e| e.typed::<Error>(&[]))
    }
}

impl Error {
    /// The JSON-RPC error code, when the server answered with an error.
    pub fn code(&self) -> Option<i64> {
        match self {
            Error::Rpc(e) => Some(e.code),
            Error::Transport(_) | Error::Json(_) => None,
            #[allow(unreachable_patterns)] // when the document declares no error
            declared => declared.declared().map(|(code, _)| code),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Rpc(e) => e.fmt(f),
            Error::Transport(e) => e.fmt(f),
            Error::Json(e) => write!(f, "json: {e}"),
            #[allow(unreachable_patterns)]
            declared => match declared.declared() {
                Some((code, message)) => write!(f, "{message} ({code})"),
                None => f.write_str("error"),
            },
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Rpc(e) => Some(e),
            Error::Transport(e) => Some(e),
            Error::Json(e) => Some(e),
            #[allow(unreachable_patterns)]
            _ => None,
        }
    }
}

impl From<RpcError> for Error {
    fn from(e: RpcError) -> Self {
        Error::Rpc(e)
    }
}

impl From<TransportError> for Error {
    fn from(e: TransportError) -> Self {
        Error::Transport(e)
    }
}

impl From<serde_json::Error> for Error {
    fn from(e: serde_json::Error) -> Self {
        Error::Json(e)
    }
}
