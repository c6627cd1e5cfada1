// Command scenario runs clients/scenario.json against the daemon at ZEROCLAW_SOCKET with the generated
// Go client's typed methods, printing "ok <step>" or "FAIL <step>: <why>" per step; it exits 0 only if
// every step passed.
//
//	cd clients/go && go run ./cmd/scenario ../scenario.json
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/zeroclaw/zeroclaw-rpc/clients/go/zeroclaw"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: scenario <path to clients/scenario.json>")
		os.Exit(2)
	}
	os.Exit(run(os.Args[1]))
}

func run(path string) int {
	raw, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	var sc scenario
	if err := json.Unmarshal(raw, &sc); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", path, err)
		return 2
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	client, err := zeroclaw.Dial(ctx, "") // ZEROCLAW_SOCKET, else the §1 default
	if err != nil {
		fmt.Printf("FAIL %s: connecting: %v\n", sc.Steps[0], err)
		return 1
	}
	defer client.Close()

	r := newRunner(client, &sc)
	steps := map[string]func(context.Context) error{
		"initialize_bad_version":  r.initializeBadVersion,
		"initialize":              r.initialize,
		"status":                  r.status,
		"config_set_many":         r.configSetMany,
		"config_set_many_invalid": r.configSetManyInvalid,
		"session_new":             r.sessionNew,
		"session_prompt":          r.sessionPrompt,
		"upload":                  r.upload,
		"session_messages":        r.sessionMessages,
	}
	failed := 0
	for _, name := range sc.Steps {
		step, ok := steps[name]
		if !ok {
			err = fmt.Errorf("this program does not know the step")
		} else {
			err = step(ctx)
		}
		if err != nil {
			failed++
			fmt.Printf("FAIL %s: %v\n", name, err)
			continue
		}
		fmt.Printf("ok %s\n", name)
	}
	if failed > 0 {
		return 1
	}
	return 0
}
