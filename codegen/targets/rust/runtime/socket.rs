//! Newline-delimited JSON over a Unix socket (the zeroclaw daemon's transport): one message per
//! line, our requests numbered `zc-out-N`, and one reader thread that routes each answer to its
//! caller through a map of pending channels, each server → client request to its handler (on a
//! thread of its own, so it may call the client) and each notification to its handler (on the
//! reader thread, in wire order: every notification sent before an answer is handled before that
//! answer is delivered).

use crate::runtime::rpc::{
    frame, CallError, Incoming, NotificationHandler, RequestHandler, RpcError, TransportError,
};
use serde_json::value::RawValue;
use serde_json::Value;
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::net::Shutdown;
use std::os::unix::net::UnixStream;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex, MutexGuard};
use std::thread;
use std::time::Duration;

type Reply = Result<Box<RawValue>, RpcError>;

pub struct Socket {
    shared: Arc<Shared>,
    next_id: AtomicU64,
    timeout: Mutex<Option<Duration>>,
    reader: thread::ThreadId,
}

/// Ends the stream both ways (the reader then sees its end).
type Shutter = Box<dyn Fn() + Send + Sync>;

struct Shared {
    shutter: Shutter,
    /// Takes one whole line per `write_all` (a WebSocket writer sends it as one text frame).
    writer: Mutex<Box<dyn Write + Send>>,
    pending: Mutex<Pending>,
    requests: Mutex<HashMap<String, Arc<RequestHandler>>>,
    notifications: Mutex<HashMap<String, Arc<NotificationHandler>>>,
}

/// Calls awaiting an answer, by id (as JSON text); `open` turns false (under the same lock) when
/// the reader stops, so a call never registers after the last chance of its answer.
struct Pending {
    open: bool,
    calls: HashMap<String, mpsc::Sender<Reply>>,
}

/// A poisoned lock only means a handler panicked while holding it; the maps stay consistent.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Socket {
    pub fn connect(path: &Path) -> Result<Socket, TransportError> {
        let stream = UnixStream::connect(path).map_err(TransportError::Io)?;
        let writer = stream.try_clone().map_err(TransportError::Io)?;
        let shut = stream.try_clone().map_err(TransportError::Io)?;
        Socket::over(
            Box::new(BufReader::new(stream)),
            Box::new(writer),
            Box::new(move || {
                let _ = shut.shutdown(Shutdown::Both);
            }),
        )
    }

    /// JSON-RPC over WebSocket text frames (`websocket.rs`): the same machinery on another framing.
    pub fn connect_websocket(url: &str) -> Result<Socket, TransportError> {
        let (reader, writer, shutter) = crate::runtime::websocket::open(url)?;
        Socket::over(Box::new(reader), Box::new(writer), shutter)
    }

    fn over(
        reader: Box<dyn BufRead + Send>,
        writer: Box<dyn Write + Send>,
        shutter: Shutter,
    ) -> Result<Socket, TransportError> {
        let shared = Arc::new(Shared {
            writer: Mutex::new(writer),
            shutter,
            pending: Mutex::new(Pending {
                open: true,
                calls: HashMap::new(),
            }),
            requests: Mutex::new(HashMap::new()),
            notifications: Mutex::new(HashMap::new()),
        });
        let reader_shared = Arc::clone(&shared);
        let reader = thread::Builder::new()
            .name("jsonrpc-reader".into())
            .spawn(move || reader_shared.read_loop(reader))
            .map_err(TransportError::Io)?
            .thread()
            .id();
        Ok(Socket {
            shared,
            next_id: AtomicU64::new(0),
            timeout: Mutex::new(None),
            reader,
        })
    }

    pub fn call(&self, method: &str, params: Option<&str>) -> Result<Box<RawValue>, CallError> {
        if thread::current().id() == self.reader {
            // Its answer could only be routed by the thread that would be waiting for it.
            return Err(CallError::Transport(TransportError::Unsupported(
                "a call from a notification handler (the reader thread) would wait forever".into(),
            )));
        }
        let n = self.next_id.fetch_add(1, Ordering::Relaxed);
        let id = Value::from(format!("zc-out-{n}")).to_string();
        let (tx, rx) = mpsc::channel();
        {
            let mut pending = lock(&self.shared.pending);
            if !pending.open {
                return Err(TransportError::Closed.into());
            }
            pending.calls.insert(id.clone(), tx);
        }
        let forget = || lock(&self.shared.pending).calls.remove(&id);
        if let Err(e) = self.shared.write(frame(Some(&id), method, params)) {
            forget();
            return Err(TransportError::Io(e).into());
        }
        let timeout = *lock(&self.timeout);
        let reply = match timeout {
            None => rx.recv().map_err(|_| TransportError::Closed)?,
            Some(limit) => match rx.recv_timeout(limit) {
                Ok(reply) => reply,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    forget();
                    return Err(TransportError::Timeout.into());
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(TransportError::Closed.into())
                }
            },
        };
        reply.map_err(CallError::Rpc)
    }

    pub fn notify(&self, method: &str, params: Option<&str>) -> Result<(), CallError> {
        self.shared
            .write(frame(None, method, params))
            .map_err(|e| TransportError::Io(e).into())
    }

    pub fn on_request(&self, method: &str, handler: Arc<RequestHandler>) {
        lock(&self.shared.requests).insert(method.to_owned(), handler);
    }

    pub fn on_notification(&self, method: &str, handler: Arc<NotificationHandler>) {
        lock(&self.shared.notifications).insert(method.to_owned(), handler);
    }

    pub fn set_timeout(&self, timeout: Option<Duration>) {
        *lock(&self.timeout) = timeout;
    }

    pub fn close(&self) {
        (self.shared.shutter)();
    }
}

impl Drop for Socket {
    fn drop(&mut self) {
        self.close();
    }
}

impl Shared {
    /// Writes one message as one line; the lock keeps concurrent writers' lines whole.
    fn write(&self, frame: String) -> std::io::Result<()> {
        let mut line = frame.into_bytes();
        line.push(b'\n');
        let mut writer = lock(&self.writer);
        writer.write_all(&line)?;
        writer.flush()
    }

    fn read_loop(self: Arc<Self>, mut reader: Box<dyn BufRead + Send>) {
        let mut line = Vec::new();
        loop {
            line.clear();
            match reader.read_until(b'\n', &mut line) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            // A line that is not a JSON-RPC object is not ours to answer: it is dropped.
            if let Ok(message) = serde_json::from_slice::<Incoming>(&line) {
                self.route(message);
            }
        }
        let mut pending = lock(&self.pending);
        pending.open = false;
        pending.calls.clear(); // drops every sender: each waiting call wakes as closed
    }

    fn route(self: &Arc<Self>, mut message: Incoming) {
        let params = message.params.take();
        match (message.method.take(), message.id.take()) {
            (Some(method), Some(id)) => self.serve(method, id, params),
            (Some(method), None) => {
                let handler = lock(&self.notifications).get(&method).cloned();
                if let Some(handler) = handler {
                    handler(params.as_deref().map(RawValue::get));
                }
            }
            (None, Some(id)) => {
                // An id matching none of our pending calls is ignored, never answered.
                if let Some(reply) = message.outcome() {
                    if let Some(tx) = lock(&self.pending).calls.remove(id.get()) {
                        let _ = tx.send(reply);
                    }
                }
            }
            (None, None) => {}
        }
    }

    /// Answers a server → client request on a thread of its own, so its handler may call the client
    /// (whose answer arrives through this reader) without blocking the stream.
    fn serve(self: &Arc<Self>, method: String, id: Box<RawValue>, params: Option<Box<RawValue>>) {
        let handler = lock(&self.requests).get(&method).cloned();
        let shared = Arc::clone(self);
        let Some(handler) = handler else {
            let data = serde_json::json!({"reason": "method_not_found", "method": method});
            let error = RpcError::new(-32601, "Method not found", Some(data));
            return shared.answer(&id, Err(error));
        };
        thread::spawn(move || {
            let outcome = catch_unwind(AssertUnwindSafe(|| {
                handler(params.as_deref().map(RawValue::get))
            }))
            .unwrap_or_else(|_| {
                let data = serde_json::json!({"reason": "internal_error"});
                Err(RpcError::new(-32603, "Internal error", Some(data)))
            });
            shared.answer(&id, outcome);
        });
    }

    fn answer(&self, id: &RawValue, outcome: Result<String, RpcError>) {
        let body = match outcome {
            Ok(result) => format!(r#""result":{result}"#),
            Err(e) => {
                let mut error = serde_json::json!({"code": e.code, "message": e.message});
                if let Some(data) = e.data {
                    error["data"] = data;
                }
                format!(r#""error":{error}"#)
            }
        };
        let _ = self.write(format!(r#"{{"jsonrpc":"2.0","id":{},{body}}}"#, id.get()));
    }
}
