package zeroclaw

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
)

// DefaultEndpoint is the daemon's socket path as SPEC §1 resolves it: ZEROCLAW_SOCKET, else
// <data dir>/daemon.sock, the data dir being ZEROCLAW_DATA_DIR, else <config dir>/data, the config
// dir being ZEROCLAW_CONFIG_DIR, else ~/.zeroclaw.
func DefaultEndpoint() (string, error) {
	if socket := os.Getenv("ZEROCLAW_SOCKET"); socket != "" {
		return socket, nil
	}
	dataDir := os.Getenv("ZEROCLAW_DATA_DIR")
	if dataDir == "" {
		configDir := os.Getenv("ZEROCLAW_CONFIG_DIR")
		if configDir == "" {
			home, err := os.UserHomeDir()
			if err != nil {
				return "", errors.New("zeroclaw: no ZEROCLAW_SOCKET and no home directory to find the socket in")
			}
			configDir = filepath.Join(home, ".zeroclaw")
		}
		dataDir = filepath.Join(configDir, "data")
	}
	return filepath.Join(dataDir, "daemon.sock"), nil
}

// Dial connects to the daemon at DefaultEndpoint.
func Dial(ctx context.Context, opts ...Option) (*Client, error) {
	path, err := DefaultEndpoint()
	if err != nil {
		return nil, err
	}
	return DialSocket(ctx, path, opts...)
}

// DialSocket connects to the daemon's Unix socket at path.
func DialSocket(ctx context.Context, path string, opts ...Option) (*Client, error) {
	var d net.Dialer
	conn, err := d.DialContext(ctx, "unix", path)
	if err != nil {
		return nil, err
	}
	return NewClient(conn, opts...), nil
}
