//! An in-process fake daemon: a real Unix socket in a temp dir, one accepted connection driven by a
//! script, speaking NDJSON like the daemon does.

use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread::{self, JoinHandle};

static NEXT: AtomicUsize = AtomicUsize::new(0);

/// The daemon side of one connection.
pub struct Peer {
    reader: BufReader<UnixStream>,
    writer: UnixStream,
}

impl Peer {
    /// The next frame the client wrote, which must be one JSON object on one line.
    pub fn recv(&mut self) -> Value {
        let mut line = String::new();
        let n = self.reader.read_line(&mut line).expect("read a frame");
        assert!(n > 0, "client closed the connection");
        assert!(
            line.ends_with('\n'),
            "frame not ended by a newline: {line:?}"
        );
        let value: Value = serde_json::from_str(line.trim_end()).expect("frame is JSON");
        assert_eq!(value["jsonrpc"], "2.0");
        value
    }

    pub fn send(&mut self, message: Value) {
        let mut frame = serde_json::to_vec(&message).unwrap();
        frame.push(b'\n');
        self.writer.write_all(&frame).unwrap();
    }

    pub fn reply(&mut self, request: &Value, result: Value) {
        self.send(serde_json::json!({"jsonrpc": "2.0", "id": request["id"], "result": result}));
    }

    pub fn fail(&mut self, request: &Value, code: i64, message: &str, data: Value) {
        let error = serde_json::json!({"code": code, "message": message, "data": data});
        self.send(serde_json::json!({"jsonrpc": "2.0", "id": request["id"], "error": error}));
    }
}

/// A listening fake; `script` runs on the first connection, and `join` returns once it finished
/// (re-raising its assertion failures in the test).
pub struct Fake {
    pub path: PathBuf,
    handle: Option<JoinHandle<()>>,
    dir: PathBuf,
}

impl Fake {
    pub fn start<F: FnOnce(Peer) + Send + 'static>(script: F) -> Fake {
        let dir = std::env::temp_dir().join(format!(
            "zc-rust-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("daemon.sock");
        let listener = UnixListener::bind(&path).unwrap();
        let handle = thread::spawn(move || {
            let (stream, _) = listener.accept().unwrap();
            let reader = BufReader::new(stream.try_clone().unwrap());
            script(Peer {
                reader,
                writer: stream,
            });
        });
        Fake {
            path,
            handle: Some(handle),
            dir,
        }
    }

    pub fn join(mut self) {
        if let Some(handle) = self.handle.take() {
            if let Err(panic) = handle.join() {
                std::panic::resume_unwind(panic);
            }
        }
    }
}

impl Drop for Fake {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
