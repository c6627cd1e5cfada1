// The floor: a raw NDJSON JSON-RPC echo server with no framing limits, validation or logging.
// Split lines, JSON.parse, JSON.stringify, one write per read chunk. Usage: node echo-server.mjs PATH
import { createServer } from "node:net";

const path = process.argv[2];
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
      if (msg.id !== undefined)
        out += `${JSON.stringify({ jsonrpc: "2.0", id: msg.id, result: msg.params ?? null })}\n`;
    }
    if (out) socket.write(out);
  });
  socket.on("error", () => {});
});
server.listen(path, () => process.stdout.write("ready\n"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
