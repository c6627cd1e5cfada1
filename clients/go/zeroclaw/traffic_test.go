package zeroclaw_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/zeroclaw/zeroclaw-rpc/clients/go/zeroclaw"
)

func TestSessionUpdatesArriveTypedAndInOrder(t *testing.T) {
	c, f := newPair(t)
	got := make(chan zeroclaw.SessionUpdateParams, 16)
	c.OnSessionUpdate(func(u zeroclaw.SessionUpdateParams) { got <- u })
	f.send(strings.Join([]string{
		`{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","type":"tool_call","toolCallId":"t1","name":"ask_user","rawInput":{"question":"?"}}}`,
		`{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","type":"agent_message_chunk","text":"Hel"}}`,
		`{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","type":"agent_message_chunk","text":"lo"}}`,
		`{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","type":"from_the_future","x":1}}`,
		`{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","type":"turn_complete","turnId":"t","outcome":"completed","content":"Hello"}}`,
		"",
	}, "\n"))
	next := func() zeroclaw.SessionUpdateParams {
		select {
		case u := <-got:
			return u
		case <-time.After(5 * time.Second):
			t.Fatal("no update")
			return nil
		}
	}
	call, ok := next().(*zeroclaw.SessionUpdateToolCall)
	if !ok || call.ToolCallID != "t1" || string(call.RawInput) != `{"question":"?"}` {
		t.Fatalf("tool_call: %#v", call)
	}
	var text string
	for i := 0; i < 2; i++ {
		chunk, ok := next().(*zeroclaw.SessionUpdateAgentMessageChunk)
		if !ok {
			t.Fatalf("chunk %d: %#v", i, chunk)
		}
		text += chunk.Text
	}
	if u, ok := next().(*zeroclaw.UnknownVariant); !ok || u.Tag != "from_the_future" {
		t.Fatalf("unknown type: %#v", u)
	}
	done, ok := next().(*zeroclaw.SessionUpdateTurnComplete)
	if !ok || done.Outcome != zeroclaw.TurnOutcomeCompleted || text != "Hello" {
		t.Fatalf("turn_complete %#v after %q", done, text)
	}
}

func TestElicitationIsAnsweredByTheHandlerWithTheRequestsOwnID(t *testing.T) {
	c, f := newPair(t)
	c.HandleElicitationCreate(func(ctx context.Context, p *zeroclaw.ElicitationCreateParams) (*zeroclaw.ElicitationCreateResult, error) {
		if p.Message != "Which colour?" || p.SessionID != "s" {
			return nil, errors.New("unexpected params")
		}
		content := zeroclaw.MapOf(map[string]json.RawMessage{"answer": json.RawMessage(`"blue"`)})
		return &zeroclaw.ElicitationCreateResult{Action: zeroclaw.ElicitationCreateResultActionAccept, Content: &content}, nil
	})
	// The daemon numbers its own requests zc-out-N too: correlation is per direction (SPEC §3).
	f.send(`{"jsonrpc":"2.0","id":"zc-out-0","method":"elicitation/create","params":{"sessionId":"s","message":"Which colour?"}}` + "\n")
	m := f.read()
	if string(m.ID) != `"zc-out-0"` || m.Error != nil || string(m.Result) != `{"action":"accept","content":{"answer":"blue"}}` {
		t.Fatalf("answer %q", m.line)
	}
	// A numeric id is echoed exactly as it was written.
	f.send(`{"jsonrpc":"2.0","id":12345678901234567890,"method":"elicitation/create","params":{"sessionId":"s","message":"Which colour?"}}` + "\n")
	if m := f.read(); string(m.ID) != "12345678901234567890" {
		t.Fatalf("id echoed as %s", m.ID)
	}
}

func TestDaemonRequestsWithoutAHandlerOrWithFailingHandlersGetErrors(t *testing.T) {
	c, f := newPair(t)
	f.send(`{"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{"sessionId":"s","message":"?"}}` + "\n")
	if m := f.read(); m.Error == nil || m.Error.Code != zeroclaw.CodeMethodNotFound || !strings.Contains(string(m.Error.Data), "method_not_found") {
		t.Fatalf("no handler: %q", m.line)
	}

	failWith := make(chan error, 1)
	c.HandleElicitationCreate(func(ctx context.Context, p *zeroclaw.ElicitationCreateParams) (*zeroclaw.ElicitationCreateResult, error) {
		return nil, <-failWith
	})
	failWith <- errors.New("the user went away")
	f.send(`{"jsonrpc":"2.0","id":2,"method":"elicitation/create","params":{"sessionId":"s","message":"?"}}` + "\n")
	if m := f.read(); m.Error == nil || m.Error.Code != zeroclaw.CodeInternalError || m.Error.Message != "the user went away" {
		t.Fatalf("plain error: %q", m.line)
	}
	failWith <- &zeroclaw.RPCError{Code: -32099, Message: "custom", Data: json.RawMessage(`{"reason":"custom"}`)}
	f.send(`{"jsonrpc":"2.0","id":3,"method":"elicitation/create","params":{"sessionId":"s","message":"?"}}` + "\n")
	if m := f.read(); m.Error == nil || m.Error.Code != -32099 || string(m.Error.Data) != `{"reason":"custom"}` {
		t.Fatalf("RPCError: %q", m.line)
	}
	f.send(`{"jsonrpc":"2.0","id":4,"method":"elicitation/create","params":{"sessionId":7}}` + "\n")
	if m := f.read(); m.Error == nil || m.Error.Code != zeroclaw.CodeInvalidParams {
		t.Fatalf("bad params: %q", m.line)
	}
}

func TestAHandlerMayCallTheClientWhileTheDaemonWaits(t *testing.T) {
	c, f := newPair(t)
	c.HandleElicitationCreate(func(ctx context.Context, p *zeroclaw.ElicitationCreateParams) (*zeroclaw.ElicitationCreateResult, error) {
		if _, err := c.SessionList(ctx); err != nil {
			return nil, err
		}
		return &zeroclaw.ElicitationCreateResult{Action: zeroclaw.ElicitationCreateResultActionDecline}, nil
	})
	f.send(`{"jsonrpc":"2.0","id":"e1","method":"elicitation/create","params":{"sessionId":"s","message":"?"}}` + "\n")
	list := f.read()
	if list.Method != "session/list" {
		t.Fatalf("frame %q", list.line)
	}
	f.reply(list, `{"sessions":[]}`)
	if m := f.read(); string(m.ID) != `"e1"` || string(m.Result) != `{"action":"decline"}` {
		t.Fatalf("answer %q", m.line)
	}
}

func TestHandlersContextIsCancelledOnClose(t *testing.T) {
	c, f := newPair(t)
	started := make(chan struct{})
	stopped := make(chan error, 1)
	c.HandleElicitationCreate(func(ctx context.Context, p *zeroclaw.ElicitationCreateParams) (*zeroclaw.ElicitationCreateResult, error) {
		close(started)
		<-ctx.Done()
		stopped <- ctx.Err()
		return nil, ctx.Err()
	})
	f.send(`{"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{"sessionId":"s","message":"?"}}` + "\n")
	<-started
	_ = c.Close()
	select {
	case err := <-stopped:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("got %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the handler's context was never cancelled")
	}
}
