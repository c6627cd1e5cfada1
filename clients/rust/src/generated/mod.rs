// Generated from openrpc.json by codegen/ — do not edit. Run `npm run generate`.
//! The part of the crate generated from `openrpc.json` (zeroclaw daemon RPC 0.1.0).

pub mod errors;
pub mod methods;
pub mod types;
