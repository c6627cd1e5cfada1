package runtime

// The chunked upload of zeroclaw's file/upload/* methods: begin with the size (and the sha256 the
// server checks on commit), then chunks of the size the server chose, each at the offset it
// acknowledged, then commit. Emitted only for documents that have those three methods.

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
	// Filename is the name the server records.
	Filename string
	// SHA256 is the lower-case hex digest of the bytes; when set, the server refuses a commit whose
	// bytes differ.
	SHA256 string
	// Progress, when set, is called after each accepted chunk with the bytes the server holds so far.
	Progress func(received, total int64)
}

// Upload sends size bytes read from r into a session as a chunked upload: file/upload/begin, then
// file/upload/chunk in pieces of the size the server chose, then file/upload/commit, whose result
// it returns.
func (c *Client) Upload(ctx context.Context, sessionID string, r io.Reader, size int64, opts UploadOptions) (uploadResult, error) {
	var result uploadResult
	begin := struct {
		SessionID string `json:"session_id"`
		SizeBytes int64  `json:"size_bytes"`
		Filename  string `json:"filename,omitempty"`
		SHA256    string `json:"sha256,omitempty"`
	}{sessionID, size, opts.Filename, opts.SHA256}
	var begun struct {
		UploadID   string `json:"upload_id"`
		ChunkBytes int64  `json:"chunk_bytes"`
	}
	if err := c.Call(ctx, "file/upload/begin", begin, &begun); err != nil {
		return result, err
	}
	if begun.ChunkBytes <= 0 {
		return result, fmt.Errorf("file/upload/begin answered chunk_bytes %d", begun.ChunkBytes)
	}
	chunkSize := begun.ChunkBytes
	if size < chunkSize {
		chunkSize = size
	}
	buf := make([]byte, chunkSize)
	for offset := int64(0); offset < size; {
		want := int64(len(buf))
		if size-offset < want {
			want = size - offset
		}
		n, err := io.ReadFull(r, buf[:want])
		if err != nil {
			return result, fmt.Errorf("upload: reading byte %d of %d: %w", offset, size, err)
		}
		chunk := struct {
			UploadID string `json:"upload_id"`
			Offset   int64  `json:"offset"`
			DataB64  string `json:"data_b64"`
		}{begun.UploadID, offset, base64.StdEncoding.EncodeToString(buf[:n])}
		var ack struct {
			ReceivedBytes int64 `json:"received_bytes"`
		}
		if err := c.Call(ctx, "file/upload/chunk", chunk, &ack); err != nil {
			return result, err
		}
		if offset += int64(n); ack.ReceivedBytes != offset {
			return result, fmt.Errorf("upload: the server holds %d bytes after %d were sent", ack.ReceivedBytes, offset)
		}
		if opts.Progress != nil {
			opts.Progress(offset, size)
		}
	}
	commit := struct {
		UploadID string `json:"upload_id"`
	}{begun.UploadID}
	err := c.Call(ctx, "file/upload/commit", commit, &result)
	return result, err
}

// UploadBytes uploads data in chunks, declaring its sha256 so the server checks it at commit.
func (c *Client) UploadBytes(ctx context.Context, sessionID, filename string, data []byte) (uploadResult, error) {
	sum := sha256.Sum256(data)
	return c.Upload(ctx, sessionID, bytes.NewReader(data), int64(len(data)), UploadOptions{
		Filename: filename,
		SHA256:   hex.EncodeToString(sum[:]),
	})
}
