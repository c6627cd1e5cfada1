// Peer: a vscode-jsonrpc 8.x MessageConnection per client on a Unix socket. Usage: node vscode-jsonrpc-server.mjs PATH
// Framing is LSP's (`Content-Length: N\r\n\r\n` + JSON body), not NDJSON; the bench client speaks it for
// this peer. It benches the same `status` request as the daemon and the floor, answered with the same
// status-sized result, through the library's own reader, dispatcher and writer (no custom fast path).
import { createServer } from "node:net";
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from "vscode-jsonrpc/node.js";
import { statusLike } from "./status-like.mjs";

const path = process.argv[2];
const status = statusLike(path);

const server = createServer((socket) => {
  socket.on("error", () => {});
  const connection = createMessageConnection(
    new StreamMessageReader(socket),
    new StreamMessageWriter(socket),
  );
  // Not needed by this peer (the bench does not send it), answered in case a client handshakes first.
  connection.onRequest("initialize", () => ({ protocolVersion: 1, capabilities: {} }));
  connection.onRequest("status", () => status());
  connection.onError(() => {});
  connection.onClose(() => connection.dispose());
  connection.listen();
});
server.listen(path, () => process.stdout.write("ready\n"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
