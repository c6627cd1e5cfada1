// The floor: a raw NDJSON JSON-RPC server with no framing limits, validation, auth or logging.
// Split lines, JSON.parse, JSON.stringify, one write per read chunk. Usage: node echo-server.mjs PATH
// It answers every request with a result shaped and sized like the daemon's `status`, so both
// servers put the same bytes on the wire and the ratio measures the daemon's own work.
import { createServer } from "node:net";
import { statusLike as makeStatusLike } from "./peers/status-like.mjs";

const path = process.argv[2];
const statusLike = makeStatusLike(path);

// FLOOR_DB=<daemon's zeroclaw.db>: also answer session/messages as the daemon must, and no more: one
// prepared SELECT of the page, the last seq as the total, JSON.stringify (the paging floor).
let messagesLike;
if (process.env.FLOOR_DB) {
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(process.env.FLOOR_DB, { readonly: true, fileMustExist: true });
  const page = db.prepare(
    "SELECT seq, role, kind, content, turn_id, created_at FROM transcript_rows WHERE interaction_surface = 'acp' AND session_id = ? AND seq > ? ORDER BY seq LIMIT ?",
  );
  const last = db
    .prepare(
      "SELECT seq FROM transcript_rows WHERE interaction_surface = 'acp' AND session_id = ? ORDER BY seq DESC LIMIT 1",
    )
    .pluck();
  messagesLike = ({ session_id, after_seq = 0, limit = 1000 }) => ({
    session_id,
    messages: page.all(session_id, after_seq, limit),
    total: last.get(session_id) ?? 0,
  });
}
// FLOOR_FIXED=1: the physical limit: every request line is answered with one fixed status-sized line,
// never parsed (its id is wrong; the bench only counts lines).
const fixedLine = `${JSON.stringify({ jsonrpc: "2.0", id: 1, result: statusLike() })}\n`;
if (process.env.FLOOR_FIXED) {
  const server = createServer((socket) => {
    socket.on("data", (chunk) => {
      let n = 0;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
      if (n > 0) socket.write(fixedLine.repeat(n));
    });
    socket.on("error", () => {});
  });
  server.listen(path);
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}
function streamLike(msg, write) {
  const sessionId = msg.params.session_id;
  const words = msg.params.prompt.split(/(?<=\s)/);
  let batch = "";
  words.forEach((text, i) => {
    batch += `${JSON.stringify({ jsonrpc: "2.0", method: "session/update", params: { sessionId, type: "agent_message_chunk", text } })}\n`;
    if (i % 64 === 63) {
      write(batch);
      batch = "";
    }
  });
  const content = msg.params.prompt;
  batch += `${JSON.stringify({ jsonrpc: "2.0", method: "session/update", params: { sessionId, type: "turn_complete", turnId: "t_1", outcome: "completed", content } })}\n`;
  batch += `${JSON.stringify({ jsonrpc: "2.0", id: msg.id, result: { session_id: sessionId, turn_id: "t_1", outcome: "completed", stop_reason: "end_turn", content } })}\n`;
  return batch;
}

const server = createServer((socket) => {
  let rest = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop() ?? "";
    let out = "";
    for (const line of lines) {
      if (!line) continue;
      const msg = JSON.parse(line);
      if (msg.method === "session/prompt") {
        // The streaming floor: the same notifications an echo turn sends, serialized and written in
        // batches, then the final response.
        out += streamLike(msg, (text) => socket.write(text));
      } else if (msg.method === "file/upload/chunk") {
        // The upload floor: the same chunk lines parsed (base64 decoded, as any server must) and acked.
        const bytes = Buffer.from(msg.params.data_b64, "base64").length;
        out += `${JSON.stringify({ jsonrpc: "2.0", id: msg.id, result: { upload_id: msg.params.upload_id, received_bytes: msg.params.offset + bytes } })}\n`;
      } else if (messagesLike && msg.method === "session/messages") {
        out += `${JSON.stringify({ jsonrpc: "2.0", id: msg.id, result: messagesLike(msg.params) })}\n`;
      } else if (msg.id !== undefined) {
        out += `${JSON.stringify({ jsonrpc: "2.0", id: msg.id, result: statusLike() })}\n`;
      }
    }
    if (out) socket.write(out);
  });
  socket.on("error", () => {});
});
if (!process.env.FLOOR_FIXED) {
  server.listen(path, () => process.stdout.write("ready\n"));
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}
