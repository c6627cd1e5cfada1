package zeroclaw

import (
	"errors"
	"os"
	"path/filepath"
)

// Dial(ctx, "") connects to the daemon at DefaultEndpoint: openrpc.json lists no server, the socket's
// place is SPEC §1's.
func init() { defaultURL = DefaultEndpoint }

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
