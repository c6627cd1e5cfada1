//! The connection: NDJSON over a Unix socket (one JSON-RPC message per line), our requests numbered
//! `zc-out-N`, and one reader thread that routes each response to its caller through a map of
//! pending channels, each daemon → client request to its handler and each notification to its own.
//!
//! Blocking std only (no async runtime): a call blocks its thread until its answer arrives, and
//! calls from several threads run concurrently over the one connection.

use crate::error::{Error, Result};
use crate::generated::errors::{code, ZeroclawError};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Map, Value};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::net::Shutdown;
use std::os::unix::net::UnixStream;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex, MutexGuard};
use std::thread;
use std::time::Duration;

type Reply = std::result::Result<Value, ZeroclawError>;
type RequestHandler = dyn Fn(Value) -> serde_json::Result<Value> + Send + Sync;
type NotificationHandler = dyn Fn(Value) -> serde_json::Result<()> + Send + Sync;

/// A connection to the daemon. Its typed methods (one per client → daemon method) and hooks for
/// daemon → client traffic are generated from `openrpc.json` (`src/generated/methods.rs`).
///
/// `Client` is `Send + Sync`: share it between threads with an `Arc`. Dropping it closes the socket.
pub struct Client {
    shared: Arc<Shared>,
    next_id: AtomicU64,
    timeout: Mutex<Option<Duration>>,
    reader: thread::ThreadId,
}

struct Shared {
    stream: UnixStream,
    writer: Mutex<UnixStream>,
    pending: Mutex<Pending>,
    requests: Mutex<HashMap<String, Arc<RequestHandler>>>,
    notifications: Mutex<HashMap<String, Arc<NotificationHandler>>>,
}

/// Our requests awaiting an answer; `open` turns false (under the same lock) when the reader stops,
/// so a call can never register after the last chance of its answer.
struct Pending {
    open: bool,
    calls: HashMap<String, mpsc::Sender<Reply>>,
}

#[derive(Serialize)]
struct Request<'a, P: ?Sized> {
    jsonrpc: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<&'a str>,
    method: &'a str,
    params: &'a P,
}

/// A poisoned lock only means a handler panicked while holding it; the maps stay consistent.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The daemon's endpoint as SPEC §1 resolves it: `ZEROCLAW_SOCKET`, else `<data dir>/daemon.sock`
/// with the data dir `ZEROCLAW_DATA_DIR`, else `<config dir>/data`, the config dir
/// `ZEROCLAW_CONFIG_DIR`, else `~/.zeroclaw`.
pub fn default_socket_path() -> PathBuf {
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(socket) = var("ZEROCLAW_SOCKET") {
        return socket;
    }
    let data_dir = var("ZEROCLAW_DATA_DIR").unwrap_or_else(|| {
        let config_dir = var("ZEROCLAW_CONFIG_DIR").unwrap_or_else(|| {
            var("HOME")
                .unwrap_or_else(|| PathBuf::from("."))
                .join(".zeroclaw")
        });
        config_dir.join("data")
    });
    data_dir.join("daemon.sock")
}

impl Client {
    /// Connects to the endpoint [`default_socket_path`] names.
    pub fn connect_default() -> Result<Client> {
        Client::connect(default_socket_path())
    }

    /// Connects to the daemon's socket at `path` and starts the reader thread.
    pub fn connect(path: impl AsRef<Path>) -> Result<Client> {
        let stream = UnixStream::connect(path)?;
        let shared = Arc::new(Shared {
            writer: Mutex::new(stream.try_clone()?),
            stream: stream.try_clone()?,
            pending: Mutex::new(Pending {
                open: true,
                calls: HashMap::new(),
            }),
            requests: Mutex::new(HashMap::new()),
            notifications: Mutex::new(HashMap::new()),
        });
        let reader = Arc::clone(&shared);
        let reader = thread::Builder::new()
            .name("zeroclaw-reader".into())
            .spawn(move || reader.read_loop(stream))?
            .thread()
            .id();
        Ok(Client {
            shared,
            next_id: AtomicU64::new(0),
            timeout: Mutex::new(None),
            reader,
        })
    }

    /// Bounds how long each later call waits for its answer (`None`, the default, waits as long as
    /// the daemon takes: a turn may run for minutes). A call past it fails with [`Error::Timeout`].
    pub fn set_call_timeout(&self, timeout: Option<Duration>) {
        *lock(&self.timeout) = timeout;
    }

    /// Closes the connection: pending and later calls fail with [`Error::Closed`].
    pub fn close(&self) {
        let _ = self.shared.stream.shutdown(Shutdown::Both);
    }

    /// Sends one request and waits for its answer (the generated methods are the typed face of this).
    pub(crate) fn call<P, R>(&self, method: &str, params: &P) -> Result<R>
    where
        P: Serialize + ?Sized,
        R: DeserializeOwned,
    {
        if thread::current().id() == self.reader {
            // Its answer could only be routed by the thread that would be waiting for it.
            return Err(Error::Io(std::io::Error::new(
                std::io::ErrorKind::Other,
                "a call from a notification handler (the reader thread) would wait forever",
            )));
        }
        let id = format!("zc-out-{}", self.next_id.fetch_add(1, Ordering::Relaxed));
        let frame = serde_json::to_vec(&Request {
            jsonrpc: "2.0",
            id: Some(&id),
            method,
            params,
        })?;
        let (tx, rx) = mpsc::channel();
        {
            let mut pending = lock(&self.shared.pending);
            if !pending.open {
                return Err(Error::Closed);
            }
            pending.calls.insert(id.clone(), tx);
        }
        let forget = || lock(&self.shared.pending).calls.remove(&id);
        if let Err(e) = self.shared.write(frame) {
            forget();
            return Err(Error::Io(e));
        }
        let timeout = *lock(&self.timeout);
        let reply = match timeout {
            None => rx.recv().map_err(|_| Error::Closed)?,
            Some(limit) => match rx.recv_timeout(limit) {
                Ok(reply) => reply,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    forget();
                    return Err(Error::Timeout);
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => return Err(Error::Closed),
            },
        };
        Ok(R::deserialize(reply?)?)
    }

    /// Sends one notification (no answer).
    #[allow(dead_code)] // used by generated methods only when the document has client → daemon notifications
    pub(crate) fn notify<P: Serialize + ?Sized>(&self, method: &str, params: &P) -> Result<()> {
        let frame = serde_json::to_vec(&Request {
            jsonrpc: "2.0",
            id: None,
            method,
            params,
        })?;
        Ok(self.shared.write(frame)?)
    }

    pub(crate) fn set_request_handler<F>(&self, method: &str, handler: F)
    where
        F: Fn(Value) -> serde_json::Result<Value> + Send + Sync + 'static,
    {
        lock(&self.shared.requests).insert(method.to_owned(), Arc::new(handler));
    }

    pub(crate) fn set_notification_handler<F>(&self, method: &str, handler: F)
    where
        F: Fn(Value) -> serde_json::Result<()> + Send + Sync + 'static,
    {
        lock(&self.shared.notifications).insert(method.to_owned(), Arc::new(handler));
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        self.close();
    }
}

impl Shared {
    /// Writes one message as one line; the lock keeps concurrent writers' lines whole.
    fn write(&self, mut frame: Vec<u8>) -> std::io::Result<()> {
        frame.push(b'\n');
        let mut writer = lock(&self.writer);
        writer.write_all(&frame)?;
        writer.flush()
    }

    fn read_loop(self: Arc<Self>, stream: UnixStream) {
        let mut reader = BufReader::new(stream);
        let mut line = Vec::new();
        loop {
            line.clear();
            match reader.read_until(b'\n', &mut line) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            while matches!(line.last(), Some(b'\n' | b'\r')) {
                line.pop();
            }
            if line.is_empty() {
                continue;
            }
            // A line that is not JSON, or not an object, is not ours to answer: the daemon never sends one.
            if let Ok(Value::Object(message)) = serde_json::from_slice::<Value>(&line) {
                self.route(message);
            }
        }
        let mut pending = lock(&self.pending);
        pending.open = false;
        pending.calls.clear(); // drops every sender: each waiting call wakes with Error::Closed
    }

    fn route(self: &Arc<Self>, mut message: Map<String, Value>) {
        let method = match message.get("method") {
            Some(Value::String(m)) => Some(m.clone()),
            _ => None,
        };
        let params = message
            .remove("params")
            .unwrap_or_else(|| Value::Object(Map::new()));
        match (method, message.remove("id")) {
            (Some(method), Some(id)) => self.serve(method, id, params),
            (Some(method), None) => {
                let handler = lock(&self.notifications).get(&method).cloned();
                if let Some(handler) = handler {
                    // A notification that does not decode as its type is dropped, like any stray frame.
                    let _ = handler(params);
                }
            }
            (None, Some(Value::String(id))) => {
                let reply = if let Some(error) = message.remove("error") {
                    Err(decode_error(error))
                } else if let Some(result) = message.remove("result") {
                    Ok(result)
                } else {
                    return; // neither result nor error: malformed, dropped (SPEC §3)
                };
                // An id matching none of our pending calls is ignored, never answered (SPEC §3).
                if let Some(tx) = lock(&self.pending).calls.remove(&id) {
                    let _ = tx.send(reply);
                }
            }
            _ => {}
        }
    }

    /// Answers a daemon → client request on a thread of its own, so a handler may call the client
    /// (its answer arrives through this reader) without blocking the stream.
    fn serve(self: &Arc<Self>, method: String, id: Value, params: Value) {
        let handler = lock(&self.requests).get(&method).cloned();
        let shared = Arc::clone(self);
        let handler = match handler {
            Some(handler) => handler,
            None => {
                let data = json!({"reason": "method_not_found", "method": method});
                return shared.answer(id, Err((code::METHOD_NOT_FOUND, "Method not found", data)));
            }
        };
        thread::spawn(move || {
            let outcome = match catch_unwind(AssertUnwindSafe(|| handler(params))) {
                Ok(Ok(result)) => Ok(result),
                Ok(Err(e)) => {
                    let errors = json!([{"path": "", "message": e.to_string()}]);
                    let data = json!({"reason": "invalid_params", "errors": errors});
                    Err((code::INVALID_PARAMS, "Invalid params", data))
                }
                Err(_) => {
                    let data = json!({"reason": "internal_error"});
                    Err((code::INTERNAL_ERROR, "Internal error", data))
                }
            };
            shared.answer(id, outcome);
        });
    }

    fn answer(&self, id: Value, outcome: std::result::Result<Value, (i64, &str, Value)>) {
        let message = match outcome {
            Ok(result) => json!({"jsonrpc": "2.0", "id": id, "result": result}),
            Err((code, message, data)) => json!({
                "jsonrpc": "2.0",
                "id": id,
                "error": {"code": code, "message": message, "data": data},
            }),
        };
        if let Ok(frame) = serde_json::to_vec(&message) {
            let _ = self.write(frame);
        }
    }
}

fn decode_error(error: Value) -> ZeroclawError {
    let code = error
        .get("code")
        .and_then(Value::as_i64)
        .unwrap_or(code::INTERNAL_ERROR);
    let message = error
        .get("message")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    ZeroclawError::from_wire(code, message, error.get("data").cloned())
}
