package zeroclaw_test

import (
	"context"
	"encoding/json"
	"math/rand"
	"net"
	"testing"
	"testing/quick"
	"time"

	"github.com/zeroclaw/zeroclaw-rpc/clients/go/zeroclaw"
)

// Whatever the texts (any Unicode, newlines inside strings) and however the stream is cut into writes,
// every session/update arrives once, decoded, in order.
func TestPropertyAnyCutOfAnyUpdatesArrivesWholeAndInOrder(t *testing.T) {
	property := func(texts []string, seed int64) bool {
		clientEnd, daemonEnd := net.Pipe()
		c := zeroclaw.NewClient(clientEnd)
		defer c.Close()
		got := make(chan string, len(texts))
		c.OnSessionUpdate(func(u zeroclaw.SessionUpdateParams) {
			if chunk, ok := u.(*zeroclaw.SessionUpdateAgentMessageChunk); ok {
				got <- chunk.Text
			}
		})
		var stream []byte
		for _, text := range texts {
			line, _ := json.Marshal(map[string]any{
				"jsonrpc": "2.0", "method": "session/update",
				"params": map[string]any{"sessionId": "s", "type": "agent_message_chunk", "text": text},
			})
			stream = append(append(stream, line...), '\n')
		}
		go func() {
			rng := rand.New(rand.NewSource(seed))
			for len(stream) > 0 {
				n := 1 + rng.Intn(len(stream))
				if _, err := daemonEnd.Write(stream[:n]); err != nil {
					return
				}
				stream = stream[n:]
			}
		}()
		for _, want := range texts {
			select {
			case text := <-got:
				// encoding/json replaces invalid UTF-8 with U+FFFD on both sides of the wire.
				if text != want && text != string([]rune(want)) {
					t.Logf("got %q, want %q", text, want)
					return false
				}
			case <-time.After(5 * time.Second):
				t.Logf("update %q never arrived", want)
				return false
			}
		}
		_ = daemonEnd.Close()
		return true
	}
	if err := quick.Check(property, &quick.Config{MaxCount: 200}); err != nil {
		t.Fatal(err)
	}
}

// Many goroutines calling at once, answered in a shuffled order: each gets the answer to its own call.
func TestPropertyConcurrentCallsAnsweredInAnyOrderReachTheirCallers(t *testing.T) {
	property := func(count uint8, seed int64) bool {
		n := int(count%48) + 2
		c, f := newPair(t)
		results := make(chan bool, n)
		for i := 0; i < n; i++ {
			id := "s" + string(rune('A'+i%26)) + string(rune('a'+i/26))
			go func() {
				r, err := c.SessionDelete(context.Background(), &zeroclaw.SessionDeleteParams{SessionID: id})
				results <- err == nil && r.SessionID == id
			}()
		}
		requests := make([]message, n)
		for i := range requests {
			requests[i] = f.read()
		}
		rand.New(rand.NewSource(seed)).Shuffle(n, func(i, j int) { requests[i], requests[j] = requests[j], requests[i] })
		for _, m := range requests {
			var p zeroclaw.SessionDeleteParams
			_ = json.Unmarshal(m.Params, &p)
			f.reply(m, `{"session_id":"`+p.SessionID+`","deleted":true}`)
		}
		for i := 0; i < n; i++ {
			if !<-results {
				return false
			}
		}
		return true
	}
	if err := quick.Check(property, &quick.Config{MaxCount: 50}); err != nil {
		t.Fatal(err)
	}
}
