package zeroclaw

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"strconv"
	"sync"
	"sync/atomic"
)

// ErrClosed is wrapped by the error of every call that the connection's end cut short, and of every call
// made after it.
var ErrClosed = errors.New("zeroclaw: connection closed")

// closedError is ErrClosed with its cause: errors.Is(err, ErrClosed) holds, and errors.As finds the
// daemon's typed error when it announced one.
type closedError struct{ cause error }

func (e *closedError) Error() string {
	if errors.Is(e.cause, io.EOF) {
		return ErrClosed.Error() + " by the daemon"
	}
	return ErrClosed.Error() + ": " + e.cause.Error()
}

func (e *closedError) Is(target error) bool { return target == ErrClosed }
func (e *closedError) Unwrap() error        { return e.cause }

type requestHandler func(ctx context.Context, params json.RawMessage) (any, error)
type notificationHandler func(params json.RawMessage) error

// outcome is what a pending call is resolved with: the raw result or an error.
type outcome struct {
	result json.RawMessage
	err    error
}

// Client is one connection to the daemon. It is safe for concurrent use: calls may run in parallel
// (the daemon answers them in any order, SPEC §3); a single reader goroutine routes each response to
// its caller by id.
type Client struct {
	rwc      io.ReadWriteCloser
	maxFrame int
	logger   *log.Logger

	writeMu sync.Mutex
	nextID  atomic.Uint64

	mu            sync.Mutex
	pending       map[string]chan outcome
	requests      map[string]requestHandler
	notifications map[string]notificationHandler
	connErr       *RPCError // an error the daemon sent with id null: why it is about to close
	err           error     // set once, when the connection ended

	done   chan struct{}
	ctx    context.Context // handed to daemon → client request handlers, cancelled on close
	cancel context.CancelFunc
}

// Option configures a Client.
type Option func(*Client)

// WithMaxFrameBytes sets the largest line the client sends or accepts (default DefaultMaxFrameBytes).
func WithMaxFrameBytes(n int) Option { return func(c *Client) { c.maxFrame = n } }

// WithLogger logs what the client drops (unparseable lines, responses to no pending call, notifications
// whose callback failed). Without it they are dropped silently.
func WithLogger(l *log.Logger) Option { return func(c *Client) { c.logger = l } }

// NewClient runs the protocol over an established connection (a Unix socket, or net.Pipe in tests) and
// starts its reader goroutine. Set the handlers (HandleElicitationCreate, OnSessionUpdate) before the
// first call that can trigger them.
func NewClient(rwc io.ReadWriteCloser, opts ...Option) *Client {
	ctx, cancel := context.WithCancel(context.Background())
	c := &Client{
		rwc:           rwc,
		maxFrame:      DefaultMaxFrameBytes,
		pending:       make(map[string]chan outcome),
		requests:      make(map[string]requestHandler),
		notifications: make(map[string]notificationHandler),
		done:          make(chan struct{}),
		ctx:           ctx,
		cancel:        cancel,
	}
	for _, opt := range opts {
		opt(c)
	}
	go c.readLoop()
	return c
}

// Close closes the connection; calls still waiting fail with an error wrapping ErrClosed.
func (c *Client) Close() error {
	err := c.rwc.Close()
	<-c.done
	return err
}

// Done is closed when the connection has ended (Close, or the daemon went away).
func (c *Client) Done() <-chan struct{} { return c.done }

// Err is why the connection ended (wrapping ErrClosed), or nil while it is open.
func (c *Client) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

func (c *Client) logf(format string, args ...any) {
	if c.logger != nil {
		c.logger.Printf(format, args...)
	}
}

func (c *Client) setRequestHandler(method string, h requestHandler) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.requests[method] = h
}

func (c *Client) setNotificationHandler(method string, h notificationHandler) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.notifications[method] = h
}

// call sends a request numbered zc-out-N and waits for its response, the connection's end or ctx.
// A cancelled ctx abandons the wait only: JSON-RPC has no cancel, so the daemon still runs the call.
func (c *Client) call(ctx context.Context, method string, params, result any) error {
	id := "zc-out-" + strconv.FormatUint(c.nextID.Add(1)-1, 10)
	frame, err := encodeFrame(request{JSONRPC: "2.0", ID: id, Method: method, Params: params}, c.maxFrame)
	if err != nil {
		return fmt.Errorf("zeroclaw: %s: %w", method, err)
	}
	ch := make(chan outcome, 1)
	c.mu.Lock()
	if c.err != nil {
		c.mu.Unlock()
		return c.err
	}
	c.pending[id] = ch
	c.mu.Unlock()
	if err := c.write(frame); err != nil {
		c.forget(id)
		return err
	}
	select {
	case out := <-ch:
		if out.err != nil {
			return out.err
		}
		if result != nil {
			if err := json.Unmarshal(out.result, result); err != nil {
				return fmt.Errorf("zeroclaw: %s: decoding the result: %w", method, err)
			}
		}
		return nil
	case <-ctx.Done():
		c.forget(id)
		return ctx.Err()
	}
}

// notify sends a notification: no id, no response.
func (c *Client) notify(ctx context.Context, method string, params any) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	frame, err := encodeFrame(request{JSONRPC: "2.0", Method: method, Params: params}, c.maxFrame)
	if err != nil {
		return fmt.Errorf("zeroclaw: %s: %w", method, err)
	}
	return c.write(frame)
}

func (c *Client) forget(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.pending, id)
}

// write sends one whole line; lines of concurrent callers never interleave.
func (c *Client) write(frame []byte) error {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	if _, err := c.rwc.Write(frame); err != nil {
		if e := c.Err(); e != nil {
			return e
		}
		return &closedError{cause: err}
	}
	return nil
}

func (c *Client) readLoop() {
	frames := newFrameReader(c.rwc, c.maxFrame)
	for {
		line, err := frames.next()
		if err != nil {
			c.shutdown(err)
			return
		}
		c.route(line)
	}
}

// route handles one line from the daemon (SPEC §3): a response goes to the caller waiting on its id, a
// request to its handler (in a goroutine of its own), a notification to its callback (in order).
func (c *Client) route(line []byte) {
	var msg incoming
	if err := json.Unmarshal(line, &msg); err != nil {
		c.logf("zeroclaw: dropping a line that is not a JSON-RPC object: %v", err)
		return
	}
	switch {
	case msg.Method != nil && msg.ID == nil:
		c.onNotification(*msg.Method, msg.Params)
	case msg.Method != nil:
		go c.onRequest(msg.ID, *msg.Method, msg.Params)
	case msg.Error != nil || msg.Result != nil:
		c.onResponse(msg)
	default:
		c.logf("zeroclaw: dropping a message that is neither request nor response")
	}
}

func (c *Client) onResponse(msg incoming) {
	var out outcome
	if msg.Error != nil {
		var wire RPCError
		if err := json.Unmarshal(msg.Error, &wire); err != nil {
			c.logf("zeroclaw: dropping a response with a malformed error: %v", err)
			return
		}
		out.err = decodeError(&wire)
		if string(msg.ID) == "null" {
			// frame_too_large, frame_timeout, connection_limit: the daemon closes next.
			c.mu.Lock()
			c.connErr = &wire
			c.mu.Unlock()
			return
		}
	} else {
		out.result = msg.Result
	}
	var id string
	if err := json.Unmarshal(msg.ID, &id); err != nil {
		c.logf("zeroclaw: dropping a response whose id %s is not one of ours", msg.ID)
		return
	}
	c.mu.Lock()
	ch, ok := c.pending[id]
	delete(c.pending, id)
	c.mu.Unlock()
	if !ok {
		c.logf("zeroclaw: dropping a response to %q, which no call is waiting for", id)
		return
	}
	ch <- out
}

func (c *Client) onNotification(method string, params json.RawMessage) {
	c.mu.Lock()
	h := c.notifications[method]
	c.mu.Unlock()
	if h == nil {
		return
	}
	if err := h(params); err != nil {
		c.logf("zeroclaw: dropping a %s notification: %v", method, err)
	}
}

// onRequest answers a daemon → client request with its handler's result, or an error (-32601 without a
// handler, the handler's *RPCError as is, any other error as -32603).
func (c *Client) onRequest(id json.RawMessage, method string, params json.RawMessage) {
	c.mu.Lock()
	h := c.requests[method]
	c.mu.Unlock()
	reply := response{JSONRPC: "2.0", ID: id}
	if h == nil {
		data, _ := json.Marshal(map[string]string{"reason": "method_not_found", "method": method})
		reply.Error = &RPCError{Code: CodeMethodNotFound, Message: "Method not found", Data: data}
	} else if result, err := h(c.ctx, params); err != nil {
		var rpcErr *RPCError
		if !errors.As(err, &rpcErr) {
			data, _ := json.Marshal(map[string]string{"reason": "internal_error"})
			rpcErr = &RPCError{Code: CodeInternalError, Message: err.Error(), Data: data}
		}
		reply.Error = rpcErr
	} else if reply.Result, err = json.Marshal(result); err != nil {
		data, _ := json.Marshal(map[string]string{"reason": "internal_error"})
		reply.Result = nil
		reply.Error = &RPCError{Code: CodeInternalError, Message: err.Error(), Data: data}
	}
	frame, err := encodeFrame(reply, c.maxFrame)
	if err == nil {
		err = c.write(frame)
	}
	if err != nil {
		c.logf("zeroclaw: could not answer %s: %v", method, err)
	}
}

// shutdown ends the connection once: every waiting call fails with the reason, which is the error the
// daemon announced with id null when it sent one (a typed *ConnectionLimitError, say).
func (c *Client) shutdown(cause error) {
	c.mu.Lock()
	err := &closedError{cause: cause}
	if c.connErr != nil {
		err.cause = decodeError(c.connErr)
	}
	c.err = err
	pending := c.pending
	c.pending = make(map[string]chan outcome)
	c.mu.Unlock()
	c.cancel()
	_ = c.rwc.Close()
	for _, ch := range pending {
		ch <- outcome{err: err}
	}
	close(c.done)
}
