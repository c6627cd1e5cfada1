//! The zeroclaw daemon's endpoint (its SPEC §1): `ZEROCLAW_SOCKET`, else `<data dir>/daemon.sock`,
//! the data dir being `ZEROCLAW_DATA_DIR`, else `<config dir>/data`, the config dir
//! `ZEROCLAW_CONFIG_DIR`, else `~/.zeroclaw`. Emitted for documents that use zeroclaw's conventions
//! (`x-grant`) and list no server.

use std::path::PathBuf;

/// The socket the daemon listens on, as SPEC §1 resolves it from the environment.
pub fn default_socket_path() -> PathBuf {
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(socket) = var("ZEROCLAW_SOCKET") {
        return socket;
    }
    let data_dir = var("ZEROCLAW_DATA_DIR").unwrap_or_else(|| {
        let config_dir = var("ZEROCLAW_CONFIG_DIR").unwrap_or_else(|| {
            var("HOME")
                .unwrap_or_else(|| PathBuf::from("."))
                .join(".zeroclaw")
        });
        config_dir.join("data")
    });
    data_dir.join("daemon.sock")
}
