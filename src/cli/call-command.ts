// zeroclaw call METHOD [PARAMS_JSON]: initialize, call, print the result as JSON on stdout and daemon
// notifications on stderr; exit 1 with the error object on failure, and also when a session/prompt
// turn ended with outcome "failed" (the result is still printed).
import { ErrorCode } from "../../generated/errors.js";
import { Method } from "../../generated/methods.js";
import { closest } from "../did-you-mean.js";
import { usageError } from "./exit-codes.js";
import { callDaemon } from "./rpc-call.js";

export async function callCommand(args: string[], configDir: string | undefined): Promise<number> {
  const [method, paramsText] = args;
  if (!method) throw usageError("missing METHOD");
  let params: unknown = {};
  if (paramsText !== undefined) {
    try {
      params = JSON.parse(paramsText);
    } catch (err) {
      throw usageError(`PARAMS_JSON is not valid JSON: ${(err as Error).message}`);
    }
  }
  const outcome = await callDaemon(method, params, configDir, (m, p) => {
    process.stderr.write(`${JSON.stringify({ method: m, params: p })}\n`);
  });
  if (outcome.ok) {
    process.stdout.write(`${JSON.stringify(outcome.result, null, 2)}\n`);
    const turnOutcome = (outcome.result as { outcome?: unknown } | null)?.outcome;
    return method === Method.sessionPrompt && turnOutcome === "failed" ? 1 : 0;
  }
  // stderr stays one JSON object (scripts parse it); an unknown method's carries a `hint` beside the
  // daemon's members with the method that was probably meant.
  const error = outcome.error as { code?: unknown } | null;
  let shown: unknown = error;
  if (error?.code === ErrorCode.METHOD_NOT_FOUND) {
    const near = closest(method, Object.values(Method));
    const hint = `${near ? `did you mean ${near}? ` : ""}\`zeroclaw methods\` lists the methods`;
    shown = { ...error, hint };
  }
  process.stderr.write(`${JSON.stringify(shown, null, 2)}\n`);
  return outcome.exitCode;
}
