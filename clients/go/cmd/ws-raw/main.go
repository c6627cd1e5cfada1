// Command ws-raw dials a WebSocket URL with the generated client, calls one method by name and prints
// the length of the "pad" member of its result: the loopback peer of test/clients-websocket.test.ts
// answers in fragments, after a ping.
package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/zeroclaw/zeroclaw-rpc/clients/go/zeroclaw"
)

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := zeroclaw.Dial(ctx, os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	defer c.Close()
	var result struct {
		Pad string `json:"pad"`
	}
	if err := c.Call(ctx, "anything", map[string]any{}, &result); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println(len(result.Pad))
}
