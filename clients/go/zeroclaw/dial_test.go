package zeroclaw_test

import (
	"bufio"
	"context"
	"net"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zeroclaw/zeroclaw-rpc/clients/go/zeroclaw"
)

func TestDialConnectsToZEROCLAW_SOCKET(t *testing.T) {
	path := filepath.Join(t.TempDir(), "daemon.sock")
	ln, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		conn, err := ln.Accept()
		if err != nil {
			return
		}
		defer conn.Close()
		line, _ := bufio.NewReader(conn).ReadString('\n')
		if strings.Contains(line, `"method":"initialize"`) {
			_, _ = conn.Write([]byte(`{"jsonrpc":"2.0","id":"zc-out-0","result":{"protocolVersion":1,"serverVersion":"0.1.0","capabilities":["status"],"principal":{"id":"owner","admin":true}}}` + "\n"))
		}
	}()
	t.Setenv("ZEROCLAW_SOCKET", path)
	c, err := zeroclaw.Dial(context.Background(), "") // "" is DefaultEndpoint: ZEROCLAW_SOCKET here
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	r, err := c.Initialize(context.Background(), &zeroclaw.InitializeParams{ProtocolVersion: zeroclaw.Ptr[zeroclaw.ProtocolVersion](1)})
	if err != nil || r.ServerVersion != "0.1.0" || !r.Principal.Admin {
		t.Fatalf("%+v, %v", r, err)
	}
}

func TestDialFailsWhenNothingListens(t *testing.T) {
	if _, err := zeroclaw.Dial(context.Background(), filepath.Join(t.TempDir(), "none.sock")); err == nil {
		t.Fatal("dialled a socket that does not exist")
	}
}
