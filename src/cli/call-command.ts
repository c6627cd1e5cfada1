// zeroclaw call METHOD [PARAMS_JSON]: initialize, call, print the result as JSON on stdout and daemon
// notifications on stderr; exit 1 with the error object on failure.
import { callDaemon } from "./rpc-call.js";

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
  const outcome = await callDaemon(method, params, configDir, (m, p) => {
    process.stderr.write(`${JSON.stringify({ method: m, params: p })}\n`);
  });
  if (outcome.ok) {
    process.stdout.write(`${JSON.stringify(outcome.result, null, 2)}\n`);
    return 0;
  }
  process.stderr.write(`${JSON.stringify(outcome.error, null, 2)}\n`);
  return outcome.exitCode;
}
