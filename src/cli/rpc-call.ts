// One initialized call to the local daemon, for `zeroclaw call`.

import { RpcError } from "../../generated/errors.js";
import { Method } from "../../generated/methods.js";
import { connectDaemon, initializeCli } from "./daemon-client.js";

export type CliCallOutcome = { ok: true; result: unknown } | { ok: false; error: unknown; exitCode: number };

/** Resolves with the result or the daemon's error object; no daemon to connect to throws a CliError. */
export async function callDaemon(
  method: string,
  params: unknown,
  configDir: string | undefined,
  onNotification?: (method: string, params: unknown) => void,
): Promise<CliCallOutcome> {
  const { client, connection } = await connectDaemon(configDir);
  if (onNotification) connection.onAnyNotification(onNotification);
  try {
    const init = await initializeCli(client);
    const result = method === Method.initialize ? init : await connection.request(method, params);
    return { ok: true, result };
  } catch (err) {
    return {
      ok: false,
      error: err instanceof RpcError ? err.toWire() : { message: (err as Error).message },
      exitCode: 1,
    };
  } finally {
    connection.close();
  }
}
