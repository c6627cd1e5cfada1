package zeroclaw_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net"
	"testing"
	"time"

	"github.com/zeroclaw/zeroclaw-rpc/clients/go/zeroclaw"
)

// fakeDaemon is the daemon's end of a net.Pipe: the test reads what the client wrote, line by line, and
// writes whatever bytes it wants back, so framing and routing are seen exactly as on a socket.
type fakeDaemon struct {
	t    *testing.T
	conn net.Conn
	in   *bufio.Reader
}

// message is one frame from the client, decoded loosely.
type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int             `json:"code"`
		Message string          `json:"message"`
		Data    json.RawMessage `json:"data"`
	} `json:"error"`
	line string
}

func newPair(t *testing.T, opts ...zeroclaw.Option) (*zeroclaw.Client, *fakeDaemon) {
	t.Helper()
	clientEnd, daemonEnd := net.Pipe()
	c := zeroclaw.NewClient(clientEnd, opts...)
	f := &fakeDaemon{t: t, conn: daemonEnd, in: bufio.NewReader(daemonEnd)}
	t.Cleanup(func() {
		_ = daemonEnd.Close()
		_ = c.Close()
	})
	return c, f
}

// read returns the client's next frame, failing the test after 5 s of silence (a hung client).
func (f *fakeDaemon) read() message {
	f.t.Helper()
	_ = f.conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	line, err := f.in.ReadString('\n')
	if err != nil {
		f.t.Fatalf("fake daemon: reading a frame: %v", err)
	}
	var m message
	if err := json.Unmarshal([]byte(line), &m); err != nil {
		f.t.Fatalf("fake daemon: client wrote %q: %v", line, err)
	}
	m.line = line
	return m
}

// send writes raw bytes as they are (several frames, partial frames, CRLF…).
func (f *fakeDaemon) send(raw string) {
	f.t.Helper()
	if _, err := f.conn.Write([]byte(raw)); err != nil {
		f.t.Fatalf("fake daemon: writing: %v", err)
	}
}

// reply answers a request with a result given as JSON text (compacted onto one line).
func (f *fakeDaemon) reply(m message, result string) {
	f.t.Helper()
	f.send(`{"jsonrpc":"2.0","id":` + string(m.ID) + `,"result":` + f.compact(result) + "}\n")
}

// fail answers a request with an error object given as JSON text.
func (f *fakeDaemon) fail(m message, errorObject string) {
	f.t.Helper()
	f.send(`{"jsonrpc":"2.0","id":` + string(m.ID) + `,"error":` + f.compact(errorObject) + "}\n")
}

func (f *fakeDaemon) compact(text string) string {
	f.t.Helper()
	var buf bytes.Buffer
	if err := json.Compact(&buf, []byte(text)); err != nil {
		f.t.Fatalf("fake daemon: %q is not JSON: %v", text, err)
	}
	return buf.String()
}

// result runs fn in a goroutine and hands back its outcome on a channel.
func async[T any](fn func() (T, error)) <-chan outcome[T] {
	ch := make(chan outcome[T], 1)
	go func() {
		v, err := fn()
		ch <- outcome[T]{v, err}
	}()
	return ch
}

type outcome[T any] struct {
	v   T
	err error
}

func wait[T any](t *testing.T, ch <-chan outcome[T]) (T, error) {
	t.Helper()
	select {
	case o := <-ch:
		return o.v, o.err
	case <-time.After(5 * time.Second):
		t.Fatal("the call never returned")
		var zero T
		return zero, nil
	}
}
