//! Connects to the URL it is given with the generated client and prints "connected", or the error
//! `Client::connect` returned (exit 3): what a user sees when the daemon is not there.
//!
//!     cargo run --example connect_check -- 'unix:~/.zeroclaw/data/daemon.sock'
use zeroclaw_client::*;

fn main() {
    let url = std::env::args().nth(1).unwrap_or_default();
    match Client::connect(&url) {
        Ok(_) => println!("connected"),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(3);
        }
    }
}
