// Command connect-check dials the URL it is given with the generated client and prints "connected", or
// the error Dial returned (exit 3): what a user sees when the daemon is not there.
//
//	cd clients/go && go run ./cmd/connect-check 'unix:~/.zeroclaw/data/daemon.sock'
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/zeroclaw/zeroclaw-rpc/clients/go/zeroclaw"
)

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	client, err := zeroclaw.Dial(ctx, os.Args[1])
	if err != nil {
		var connect *zeroclaw.ConnectError
		fmt.Fprintf(os.Stderr, "%v (ConnectError: %v)\n", err, errors.As(err, &connect))
		os.Exit(3)
	}
	defer client.Close()
	fmt.Println("connected")
}
