package runtime

// A WebSocket client (RFC 6455) on net.Conn, standard library only: the package's promise is no
// dependency, and Go's standard library has no WebSocket client. wsConn is an io.ReadWriteCloser that
// turns the Client's lines into text frames and frames back into lines, so both transports share one
// Client. A JSON text never holds a raw line break (JSON escapes them in strings, and whitespace
// between tokens is insignificant), so a message's own line breaks become spaces.

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha1"
	"crypto/tls"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
)

const wsGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

func dialWebSocket(ctx context.Context, rawURL string, opts []Option) (*Client, error) {
	settings := newClient(opts) // for its headers and frame limit only
	settings.cancel()
	conn, err := openWebSocket(ctx, rawURL, settings.header, settings.maxFrame)
	if err != nil {
		return nil, err
	}
	return NewClient(conn, opts...), nil
}

func openWebSocket(ctx context.Context, rawURL string, header http.Header, maxFrame int) (*wsConn, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, &ConnectError{Endpoint: rawURL, Err: err}
	}
	secure := strings.EqualFold(u.Scheme, "wss")
	host := u.Host
	if u.Port() == "" {
		host = net.JoinHostPort(u.Hostname(), map[bool]string{true: "443", false: "80"}[secure])
	}
	var d net.Dialer
	raw, err := d.DialContext(ctx, "tcp", host)
	if err != nil {
		var op *net.OpError
		if errors.As(err, &op) && op.Err != nil {
			err = op.Err
		}
		return nil, &ConnectError{Endpoint: rawURL, Err: err}
	}
	conn := raw
	if secure {
		t := tls.Client(raw, &tls.Config{ServerName: u.Hostname()})
		if err := t.HandshakeContext(ctx); err != nil {
			raw.Close()
			return nil, &ConnectError{Endpoint: rawURL, Err: err}
		}
		conn = t
	}
	if deadline, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(deadline)
	}
	nonce := make([]byte, 16)
	if _, err := rand.Read(nonce); err != nil {
		conn.Close()
		return nil, err
	}
	key := base64.StdEncoding.EncodeToString(nonce)
	req := &http.Request{Method: http.MethodGet, URL: u, Host: u.Host, Header: http.Header{}}
	for k, v := range header {
		req.Header[k] = v
	}
	req.Header.Set("Upgrade", "websocket")
	req.Header.Set("Connection", "Upgrade")
	req.Header.Set("Sec-WebSocket-Key", key)
	req.Header.Set("Sec-WebSocket-Version", "13")
	if err := req.Write(conn); err != nil {
		conn.Close()
		return nil, &ConnectError{Endpoint: rawURL, Err: err}
	}
	br := bufio.NewReaderSize(conn, 64<<10)
	resp, err := http.ReadResponse(br, req)
	if err != nil {
		conn.Close()
		return nil, &ConnectError{Endpoint: rawURL, Err: fmt.Errorf("the server ended the handshake: %w", err)}
	}
	resp.Body.Close()
	sum := sha1.Sum([]byte(key + wsGUID))
	if resp.StatusCode != http.StatusSwitchingProtocols {
		conn.Close()
		return nil, &ConnectError{Endpoint: rawURL, Err: fmt.Errorf("the server refused the WebSocket upgrade (%s)", resp.Status)}
	}
	if !strings.EqualFold(resp.Header.Get("Upgrade"), "websocket") || resp.Header.Get("Sec-WebSocket-Accept") != base64.StdEncoding.EncodeToString(sum[:]) {
		conn.Close()
		return nil, &ConnectError{Endpoint: rawURL, Err: errors.New("the server's answer is not a WebSocket upgrade")}
	}
	_ = conn.SetDeadline(timeZero)
	return &wsConn{conn: conn, r: br, limit: maxFrame}, nil
}

// wsConn reads whole messages (fragments joined, pings answered) and hands them out as lines.
type wsConn struct {
	conn    net.Conn
	r       *bufio.Reader
	limit   int
	pending []byte
	writeMu sync.Mutex
	closed  sync.Once
}

const (
	opContinuation = 0x0
	opText         = 0x1
	opBinary       = 0x2
	opClose        = 0x8
	opPing         = 0x9
	opPong         = 0xA
)

func (w *wsConn) Read(p []byte) (int, error) {
	for len(w.pending) == 0 {
		msg, err := w.readMessage()
		if err != nil {
			return 0, err
		}
		msg = bytes.ReplaceAll(bytes.ReplaceAll(msg, []byte("\r"), []byte(" ")), []byte("\n"), []byte(" "))
		w.pending = append(msg, '\n')
	}
	n := copy(p, w.pending)
	w.pending = w.pending[n:]
	return n, nil
}

func (w *wsConn) readMessage() ([]byte, error) {
	var msg []byte
	for {
		var head [2]byte
		if _, err := io.ReadFull(w.r, head[:]); err != nil {
			return nil, err
		}
		fin, opcode, masked := head[0]&0x80 != 0, head[0]&0x0F, head[1]&0x80 != 0
		length := uint64(head[1] & 0x7F)
		switch length {
		case 126:
			var ext [2]byte
			if _, err := io.ReadFull(w.r, ext[:]); err != nil {
				return nil, err
			}
			length = uint64(binary.BigEndian.Uint16(ext[:]))
		case 127:
			var ext [8]byte
			if _, err := io.ReadFull(w.r, ext[:]); err != nil {
				return nil, err
			}
			length = binary.BigEndian.Uint64(ext[:])
		}
		var mask [4]byte
		if masked {
			if _, err := io.ReadFull(w.r, mask[:]); err != nil {
				return nil, err
			}
		}
		if length > uint64(w.limit)+2 || uint64(len(msg))+length > uint64(w.limit)+2 {
			_ = w.send(opClose, []byte{0x03, 0xF1}) // 1009: message too big
			return nil, fmt.Errorf("reading from the server: %w", ErrFrameTooLarge)
		}
		payload := make([]byte, length)
		if _, err := io.ReadFull(w.r, payload); err != nil {
			return nil, err
		}
		if masked {
			for i := range payload {
				payload[i] ^= mask[i%4]
			}
		}
		switch opcode {
		case opPing:
			if err := w.send(opPong, payload); err != nil {
				return nil, err
			}
			continue
		case opPong:
			continue
		case opClose:
			_ = w.send(opClose, []byte{0x03, 0xE8}) // 1000: normal closure
			return nil, io.EOF
		case opText, opBinary, opContinuation:
			msg = append(msg, payload...)
			if fin {
				return msg, nil
			}
		}
	}
}

// Write sends one line (the Client writes whole lines) as one text frame.
func (w *wsConn) Write(p []byte) (int, error) {
	if err := w.send(opText, bytes.TrimRight(p, "\r\n")); err != nil {
		return 0, err
	}
	return len(p), nil
}

// send writes one final frame, masked as RFC 6455 requires of a client.
func (w *wsConn) send(opcode byte, payload []byte) error {
	w.writeMu.Lock()
	defer w.writeMu.Unlock()
	frame := []byte{0x80 | opcode}
	switch n := len(payload); {
	case n < 126:
		frame = append(frame, 0x80|byte(n))
	case n < 1<<16:
		frame = append(frame, 0x80|126, byte(n>>8), byte(n))
	default:
		frame = append(frame, 0x80|127)
		frame = binary.BigEndian.AppendUint64(frame, uint64(n))
	}
	var mask [4]byte
	if _, err := rand.Read(mask[:]); err != nil {
		return err
	}
	frame = append(frame, mask[:]...)
	start := len(frame)
	frame = append(frame, payload...)
	for i := range payload {
		frame[start+i] ^= mask[i%4]
	}
	_, err := w.conn.Write(frame)
	return err
}

func (w *wsConn) Close() error {
	var err error
	w.closed.Do(func() {
		_ = w.send(opClose, []byte{0x03, 0xE8})
		err = w.conn.Close()
	})
	return err
}
