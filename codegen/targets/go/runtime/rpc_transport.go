package runtime

// The transport a URL names: http(s):// → JSON-RPC over HTTP POST, unix:PATH or a bare path →
// newline-delimited JSON over a Unix socket. WebSocket would need a library outside Go's standard
// library, which this package does not use: ws(s):// URLs are refused with an error saying so.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"regexp"
	"strings"
	"time"
)

// DefaultMaxFrameBytes is the default limit on one message, both ways (8 MiB).
const DefaultMaxFrameBytes = 8 << 20

// ErrFrameTooLarge is returned for a message over the frame limit: before sending one, or when the
// server sends one (the connection then ends).
var ErrFrameTooLarge = errors.New("message over the size limit")

// timeZero clears a connection's deadline.
var timeZero time.Time

var scheme = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*://`)

// defaultURL says where Dial connects when given "": DefaultURL, unless a hand-written file of the
// package replaces it in an init function.
var defaultURL = func() (string, error) { return DefaultURL, nil }

// Dial connects to url: http(s)://… (JSON-RPC over HTTP POST), unix:PATH or a socket path
// (newline-delimited JSON over a Unix socket); "" is DefaultURL, the document's first server.
func Dial(ctx context.Context, url string, opts ...Option) (*Client, error) {
	if url == "" {
		u, err := defaultURL()
		if err != nil {
			return nil, err
		}
		url = u
	}
	lower := strings.ToLower(url)
	switch {
	case url == "":
		return nil, errors.New("no URL given, and the document lists no server")
	case strings.HasPrefix(lower, "http://") || strings.HasPrefix(lower, "https://"):
		c := newClient(opts)
		c.http = &httpTransport{url: url}
		return c, nil
	case strings.HasPrefix(lower, "ws://") || strings.HasPrefix(lower, "wss://"):
		return dialWebSocket(ctx, url, opts)
	case strings.HasPrefix(lower, "unix:"):
		return dialSocket(ctx, strings.TrimPrefix(url[len("unix:"):], "//"), opts)
	case url != "" && !scheme.MatchString(url):
		return dialSocket(ctx, url, opts)
	}
	return nil, fmt.Errorf("unsupported URL %q: use http(s)://, ws(s)://, unix:PATH or a socket path", url)
}

// ConnectError is returned by Dial when nothing answers at Endpoint; it unwraps to the dial error.
type ConnectError struct {
	Endpoint string
	Err      error
}

func (e *ConnectError) Error() string {
	return fmt.Sprintf("cannot connect to %s: %v (is the server running and listening there? check the address, or pass another URL)", e.Endpoint, e.Err)
}

func (e *ConnectError) Unwrap() error { return e.Err }

// expandHome reads a leading ~ as the home directory, as a shell would (unix:~/.app/daemon.sock).
func expandHome(path string) string {
	if path != "~" && !strings.HasPrefix(path, "~/") {
		return path
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return path
	}
	return home + path[1:]
}

func dialSocket(ctx context.Context, path string, opts []Option) (*Client, error) {
	path = expandHome(path)
	var d net.Dialer
	conn, err := d.DialContext(ctx, "unix", path)
	if err != nil {
		var op *net.OpError
		if errors.As(err, &op) && op.Err != nil {
			err = op.Err
		}
		return nil, &ConnectError{Endpoint: "unix:" + path, Err: err}
	}
	return NewClient(conn, opts...), nil
}

// httpTransport posts each message to url; the response body is the answer. Requests are numbered
// 1, 2, … (numbers suit every server).
type httpTransport struct {
	url string
}

func (t *httpTransport) post(ctx context.Context, c *Client, body []byte) (*http.Response, error) {
	if err := c.Err(); err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, t.url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	for k, v := range c.header {
		req.Header[k] = v
	}
	return c.client.Do(req)
}

func (t *httpTransport) call(ctx context.Context, c *Client, method string, params any) (json.RawMessage, error) {
	id := c.nextID.Add(1)
	body, err := encodeFrame(request{JSONRPC: "2.0", ID: id, Method: method, Params: params}, c.maxFrame)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", method, err)
	}
	res, err := t.post(ctx, c, body)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(io.LimitReader(res.Body, int64(c.maxFrame)+1))
	if err != nil {
		return nil, err
	}
	if len(data) > c.maxFrame {
		return nil, fmt.Errorf("%s: the response: %w", method, ErrFrameTooLarge)
	}
	want, _ := json.Marshal(id)
	var answers []incoming
	if bytes.HasPrefix(bytes.TrimSpace(data), []byte("[")) {
		err = json.Unmarshal(data, &answers)
	} else {
		answers = make([]incoming, 1)
		err = json.Unmarshal(data, &answers[0])
	}
	if err != nil || len(bytes.TrimSpace(data)) == 0 {
		return nil, fmt.Errorf("%s: HTTP %s: not a JSON-RPC response: %.200q", method, res.Status, data)
	}
	for _, a := range answers {
		if !bytes.Equal(a.ID, want) && string(a.ID) != "null" {
			continue
		}
		if a.Error != nil {
			var wire RPCError
			if err := json.Unmarshal(a.Error, &wire); err != nil {
				return nil, fmt.Errorf("%s: a malformed error: %w", method, err)
			}
			return nil, &wire
		}
		if a.Result == nil {
			break
		}
		return a.Result, nil
	}
	return nil, fmt.Errorf("%s: HTTP %s: no answer to request %s in %.200q", method, res.Status, want, data)
}

func (t *httpTransport) notify(ctx context.Context, c *Client, method string, params any) error {
	body, err := encodeFrame(request{JSONRPC: "2.0", Method: method, Params: params}, c.maxFrame)
	if err != nil {
		return fmt.Errorf("%s: %w", method, err)
	}
	res, err := t.post(ctx, c, body)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, int64(c.maxFrame)))
	if res.StatusCode >= 300 {
		return fmt.Errorf("%s: HTTP %s", method, res.Status)
	}
	return nil
}

// frameReader yields newline-delimited messages: a trailing \r is dropped, blank lines skipped.
type frameReader struct {
	scan *bufio.Scanner
}

func newFrameReader(r io.Reader, maxBytes int) *frameReader {
	scan := bufio.NewScanner(r)
	// The scanner's limit counts the line and its terminator ("\r\n" at most); it is the larger of
	// its argument and the initial buffer's capacity, so that buffer must not start bigger.
	limit := maxBytes + 2
	initial := 64 << 10
	if initial > limit {
		initial = limit
	}
	scan.Buffer(make([]byte, 0, initial), limit)
	return &frameReader{scan: scan}
}

// next returns the next non-blank line, valid until the following call, or why the stream ended
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
		return nil, fmt.Errorf("reading from the server: %w", ErrFrameTooLarge)
	default:
		return nil, err
	}
}

// encodeFrame encodes one message as a line, without HTML escaping.
func encodeFrame(v any, maxBytes int) ([]byte, error) {
	body, err := marshal(v)
	if err != nil {
		return nil, err
	}
	if len(body) > maxBytes {
		return nil, fmt.Errorf("%w (%d bytes, limit %d)", ErrFrameTooLarge, len(body), maxBytes)
	}
	return append(body, '\n'), nil
}
