package zeroclaw_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/zeroclaw/zeroclaw-rpc/clients/go/zeroclaw"
)

func TestFramesMayArriveSplitWithCRLFAndBlankLines(t *testing.T) {
	c, f := newPair(t)
	done := async(func() (*zeroclaw.SessionKillResult, error) {
		return c.SessionKill(context.Background(), &zeroclaw.SessionKillParams{SessionID: "s"})
	})
	m := f.read()
	frame := "\n\r\n   \n" + `{"jsonrpc":"2.0","id":` + string(m.ID) + `,"result":{"session_id":"s","killed":true}}` + "\r\n"
	for i := 0; i < len(frame); i += 7 { // a few bytes per write, as a slow socket delivers them
		end := i + 7
		if end > len(frame) {
			end = len(frame)
		}
		f.send(frame[i:end])
	}
	if r, err := wait(t, done); err != nil || !r.Killed {
		t.Fatalf("%+v, %v", r, err)
	}
}

func TestEveryFrameTheClientWritesIsOneLineOfJSON(t *testing.T) {
	c, f := newPair(t)
	prompt := "line one\nline two <b>&</b>\u2028"
	go func() {
		_, _ = c.SessionPrompt(context.Background(), &zeroclaw.SessionPromptParams{SessionID: "s", Prompt: prompt})
	}()
	m := f.read()
	if strings.Count(m.line, "\n") != 1 || !strings.HasSuffix(m.line, "}\n") {
		t.Fatalf("frame %q", m.line)
	}
	if !strings.Contains(m.line, `<b>&</b>`) {
		t.Fatalf("HTML characters were escaped: %q", m.line)
	}
	if !strings.Contains(m.line, `"jsonrpc":"2.0"`) {
		t.Fatalf("no jsonrpc member: %q", m.line)
	}
}

func TestAFrameOverTheLimitIsNotSent(t *testing.T) {
	c, f := newPair(t, zeroclaw.WithMaxFrameBytes(1024))
	_, err := c.SessionPrompt(context.Background(), &zeroclaw.SessionPromptParams{SessionID: "s", Prompt: strings.Repeat("x", 1100)})
	if !errors.Is(err, zeroclaw.ErrFrameTooLarge) {
		t.Fatalf("got %v", err)
	}
	// The connection is still usable: the next (small) call goes out.
	done := async(func() (*zeroclaw.StatusResult, error) { return c.Status(context.Background()) })
	m := f.read()
	if m.Method != "status" {
		t.Fatalf("frame %q", m.line)
	}
	f.reply(m, `{"server_version":"1","protocol_version":1,"pid":1,"uptime_ms":0,"endpoint":"e","data_dir":"d","connections":{"local":1,"gateway":0,"limit":512},"sessions":{"live":0,"persisted":0},"session_ids":[],"gateway_url":null}`)
	r, err := wait(t, done)
	if err != nil || r.Connections.Limit != 512 || r.GatewayURL != nil {
		t.Fatalf("%+v, %v", r, err)
	}
}

func TestAFrameOverTheLimitFromTheDaemonEndsTheConnection(t *testing.T) {
	c, f := newPair(t, zeroclaw.WithMaxFrameBytes(64))
	done := async(func() (*zeroclaw.StatusResult, error) { return c.Status(context.Background()) })
	f.read()
	// The client stops reading mid-line and closes, so this write fails; that is the point.
	go func() {
		_, _ = f.conn.Write([]byte(`{"jsonrpc":"2.0","id":"zc-out-0","result":{"server_version":"` + strings.Repeat("9", 100) + `"}}` + "\n"))
	}()
	_, err := wait(t, done)
	if !errors.Is(err, zeroclaw.ErrClosed) || !errors.Is(err, zeroclaw.ErrFrameTooLarge) {
		t.Fatalf("got %v", err)
	}
}

func TestGarbageLinesAreDroppedAndTheConnectionGoesOn(t *testing.T) {
	c, f := newPair(t)
	done := async(func() (*zeroclaw.PairingListResult, error) { return c.PairingList(context.Background()) })
	m := f.read()
	f.send("not json\n[1,2]\n{\"jsonrpc\":\"2.0\"}\n")
	f.reply(m, `{"tokens":[{"token_id":"t","user":"u","label":"l","created_at":"c"}]}`)
	r, err := wait(t, done)
	if err != nil || len(r.Tokens) != 1 || r.Tokens[0].TokenID != "t" {
		t.Fatalf("%+v, %v", r, err)
	}
}
