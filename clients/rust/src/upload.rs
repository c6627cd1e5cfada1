//! The chunked-upload helper (SPEC §9): `file/upload/begin` with the size and the sha256, then the
//! bytes in chunks of the `chunk_bytes` the daemon names, then `file/upload/commit`.

use crate::error::Result;
use crate::generated::types::{
    FileUploadBeginParams, FileUploadChunkParams, FileUploadChunkResult, FileUploadCommitParams,
    FileUploadCommitResult,
};
use crate::{base64, sha256, Client};

impl Client {
    /// Uploads `data` into session `session_id` and returns the stored file (its `ref_id` goes
    /// into `session/prompt` attachments). The declared sha256 lets the daemon check the bytes.
    pub fn upload(
        &self,
        session_id: &str,
        filename: Option<&str>,
        data: &[u8],
    ) -> Result<FileUploadCommitResult> {
        self.upload_with_progress(session_id, filename, data, |_| {})
    }

    /// [`upload`](Client::upload), calling `on_chunk` with each chunk's acknowledgement.
    pub fn upload_with_progress<F>(
        &self,
        session_id: &str,
        filename: Option<&str>,
        data: &[u8],
        mut on_chunk: F,
    ) -> Result<FileUploadCommitResult>
    where
        F: FnMut(&FileUploadChunkResult),
    {
        let begun = self.file_upload_begin(&FileUploadBeginParams {
            session_id: session_id.to_owned(),
            size_bytes: data.len() as u64,
            filename: filename.map(str::to_owned),
            sha256: Some(sha256::hex(data)),
            // Members a later document adds stay unset, so the helper keeps building.
            ..Default::default()
        })?;
        let chunk_bytes = usize::try_from(begun.chunk_bytes).unwrap_or(1).max(1);
        let mut offset = 0u64;
        for chunk in data.chunks(chunk_bytes) {
            let ack = self.file_upload_chunk(&FileUploadChunkParams {
                upload_id: begun.upload_id.clone(),
                offset,
                data_b64: base64::encode(chunk),
            })?;
            offset += chunk.len() as u64;
            on_chunk(&ack);
        }
        self.file_upload_commit(&FileUploadCommitParams {
            upload_id: begun.upload_id,
        })
    }
}
