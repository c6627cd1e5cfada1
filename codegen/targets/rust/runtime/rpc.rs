//! One JSON-RPC 2.0 connection, over HTTP POST (`http://`, `https://`) or newline-delimited JSON on a
//! Unix socket (`unix:PATH` or a bare path), chosen by URL. Blocking `std`: a call blocks its thread
//! until its answer arrives; calls from several threads run at once over one connection. (No async
//! runtime: the HTTP client Debian packages, ureq, is blocking, and a blocking client needs none.)
//! A result stays raw JSON text until the generated method decodes it into its type, so no integer
//! passes through a double on the way.

use crate::runtime::json::present;
use crate::runtime::{http, socket};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::Value;
use std::fmt;
use std::path::Path;
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

/// A JSON-RPC error response: `code`, `message` and the optional `data`.
#[derive(Debug, Clone, PartialEq)]
pub struct RpcError {
    pub code: i64,
    pub message: String,
    pub data: Option<Value>,
}

impl RpcError {
    pub fn new(code: i64, message: impl Into<String>, data: Option<Value>) -> RpcError {
        RpcError {
            code,
            message: message.into(),
            data,
        }
    }
}

impl fmt::Display for RpcError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message, self.code)
    }
}

impl std::error::Error for RpcError {}

/// Why a call got no answer.
#[derive(Debug)]
#[non_exhaustive]
pub enum TransportError {
    /// The socket failed (read, write).
    Io(std::io::Error),
    /// Nothing answered at `endpoint` (no such socket, nobody listening, no permission).
    Connect {
        endpoint: String,
        source: std::io::Error,
    },
    /// The HTTP exchange failed, or the server answered with an HTTP error and no JSON-RPC response.
    Http(String),
    /// The connection closed before the answer came.
    Closed,
    /// No answer within the call timeout.
    Timeout,
    /// A URL this client cannot use (`ws://`, an unknown scheme), or a call it refuses to make.
    Unsupported(String),
    /// The answer was not a JSON-RPC response.
    Protocol(String),
}

impl fmt::Display for TransportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TransportError::Io(e) => write!(f, "socket: {e}"),
            TransportError::Connect { endpoint, source } => write!(
                f,
                "cannot connect to {endpoint}: {source} (is the server running and listening there? \
                 check the address, or pass another URL)"
            ),
            TransportError::Http(e) => write!(f, "http: {e}"),
            TransportError::Closed => f.write_str("connection closed"),
            TransportError::Timeout => f.write_str("no answer within the call timeout"),
            TransportError::Unsupported(e) | TransportError::Protocol(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for TransportError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TransportError::Io(e) => Some(e),
            TransportError::Connect { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// What a call fails with before the method's declared errors type it.
#[derive(Debug)]
pub enum CallError {
    Rpc(RpcError),
    Transport(TransportError),
    Json(serde_json::Error),
}

impl From<TransportError> for CallError {
    fn from(e: TransportError) -> Self {
        CallError::Transport(e)
    }
}

impl From<serde_json::Error> for CallError {
    fn from(e: serde_json::Error) -> Self {
        CallError::Json(e)
    }
}

/// A declared error: its code, its message in the document, and how it is built from a wire error
/// (`Err` gives the wire error back when its `data` does not decode as declared).
pub struct Declared<E> {
    pub code: i64,
    pub message: &'static str,
    pub build: fn(RpcError) -> Result<E, RpcError>,
}

impl CallError {
    /// The crate's error: a wire error becomes the declared error with its code (the one whose
    /// message matches, when several share it), else stays an [`RpcError`].
    pub fn typed<E>(self, declared: &[Declared<E>]) -> E
    where
        E: From<RpcError> + From<TransportError> + From<serde_json::Error>,
    {
        match self {
            CallError::Rpc(e) => {
                let same: Vec<&Declared<E>> =
                    declared.iter().filter(|d| d.code == e.code).collect();
                let pick = match same.len() {
                    1 => same.first().copied(),
                    _ => same.into_iter().find(|d| d.message == e.message),
                };
                match pick {
                    Some(d) => (d.build)(e).unwrap_or_else(E::from),
                    None => E::from(e),
                }
            }
            CallError::Transport(e) => E::from(e),
            CallError::Json(e) => E::from(e),
        }
    }
}

/// Answers one of the server's requests: the params as JSON text (`None`: absent), the result as
/// JSON text or an error.
pub type RequestHandler = dyn Fn(Option<&str>) -> Result<String, RpcError> + Send + Sync;
/// Receives one of the server's notifications: its params as JSON text (`None`: absent).
pub type NotificationHandler = dyn Fn(Option<&str>) + Send + Sync;

/// A typed request handler: params decoded from JSON (`absent` when the server sent none), the
/// result encoded; params that do not decode answer -32602.
pub fn request_handler<P, R, F>(absent: &'static str, handler: F) -> Arc<RequestHandler>
where
    P: DeserializeOwned,
    R: Serialize,
    F: Fn(P) -> Result<R, RpcError> + Send + Sync + 'static,
{
    Arc::new(move |params: Option<&str>| {
        let params = serde_json::from_str(params.unwrap_or(absent)).map_err(|e| {
            let errors = serde_json::json!([{"path": "", "message": e.to_string()}]);
            let data = serde_json::json!({"reason": "invalid_params", "errors": errors});
            RpcError::new(-32602, "Invalid params", Some(data))
        })?;
        let result = handler(params)?;
        crate::runtime::json::to_string(&result)
            .map_err(|e| RpcError::new(-32603, format!("result does not encode: {e}"), None))
    })
}

/// A typed notification handler; a notification whose params do not decode is dropped.
pub fn notification_handler<P, F>(absent: &'static str, handler: F) -> Arc<NotificationHandler>
where
    P: DeserializeOwned,
    F: Fn(P) + Send + Sync + 'static,
{
    Arc::new(move |params: Option<&str>| {
        if let Ok(params) = serde_json::from_str(params.unwrap_or(absent)) {
            handler(params);
        }
    })
}

/// A handler that queues what it receives, and the receiving end of the queue.
pub fn channel<P: Send + 'static>() -> (impl Fn(P) + Send + Sync + 'static, mpsc::Receiver<P>) {
    let (tx, rx) = mpsc::channel();
    let tx = Mutex::new(tx);
    let send = move |p: P| {
        if let Ok(tx) = tx.lock() {
            let _ = tx.send(p);
        }
    };
    (send, rx)
}

/// A connection to one server, by URL.
pub struct Connection {
    transport: Transport,
}

enum Transport {
    Http(http::Http),
    Socket(socket::Socket),
}

impl Connection {
    /// `http(s)://…` → JSON-RPC over HTTP POST; `ws://…` → WebSocket text frames (`websocket.rs`, a
    /// small RFC 6455 client: no WebSocket crate is among Debian's packaged crates); `unix:PATH` or a
    /// path → a Unix socket.
    pub fn open(url: &str) -> Result<Connection, TransportError> {
        let scheme = url.split_once(':').map(|(s, _)| s.to_ascii_lowercase());
        match scheme.as_deref() {
            Some("http" | "https") => Ok(Connection {
                transport: Transport::Http(http::Http::new(url)),
            }),
            Some("ws" | "wss") => Ok(Connection {
                transport: Transport::Socket(socket::Socket::connect_websocket(url)?),
            }),
            Some("unix") => {
                let path = &url["unix:".len()..];
                Connection::open_path(Path::new(path.strip_prefix("//").unwrap_or(path)))
            }
            _ if url.contains("://") => Err(TransportError::Unsupported(format!(
                "{url}: unsupported URL; use http(s)://, unix:PATH or a socket path"
            ))),
            _ => Connection::open_path(Path::new(url)),
        }
    }

    /// Connects to the Unix socket at `path`; a leading `~` is the home directory, as a shell reads it.
    pub fn open_path(path: &Path) -> Result<Connection, TransportError> {
        let expanded = expand_home(path);
        let socket = socket::Socket::connect(&expanded).map_err(|e| match e {
            TransportError::Io(source) => TransportError::Connect {
                endpoint: format!("unix:{}", expanded.display()),
                source,
            },
            other => other,
        })?;
        Ok(Connection {
            transport: Transport::Socket(socket),
        })
    }

    /// Sends a request (`params` as JSON text) and waits for its result, as raw JSON text.
    pub fn call(&self, method: &str, params: Option<&str>) -> Result<Box<RawValue>, CallError> {
        match &self.transport {
            Transport::Http(t) => t.call(method, params),
            Transport::Socket(t) => t.call(method, params),
        }
    }

    /// Sends a notification (no answer).
    pub fn notify(&self, method: &str, params: Option<&str>) -> Result<(), CallError> {
        match &self.transport {
            Transport::Http(t) => t.notify(method, params),
            Transport::Socket(t) => t.notify(method, params),
        }
    }

    /// Answers the server's requests for `method` (Unix sockets: HTTP has no way back).
    pub fn on_request(&self, method: &str, handler: Arc<RequestHandler>) {
        if let Transport::Socket(t) = &self.transport {
            t.on_request(method, handler);
        }
    }

    /// Receives the server's notifications for `method` (Unix sockets: HTTP has no way back).
    pub fn on_notification(&self, method: &str, handler: Arc<NotificationHandler>) {
        if let Transport::Socket(t) = &self.transport {
            t.on_notification(method, handler);
        }
    }

    /// Bounds how long each later call waits (`None`, the default: as long as the server takes).
    pub fn set_timeout(&self, timeout: Option<Duration>) {
        match &self.transport {
            Transport::Http(t) => t.set_timeout(timeout),
            Transport::Socket(t) => t.set_timeout(timeout),
        }
    }

    /// Ends the connection: pending and later calls fail with [`TransportError::Closed`].
    pub fn close(&self) {
        if let Transport::Socket(t) = &self.transport {
            t.close();
        }
    }
}

/// One message as written: `id` and `params` already JSON text.
pub(crate) fn frame(id: Option<&str>, method: &str, params: Option<&str>) -> String {
    let method = Value::from(method).to_string();
    let mut out = String::from(r#"{"jsonrpc":"2.0""#);
    if let Some(id) = id {
        out.push_str(&format!(r#","id":{id}"#));
    }
    out.push_str(&format!(r#","method":{method}"#));
    if let Some(params) = params {
        out.push_str(&format!(r#","params":{params}"#));
    }
    out.push('}');
    out
}

/// Any message read: a response, a request or a notification. `present` keeps `"result": null`
/// (a successful answer) apart from no result at all; ids stay as written, to be echoed exactly.
#[derive(Deserialize)]
pub(crate) struct Incoming {
    #[serde(default, deserialize_with = "present")]
    pub id: Option<Box<RawValue>>,
    #[serde(default)]
    pub method: Option<String>,
    #[serde(default, deserialize_with = "present")]
    pub params: Option<Box<RawValue>>,
    #[serde(default, deserialize_with = "present")]
    pub result: Option<Box<RawValue>>,
    #[serde(default)]
    pub error: Option<WireError>,
}

#[derive(Deserialize)]
pub(crate) struct WireError {
    #[serde(default)]
    code: Value,
    #[serde(default)]
    message: Value,
    #[serde(default)]
    data: Option<Value>,
}

impl From<WireError> for RpcError {
    fn from(w: WireError) -> Self {
        let message = w.message.as_str().unwrap_or_default().to_owned();
        RpcError::new(w.code.as_i64().unwrap_or(-32603), message, w.data)
    }
}

impl Incoming {
    /// A response's outcome, or `None` for a response with neither result nor error.
    pub(crate) fn outcome(self) -> Option<Result<Box<RawValue>, RpcError>> {
        match (self.error, self.result) {
            (Some(error), _) => Some(Err(error.into())),
            (None, Some(result)) => Some(Ok(result)),
            (None, None) => None,
        }
    }
}

/// `~` or `~/…` with the home directory (`$HOME`) in place of the `~`; any other path as it is.
fn expand_home(path: &Path) -> std::path::PathBuf {
    let text = path.to_string_lossy();
    match (text.strip_prefix('~'), std::env::var_os("HOME")) {
        (Some(rest), Some(home)) if rest.is_empty() || rest.starts_with('/') => {
            let mut out = std::path::PathBuf::from(home);
            out.push(rest.trim_start_matches('/'));
            out
        }
        _ => path.to_path_buf(),
    }
}
