package zeroclaw_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/zeroclaw/zeroclaw-rpc/clients/go/zeroclaw"
)

func TestUploadSendsChunksOfTheSizeTheDaemonChoseThenCommits(t *testing.T) {
	c, f := newPair(t)
	data := make([]byte, 2500)
	for i := range data {
		data[i] = byte(i % 251)
	}
	sum := sha256.Sum256(data)
	var progress []int64
	done := async(func() (*zeroclaw.FileUploadCommitResult, error) {
		return c.Upload(context.Background(), "s", bytes.NewReader(data), int64(len(data)), zeroclaw.UploadOptions{
			Filename: "a.bin",
			SHA256:   hex.EncodeToString(sum[:]),
			Progress: func(received, total int64) { progress = append(progress, received) },
		})
	})

	begin := f.read()
	var bp zeroclaw.FileUploadBeginParams
	_ = json.Unmarshal(begin.Params, &bp)
	if begin.Method != "file/upload/begin" || bp.SessionID != "s" || bp.SizeBytes != 2500 || *bp.Filename != "a.bin" || *bp.SHA256 != hex.EncodeToString(sum[:]) {
		t.Fatalf("begin %q", begin.line)
	}
	f.reply(begin, `{"upload_id":"u1","chunk_bytes":1000,"max_bytes":10485760}`)
	var got []byte
	for i := 0; i < 3; i++ {
		m := f.read()
		var p zeroclaw.FileUploadChunkParams
		_ = json.Unmarshal(m.Params, &p)
		chunk, _ := base64.StdEncoding.DecodeString(p.DataB64)
		if m.Method != "file/upload/chunk" || p.UploadID != "u1" || p.Offset != int64(len(got)) || len(chunk) > 1000 {
			t.Fatalf("chunk %d: method %s offset %d size %d", i, m.Method, p.Offset, len(chunk))
		}
		got = append(got, chunk...)
		f.reply(m, fmt.Sprintf(`{"upload_id":"u1","received_bytes":%d}`, len(got)))
	}
	commit := f.read()
	if commit.Method != "file/upload/commit" || string(commit.Params) != `{"upload_id":"u1"}` {
		t.Fatalf("commit %q", commit.line)
	}
	ref := "sha256:" + hex.EncodeToString(sum[:])
	f.reply(commit, fmt.Sprintf(`{"ref_id":%q,"filename":"a.bin","marker":"m","workspace_path":"/w","size_bytes":2500,"deduplicated":false}`, ref))
	entry, err := wait(t, done)
	if err != nil || entry.RefID != ref || !bytes.Equal(got, data) {
		t.Fatalf("%+v, %v", entry, err)
	}
	if fmt.Sprint(progress) != "[1000 2000 2500]" {
		t.Fatalf("progress %v", progress)
	}
}

func TestUploadStopsAtARefusedChunkWithItsTypedError(t *testing.T) {
	c, f := newPair(t)
	done := async(func() (*zeroclaw.FileUploadCommitResult, error) {
		return c.UploadBytes(context.Background(), "s", "b.bin", []byte("hello"))
	})
	f.reply(f.read(), `{"upload_id":"u","chunk_bytes":4,"max_bytes":100}`)
	f.fail(f.read(), `{"code":-32032,"message":"Upload offset mismatch","data":{"reason":"offset_mismatch","expected_offset":3}}`)
	_, err := wait(t, done)
	var mismatch *zeroclaw.UploadOffsetMismatchError
	if !errors.As(err, &mismatch) || mismatch.Data == nil || mismatch.Data.ExpectedOffset != 3 {
		t.Fatalf("got %v", err)
	}
}
