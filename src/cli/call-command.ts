// zeroclaw call METHOD [PARAMS_JSON]: initialize, call, print the result as JSON on stdout and daemon
// notifications on stderr; exit 1 with the error object on failure.
import { RpcError } from "../../generated/errors.js";
import { HANDSHAKE_METHOD, methodTable } from "../../generated/methods.js";
import { connectClient } from "../client/connect.js";
import { resolvePaths } from "../daemon/paths.js";
import { SERVER_VERSION } from "../daemon/version.js";

export async function callCommand(args: string[], configDir: string | undefined): Promise<number> {
  const [method, paramsText] = args;
  if (!method) {
    process.stderr.write("usage: zeroclaw call METHOD [PARAMS_JSON]\n");
    return 2;
  }
  let params: unknown = {};
  if (paramsText !== undefined) {
    try {
      params = JSON.parse(paramsText);
    } catch (err) {
      process.stderr.write(`zeroclaw call: PARAMS_JSON is not valid JSON: ${(err as Error).message}\n`);
      return 2;
    }
  }
  const { endpoint } = resolvePaths(configDir);
  let connected: Awaited<ReturnType<typeof connectClient>>;
  try {
    connected = await connectClient(endpoint);
  } catch (err) {
    process.stderr.write(`zeroclaw call: cannot connect to ${endpoint}: ${(err as Error).message}\n`);
    return 1;
  }
  const { client, connection } = connected;
  for (const m of Object.values(methodTable)) {
    if (m.implementedBy === "client" && m.notification) {
      connection.setNotificationHandler(m.name, (p) => {
        process.stderr.write(`${JSON.stringify({ method: m.name, params: p })}\n`);
      });
    }
  }
  try {
    const init = await client.initialize({
      protocolVersion: 1,
      clientInfo: { name: "zeroclaw-call", version: SERVER_VERSION },
    });
    const result = method === HANDSHAKE_METHOD ? init : await connection.request(method, params);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (err) {
    const wire = err instanceof RpcError ? err.toWire() : { message: (err as Error).message };
    process.stderr.write(`${JSON.stringify(wire, null, 2)}\n`);
    return 1;
  } finally {
    connection.close();
  }
}
