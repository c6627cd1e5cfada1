package zeroclaw_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"

	"github.com/zeroclaw/zeroclaw-rpc/clients/go/zeroclaw"
)

// The README's example: connect, initialize, stream a turn, answer an ask_user, handle a typed error.
// Compiled by go vet and go test (no Output comment, so it is not run: it needs a daemon).
func Example() {
	ctx := context.Background()
	c, err := zeroclaw.Dial(ctx, "") // $ZEROCLAW_SOCKET, else ~/.zeroclaw/data/daemon.sock
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	c.HandleElicitationCreate(func(ctx context.Context, q *zeroclaw.ElicitationCreateParams) (*zeroclaw.ElicitationCreateResult, error) {
		fmt.Println("\nagent asks:", q.Message) // the ask_user tool
		answer := zeroclaw.MapOf(map[string]json.RawMessage{"answer": json.RawMessage(`"blue"`)})
		return &zeroclaw.ElicitationCreateResult{Action: zeroclaw.ElicitationCreateResultActionAccept, Content: &answer}, nil
	})
	c.OnSessionUpdate(func(u zeroclaw.SessionUpdateParams) {
		if chunk, ok := u.(*zeroclaw.SessionUpdateAgentMessageChunk); ok {
			fmt.Print(chunk.Text) // streamed as it arrives
		}
	})
	elicitation := &zeroclaw.ClientCapabilities{Elicitation: &zeroclaw.ClientCapabilitiesElicitation{}}
	if _, err := c.Initialize(ctx, &zeroclaw.InitializeParams{ProtocolVersion: zeroclaw.Ptr[zeroclaw.ProtocolVersion](1), ClientCapabilities: elicitation}); err != nil {
		log.Fatal(err)
	}
	s, err := c.SessionNew(ctx, &zeroclaw.SessionNewParams{Agent: zeroclaw.Ptr("default")})
	if err != nil {
		log.Fatal(err)
	}
	turn, err := c.SessionPrompt(ctx, &zeroclaw.SessionPromptParams{SessionID: s.SessionID, Prompt: "Pick a colour for the logo."})
	var busy *zeroclaw.SessionBusyError
	if errors.As(err, &busy) && busy.Data != nil {
		log.Fatalf("session %s is running another turn", busy.Data.SessionID)
	} else if err != nil {
		log.Fatal(err)
	}
	fmt.Println("\noutcome:", turn.Outcome)
}
