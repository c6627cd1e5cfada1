//! Client for the zeroclaw daemon's JSON-RPC 2.0 socket: NDJSON over a Unix socket.
//!
//! The types, the typed errors and one method per daemon method are generated from `openrpc.json`
//! into `src/generated/` (`npm run generate`); the connection (`client.rs`), the error type
//! (`error.rs`) and the chunked-upload helper (`upload.rs`) are written by hand.
//!
//! ```no_run
//! use zeroclaw_client::{Client, InitializeParams};
//!
//! let client = Client::connect_default()?;
//! let init = client.initialize(&InitializeParams {
//!     protocol_version: Some(1),
//!     ..Default::default()
//! })?;
//! println!("daemon {}", init.server_version);
//! # Ok::<(), zeroclaw_client::Error>(())
//! ```

mod base64;
mod client;
mod error;
mod generated;
pub mod sha256;
mod upload;

pub use client::{default_socket_path, Client};
pub use error::{Error, Result};
pub use generated::errors::{code, ZeroclawError};
pub use generated::types::*;
/// The `serde_json` this crate is built with (for `Value`s and the `Map`s some members hold).
pub use serde_json;

/// The README's example, compiled as a doctest so it cannot drift from the generated API.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctest;
