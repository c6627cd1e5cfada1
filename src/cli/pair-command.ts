// zeroclaw pair --user NAME [--label TEXT] and zeroclaw unpair TOKEN_ID, through the local socket.
import { callDaemon } from "./rpc-call.js";

export async function pairCommand(
  user: string | undefined,
  label: string | undefined,
  configDir?: string,
): Promise<number> {
  if (!user) {
    process.stderr.write("usage: zeroclaw pair --user NAME [--label TEXT]\n");
    return 2;
  }
  const outcome = await callDaemon(
    "pairing/create",
    label === undefined ? { user } : { user, label },
    configDir,
  );
  if (!outcome.ok) {
    process.stderr.write(`${JSON.stringify(outcome.error, null, 2)}\n`);
    return outcome.exitCode;
  }
  const { token_id, token } = outcome.result as { token_id: string; token: string };
  process.stdout.write(`${JSON.stringify({ token_id, token }, null, 2)}\n`);
  process.stderr.write("The token is shown only this once; the daemon keeps only its hash.\n");
  return 0;
}

export async function unpairCommand(tokenId: string | undefined, configDir?: string): Promise<number> {
  if (!tokenId) {
    process.stderr.write("usage: zeroclaw unpair TOKEN_ID\n");
    return 2;
  }
  const outcome = await callDaemon("pairing/revoke", { token_id: tokenId }, configDir);
  if (!outcome.ok) {
    process.stderr.write(`${JSON.stringify(outcome.error, null, 2)}\n`);
    return outcome.exitCode;
  }
  process.stdout.write(`${JSON.stringify(outcome.result, null, 2)}\n`);
  return 0;
}
