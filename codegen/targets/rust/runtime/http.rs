//! JSON-RPC over HTTP POST with ureq: one request per call, its answer in the response body. An HTTP
//! error status whose body is a JSON-RPC response (as many servers send errors) is that response.
//! HTTP has no way back: the server's requests and notifications never reach this client.

use crate::runtime::rpc::{frame, CallError, Incoming, TransportError};
use serde_json::value::RawValue;
use std::io::Read;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

pub struct Http {
    agent: ureq::Agent,
    url: String,
    next_id: AtomicU64,
    timeout: Mutex<Option<Duration>>,
}

impl Http {
    pub fn new(url: &str) -> Http {
        Http {
            agent: ureq::AgentBuilder::new().build(),
            url: url.to_owned(),
            next_id: AtomicU64::new(1),
            timeout: Mutex::new(None),
        }
    }

    pub fn call(&self, method: &str, params: Option<&str>) -> Result<Box<RawValue>, CallError> {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed).to_string();
        let body = self.post(&frame(Some(&id), method, params))?;
        let incoming: Incoming = serde_json::from_str(&body).map_err(|e| {
            TransportError::Protocol(format!("{}: not a JSON-RPC response ({e})", self.url))
        })?;
        match incoming.outcome() {
            Some(Ok(result)) => Ok(result),
            Some(Err(error)) => Err(CallError::Rpc(error)),
            None => Err(CallError::Transport(TransportError::Protocol(format!(
                "{}: a response with neither result nor error",
                self.url
            )))),
        }
    }

    pub fn notify(&self, method: &str, params: Option<&str>) -> Result<(), CallError> {
        self.post(&frame(None, method, params))?;
        Ok(())
    }

    pub fn set_timeout(&self, timeout: Option<Duration>) {
        if let Ok(mut t) = self.timeout.lock() {
            *t = timeout;
        }
    }

    fn post(&self, body: &str) -> Result<String, TransportError> {
        let mut request = self
            .agent
            .post(&self.url)
            .set("Content-Type", "application/json")
            .set("Accept", "application/json");
        if let Some(timeout) = self.timeout.lock().ok().and_then(|t| *t) {
            request = request.timeout(timeout);
        }
        let read = |response: ureq::Response| {
            let mut text = String::new();
            // No size limit (ureq's into_string stops at 10 MB): results may be large.
            response
                .into_reader()
                .read_to_string(&mut text)
                .map(|_| text)
                .map_err(TransportError::Io)
        };
        match request.send_string(body) {
            Ok(response) => read(response),
            Err(ureq::Error::Status(status, response)) => {
                let text = read(response).unwrap_or_default();
                if text.trim_start().starts_with('{') {
                    Ok(text)
                } else {
                    let text: String = text.chars().take(200).collect();
                    Err(TransportError::Http(format!(
                        "HTTP {status} from {}: {text}",
                        self.url
                    )))
                }
            }
            Err(e) => Err(TransportError::Http(e.to_string())),
        }
    }
}
