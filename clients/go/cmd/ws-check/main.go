// Command ws-check talks to a zeroclaw gateway over WebSocket with the generated client: it signs in
// with a pairing token, reads status, runs a turn with a prompt over 64 KiB and reads it back, printing
// one line per step (exit 1 on the first failure).
//
//	cd clients/go && go run ./cmd/ws-check ws://127.0.0.1:42617/rpc zc_…
package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/zeroclaw/zeroclaw-rpc/clients/go/zeroclaw"
)

func main() {
	if err := run(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(url, token string) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := zeroclaw.Dial(ctx, url)
	if err != nil {
		return err
	}
	defer c.Close()
	init, err := c.Initialize(ctx, &zeroclaw.InitializeParams{ProtocolVersion: zeroclaw.Ptr[zeroclaw.ProtocolVersion](1), AuthToken: &token})
	if err != nil {
		return err
	}
	fmt.Println("principal", init.Principal.ID)
	status, err := c.Status(ctx)
	if err != nil {
		return err
	}
	fmt.Println("gateway connections", status.Connections.Gateway)
	s, err := c.SessionNew(ctx, nil)
	if err != nil {
		return err
	}
	turn, err := c.SessionPrompt(ctx, &zeroclaw.SessionPromptParams{SessionID: s.SessionID, Prompt: strings.Repeat("word ", 20000)})
	if err != nil {
		return err
	}
	fmt.Println("outcome", turn.Outcome)
	page, err := c.SessionMessages(ctx, &zeroclaw.SessionMessagesParams{SessionID: s.SessionID})
	if err != nil {
		return err
	}
	fmt.Println("messages", page.Total)
	return nil
}
