package zeroclaw_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/zeroclaw/zeroclaw-rpc/clients/go/zeroclaw"
)

func TestCallsAreNumberedAndRoutedByIDInAnyOrder(t *testing.T) {
	c, f := newPair(t)
	ctx := context.Background()
	first := async(func() (*zeroclaw.SessionCloseResult, error) {
		return c.SessionClose(ctx, &zeroclaw.SessionCloseParams{SessionID: "a"})
	})
	m0 := f.read()
	second := async(func() (*zeroclaw.SessionCloseResult, error) {
		return c.SessionClose(ctx, &zeroclaw.SessionCloseParams{SessionID: "b"})
	})
	m1 := f.read()
	if string(m0.ID) != `"zc-out-0"` || string(m1.ID) != `"zc-out-1"` {
		t.Fatalf("ids %s, %s; want zc-out-0, zc-out-1", m0.ID, m1.ID)
	}
	if m0.Method != "session/close" || !strings.Contains(m0.line, `"params":{"session_id":"a"}`) {
		t.Fatalf("frame %q", m0.line)
	}
	// Answer the second first: each caller still gets its own result.
	f.reply(m1, `{"session_id":"b","closed":true}`)
	f.reply(m0, `{"session_id":"a","closed":true}`)
	r1, err := wait(t, second)
	if err != nil || r1.SessionID != "b" || !r1.Closed {
		t.Fatalf("second call: %+v, %v", r1, err)
	}
	r0, err := wait(t, first)
	if err != nil || r0.SessionID != "a" {
		t.Fatalf("first call: %+v, %v", r0, err)
	}
}

func TestMethodsWithoutParamsSendAnEmptyObject(t *testing.T) {
	c, f := newPair(t)
	done := async(func() (*zeroclaw.SessionListResult, error) { return c.SessionList(context.Background()) })
	m := f.read()
	if m.Method != "session/list" || string(m.Params) != "{}" {
		t.Fatalf("frame %q", m.line)
	}
	f.reply(m, `{"sessions":[]}`)
	if _, err := wait(t, done); err != nil {
		t.Fatal(err)
	}
}

func TestNilParamsAreAnEmptyObjectNotNull(t *testing.T) {
	c, f := newPair(t)
	done := async(func() (*zeroclaw.SessionNewResult, error) { return c.SessionNew(context.Background(), nil) })
	m := f.read()
	if string(m.Params) != "{}" {
		t.Fatalf("params %s, want {}", m.Params)
	}
	f.reply(m, `{"session_id":"s","agent":"default","mode":"acp","workspace_dir":"/w"}`)
	if r, err := wait(t, done); err != nil || r.Mode != zeroclaw.SessionModeAcp {
		t.Fatalf("%+v, %v", r, err)
	}
}

func TestErrorsAreTypedByCodeWithDataByReason(t *testing.T) {
	cases := []struct {
		name  string
		error string
		check func(t *testing.T, err error)
	}{
		{"version_mismatch", `{"code":-32011,"message":"Unsupported protocol version","data":{"reason":"version_mismatch","requested":2,"supported":[1]}}`,
			func(t *testing.T, err error) {
				var e *zeroclaw.VersionMismatchError
				if !errors.As(err, &e) || e.Data == nil || string(e.Data.Requested) != "2" || len(e.Data.Supported) != 1 {
					t.Fatalf("got %#v", err)
				}
			}},
		{"invalid_entry", `{"code":-32602,"message":"Invalid params","data":{"reason":"invalid_entry","index":1,"prop":"sessions.max_live","errors":[{"path":"","message":"must be integer"}]}}`,
			func(t *testing.T, err error) {
				var e *zeroclaw.InvalidParamsError
				if !errors.As(err, &e) {
					t.Fatalf("got %#v", err)
				}
				d, ok := e.Data.(*zeroclaw.InvalidEntryData)
				if !ok || d.Index != 1 || d.Prop != "sessions.max_live" || d.Errors[0].Message != "must be integer" {
					t.Fatalf("data %#v", e.Data)
				}
			}},
		{"a reason this client does not know", `{"code":-32602,"message":"Invalid params","data":{"reason":"from_the_future","x":1}}`,
			func(t *testing.T, err error) {
				var e *zeroclaw.InvalidParamsError
				if !errors.As(err, &e) {
					t.Fatalf("got %#v", err)
				}
				if u, ok := e.Data.(*zeroclaw.UnknownVariant); !ok || u.Tag != "from_the_future" || !strings.Contains(string(u.Raw), `"x":1`) {
					t.Fatalf("data %#v", e.Data)
				}
			}},
		{"single-reason code with another reason", `{"code":-32002,"message":"Session busy","data":{"reason":"other"}}`,
			func(t *testing.T, err error) {
				var e *zeroclaw.SessionBusyError
				if !errors.As(err, &e) || e.Data != nil {
					t.Fatalf("got %#v", err)
				}
			}},
		{"no data", `{"code":-32000,"message":"Session not found"}`,
			func(t *testing.T, err error) {
				var e *zeroclaw.SessionNotFoundError
				if !errors.As(err, &e) || e.Data != nil || e.Message != "Session not found" {
					t.Fatalf("got %#v", err)
				}
			}},
		{"a code openrpc.json does not declare", `{"code":-32099,"message":"Odd","data":{"reason":"odd"}}`,
			func(t *testing.T, err error) {
				var e *zeroclaw.RPCError
				if !errors.As(err, &e) || e.Code != -32099 || err != error(e) {
					t.Fatalf("got %#v", err)
				}
			}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, f := newPair(t)
			done := async(func() (*zeroclaw.StatusResult, error) { return c.Status(context.Background()) })
			f.fail(f.read(), tc.error)
			_, err := wait(t, done)
			tc.check(t, err)
			// Every typed error unwraps to the error object as received.
			var wire *zeroclaw.RPCError
			if !errors.As(err, &wire) || !strings.Contains(tc.error, fmt.Sprint(wire.Code)) {
				t.Fatalf("errors.As *RPCError: %#v", err)
			}
		})
	}
}

func TestNullResultResolvesTheCall(t *testing.T) {
	c, f := newPair(t)
	done := async(func() (*zeroclaw.SessionApproveResult, error) {
		return c.SessionApprove(context.Background(), &zeroclaw.SessionApproveParams{SessionID: "s", RequestID: "r", Decision: zeroclaw.ApprovalDecisionAllowOnce})
	})
	f.reply(f.read(), "null")
	if _, err := wait(t, done); err != nil {
		t.Fatalf("result null is a success, got %v", err)
	}
}

func TestAnErrorWithIDNullIsWhyPendingCallsFailWhenTheDaemonCloses(t *testing.T) {
	c, f := newPair(t)
	done := async(func() (*zeroclaw.StatusResult, error) { return c.Status(context.Background()) })
	f.read()
	f.send(`{"jsonrpc":"2.0","id":null,"error":{"code":-32004,"message":"Connection limit reached","data":{"reason":"connection_limit","limit":2}}}` + "\n")
	_ = f.conn.Close()
	_, err := wait(t, done)
	var limit *zeroclaw.ConnectionLimitError
	if !errors.Is(err, zeroclaw.ErrClosed) || !errors.As(err, &limit) || limit.Data == nil || limit.Data.Limit != 2 {
		t.Fatalf("got %v", err)
	}
	<-c.Done()
	if _, err := c.Status(context.Background()); !errors.Is(err, zeroclaw.ErrClosed) {
		t.Fatalf("a call after the end: %v", err)
	}
}

func TestCancelledContextAbandonsTheWaitAndALateResponseIsDropped(t *testing.T) {
	c, f := newPair(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := async(func() (*zeroclaw.StatusResult, error) { return c.Status(ctx) })
	m := f.read()
	cancel()
	if _, err := wait(t, done); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v", err)
	}
	f.reply(m, `{}`) // nobody waits for it: logged and ignored, never answered
	f.send(`{"jsonrpc":"2.0","id":"zc-out-99","result":{}}` + "\n")
	next := async(func() (*zeroclaw.SessionListResult, error) { return c.SessionList(context.Background()) })
	m2 := f.read()
	if m2.Method != "session/list" {
		t.Fatalf("the client answered a stray response: %q", m2.line)
	}
	f.reply(m2, `{"sessions":[]}`)
	if _, err := wait(t, next); err != nil {
		t.Fatal(err)
	}
}

func TestResultsDecodeIntoTheGeneratedTypes(t *testing.T) {
	c, f := newPair(t)
	done := async(func() (*zeroclaw.SessionMessagesResult, error) {
		return c.SessionMessages(context.Background(), &zeroclaw.SessionMessagesParams{SessionID: "s", Limit: zeroclaw.Ptr[int32](2)})
	})
	m := f.read()
	var params map[string]any
	_ = json.Unmarshal(m.Params, &params)
	if params["limit"] != float64(2) || params["after_seq"] != nil {
		t.Fatalf("params %s", m.Params)
	}
	f.reply(m, `{"session_id":"s","total":2,"messages":[
		{"seq":1,"role":"user","kind":"message","content":"hi","turn_id":"t1","created_at":"x"},
		{"seq":2,"role":"system","kind":"marker","content":"interrupted","turn_id":null,"created_at":"y"}]}`)
	r, err := wait(t, done)
	if err != nil {
		t.Fatal(err)
	}
	if r.Messages[0].TurnID == nil || *r.Messages[0].TurnID != "t1" || r.Messages[1].TurnID != nil || r.Messages[1].Kind != zeroclaw.TranscriptKindMarker {
		t.Fatalf("%+v", r.Messages)
	}
}
