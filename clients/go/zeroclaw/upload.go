package zeroclaw

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
)

// UploadOptions are the optional parts of an upload.
type UploadOptions struct {
	// Filename is the name the daemon records; the stored file is named by its hash.
	Filename string
	// SHA256 is the lower-case hex digest of the bytes; when set, the daemon refuses a commit whose
	// bytes differ (-32034).
	SHA256 string
	// Progress, when set, is called after each accepted chunk with the bytes the daemon holds so far.
	Progress func(received, total int64)
}

// Upload sends size bytes read from r into a session as a chunked upload (SPEC §9):
// file/upload/begin, then file/upload/chunk in pieces of the chunk_bytes the daemon answered, then
// file/upload/commit. Use it for payloads too big for one frame (file/attach). The upload belongs to
// this connection: if the Client closes first, the daemon discards it.
func (c *Client) Upload(ctx context.Context, sessionID string, r io.Reader, size int64, opts UploadOptions) (*FileUploadCommitResult, error) {
	begin, err := c.FileUploadBegin(ctx, &FileUploadBeginParams{
		SessionID: sessionID,
		SizeBytes: size,
		Filename:  opts.Filename,
		SHA256:    opts.SHA256,
	})
	if err != nil {
		return nil, err
	}
	if begin.ChunkBytes <= 0 {
		return nil, fmt.Errorf("zeroclaw: file/upload/begin answered chunk_bytes %d", begin.ChunkBytes)
	}
	buf := make([]byte, min64(begin.ChunkBytes, size))
	for offset := int64(0); offset < size; {
		n, err := io.ReadFull(r, buf[:min64(int64(len(buf)), size-offset)])
		if err != nil {
			return nil, fmt.Errorf("zeroclaw: upload: reading byte %d of %d: %w", offset, size, err)
		}
		chunk, err := c.FileUploadChunk(ctx, &FileUploadChunkParams{
			UploadID: begin.UploadID,
			Offset:   offset,
			DataB64:  base64.StdEncoding.EncodeToString(buf[:n]),
		})
		if err != nil {
			return nil, err
		}
		if offset += int64(n); chunk.ReceivedBytes != offset {
			return nil, fmt.Errorf("zeroclaw: upload: daemon holds %d bytes after sending %d", chunk.ReceivedBytes, offset)
		}
		if opts.Progress != nil {
			opts.Progress(offset, size)
		}
	}
	return c.FileUploadCommit(ctx, &FileUploadCommitParams{UploadID: begin.UploadID})
}

// UploadBytes uploads data in chunks, declaring its sha256 so the daemon checks it at commit.
func (c *Client) UploadBytes(ctx context.Context, sessionID, filename string, data []byte) (*FileUploadCommitResult, error) {
	sum := sha256.Sum256(data)
	return c.Upload(ctx, sessionID, bytes.NewReader(data), int64(len(data)), UploadOptions{
		Filename: filename,
		SHA256:   hex.EncodeToString(sum[:]),
	})
}

func min64(a, b int64) int64 {
	if a < b {
		return a
	}
	return b
}
