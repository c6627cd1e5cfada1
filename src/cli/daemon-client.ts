// Connecting the command line to the local daemon: one place that turns "nothing listens there" into
// the line a person needs ("start one with `zeroclaw daemon`"), and RPC errors into readable lines.

import type { ZeroclawClient } from "../../generated/client.js";
import { RpcError } from "../../generated/errors.js";
import { PROTOCOL_VERSION } from "../../generated/methods.js";
import type { InitializeResult } from "../../generated/types.js";
import { type ClientConnection, connectClient } from "../client/connect.js";
import { resolvePaths } from "../config/paths.js";
import { SERVER_VERSION } from "../daemon/version.js";
import { CliError, Exit } from "./exit-codes.js";

export type DaemonClient = {
  client: ZeroclawClient;
  connection: ClientConnection;
  endpoint: string;
  init: InitializeResult;
};

/** The one-line reason a connect to `endpoint` failed, with what to do about it. */
export function connectFailure(endpoint: string, err: unknown): CliError {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === "ENOENT" || code === "ECONNREFUSED")
    return new CliError(
      `no daemon at ${endpoint}: start one with \`zeroclaw daemon\` (or point ZEROCLAW_SOCKET at a running one)`,
      Exit.noDaemon,
    );
  if (code === "EACCES" || code === "EPERM")
    return new CliError(
      `permission denied opening ${endpoint}: the socket belongs to another user (run as that user, or pair for the gateway)`,
      Exit.noDaemon,
    );
  return new CliError(`cannot connect to ${endpoint}: ${(err as Error).message}`, Exit.noDaemon);
}

/** Connects (not yet initialized) to the configured endpoint; no daemon there is a one-line CliError. */
export async function connectDaemon(
  configDir: string | undefined,
): Promise<Awaited<ReturnType<typeof connectClient>> & { endpoint: string }> {
  const { endpoint } = resolvePaths(configDir);
  try {
    return { ...(await connectClient(endpoint)), endpoint };
  } catch (err) {
    throw connectFailure(endpoint, err);
  }
}

/** The command line's initialize: protocol version, client info, elicitation when it can answer. */
export function initializeCli(client: ZeroclawClient, options: { elicitation?: boolean } = {}) {
  return client.initialize({
    protocolVersion: PROTOCOL_VERSION,
    clientInfo: { name: "zeroclaw-cli", version: SERVER_VERSION },
    ...(options.elicitation ? { clientCapabilities: { elicitation: { form: {} } } } : {}),
  });
}

/** Connects and initializes; with `elicitation` the daemon may ask this client questions (ask_user). */
export async function openDaemon(
  configDir: string | undefined,
  options: { elicitation?: boolean } = {},
): Promise<DaemonClient> {
  const connected = await connectDaemon(configDir);
  const { endpoint } = connected;
  try {
    const init = await initializeCli(connected.client, options);
    return { ...connected, endpoint, init };
  } catch (err) {
    connected.connection.close();
    throw rpcFailure(err);
  }
}

/** Connects, runs `call`, closes; a daemon error is one line (exit 1), no daemon is exit 3. */
export async function withDaemon<T>(
  configDir: string | undefined,
  call: (d: DaemonClient) => Promise<T>,
): Promise<T> {
  const d = await openDaemon(configDir);
  try {
    return await call(d);
  } catch (err) {
    throw rpcFailure(err);
  } finally {
    d.connection.close();
  }
}

/**
 * "Session not found (-32000 session_not_found; session_id=x)": the daemon's words, the parameter
 * errors, then code, reason and the error's figures — all of it on one line.
 */
export function describeRpcError(err: unknown): string {
  if (err instanceof RpcError) {
    const data = (err.data ?? {}) as Record<string, unknown>;
    const { reason, errors, prop, ...rest } = data;
    const where = typeof prop === "string" && !err.message.includes(prop) ? ` for ${prop}` : "";
    const list = Array.isArray(errors) ? (errors as { path?: string; message?: string }[]) : [];
    const detail = list.length ? `: ${list.map((e) => `${e.path || "/"} ${e.message}`).join("; ")}` : "";
    const figures = Object.entries(rest)
      .filter(([, v]) => v === null || typeof v !== "object")
      .map(([k, v]) => `${k}=${typeof v === "string" ? v : JSON.stringify(v)}`);
    const code = typeof reason === "string" ? `${err.code} ${reason}` : String(err.code);
    const line = `${err.message}${where}${detail} (${code}${figures.length ? `; ${figures.join(", ")}` : ""})`;
    return line.replace(/\s*\n\s*/g, " ");
  }
  return err instanceof Error ? err.message : String(err);
}

/** A daemon error as a CliError (exit 1); a lost connection is "no daemon" (exit 3). */
export function rpcFailure(err: unknown): CliError {
  if (err instanceof CliError) return err;
  if (err instanceof RpcError) return new CliError(describeRpcError(err), Exit.failed);
  return new CliError(`the daemon went away: ${describeRpcError(err)}`, Exit.noDaemon);
}
