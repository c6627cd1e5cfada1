// Seeds single bugs into zeroclaw's own RPC server (a copy of ../shared/zeroclaw-server in a temp
// dir, never the original), builds each, and runs the conformance suite's zeroclaw dialect against
// it: every bug must make the suite fail (issue 26: transport, handshake, streaming, approvals,
// elicitation). `npm run conformance:zeroclaw -- --mutants` runs them after the clean run.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** file (below the server dir), the text to replace (exactly once), its replacement, and the areas that judge it. */
export const ZEROCLAW_MUTANTS = [
  {
    name: "frame-cap-halved",
    kind: "transport",
    file: "server/src/rpc/local.rs",
    from: "const MAX_FRAME_BYTES: u64 = 8 * 1024 * 1024;",
    to: "const MAX_FRAME_BYTES: u64 = 4 * 1024 * 1024;",
    areas: "framing",
  },
  {
    name: "oversize-frame-read",
    kind: "transport",
    file: "server/src/rpc/local.rs",
    from: "if buf.len() as u64 > MAX_FRAME_BYTES {\n                    return None;\n                }",
    to: "if buf.len() as u64 > MAX_FRAME_BYTES + 8 {\n                    return None;\n                }",
    areas: "framing",
  },
  {
    name: "blank-line-answered",
    kind: "transport",
    file: "server/src/rpc/dispatch.rs",
    from: "            if trimmed.is_empty() {\n                continue;\n            }",
    to: "",
    areas: "framing,envelope",
  },
  {
    name: "invalid-request-dropped",
    kind: "transport",
    file: "server/src/rpc/dispatch.rs",
    from: 'self.send_error(id, INVALID_REQUEST, &format!("Invalid request: {e}"))\n                            .await;',
    to: "let _ = (id, &e);",
    areas: "envelope",
  },
  {
    name: "no-initialize-gate",
    kind: "handshake",
    file: "server/src/rpc/dispatch.rs",
    from: "if !self.authenticated && method != Method::Initialize {",
    to: "if false && !self.authenticated && method != Method::Initialize {",
    areas: "handshake,envelope,sessions",
  },
  {
    name: "any-protocol-version",
    kind: "handshake",
    file: "server/src/rpc/dispatch.rs",
    from: "if req.protocol_version != RPC_PROTOCOL_VERSION {",
    to: "if req.protocol_version > 99 {",
    areas: "handshake",
  },
  {
    name: "notification-before-initialize-answered",
    kind: "handshake",
    file: "server/src/rpc/dispatch.rs",
    from: "            if !is_notification {\n                self.send_error(req_id, AUTH_REQUIRED, \"First call must be 'initialize'\")",
    to: "            {\n                self.send_error(req_id, AUTH_REQUIRED, \"First call must be 'initialize'\")",
    areas: "handshake",
  },
  {
    name: "chunk-trimmed",
    kind: "streaming",
    file: "server/src/rpc/dispatch.rs",
    from: "TurnEvent::Chunk { delta } => SessionUpdateEvent::AgentMessageChunk {\n            session_id: session_id.to_string(),\n            text: delta.clone(),",
    to: "TurnEvent::Chunk { delta } => SessionUpdateEvent::AgentMessageChunk {\n            session_id: session_id.to_string(),\n            text: delta.trim_end().to_string(),",
    areas: "sessions,compat",
  },
  {
    name: "chunk-of-another-session",
    kind: "streaming",
    file: "server/src/rpc/dispatch.rs",
    from: "TurnEvent::Chunk { delta } => SessionUpdateEvent::AgentMessageChunk {\n            session_id: session_id.to_string(),",
    to: 'TurnEvent::Chunk { delta } => SessionUpdateEvent::AgentMessageChunk {\n            session_id: format!("{session_id}-"),',
    areas: "sessions,compat",
  },
  {
    name: "approve-is-deny",
    kind: "approvals",
    file: "server/src/rpc/dispatch.rs",
    from: '"allow_once" => zeroclaw_api::channel::ChannelApprovalResponse::Approve,',
    to: '"allow_once" => zeroclaw_api::channel::ChannelApprovalResponse::Deny,',
    areas: "compat",
  },
  {
    name: "reject-once-unknown",
    kind: "approvals",
    file: "server/src/rpc/dispatch.rs",
    from: '"reject" | "reject_once" =>',
    to: '"reject" =>',
    areas: "compat",
  },
  {
    name: "approval-never-resolved",
    kind: "approvals",
    file: "server/src/rpc/dispatch.rs",
    from: "self.ctx.approval_pending.resolve(&p.request_id, response);",
    to: "let _ = response;",
    areas: "compat",
  },
  {
    name: "choice-off-by-one",
    kind: "elicitation",
    file: "crates/zeroclaw-api/src/elicitation.rs",
    from: "    match idx.and_then(|i| choices.get(i)) {\n        Some(text) => Ok(text.clone()),",
    to: "    match idx.and_then(|i| choices.get(i.saturating_sub(1))) {\n        Some(text) => Ok(text.clone()),",
    areas: "compat",
  },
  {
    name: "decline-takes-first-choice",
    kind: "elicitation",
    file: "server/src/rpc/approval_channel.rs",
    from: "            ElicitationResponse::Decline | ElicitationResponse::Cancel => Ok(None),\n        }\n    }\n\n    /// Form-mode elicitation multi-select path",
    to: "            ElicitationResponse::Decline | ElicitationResponse::Cancel => Ok(choices.first().cloned()),\n        }\n    }\n\n    /// Form-mode elicitation multi-select path",
    areas: "compat",
  },
  {
    name: "elicitation-message-lost",
    kind: "elicitation",
    file: "server/src/rpc/approval_channel.rs",
    from: "            mode: ElicitationMode::Form,\n            message: question.to_string(),\n            requested_schema: single_select_schema(choices),",
    to: "            mode: ElicitationMode::Form,\n            message: String::new(),\n            requested_schema: single_select_schema(choices),",
    areas: "compat",
  },
  {
    name: "elicitation-without-session",
    kind: "elicitation",
    file: "server/src/rpc/approval_channel.rs",
    from: "        let req = ElicitationRequest {\n            session_id: self.session_id.clone(),\n            mode: ElicitationMode::Form,\n            message: question.to_string(),\n            requested_schema: single_select_schema(choices),",
    to: "        let req = ElicitationRequest {\n            session_id: String::new(),\n            mode: ElicitationMode::Form,\n            message: question.to_string(),\n            requested_schema: single_select_schema(choices),",
    areas: "compat",
  },
];

function patch(dir, mutant) {
  const path = join(dir, mutant.file);
  const text = readFileSync(path, "utf8");
  const at = text.indexOf(mutant.from);
  if (at === -1 || text.indexOf(mutant.from, at + 1) !== -1)
    throw new Error(`${mutant.name}: the pattern must match ${mutant.file} exactly once`);
  writeFileSync(path, text.slice(0, at) + mutant.to + text.slice(at + mutant.from.length));
}

/** Runs every mutant (or those ZEROCLAW_MUTANTS names); returns how many survived. */
export function runZeroclawMutants({ serverDir, target, suite, scratch, build }) {
  const copy = join(scratch, "zeroclaw-server");
  let survived = 0;
  // ZEROCLAW_MUTANTS=a,b runs only those.
  const only = process.env.ZEROCLAW_MUTANTS?.split(",").filter(Boolean);
  for (const mutant of ZEROCLAW_MUTANTS.filter((m) => !only || only.includes(m.name))) {
    rmSync(copy, { recursive: true, force: true });
    mkdirSync(copy, { recursive: true });
    cpSync(serverDir, copy, { recursive: true });
    patch(copy, mutant);
    if (!build(copy, target)) {
      console.log(`broken   ${mutant.name} [${mutant.kind}]: does not build`);
      survived += 1;
      continue;
    }
    const binary = join(target, "debug", "zeroclaw-rpc-standalone");
    const report = join(scratch, `${mutant.name}.json`);
    spawnSync(
      process.execPath,
      [
        suite,
        "--dialect",
        "zeroclaw",
        "--spawn",
        join(copy, "harness", "spawn.sh"),
        "--area",
        mutant.areas,
        "--report",
        `json=${report}`,
      ],
      { stdio: "ignore", env: { ...process.env, ZCS_BIN: binary } },
    );
    const result = existsSync(report) ? JSON.parse(readFileSync(report, "utf8")) : undefined;
    const failed = result?.cases.filter((c) => c.status === "failed").map((c) => c.name) ?? [];
    if (failed.length > 0)
      console.log(`killed   ${mutant.name} [${mutant.kind}]: ${failed.length} failed: ${failed.join(", ")}`);
    else {
      console.log(`SURVIVED ${mutant.name} [${mutant.kind}]`);
      survived += 1;
    }
  }
  return survived;
}
