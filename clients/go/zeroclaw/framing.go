package zeroclaw

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// DefaultMaxFrameBytes is the daemon's default frame limit (SPEC §2: 8 MiB, newline excluded), used for
// both directions unless WithMaxFrameBytes says otherwise.
const DefaultMaxFrameBytes = 8 << 20

// ErrFrameTooLarge is returned for a message over the frame limit: before sending one (the daemon would
// close the connection), or when the daemon sends one (the connection then ends).
var ErrFrameTooLarge = errors.New("zeroclaw: frame over the size limit")

// frameReader yields NDJSON lines: a trailing \r is dropped and blank lines are skipped (SPEC §2).
type frameReader struct {
	scan *bufio.Scanner
}

func newFrameReader(r io.Reader, maxBytes int) *frameReader {
	scan := bufio.NewScanner(r)
	// The scanner's limit counts the line and its terminator ("\r\n" at most); it is the larger of its
	// argument and the initial buffer's capacity, so that buffer must not start bigger.
	limit := maxBytes + 2
	initial := 64 << 10
	if initial > limit {
		initial = limit
	}
	scan.Buffer(make([]byte, 0, initial), limit)
	return &frameReader{scan: scan}
}

// next returns the next non-blank line, valid until the following call, or the reason the stream ended
// (io.EOF for a clean end).
func (f *frameReader) next() ([]byte, error) {
	for f.scan.Scan() {
		line := f.scan.Bytes()
		if len(bytes.TrimSpace(line)) > 0 {
			return line, nil
		}
	}
	switch err := f.scan.Err(); {
	case err == nil:
		return nil, io.EOF
	case errors.Is(err, bufio.ErrTooLong):
		return nil, fmt.Errorf("reading from the daemon: %w", ErrFrameTooLarge)
	default:
		return nil, err
	}
}

// encodeFrame encodes one message as a line. HTML escaping is off: the bytes sent are the bytes given.
func encodeFrame(v any, maxBytes int) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil { // Encode ends the line with '\n'
		return nil, err
	}
	if buf.Len()-1 > maxBytes {
		return nil, fmt.Errorf("%w (%d bytes, limit %d)", ErrFrameTooLarge, buf.Len()-1, maxBytes)
	}
	return buf.Bytes(), nil
}
