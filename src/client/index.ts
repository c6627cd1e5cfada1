// `zeroclaw-rpc/client`: a typed client for the zeroclaw daemon, generated from openrpc.json.
//
//   import { connect, VersionMismatchError } from "zeroclaw-rpc/client";
//   const client = await connect(); // ZEROCLAW_SOCKET, else <data dir>/daemon.sock (SPEC §1)
//   client.onElicitation(async ({ message }) => ({ action: "accept", content: { answer: "yes" } }));
//   client.onSessionUpdate((u) => { if (u.type === "agent_message_chunk") process.stdout.write(u.text); });
//   await client.initialize({ protocolVersion: 1 });
//   const { session_id } = await client.sessionNew({ agent: "default" });
//   await client.sessionPrompt({ session_id, prompt: "hello" });
import { resolvePaths } from "../config/paths.js";
import type { Logger } from "../log.js";
import { silentLogger } from "../log.js";
import { connectClient } from "./connect.js";
import { ZeroclawClient } from "./zeroclaw-client.js";

export type { CallOptions, RpcEndpoint } from "../../generated/client.js";
export * from "../../generated/client-errors.js";
export { ErrorCode, RpcError, type WireError } from "../../generated/errors.js";
export type * from "../../generated/types.js";
export { ConnectionClosedError } from "../jsonrpc/peer.js";
export type { UploadOptions, UploadResult } from "./upload.js";
export { type ElicitationHandler, ZeroclawClient } from "./zeroclaw-client.js";

export type ConnectOptions = {
  /** The daemon's endpoint; default `ZEROCLAW_SOCKET`, else the §1 default under the data dir. */
  socket?: string;
  log?: Logger;
};

/** The endpoint a client uses when none is given: `ZEROCLAW_SOCKET` > `<data dir>/daemon.sock`. */
export function defaultSocketPath(env: NodeJS.ProcessEnv = process.env): string {
  return resolvePaths(undefined, env).endpoint;
}

/** Connects (the handshake, `initialize`, is the caller's first call). */
export async function connect(options: ConnectOptions = {}): Promise<ZeroclawClient> {
  const { connection } = await connectClient(
    options.socket ?? defaultSocketPath(),
    options.log ?? silentLogger(),
  );
  return new ZeroclawClient(connection);
}
