//! Connects to a WebSocket URL, calls one method by name and prints the length of the "pad" member of
//! its result: the loopback peer of test/clients-websocket.test.ts answers in fragments, after a ping.
use zeroclaw_client::*;

fn main() {
    let url = std::env::args().nth(1).unwrap_or_default();
    let client = match Client::connect(&url) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(3);
        }
    };
    match client.connection().call("anything", Some("{}")) {
        Ok(raw) => {
            let value: serde_json::Value = serde_json::from_str(raw.get()).unwrap_or_default();
            println!("{}", value["pad"].as_str().map_or(0, str::len));
        }
        Err(e) => {
            eprintln!("{e:?}");
            std::process::exit(1);
        }
    }
}
