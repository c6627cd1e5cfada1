//! The generated crate against an in-process fake daemon over a real Unix socket: ids and routing,
//! typed errors, typed notifications, daemon → client requests, closing, uploads, timeouts.

mod support;

use serde_json::json;
use std::sync::Arc;
use std::thread;
use support::{Fake, Peer};
use zeroclaw_client::*;

fn url(fake: &Fake) -> String {
    format!("unix:{}", fake.path.display())
}

fn status_result(pid: i64) -> serde_json::Value {
    json!({
        "server_version": "0.1.0", "protocol_version": 1, "pid": pid, "uptime_ms": 5,
        "endpoint": "/tmp/x.sock", "data_dir": "/tmp", "connections": {"local": 1, "gateway": 0, "limit": 512},
        "sessions": {"live": 0, "persisted": 0}, "session_ids": [], "gateway_url": null,
        "active_sessions": 0, "config_dir": "/tmp", "config_file": "/tmp/config.toml", "config_kind": "toml",
        "local_ipc_endpoint": "/tmp/x.sock"
    })
}

#[test]
fn ids_are_zc_out_n_and_answers_route_by_id_in_any_order() {
    let fake = Fake::start(|mut peer: Peer| {
        let first = peer.recv();
        let second = peer.recv();
        let mut ids = vec![first["id"].clone(), second["id"].clone()];
        ids.sort_by_key(|v| v.to_string());
        assert_eq!(ids, vec![json!("zc-out-0"), json!("zc-out-1")]);
        // Answer in reverse order, with a stray id in between that must be ignored.
        peer.send(json!({"jsonrpc": "2.0", "id": "zc-out-99", "result": {}}));
        for request in [&second, &first] {
            let pid = if request["method"] == "status" { 42 } else { 0 };
            if request["method"] == "status" {
                peer.reply(request, status_result(pid));
            } else {
                assert_eq!(request["method"], "session/list");
                peer.reply(request, json!({"sessions": []}));
            }
        }
    });
    let client = Arc::new(Client::connect(&url(&fake)).unwrap());
    let other = Arc::clone(&client);
    let lister = thread::spawn(move || other.session_list().unwrap());
    let status = client.status().unwrap();
    assert_eq!(status.pid, 42);
    assert!(status.gateway_url.is_none());
    assert!(lister.join().unwrap().sessions.is_empty());
    fake.join();
}

#[test]
fn params_go_out_with_their_wire_names() {
    let fake = Fake::start(|mut peer: Peer| {
        let request = peer.recv();
        assert_eq!(request["method"], "initialize");
        assert_eq!(
            request["params"],
            json!({"protocolVersion": 1, "clientInfo": {"name": "t", "version": "1"},
                   "clientCapabilities": {"elicitation": {}}})
        );
        peer.reply(
            &request,
            json!({"protocolVersion": 1, "serverVersion": "0.1.0", "capabilities": ["status"],
                   "principal": {"id": "owner", "admin": true},
                   "protocol_version": 1, "server_version": "0.1.0", "server_pid": 7, "commands": []}),
        );
    });
    let client = Client::connect(&url(&fake)).unwrap();
    let result = client
        .initialize(&InitializeParams {
            protocol_version: Some(1),
            client_info: Some(ClientInfo {
                name: "t".into(),
                version: Some("1".into()),
            }),
            client_capabilities: Some(ClientCapabilities {
                elicitation: Some(ClientCapabilitiesElicitation::default()),
            }),
            ..Default::default()
        })
        .unwrap();
    assert_eq!(result.server_version, "0.1.0");
    assert!(result.principal.admin);
    fake.join();
}

#[test]
fn errors_are_typed_by_code_and_reason() {
    let fake = Fake::start(|mut peer: Peer| {
        let request = peer.recv();
        let data = json!({"reason": "invalid_entry", "index": 1, "prop": "sessions.max_live",
                          "errors": [{"path": "", "message": "must be integer"}]});
        peer.fail(&request, -32602, "Invalid params", data);
        let request = peer.recv();
        peer.fail(
            &request,
            -32011,
            "Unsupported",
            json!({"reason": "version_mismatch", "requested": 2, "supported": [1]}),
        );
        let request = peer.recv();
        peer.fail(
            &request,
            -32602,
            "Invalid params",
            json!({"reason": "a_reason_from_the_future"}),
        );
        let request = peer.recv();
        peer.fail(&request, -32099, "Unheard of", json!(null));
    });
    let client = Client::connect(&url(&fake)).unwrap();
    let sets = vec![ConfigEntry {
        prop: "sessions.max_live".into(),
        value: json!({}),
    }];
    match client.config_set_many(&ConfigSetManyParams { sets }) {
        Err(Error::InvalidParams(InvalidParamsError {
            data: InvalidParamsErrorData::InvalidEntry(entry),
            ..
        })) => {
            assert_eq!(entry.index, 1);
            assert_eq!(entry.prop, "sessions.max_live");
            assert_eq!(entry.errors[0].message, "must be integer");
        }
        other => panic!("expected invalid_entry, got {other:?}"),
    }
    let err = client
        .initialize(&InitializeParams {
            protocol_version: Some(2),
            ..Default::default()
        })
        .unwrap_err();
    assert_eq!(err.code(), Some(VersionMismatchError::CODE));
    match err {
        Error::VersionMismatch(VersionMismatchError { data, .. }) => {
            assert_eq!(data.reason, "version_mismatch");
            assert_eq!(data.supported, vec![1]);
            assert_eq!(data.requested, json!(2));
        }
        other => panic!("expected version_mismatch, got {other:?}"),
    }
    // Data this client cannot type stays readable, with its code and raw data.
    match client.status().unwrap_err() {
        Error::Rpc(RpcError { code, data, .. }) => {
            assert_eq!(code, -32602);
            assert_eq!(data.unwrap()["reason"], "a_reason_from_the_future");
        }
        other => panic!("expected Rpc, got {other:?}"),
    }
    // A code the method does not declare stays an RpcError with its code and message.
    let err = client.status().unwrap_err();
    assert!(matches!(&err, Error::Rpc(e) if e.code == -32099));
    assert!(err.to_string().contains("Unheard of"));
    fake.join();
}

#[test]
fn updates_arrive_typed_in_order_before_the_turn_result() {
    let fake = Fake::start(|mut peer: Peer| {
        let request = peer.recv();
        assert_eq!(
            request["params"],
            json!({"session_id": "s1", "prompt": "hi"})
        );
        peer.send(json!({"jsonrpc": "2.0", "method": "session/update", "params":
            {"sessionId": "s1", "type": "tool_call", "toolCallId": "t1", "name": "bash", "rawInput": {"command": "ls"}}}));
        for text in ["Hel", "lo"] {
            peer.send(
                json!({"jsonrpc": "2.0", "method": "session/update", "params":
                {"sessionId": "s1", "type": "agent_message_chunk", "text": text}}),
            );
        }
        peer.send(json!({"jsonrpc": "2.0", "method": "session/update", "params":
            {"sessionId": "s1", "type": "turn_complete", "turnId": "u1", "outcome": "completed", "content": "Hello"}}));
        peer.reply(
            &request,
            json!({"session_id": "s1", "turn_id": "u1", "outcome": "completed",
                                    "stop_reason": "end_turn", "content": "Hello"}),
        );
    });
    let client = Client::connect(&url(&fake)).unwrap();
    let updates = client.subscribe_session_update();
    let params = SessionPromptParams {
        session_id: "s1".into(),
        prompt: "hi".into(),
        ..Default::default()
    };
    let result = client.session_prompt(&params).unwrap();
    assert_eq!(result.outcome, TurnOutcome::Completed);
    assert_eq!(result.stop_reason, StopReason::EndTurn);
    let got: Vec<SessionUpdateParams> = updates.try_iter().collect();
    assert_eq!(
        got.len(),
        4,
        "every update is queued before the call returns: {got:?}"
    );
    let tags: Vec<&str> = got.iter().map(SessionUpdateParams::tag).collect();
    assert_eq!(
        tags,
        [
            "tool_call",
            "agent_message_chunk",
            "agent_message_chunk",
            "turn_complete"
        ]
    );
    match &got[0] {
        SessionUpdateParams::ToolCall(call) => {
            assert_eq!(call.name, "bash");
            assert_eq!(call.raw_input, json!({"command": "ls"}));
        }
        other => panic!("expected tool_call, got {other:?}"),
    }
    let text: String = got
        .iter()
        .filter_map(|u| match u {
            SessionUpdateParams::AgentMessageChunk(chunk) => Some(chunk.text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(text, "Hello");
    assert!(
        matches!(&got[3], SessionUpdateParams::TurnComplete(done) if done.outcome == TurnOutcome::Completed)
    );
    fake.join();
}

#[test]
fn elicitation_handler_answers_and_may_call_the_client() {
    let fake = Fake::start(|mut peer: Peer| {
        let prompt = peer.recv();
        // A numeric id, which the answer must echo as sent.
        peer.send(
            json!({"jsonrpc": "2.0", "id": 7, "method": "elicitation/create",
                         "params": {"sessionId": "s1", "mode": "form", "message": "Which colour?"}}),
        );
        // The handler calls status() before answering: serve it while the elicitation is open.
        let status = peer.recv();
        assert_eq!(status["method"], "status");
        peer.reply(&status, status_result(9));
        let answer = peer.recv();
        assert_eq!(answer["id"], json!(7));
        assert_eq!(
            answer["result"],
            json!({"action": "accept", "content": {"answer": "blue", "pid": 9}})
        );
        // No handler for this one: -32601, with the method in data.
        peer.send(json!({"jsonrpc": "2.0", "id": "x", "method": "brand/new", "params": {}}));
        let refused = peer.recv();
        assert_eq!(refused["id"], "x");
        assert_eq!(refused["error"]["code"], -32601);
        assert_eq!(
            refused["error"]["data"],
            json!({"reason": "method_not_found", "method": "brand/new"})
        );
        peer.reply(
            &prompt,
            json!({"session_id": "s1", "turn_id": "u1", "outcome": "completed",
                                   "stop_reason": "end_turn", "content": "blue"}),
        );
    });
    let client = Arc::new(Client::connect(&url(&fake)).unwrap());
    let inner = Arc::downgrade(&client);
    client.handle_elicitation_create(move |params| {
        assert_eq!(params.message, "Which colour?");
        let pid = inner.upgrade().unwrap().status().unwrap().pid;
        let mut content = serde_json::Map::new();
        content.insert("answer".into(), json!("blue"));
        content.insert("pid".into(), json!(pid));
        Ok(ElicitationCreateResult {
            action: ElicitationCreateResultAction::Accept,
            content: Some(content),
        })
    });
    let params = SessionPromptParams {
        session_id: "s1".into(),
        prompt: "pick".into(),
        ..Default::default()
    };
    assert_eq!(client.session_prompt(&params).unwrap().content, "blue");
    fake.join();
}

#[test]
fn a_closed_connection_fails_pending_and_later_calls() {
    let fake = Fake::start(|mut peer: Peer| {
        let _ = peer.recv();
        // Dropping the peer closes the socket with the call unanswered.
    });
    let client = Client::connect(&url(&fake)).unwrap();
    assert!(matches!(
        client.status(),
        Err(Error::Transport(TransportError::Closed))
    ));
    assert!(matches!(
        client.status(),
        Err(Error::Transport(TransportError::Closed | TransportError::Io(_)))
    ));
    fake.join();
}

#[test]
fn upload_sends_declared_size_hash_and_ordered_chunks() {
    let data: Vec<u8> = (0..10u32).map(|i| (i % 251) as u8).collect();
    let expected_hash = "1f825aa2f0020ef7cf91dfa30da4668d791c5d4824fc8e41354b89ec05795ab3";
    let fake = Fake::start(move |mut peer: Peer| {
        let begin = peer.recv();
        assert_eq!(begin["method"], "file/upload/begin");
        assert_eq!(begin["params"]["size_bytes"], 10);
        assert_eq!(begin["params"]["sha256"], json!(expected_hash));
        assert_eq!(begin["params"]["filename"], "ten.bin");
        peer.reply(
            &begin,
            json!({"upload_id": "up1", "chunk_bytes": 4, "max_bytes": 100}),
        );
        let mut received = 0;
        for (offset, b64) in [(0, "AAECAw=="), (4, "BAUGBw=="), (8, "CAk=")] {
            let chunk = peer.recv();
            assert_eq!(chunk["method"], "file/upload/chunk");
            assert_eq!(
                chunk["params"],
                json!({"upload_id": "up1", "offset": offset, "data_b64": b64})
            );
            received = offset + if offset == 8 { 2 } else { 4 };
            peer.reply(
                &chunk,
                json!({"upload_id": "up1", "received_bytes": received}),
            );
        }
        assert_eq!(received, 10);
        let commit = peer.recv();
        assert_eq!(commit["params"], json!({"upload_id": "up1"}));
        peer.reply(&commit, json!({"ref_id": "sha256:ab", "filename": "ten.bin", "marker": "[file]",
                                   "workspace_path": "/w/ab", "size_bytes": 10, "deduplicated": false}));
    });
    let client = Client::connect(&url(&fake)).unwrap();
    let mut acks = Vec::new();
    let sent = client
        .upload_with_progress("s1", Some("ten.bin"), &data, |received, total| {
            acks.push((received, total))
        })
        .unwrap();
    assert_eq!(acks, vec![(4, 10), (8, 10), (10, 10)]);
    assert_eq!((sent.chunks, sent.chunk_bytes), (3, 4));
    assert_eq!(sent.sha256, expected_hash);
    assert_eq!(sent.file.size_bytes, 10);
    fake.join();
}

#[test]
fn a_call_from_a_notification_handler_fails_instead_of_hanging() {
    let fake = Fake::start(|mut peer: Peer| {
        let request = peer.recv();
        peer.send(
            json!({"jsonrpc": "2.0", "method": "session/update", "params":
            {"sessionId": "s1", "type": "agent_message_chunk", "text": "x"}}),
        );
        peer.reply(&request, status_result(1));
    });
    let client = Arc::new(Client::connect(&url(&fake)).unwrap());
    let inner = Arc::downgrade(&client);
    let (tx, rx) = std::sync::mpsc::channel();
    let tx = std::sync::Mutex::new(tx);
    client.on_session_update(move |_| {
        let outcome = inner.upgrade().unwrap().status();
        tx.lock()
            .unwrap()
            .send(outcome.map(|s| s.pid).map_err(|e| e.to_string()))
            .unwrap();
    });
    assert_eq!(client.status().unwrap().pid, 1);
    let from_handler = rx.recv().unwrap();
    assert!(from_handler.unwrap_err().contains("notification handler"));
    fake.join();
}

#[test]
fn a_call_timeout_gives_up_and_later_calls_still_work() {
    let fake = Fake::start(|mut peer: Peer| {
        let slow = peer.recv();
        let next = peer.recv();
        peer.reply(&slow, status_result(1)); // too late: dropped, never confused with the next answer
        peer.reply(&next, status_result(2));
    });
    let client = Client::connect(&url(&fake)).unwrap();
    client.set_call_timeout(Some(std::time::Duration::from_millis(50)));
    assert!(matches!(
        client.status(),
        Err(Error::Transport(TransportError::Timeout))
    ));
    client.set_call_timeout(None);
    assert_eq!(client.status().unwrap().pid, 2);
    fake.join();
}

#[test]
fn a_tag_this_crate_does_not_know_decodes_to_unknown() {
    // The same input as Python's test_codec.py and Go's types_test.go (codegen/README.md).
    let v: SessionUpdateParams = serde_json::from_str(r#"{"type":"brand_new","x":1}"#).unwrap();
    assert!(matches!(v, SessionUpdateParams::Unknown));
    assert_eq!(v.tag(), "");
    let known: SessionUpdateParams =
        serde_json::from_str(r#"{"type":"agent_message_chunk","sessionId":"s","text":"hi"}"#).unwrap();
    assert_eq!(known.tag(), "agent_message_chunk");
}
