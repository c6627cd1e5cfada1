package runtime

// One JSON-RPC 2.0 connection: over a stream (a Unix socket, newline-delimited JSON, requests
// numbered zc-out-N, the server's requests and notifications routed to handlers) or over HTTP (one
// POST per message, no way back). Safe for concurrent use.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
)

// outcome is what a pending call is resolved with: the raw result or an error.
type outcome struct {
	result json.RawMessage
	err    error
}

// Client is one connection to the server. Calls may run in parallel; over a stream a single
// reader goroutine routes each response to its caller by id, and the server's requests and
// notifications to the handlers set with the Handle… and On… methods. Each request from the server
// runs in its own goroutine, with a context cancelled when the Client closes; an *RPCError its
// handler returns is sent as it is, any other error as -32603, and without a handler the server
// gets -32601. A notification's callback runs on the reader goroutine, in arrival order: it must
// return quickly and must not wait for a call on this Client. Over HTTP the server has no way to
// send either.
type Client struct {
	rwc      io.ReadWriteCloser // nil over HTTP
	http     *httpTransport     // nil over a stream
	maxFrame int
	logger   *log.Logger
	client   *http.Client
	header   http.Header

	writeMu sync.Mutex
	nextID  atomic.Uint64

	mu            sync.Mutex
	pending       map[string]chan outcome
	requests      map[string]requestHandler
	notifications map[string]notificationHandler
	connErr       *RPCError // an error the server sent with id null: why it is about to close
	err           error     // set once, when the connection ended
	closeOnce     sync.Once

	done   chan struct{}
	ctx    context.Context // handed to request handlers, cancelled on close
	cancel context.CancelFunc
}

// Option configures a Client.
type Option func(*Client)

// WithMaxFrameBytes sets the largest message the client sends or accepts (default
// DefaultMaxFrameBytes).
func WithMaxFrameBytes(n int) Option { return func(c *Client) { c.maxFrame = n } }

// WithLogger logs what the client drops (unparseable lines, responses no call waits for,
// notifications whose callback failed). Without it they are dropped silently.
func WithLogger(l *log.Logger) Option { return func(c *Client) { c.logger = l } }

// WithHTTPClient sets the *http.Client for http(s):// URLs (default http.DefaultClient).
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.client = h } }

// WithHeader adds a header to every HTTP request (authorization, say).
func WithHeader(key, value string) Option { return func(c *Client) { c.header.Add(key, value) } }

func newClient(opts []Option) *Client {
	ctx, cancel := context.WithCancel(context.Background())
	c := &Client{
		maxFrame:      DefaultMaxFrameBytes,
		client:        http.DefaultClient,
		header:        http.Header{},
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
	return c
}

// NewClient runs the protocol over an established stream (a Unix socket, or net.Pipe in tests) and
// starts its reader goroutine. Set the handlers before the first call that can trigger them.
func NewClient(rwc io.ReadWriteCloser, opts ...Option) *Client {
	c := newClient(opts)
	c.rwc = rwc
	go c.readLoop()
	return c
}

// Close ends the connection; calls still waiting fail with an error wrapping ErrClosed.
func (c *Client) Close() error {
	if c.rwc == nil {
		c.shutdown(errors.New("closed by the client"))
		return nil
	}
	err := c.rwc.Close()
	<-c.done
	return err
}

// Done is closed when the connection has ended (Close, or the server went away).
func (c *Client) Done() <-chan struct{} { return c.done }

// Err is why the connection ended (wrapping ErrClosed), or nil while it is open.
func (c *Client) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// Call sends a request for any method and decodes its result into result (a pointer, or nil to
// drop it). The methods of Client do this with the generated types.
func (c *Client) Call(ctx context.Context, method string, params, result any) error {
	raw, err := c.roundTrip(ctx, method, params)
	if err != nil {
		return typed(err, nil)
	}
	if result == nil {
		return nil
	}
	if err := decodeValue(raw, result); err != nil {
		return fmt.Errorf("%s: decoding the result: %w", method, err)
	}
	return nil
}

// Notify sends a notification for any method: no answer comes.
func (c *Client) Notify(ctx context.Context, method string, params any) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if c.http != nil {
		return c.http.notify(ctx, c, method, params)
	}
	frame, err := encodeFrame(request{JSONRPC: "2.0", Method: method, Params: params}, c.maxFrame)
	if err != nil {
		return fmt.Errorf("%s: %w", method, err)
	}
	return c.write(frame)
}

// call is what the generated methods use: a request whose result decodes as R, whose errors are
// the declared ones.
func call[R any](ctx context.Context, c *Client, method string, params any, declared ...errorSpec) (R, error) {
	var result R
	raw, err := c.roundTrip(ctx, method, params)
	if err != nil {
		return result, typed(err, declared)
	}
	if err := decodeValue(raw, &result); err != nil {
		return result, fmt.Errorf("%s: decoding the result: %w", method, err)
	}
	return result, nil
}

// byName is the params object of a call by name: a nil pointer is an empty object.
func byName(params any) any {
	if isNil(params) {
		return struct{}{}
	}
	return params
}

func (c *Client) roundTrip(ctx context.Context, method string, params any) (json.RawMessage, error) {
	if c.http != nil {
		return c.http.call(ctx, c, method, params)
	}
	id := "zc-out-" + strconv.FormatUint(c.nextID.Add(1)-1, 10)
	frame, err := encodeFrame(request{JSONRPC: "2.0", ID: id, Method: method, Params: params}, c.maxFrame)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", method, err)
	}
	ch := make(chan outcome, 1)
	c.mu.Lock()
	if c.err != nil {
		c.mu.Unlock()
		return nil, c.err
	}
	c.pending[id] = ch
	c.mu.Unlock()
	if err := c.write(frame); err != nil {
		c.forget(id)
		return nil, err
	}
	select {
	case out := <-ch:
		return out.result, out.err
	case <-ctx.Done():
		// JSON-RPC has no cancel: the server still runs the call, its answer is dropped.
		c.forget(id)
		return nil, ctx.Err()
	}
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

func (c *Client) logf(format string, args ...any) {
	if c.logger != nil {
		c.logger.Printf(format, args...)
	}
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

// route handles one line: a response goes to the caller waiting on its id, a request to its handler
// (in a goroutine of its own), a notification to its callback (in order, on this goroutine).
func (c *Client) route(line []byte) {
	var msg incoming
	if err := json.Unmarshal(line, &msg); err != nil {
		c.logf("dropping a line that is not a JSON-RPC object: %v", err)
		return
	}
	switch {
	case msg.Method != nil && msg.ID == nil:
		c.notified(*msg.Method, msg.Params)
	case msg.Method != nil:
		go c.answer(msg.ID, *msg.Method, msg.Params)
	case msg.Error != nil || msg.Result != nil:
		c.respond(msg)
	default:
		c.logf("dropping a message that is neither request nor response")
	}
}

func (c *Client) respond(msg incoming) {
	var out outcome
	if msg.Error != nil {
		var wire RPCError
		if err := json.Unmarshal(msg.Error, &wire); err != nil {
			c.logf("dropping a response with a malformed error: %v", err)
			return
		}
		out.err = &wire
		if string(msg.ID) == "null" {
			// The server tells why it is about to close (a frame too large, a connection limit).
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
		c.logf("dropping a response whose id %s is not one of ours", msg.ID)
		return
	}
	c.mu.Lock()
	ch, ok := c.pending[id]
	delete(c.pending, id)
	c.mu.Unlock()
	if !ok {
		c.logf("dropping a response to %q, which no call is waiting for", id)
		return
	}
	ch <- out
}

// shutdown ends the connection once: every waiting call fails with the reason, which is the error
// the server announced with id null when it sent one.
func (c *Client) shutdown(cause error) {
	c.closeOnce.Do(func() {
		c.mu.Lock()
		err := &closedError{cause: cause}
		if c.connErr != nil {
			err.cause = typed(c.connErr, nil)
		}
		c.err = err
		pending := c.pending
		c.pending = make(map[string]chan outcome)
		c.mu.Unlock()
		c.cancel()
		if c.rwc != nil {
			_ = c.rwc.Close()
		}
		for _, ch := range pending {
			ch <- outcome{err: err}
		}
		close(c.done)
	})
}

// request and response are the envelopes this client writes.
type request struct {
	JSONRPC string `json:"jsonrpc"`
	ID      any    `json:"id,omitempty"`
	Method  string `json:"method"`
	Params  any    `json:"params"`
}

type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *RPCError       `json:"error,omitempty"`
}

// incoming is any envelope the server writes; which members are present tells requests,
// notifications and responses apart (a json.RawMessage is nil when its member is absent, "null"
// when it is null).
type incoming struct {
	ID     json.RawMessage `json:"id"`
	Method *string         `json:"method"`
	Params json.RawMessage `json:"params"`
	Result json.RawMessage `json:"result"`
	Error  json.RawMessage `json:"error"`
}
