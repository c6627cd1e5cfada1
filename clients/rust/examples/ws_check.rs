//! Talks to a zeroclaw gateway over WebSocket with the generated client: signs in with a pairing token,
//! reads status, runs a turn with a prompt over 64 KiB and reads it back, printing one line per step.
//!
//!     cargo run --example ws_check -- ws://127.0.0.1:42617/rpc zc_…
use zeroclaw_client::*;

fn main() {
    let mut args = std::env::args().skip(1);
    let (url, token) = (
        args.next().unwrap_or_default(),
        args.next().unwrap_or_default(),
    );
    if let Err(e) = run(&url, &token) {
        eprintln!("{e}");
        std::process::exit(1);
    }
}

#[allow(clippy::result_large_err)] // the crate's Error carries every declared error, typed
fn run(url: &str, token: &str) -> Result<()> {
    let client = Client::connect(url)?;
    let init = client.initialize(&InitializeParams {
        protocol_version: Some(1),
        auth_token: Some(token.to_string()),
        ..Default::default()
    })?;
    println!("principal {}", init.principal.id);
    let status = client.status()?;
    println!("gateway connections {}", status.connections.gateway);
    let session = client.session_new(&SessionNewParams::default())?;
    let turn = client.session_prompt(&SessionPromptParams {
        session_id: session.session_id.clone(),
        prompt: "word ".repeat(20000),
        ..Default::default()
    })?;
    println!(
        "outcome {}",
        serde_json::to_value(turn.outcome)?.as_str().unwrap_or("")
    );
    let page = client.session_messages(&SessionMessagesParams {
        session_id: session.session_id,
        ..Default::default()
    })?;
    println!("messages {}", page.total);
    Ok(())
}
