package zeroclaw_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/zeroclaw/zeroclaw-rpc/clients/go/zeroclaw"
)

func ptr(s string) *string { return &s }

func TestUnionVariantsEncodeWithTheirTagAndDecodeBack(t *testing.T) {
	values := []zeroclaw.SessionUpdateParams{
		&zeroclaw.SessionUpdateAgentMessageChunk{SessionID: "s", Text: "hi"},
		&zeroclaw.SessionUpdateToolResult{SessionID: "s", ToolCallID: "t", Name: "bash", RawOutput: json.RawMessage(`{"exit":0}`)},
		&zeroclaw.SessionUpdateTurnComplete{SessionID: ptr("s"), TurnID: ptr("t"), Outcome: zeroclaw.TurnOutcomeCancelled, Content: ""},
	}
	for _, v := range values {
		raw, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var members map[string]any
		_ = json.Unmarshal(raw, &members)
		if members["type"] == nil || members["sessionId"] != "s" {
			t.Fatalf("%T encodes as %s", v, raw)
		}
		// The tag member need not be set: each variant writes its own. Decoded, it is there.
		back, err := zeroclaw.DecodeSessionUpdateParams(raw)
		again, _ := json.Marshal(back)
		if err != nil || reflect.TypeOf(back) != reflect.TypeOf(v) || string(again) != string(raw) {
			t.Fatalf("%s decodes to %#v, %v", raw, back, err)
		}
	}
	// Error data: the tag is data.reason.
	raw, _ := json.Marshal(zeroclaw.FrameTooLargeData{LimitBytes: 8})
	if string(raw) != `{"reason":"frame_too_large","limit_bytes":8}` {
		t.Fatalf("got %s", raw)
	}
	if raw, _ := json.Marshal(zeroclaw.AlreadyInitializedData{}); string(raw) != `{"reason":"already_initialized"}` {
		t.Fatalf("got %s", raw)
	}
}

func TestDecodingAUnionWithoutItsTagFails(t *testing.T) {
	for _, raw := range []string{`{"sessionId":"s"}`, `[]`, `nope`, `null`} {
		if v, err := zeroclaw.DecodeSessionUpdateParams([]byte(raw)); err == nil {
			t.Fatalf("%s decoded to %#v", raw, v)
		}
	}
	// A tag of a value (or a type) this client does not know is kept, not dropped.
	v, err := zeroclaw.DecodeSessionUpdateParams([]byte(`{"type":7,"x":1}`))
	if u, ok := v.(*zeroclaw.UnknownVariant); err != nil || !ok || u.Tag != float64(7) || string(u.Raw) != `{"type":7,"x":1}` {
		t.Fatalf("got %#v, %v", v, err)
	}
	// The same input as Python's test_codec.py and Rust's tests/runtime.rs.
	v, err = zeroclaw.DecodeSessionUpdateParams([]byte(`{"type":"brand_new","x":1}`))
	if u, ok := v.(*zeroclaw.UnknownVariant); err != nil || !ok || u.Tag != "brand_new" {
		t.Fatalf("got %#v, %v", v, err)
	}
}

func TestOptionalMembersAreLeftOutAndZeroNumbersStillSent(t *testing.T) {
	raw, _ := json.Marshal(zeroclaw.SessionMessagesParams{SessionID: "s", AfterSeq: zeroclaw.Ptr[int64](0)})
	if string(raw) != `{"session_id":"s","after_seq":0}` {
		t.Fatalf("got %s", raw)
	}
}

func TestDefaultEndpointFollowsSpecSection1(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	for _, tc := range []struct{ socket, data, config, want string }{
		{"/tmp/x.sock", "/d", "/c", "/tmp/x.sock"},
		{"", "/d", "/c", "/d/daemon.sock"},
		{"", "", "/c", "/c/data/daemon.sock"},
		{"", "", "", filepath.Join(home, ".zeroclaw", "data", "daemon.sock")},
	} {
		t.Setenv("ZEROCLAW_SOCKET", tc.socket)
		t.Setenv("ZEROCLAW_DATA_DIR", tc.data)
		t.Setenv("ZEROCLAW_CONFIG_DIR", tc.config)
		got, err := zeroclaw.DefaultEndpoint()
		if err != nil || got != tc.want {
			t.Fatalf("%+v: got %q, %v", tc, got, err)
		}
	}
	_ = os.Unsetenv("ZEROCLAW_SOCKET")
}
