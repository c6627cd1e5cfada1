// Peer: an @modelcontextprotocol/sdk 1.x low-level `Server` on a Unix socket, one Server and one
// StdioServerTransport per connection (the socket is both its stdin and its stdout; MCP's stdio framing
// is newline-delimited JSON, like the daemon's). Usage: node mcp-sdk-server.mjs PATH
//
// Request benched: a custom `status` method registered with `server.setRequestHandler` and a zod schema
// (the SDK accepts methods outside the MCP spec; only spec methods are capability-checked), answered with
// the same status-sized result as the floor and the daemon. It is comparable because it is the same
// request line and the same response bytes, while every message still goes through the SDK's full path:
// the transport's line buffer, the JSONRPCMessage zod parse, the Protocol dispatcher (abort controller,
// request-schema parse) and one write per response. `ping` would answer `{}` (a tenth of the bytes) and
// `tools/call` would wrap the result in MCP content, so neither would put the same bytes on the wire.
// The client performs the MCP `initialize` handshake (+ `notifications/initialized`) first, as MCP requires.
import { createServer } from "node:net";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { RequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod"; // the SDK's own (peer) dependency
import { statusLike } from "./status-like.mjs";

const path = process.argv[2];
const status = statusLike(path);
const StatusRequestSchema = RequestSchema.extend({ method: z.literal("status") });

const server = createServer((socket) => {
  socket.on("error", () => {});
  // The transport's send() waits on a 'drain' listener per response while the socket buffer is full
  // (256 in flight): expected here, so no MaxListenersExceededWarning.
  socket.setMaxListeners(0);
  const mcp = new Server({ name: "zeroclaw-bench-peer", version: "0.1.0" }, { capabilities: {} });
  mcp.setRequestHandler(StatusRequestSchema, () => status());
  mcp.onerror = () => {};
  socket.once("close", () => void mcp.close());
  mcp.connect(new StdioServerTransport(socket, socket)).catch(() => socket.destroy());
});
server.listen(path, () => process.stdout.write("ready\n"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
