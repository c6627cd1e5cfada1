//! The one scenario every generated client runs (`clients/scenario.json`), with this crate's typed
//! methods: `cargo run --offline --config ../cargo-offline.toml --quiet --example scenario --
//! ../scenario.json`, with the daemon's socket in `ZEROCLAW_SOCKET`. Prints `ok <step>` or
//! `FAIL <step>: <why>` per step; exits 0 only when every step passed.

use serde_json::Value;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use zeroclaw_client::*;

type Step = Result<(), String>;

/// What the steps share: the connection, the scenario data and the session made on the way.
struct Run {
    client: Client,
    scenario: Value,
    session_id: Option<String>,
    asked: Arc<Mutex<Vec<ElicitationCreateParams>>>,
}

fn check(ok: bool, why: impl FnOnce() -> String) -> Step {
    if ok {
        Ok(())
    } else {
        Err(why())
    }
}

fn data<T: serde::de::DeserializeOwned>(value: &Value) -> Result<T, String> {
    serde_json::from_value(value.clone()).map_err(|e| format!("scenario data {value}: {e}"))
}

impl Run {
    fn step(&self, name: &str) -> &Value {
        &self.scenario[name]
    }

    fn session(&self) -> Result<String, String> {
        self.session_id
            .clone()
            .ok_or_else(|| "no session (session_new failed)".to_owned())
    }

    fn initialize_bad_version(&mut self) -> Step {
        let s = self.step("initialize_bad_version");
        let want = &s["expect_error"];
        let params = InitializeParams {
            protocol_version: s["protocolVersion"].as_i64(),
            ..Default::default()
        };
        let err = match self.client.initialize(&params) {
            Err(e) => e,
            other => return Err(format!("expected a daemon error, got {other:?}")),
        };
        check(err.code() == want["code"].as_i64(), || {
            format!("code {:?}", err.code())
        })?;
        match &err {
            Error::VersionMismatch(VersionMismatchError { data: d, .. }) => {
                check(d.reason == want["reason"], || format!("reason {}", d.reason))?;
                check(d.requested == want["requested"], || {
                    format!("requested {}", d.requested)
                })?;
                let supported: Vec<i64> = data(&want["supported"])?;
                check(d.supported == supported, || {
                    format!("supported {:?}", d.supported)
                })
            }
            other => Err(format!("expected a typed version_mismatch, got {other:?}")),
        }
    }

    fn initialize(&mut self) -> Step {
        let s = self.step("initialize");
        let params = InitializeParams {
            protocol_version: s["protocolVersion"].as_i64(),
            client_info: Some(data(&s["clientInfo"])?),
            // Advertise elicitation, or the daemon never sends elicitation/create.
            client_capabilities: Some(ClientCapabilities {
                elicitation: Some(ClientCapabilitiesElicitation::default()),
            }),
            ..Default::default()
        };
        let result = self.client.initialize(&params).map_err(|e| e.to_string())?;
        let want = s["expect_protocol_version"].as_i64();
        check(Some(result.protocol_version) == want, || {
            format!("protocolVersion {}", result.protocol_version)
        })
    }

    fn status(&mut self) -> Step {
        let least = self.step("status")["expect_connections_local_at_least"]
            .as_u64()
            .unwrap_or(1);
        let status = self.client.status().map_err(|e| e.to_string())?;
        check(status.connections.local >= least, || {
            format!("connections.local {}", status.connections.local)
        })
    }

    fn config_set_many(&mut self) -> Step {
        let sets: Vec<ConfigEntry> = data(&self.step("config_set_many")["sets"])?;
        let props: Vec<String> = sets.iter().map(|e| e.prop.clone()).collect();
        let result = self
            .client
            .config_set_many(&ConfigSetManyParams { sets })
            .map_err(|e| e.to_string())?;
        check(result.set && result.props == props, || {
            format!("result {result:?}")
        })
    }

    fn config_set_many_invalid(&mut self) -> Step {
        let s = self.step("config_set_many_invalid");
        let want = &s["expect_error"];
        let sets: Vec<ConfigEntry> = data(&s["sets"])?;
        match self.client.config_set_many(&ConfigSetManyParams { sets }) {
            Err(Error::InvalidParams(InvalidParamsError {
                data: InvalidParamsErrorData::InvalidEntry(d),
                ..
            })) => {
                check(Some(d.index) == want["index"].as_u64(), || {
                    format!("index {}", d.index)
                })?;
                check(want["prop"] == d.prop.as_str(), || {
                    format!("prop {}", d.prop)
                })
            }
            other => Err(format!("expected a typed invalid_entry, got {other:?}")),
        }
    }

    fn session_new(&mut self) -> Step {
        let s = self.step("session_new");
        let prefix = s["session_id_prefix"].as_str().unwrap_or("scenario-");
        let params = SessionNewParams {
            agent: s["agent"].as_str().map(str::to_owned),
            session_id: Some(format!("{prefix}rust-{}", std::process::id())),
            ..Default::default()
        };
        let result = self
            .client
            .session_new(&params)
            .map_err(|e| e.to_string())?;
        check(result.session_id.starts_with(prefix), || {
            format!("session_id {}", result.session_id)
        })?;
        let mode = serde_json::to_value(result.mode).map_err(|e| e.to_string())?;
        check(mode == s["expect_mode"], || format!("mode {mode}"))?;
        self.session_id = Some(result.session_id);
        Ok(())
    }

    fn session_prompt(&mut self) -> Step {
        let s = self.step("session_prompt").clone();
        let session_id = self.session()?;
        let updates = self.client.subscribe_session_update();
        let params = SessionPromptParams {
            session_id,
            prompt: data(&s["prompt"])?,
            ..Default::default()
        };
        let result = self
            .client
            .session_prompt(&params)
            .map_err(|e| e.to_string())?;
        let outcome = serde_json::to_value(result.outcome).map_err(|e| e.to_string())?;
        check(outcome == s["expect_outcome"], || {
            format!("outcome {outcome} ({})", result.content)
        })?;

        let asked = self.asked.lock().map_err(|e| e.to_string())?.clone();
        let question = s["ask_user"]["question"].as_str().unwrap_or_default();
        check(
            asked.len() == 1 && asked[0].message.contains(question),
            || format!("elicitations {asked:?}"),
        )?;

        // Every update of the turn was queued before session/prompt answered.
        let mut types: Vec<String> = Vec::new();
        let mut text = String::new();
        for update in updates.try_iter() {
            if let SessionUpdateParams::AgentMessageChunk(chunk) = &update {
                text.push_str(&chunk.text);
            }
            if types.last().map(String::as_str) != Some(update.tag()) {
                types.push(update.tag().to_owned()); // consecutive chunks count once
            }
        }
        let want: Vec<String> = data(&s["expect_update_types_in_order"])?;
        check(types == want, || format!("update types {types:?}"))?;
        check(s["expect_text"] == text.as_str(), || {
            format!("streamed text {text:?}")
        })?;
        check(s["expect_text"] == result.content.as_str(), || {
            format!("content {:?}", result.content)
        })
    }

    fn upload(&mut self) -> Step {
        let s = self.step("upload");
        let session_id = self.session()?;
        let size = s["size_bytes"].as_u64().ok_or("size_bytes")? as usize;
        let bytes: Vec<u8> = (0..size).map(|i| (i % 251) as u8).collect();
        let mut acks = 0u64;
        let sent = self
            .client
            .upload_with_progress(&session_id, s["filename"].as_str(), &bytes, |_, _| acks += 1)
            .map_err(|e| e.to_string())?;
        check(Some(sent.chunks) == s["expect_chunks"].as_u64() && acks == sent.chunks, || {
            format!("{} chunks, {acks} acknowledged", sent.chunks)
        })?;
        let entry = sent.file;
        check(entry.size_bytes == size as u64, || {
            format!("size_bytes {}", entry.size_bytes)
        })?;
        let ref_id = format!("sha256:{}", sent.sha256);
        check(entry.ref_id == ref_id, || {
            format!("ref_id {} (want {ref_id})", entry.ref_id)
        })
    }

    fn session_messages(&mut self) -> Step {
        let s = self.step("session_messages");
        let params = SessionMessagesParams {
            session_id: self.session()?,
            ..Default::default()
        };
        let result = self
            .client
            .session_messages(&params)
            .map_err(|e| e.to_string())?;
        let roles =
            serde_json::to_value(result.messages.iter().map(|m| m.role).collect::<Vec<_>>());
        let kinds =
            serde_json::to_value(result.messages.iter().map(|m| m.kind).collect::<Vec<_>>());
        let (roles, kinds) = (
            roles.map_err(|e| e.to_string())?,
            kinds.map_err(|e| e.to_string())?,
        );
        check(roles == s["expect_roles_in_order"], || {
            format!("roles {roles}")
        })?;
        check(kinds == s["expect_kinds_in_order"], || {
            format!("kinds {kinds}")
        })
    }
}

fn main() -> ExitCode {
    let path = match std::env::args().nth(1) {
        Some(path) => path,
        None => {
            eprintln!("usage: scenario <scenario.json>   (socket from ZEROCLAW_SOCKET)");
            return ExitCode::from(2);
        }
    };
    let scenario: Value = match std::fs::read_to_string(&path).map(|t| serde_json::from_str(&t)) {
        Ok(Ok(v)) => v,
        Ok(Err(e)) => return fail_all(&format!("{path}: {e}")),
        Err(e) => return fail_all(&format!("{path}: {e}")),
    };
    let client = match Client::connect_default() {
        Ok(c) => c,
        Err(e) => return fail_all(&format!("connect {}: {e}", default_socket_path().display())),
    };
    // The ask_user question, answered through the client's elicitation hook with the scenario's answer.
    let asked = Arc::new(Mutex::new(Vec::new()));
    let answer: ElicitationCreateResult = match data(&scenario["session_prompt"]["answer"]) {
        Ok(a) => a,
        Err(e) => return fail_all(&e),
    };
    let seen = Arc::clone(&asked);
    client.handle_elicitation_create(move |params| {
        seen.lock().map(|mut v| v.push(params)).ok();
        Ok(answer.clone())
    });

    let mut run = Run {
        client,
        scenario,
        session_id: None,
        asked,
    };
    let mut failed = 0;
    let steps: Vec<String> = data(&run.scenario["steps"]).unwrap_or_default();
    for name in &steps {
        let outcome = match name.as_str() {
            "initialize_bad_version" => run.initialize_bad_version(),
            "initialize" => run.initialize(),
            "status" => run.status(),
            "config_set_many" => run.config_set_many(),
            "config_set_many_invalid" => run.config_set_many_invalid(),
            "session_new" => run.session_new(),
            "session_prompt" => run.session_prompt(),
            "upload" => run.upload(),
            "session_messages" => run.session_messages(),
            other => Err(format!("unknown step {other}")),
        };
        match outcome {
            Ok(()) => println!("ok {name}"),
            Err(why) => {
                failed += 1;
                println!("FAIL {name}: {why}");
            }
        }
    }
    if failed == 0 && !steps.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn fail_all(why: &str) -> ExitCode {
    println!("FAIL setup: {why}");
    ExitCode::FAILURE
}
