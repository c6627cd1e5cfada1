//! The chunked upload of zeroclaw's `file/upload/*` methods: begin with the size and the sha256 the
//! server checks on commit, then chunks (base64) of the size the server chose, each at the offset it
//! acknowledged, then commit. Emitted only for documents that have those three methods. SHA-256 and
//! base64 come from Debian's packaged `sha2` and `base64` crates.

use crate::client::{Client, UploadFile, UPLOAD_ERRORS};
use crate::runtime::api::Result;
use crate::runtime::rpc::{CallError, Connection, TransportError};
use serde::Deserialize;
use serde_json::value::RawValue;
use sha2::{Digest, Sha256};

/// What an upload gives back: the committed file (`file/upload/commit`'s result) and how it went.
#[derive(Debug, Clone, PartialEq)]
pub struct Upload<F> {
    pub file: F,
    /// Chunks sent.
    pub chunks: u64,
    /// The chunk size the server chose.
    pub chunk_bytes: u64,
    /// The content's sha256 (lower-case hex), as declared to the server.
    pub sha256: String,
}

#[derive(Deserialize)]
struct Begun {
    upload_id: String,
    chunk_bytes: u64,
}

#[derive(Deserialize)]
struct Ack {
    received_bytes: u64,
}

/// Uploads `data`; `progress` is called after each acknowledged chunk with the bytes the server
/// holds and the total.
pub fn upload(
    connection: &Connection,
    session_id: &str,
    filename: Option<&str>,
    data: &[u8],
    mut progress: impl FnMut(u64, u64),
) -> Result<Upload<Box<RawValue>>, CallError> {
    let call = |method: &str, params: serde_json::Value| -> Result<Box<RawValue>, CallError> {
        connection.call(method, Some(&params.to_string()))
    };
    let total = data.len() as u64;
    let sha256: String = Sha256::digest(data)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let mut begin =
        serde_json::json!({"session_id": session_id, "size_bytes": total, "sha256": sha256});
    if let Some(filename) = filename {
        begin["filename"] = filename.into();
    }
    let begun: Begun = serde_json::from_str(call("file/upload/begin", begin)?.get())?;
    let (mut offset, mut chunks) = (0u64, 0u64);
    while offset < total {
        let end = total.min(offset.saturating_add(begun.chunk_bytes.max(1)));
        let chunk = &data[offset as usize..end as usize];
        let params = serde_json::json!({
            "upload_id": begun.upload_id,
            "offset": offset,
            "data_b64": base64::encode(chunk),
        });
        let ack: Ack = serde_json::from_str(call("file/upload/chunk", params)?.get())?;
        chunks += 1;
        if ack.received_bytes <= offset || ack.received_bytes > total {
            return Err(CallError::Transport(TransportError::Protocol(format!(
                "file/upload/chunk acknowledged {} bytes for a chunk at {offset}",
                ack.received_bytes
            ))));
        }
        offset = ack.received_bytes;
        progress(offset, total);
    }
    let commit = serde_json::json!({"upload_id": begun.upload_id});
    Ok(Upload {
        file: call("file/upload/commit", commit)?,
        chunks,
        chunk_bytes: begun.chunk_bytes,
        sha256,
    })
}

impl Client {
    /// Uploads `data` in chunks of the size the server picks (`file/upload/begin`, `chunk`,
    /// `commit`), declaring its sha256, and returns the committed file.
    pub fn upload(
        &self,
        session_id: &str,
        filename: Option<&str>,
        data: &[u8],
    ) -> Result<Upload<UploadFile>> {
        self.upload_with_progress(session_id, filename, data, |_, _| {})
    }

    /// [`upload`](Client::upload), calling `progress` with the bytes the server holds and the
    /// total after each chunk.
    pub fn upload_with_progress<F: FnMut(u64, u64)>(
        &self,
        session_id: &str,
        filename: Option<&str>,
        data: &[u8],
        progress: F,
    ) -> Result<Upload<UploadFile>> {
        let sent = upload(&self.connection, session_id, filename, data, progress);
        let sent = sent.map_err(|e| e.typed(UPLOAD_ERRORS))?;
        Ok(Upload {
            file: serde_json::from_str(sent.file.get())?,
            chunks: sent.chunks,
            chunk_bytes: sent.chunk_bytes,
            sha256: sent.sha256,
        })
    }
}
